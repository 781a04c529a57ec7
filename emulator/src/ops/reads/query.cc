// Query (see reads.h).
#include "ops/reads/reads.h"

#include "ops/capacity/capacity_charge.h"
#include "ops/reads/read_page.h"
#include "ops/reads/read_target.h"
#include "ops/realism/transient_statuses.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The key condition, from KeyConditionExpression or the legacy KeyConditions, checked against
// the addressed key, into `*out` (built in place: its predicates live inline).
Status ExtractCondition(const ReadTarget& target, const ReadExpressions& e,
                        expr::KeyCondition* out) {
  const expr::KeySchemaView view = target.KeyView();
  if (e.key_condition) return expr::ExtractKeyCondition(*e.key_condition, view, out);
  DDBEMU_ASSIGN_OR_RETURN(*out, expr::KeyConditionsToKeyCondition(*e.key_conditions, view));
  return Status::Ok();
}

// The start key, checked against the target and the condition, as a storage key.
Result<std::optional<std::string>> StartAfter(const ReadTarget& target,
                                              const expr::KeyCondition& condition,
                                              const std::optional<Item>& start_key) {
  if (!start_key) return std::optional<std::string>();
  DDBEMU_RETURN_IF_ERROR(ValidateStartKey(target, *start_key, /*check_addressed_key=*/true));
  DDBEMU_RETURN_IF_ERROR(CheckStartKeyInQuery(condition, *start_key));
  DDBEMU_ASSIGN_OR_RETURN(std::string key, StartAfterStorageKey(target, *start_key));
  return std::optional<std::string>(std::move(key));
}

}  // namespace

Result<api::ReadResponse> Query(Engine& engine, const Caller& caller,
                                const api::QueryRequest& request) {
  const api::ReadParameters& read = request.read;
  DDBEMU_ASSIGN_OR_RETURN(const ReadExpressions expressions,
                          PrepareQueryExpressions(request, engine.expression_cache));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(const std::shared_ptr<const TableSchema> schema,
                          LoadReadTable(engine, txn, caller, read.table_name));
  const TableSchema& table = *schema;
  DDBEMU_RETURN_IF_ERROR(RefuseVectorIndex(table, read.index_name, "Query"));
  DDBEMU_ASSIGN_OR_RETURN(const ReadTarget target,
                          ResolveReadTarget(table, read.index_name, read.consistent_read));
  if (engine.transient != nullptr && read.index_name) {  // realism switch: GSI backfilling
    DDBEMU_RETURN_IF_ERROR(
        engine.transient->CheckIndexRead(caller.ns, table.name, *read.index_name));
  }
  expr::KeyCondition condition;
  DDBEMU_RETURN_IF_ERROR(ExtractCondition(target, expressions, &condition));
  PageRequest page;
  DDBEMU_ASSIGN_OR_RETURN(page.start_after,
                          StartAfter(target, condition, read.exclusive_start_key));
  DDBEMU_ASSIGN_OR_RETURN(const ReadShape shape,
                          PlanReadShape(target, read.select, expressions, /*is_query=*/true));
  DDBEMU_ASSIGN_OR_RETURN(page.range, QueryRange(target, condition));
  page.direction = request.scan_index_forward ? storage::ScanDirection::kForward
                                              : storage::ScanDirection::kBackward;
  page.limit = read.limit;
  page.consistent_read = read.consistent_read;
  // Realism switch: an eventually consistent read may not see the writes of the last window.
  LaggedView lagged;
  if (!read.consistent_read && engine.history != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(lagged, BuildLaggedView(engine.items, txn, target, *engine.history));
    page.lagged = &lagged;
  }
  page.filter = expressions.filter ? &*expressions.filter : nullptr;
  page.return_consumed_capacity = read.return_consumed_capacity;
  page.encoded = read.encoded_response;
  capacity::ReadTally tally;
  capacity::RequestCharge charge;
  page.tally = &tally;
  page.charge = &charge;
  // Kept as the Result ReadPage made and returned as it is: the page is not moved again.
  Result<api::ReadResponse> response = ReadPage(engine.items, txn, target, shape, page);
  if (!response.ok()) return response;
  // Sized only once read: throttled, the page is not returned (ops/capacity/capacity_charge.h).
  DDBEMU_RETURN_IF_ERROR(
      AdmitPage(engine, caller, txn, table, target.index, &condition, tally, charge));
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
