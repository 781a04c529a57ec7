// The PartiQL operations, ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, and the
// paged SELECT's NextToken they share. A statement is compiled by statement_plan.h and a SELECT
// run one page at a time by select_run.h.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "api/partiql_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// ---- partiql -----------------------------------------------------------------------------------
// The PartiQL operations: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. Each
// statement is parsed once (partiql/partiql_parser.h), compiled into the typed request of the
// operation that does the same work (statement_plan.h) and run by that operation, so limits,
// capacity, throttling and errors are the ones of GetItem, Query, Scan, PutItem, UpdateItem,
// DeleteItem, TransactGetItems and TransactWriteItems.

// One statement. A SELECT returns a page of items (Limit = items evaluated, NextToken to go on);
// a write returns no items unless it has a RETURNING clause. Errors: the statement's parse
// error; "Number of parameters in request and statement don't match."; the table; for a write,
// ConditionalCheckFailedException when the WHERE matches no item and DuplicateItemException for
// an INSERT of an existing key; and every error of the equivalent operation.
Result<api::ExecuteStatementResponse> ExecuteStatement(Engine& engine, const Caller& caller,
                                                       const api::ExecuteStatementRequest& request);

// Up to 25 statements, all reads (SELECTs that fix the full primary key) or all writes. Each
// runs on its own; a failure is that statement's Error {Code, Message}, not the request's.
Result<api::BatchExecuteStatementResponse> BatchExecuteStatement(
    Engine& engine, const Caller& caller, const api::BatchExecuteStatementRequest& request);

// Up to 100 statements, all reads (run as one TransactGetItems) or all writes and EXISTS checks
// (run as one TransactWriteItems: all or nothing, the same cancellation reasons).
Result<api::ExecuteTransactionResponse> ExecuteTransaction(
    Engine& engine, const Caller& caller, const api::ExecuteTransactionRequest& request);

// ---- next token --------------------------------------------------------------------------------
// The NextToken of a paged PartiQL SELECT: opaque to the client, it carries where the next page
// starts — which of the statement's Queries (a partition-key IN runs one per value) and that
// read's LastEvaluatedKey — and a digest of the statement, so that a token is only accepted
// with the statement that produced it.

struct SelectPosition {
  std::size_t read = 0;                     // index of the Query to run next (0 for a Scan)
  std::optional<Item> exclusive_start_key;  // where that read resumes
};

std::string EncodeNextToken(std::string_view statement, const SelectPosition& position);

// ValidationException "Invalid NextToken" for a token that is malformed or belongs to another
// statement.
Result<SelectPosition> DecodeNextToken(std::string_view statement, std::string_view token);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
