// ExecuteTransaction (see partiql.h): the statements become one TransactGetItems (all SELECTs,
// each of one item by its full primary key) or one TransactWriteItems (INSERT, UPDATE, DELETE
// and EXISTS checks), and run through the same code, so isolation, idempotency
// (ClientRequestToken), capacity and the TransactionCanceledException reasons are theirs.
#include "expr/evaluator.h"
#include "ops/partiql/partiql.h"
#include "ops/partiql/select_run.h"
#include "ops/partiql/statement_plan.h"
#include "ops/transact/transact.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

namespace pq = ::ddbemu::partiql;

Result<api::ExecuteTransactionResponse> RunReads(Engine& engine, const Caller& caller,
                                                 const api::ExecuteTransactionRequest& request,
                                                 const std::vector<pq::Statement>& statements) {
  api::TransactGetItemsRequest get;
  get.return_consumed_capacity = request.return_consumed_capacity;
  std::vector<SelectPlan> plans;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    DDBEMU_ASSIGN_OR_RETURN(SelectPlan plan,
                            PlanSelect(engine, caller, statements[i], request.statements[i],
                                       std::nullopt, api::ReturnConsumedCapacity::kNone));
    if (plan.kind != SelectPlan::Kind::kGet || plan.gets.size() != 1) {
      return ApiError::Validation(
          "Select statements within ExecuteTransaction must specify a primary key with "
          "equality conditions");
    }
    api::TransactGetAction action;
    action.table_name = plan.table;
    action.key = plan.gets.front().key;
    get.actions.push_back(std::move(action));
    plans.push_back(std::move(plan));
  }
  DDBEMU_ASSIGN_OR_RETURN(api::TransactGetItemsResponse r, TransactGetItems(engine, caller, get));
  api::ExecuteTransactionResponse response;
  response.items.emplace();
  for (std::size_t i = 0; i < r.items.size(); ++i) {
    std::optional<Item> item = std::move(r.items[i]);
    const SelectPlan& plan = plans[i];
    if (item && plan.filter && !expr::Evaluate(*plan.filter, *item)) item.reset();
    if (item && plan.projection) item = ProjectPartiql(*item, *plan.projection);
    response.items->push_back(std::move(item));
  }
  response.consumed_capacity = std::move(r.consumed_capacity);
  return response;
}

Result<api::ExecuteTransactionResponse> RunWrites(Engine& engine, const Caller& caller,
                                                  const api::ExecuteTransactionRequest& request,
                                                  const std::vector<pq::Statement>& statements) {
  api::TransactWriteItemsRequest write;
  write.return_consumed_capacity = request.return_consumed_capacity;
  write.client_request_token = request.client_request_token;
  write.fingerprint = request.fingerprint;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    DDBEMU_ASSIGN_OR_RETURN(WritePlan plan,
                            PlanWrite(engine, caller, statements[i], request.statements[i]));
    write.actions.push_back(
        ToTransactAction(plan, request.statements[i].return_old_on_condition_failure));
  }
  Result<api::TransactWriteItemsResponse> r = TransactWriteItems(engine, caller, write);
  if (!r.ok()) {
    ApiError error = std::move(r).error();
    if (error.code() != ErrorCode::kTransactionCanceled) return error;
    // An INSERT whose key-absence condition fails is a duplicate item; DynamoDB Local reports
    // it as a ValidationError reason with ExecuteStatement's duplicate-key message.
    bool changed = false;
    std::vector<CancellationReason> reasons = error.cancellation_reasons;
    for (std::size_t i = 0; i < reasons.size() && i < write.actions.size(); ++i) {
      if (write.actions[i].kind == api::TransactActionKind::kPut &&
          reasons[i].code == "ConditionalCheckFailed") {
        reasons[i] = ValidationErrorReason(DuplicateItem().message());
        changed = true;
      }
    }
    if (!changed) return error;
    return TransactionCanceled(std::move(reasons));
  }
  api::ExecuteTransactionResponse response;
  response.is_write = true;
  response.items.emplace();  // "Responses": [] (what DynamoDB Local answers for writes)
  response.consumed_capacity = std::move(r->consumed_capacity);
  return response;
}

}  // namespace

Result<api::ExecuteTransactionResponse> ExecuteTransaction(
    Engine& engine, const Caller& caller, const api::ExecuteTransactionRequest& request) {
  std::vector<pq::Statement> statements;
  bool reads = false;
  bool writes = false;
  for (const api::PartiqlStatement& s : request.statements) {
    DDBEMU_ASSIGN_OR_RETURN(pq::Statement statement, ParsePartiqlStatement(s));
    (statement.kind == pq::StatementKind::kSelect ? reads : writes) = true;
    statements.push_back(std::move(statement));
  }
  if (reads && writes) {
    return ApiError::Validation(
        "Unsupported operation: A transaction must contain either all read statements or all "
        "write statements");
  }
  if (reads) return RunReads(engine, caller, request, statements);
  return RunWrites(engine, caller, request, statements);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
