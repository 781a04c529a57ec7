// Where tenant isolation policies (ddbemu/access_policy.h) are enforced: after a request is
// typed and parsed, before it runs (operation_table.cc's Handler, Database::Call for the
// operations without a typed check, and the embedded client). Each check finds the IAM action
// the request needs on each table and the partition key value of each item it reads or writes,
// as the service evaluates an identity policy with dynamodb:LeadingKeys:
//   GetItem, PutItem, UpdateItem, DeleteItem   the action, on the item's key
//   Query                                      Query, on the key condition's partition key (of the
//                                              index queried: its ARN is the resource)
//   Scan                                       Scan; refused outright under LeadingKeys, as no key
//                                              limits what a Scan reads
//   BatchGetItem, BatchWriteItem               the batch action on each table, on every key
//   TransactGetItems                           GetItem on every action's key
//   TransactWriteItems                         PutItem / UpdateItem / DeleteItem /
//                                              ConditionCheckItem on every action's key
//   ExecuteStatement, BatchExecuteStatement,   PartiQLSelect / PartiQLInsert / PartiQLUpdate /
//   ExecuteTransaction                         PartiQLDelete on the key the statement compiles to
//                                              (a SELECT that compiles to a Scan: as Scan)
// A refusal is AccessDeniedException "User: arn:aws:iam::ACCOUNT:user/NAME is not authorized to
// perform: dynamodb:ACTION on resource: ARN because no identity-based policy allows the
// dynamodb:ACTION action". Requests that will fail validation anyway (a missing table, a
// malformed key) pass here and fail in the operation with their own error.
#pragma once

#include <string_view>

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/partiql_requests.h"
#include "api/read_requests.h"
#include "api/transact_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops::access {

// Whether `operation` has a typed check below (the others are checked by CheckOperation).
bool HasTypedCheck(std::string_view operation);

// An operation without a typed check: its action on `table_name_or_arn` (empty: no table).
// Ok at once when the caller has no policies.
Status CheckOperation(const Caller& caller, std::string_view operation,
                      std::string_view table_name_or_arn);

Status Authorize(Engine& engine, const Caller& caller, const api::GetItemRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::PutItemRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::UpdateItemRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::DeleteItemRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::QueryRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::ScanRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::BatchGetItemRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::BatchWriteItemRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::TransactGetItemsRequest& request);
Status Authorize(Engine& engine, const Caller& caller,
                 const api::TransactWriteItemsRequest& request);
Status Authorize(Engine& engine, const Caller& caller, const api::ExecuteStatementRequest& request);
Status Authorize(Engine& engine, const Caller& caller,
                 const api::BatchExecuteStatementRequest& request);
Status Authorize(Engine& engine, const Caller& caller,
                 const api::ExecuteTransactionRequest& request);
// Every other request type: checked by operation name (CheckOperation) instead.
template <class Request>
Status Authorize(Engine&, const Caller&, const Request&) {
  return Status::Ok();
}

}  // namespace ddbemu::ops::access
