// ExecuteStatement (see partiql.h).
#include "ops/partiql/partiql.h"
#include "ops/partiql/select_run.h"
#include "ops/partiql/statement_plan.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::ops {

namespace pq = ::ddbemu::partiql;

Result<api::ExecuteStatementResponse> ExecuteStatement(
    Engine& engine, const Caller& caller, const api::ExecuteStatementRequest& request) {
  DDB_ASSIGN_OR_RETURN(pq::Statement statement, ParsePartiqlStatement(request.statement));
  api::ExecuteStatementResponse response;
  if (statement.kind == pq::StatementKind::kExists) {
    return ApiError::Validation(
        "Unsupported operation: EXISTS is only supported in ExecuteTransaction");
  }
  if (statement.kind != pq::StatementKind::kSelect) {
    DDB_ASSIGN_OR_RETURN(WritePlan plan, PlanWrite(engine, caller, statement, request.statement));
    DDB_ASSIGN_OR_RETURN(
        api::ItemResponse r,
        RunWritePlan(engine, caller, plan, request.statement.return_old_on_condition_failure,
                     request.return_consumed_capacity));
    if (r.item && !r.item->empty()) response.items.push_back(std::move(*r.item));
    response.consumed_capacity = std::move(r.consumed_capacity);
    return response;
  }
  SelectPosition start;
  if (request.next_token) {
    DDB_ASSIGN_OR_RETURN(start, DecodeNextToken(request.statement.statement, *request.next_token));
  }
  DDB_ASSIGN_OR_RETURN(SelectPlan plan,
                       PlanSelect(engine, caller, statement, request.statement, request.limit,
                                  request.return_consumed_capacity));
  DDB_ASSIGN_OR_RETURN(SelectPage page, RunSelect(engine, caller, std::move(plan), start,
                                                  request.limit, request.return_consumed_capacity));
  response.items = std::move(page.items);
  if (page.next) {
    response.next_token = EncodeNextToken(request.statement.statement, *page.next);
  }
  response.consumed_capacity = std::move(page.consumed_capacity);
  response.items_read = page.items_read;
  return response;
}

}  // namespace ddbemu::ops
