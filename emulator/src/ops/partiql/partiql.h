// The PartiQL operations: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. Each
// statement is parsed once (partiql/partiql_parser.h), compiled into the typed request of the
// operation that does the same work (statement_plan.h) and run by that operation, so limits,
// capacity, throttling and errors are the ones of GetItem, Query, Scan, PutItem, UpdateItem,
// DeleteItem, TransactGetItems and TransactWriteItems.
#pragma once

#include "api/partiql_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

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

}  // namespace ddbemu::ops
