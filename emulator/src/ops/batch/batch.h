// BatchGetItem and BatchWriteItem.
//
// BatchGetItem reads every key from one LMDB snapshot (one ReadTxn): up to 100 keys over any
// number of tables, each table with its own projection and consistency; at most 16 MB of items
// are returned, the rest come back as UnprocessedKeys.
//
// BatchWriteItem applies up to 25 puts and deletes in one LMDB write transaction. The service
// promises no atomicity across the items of a batch (each is an individual PutItem/DeleteItem);
// one transaction is allowed by that contract and is the fastest way to do it here. Every item
// and its index entries are written with the single-item machinery (ApplyMutation, ItemStore).
//
// Both ask the capacity layer about each item (batch_admission.h); refused items come back
// unprocessed.
#pragma once

#include "api/batch_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// Errors, in the service's order: request-wide mixing of AttributesToGet and
// ProjectionExpression; per table, "One or more parameter values were invalid: Duplicate value in
// attribute name: X", the projection's expression errors, "Provided list of item keys contains
// duplicates", "Too many items requested for the BatchGetItem call" (over 100 keys in all);
// then per table, ResourceNotFoundException "Requested resource not found" and the key checks
// ("The provided key element does not match the schema", ...).
Result<api::BatchGetItemResponse> BatchGetItem(Engine& engine, const Caller& caller,
                                               const api::BatchGetItemRequest& request);

// Errors, in the service's order: "Too many items requested for the BatchWriteItem call" (over
// 25 requests in all), "Item size has exceeded the maximum allowed size"; then per table,
// ResourceNotFoundException "Requested resource not found", each request's key check and
// "Provided list of item keys contains duplicates" (two requests on one item, puts and deletes
// alike). A failed request writes nothing.
Result<api::BatchWriteItemResponse> BatchWriteItem(Engine& engine, const Caller& caller,
                                                   const api::BatchWriteItemRequest& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
