// Where tenant isolation policies (ddbemu/access_policy.h) are enforced: after a request is
// typed and parsed, before it runs, by the one Authorize(engine, caller, operation, request)
// below, which operation_table.cc's Handler (the JSON path) and the embedded clients call for
// every operation. Each check finds the IAM action
// the request needs on each table and the partition key value of each item it reads or writes,
// as the service evaluates an identity policy with dynamodb:LeadingKeys:
//   GetItem, PutItem, UpdateItem, DeleteItem   the action, on the item's key
//   Query                                      Query, on the key condition's partition key (of the
//                                              index queried: its ARN is the resource)
//   Scan                                       Scan; refused outright under LeadingKeys, as no key
//                                              limits what a Scan reads
//   SearchVectors                              SearchVectors, on the vector index's ARN (as Query
//                                              on a GSI's); refused outright under LeadingKeys: the
//                                              service does not support fine-grained access
//                                              control for SearchVectors (Developer Guide, vector
//                                              index "Requirements and limitations")
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
#include "api/vector_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::access {

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
Status Authorize(Engine& engine, const Caller& caller, const api::SearchVectorsRequest& request);
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
// The table (name or ARN) a typed request acts on, for the operations checked by action alone:
// TableName where the request has one (a string, or optional for ListBackups, ListStreams,
// ListContributorInsights), TableArn (ExportTableToPointInTime; optional for ListExports and
// ListImports), the resource ARN of the tagging operations, the source table of a point-in-time
// restore and the target table of a restore from a backup or of an ImportTable; "" for none (the
// action on every table: DescribeLimits, DescribeBackup by ARN, GetRecords by iterator, ...).
template <class Request>
std::string_view TableOf(const Request& r) {
  if constexpr (requires { r.table_name.has_value(); }) {
    return r.table_name ? std::string_view(*r.table_name) : std::string_view();
  } else if constexpr (requires { std::string_view(r.table_name); }) {
    return r.table_name;
  } else if constexpr (requires { r.table_arn.has_value(); }) {
    return r.table_arn ? std::string_view(*r.table_arn) : std::string_view();
  } else if constexpr (requires { std::string_view(r.table_arn); }) {
    return r.table_arn;  // ExportTableToPointInTime: the table exported
  } else if constexpr (requires { std::string_view(r.resource_arn); }) {
    return r.resource_arn;
  } else if constexpr (requires { std::string_view(r.source_table); }) {
    return r.source_table;
  } else if constexpr (requires { std::string_view(r.target_table_name); }) {
    return r.target_table_name;
  } else {
    return {};
  }
}

// The one tenant check, for every operation on both paths — operation_table.cc's Handler (the
// JSON path) and the embedded clients — on the typed request: the operations with a typed check
// above are checked on their keys; every other one by its action (`operation`, the API's name)
// on TableOf(request). Ok at once when the caller has no policies.
template <class Request>
Status Authorize(Engine& engine, const Caller& caller, std::string_view operation,
                 const Request& request) {
  if (!caller.policies_on) return Status::Ok();
  if constexpr (requires { Authorize(engine, caller, request); }) {
    return Authorize(engine, caller, request);
  } else {
    return CheckOperation(caller, operation, TableOf(request));
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::access
