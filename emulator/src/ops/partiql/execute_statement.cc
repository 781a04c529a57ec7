// ExecuteStatement (see partiql.h).
#include <map>
#include <optional>

#include "ops/partiql/partiql.h"
#include "ops/partiql/select_run.h"
#include "ops/partiql/statement_plan.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

namespace pq = ::ddbemu::partiql;

Result<api::ExecuteStatementResponse> ExecuteStatement(
    Engine& engine, const Caller& caller, const api::ExecuteStatementRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(pq::Statement statement, ParsePartiqlStatement(request.statement));
  api::ExecuteStatementResponse response;
  if (statement.kind == pq::StatementKind::kExists) {
    return ApiError::Validation(
        "Unsupported operation: EXISTS is only supported in ExecuteTransaction");
  }
  if (statement.kind != pq::StatementKind::kSelect) {
    DDBEMU_ASSIGN_OR_RETURN(WritePlan plan,
                            PlanWrite(engine, caller, statement, request.statement));
    DDBEMU_ASSIGN_OR_RETURN(
        api::ItemResponse r,
        RunWritePlan(engine, caller, plan, request.statement.return_old_on_condition_failure,
                     request.return_consumed_capacity));
    if (r.item && !r.item->empty()) response.items.push_back(std::move(*r.item));
    response.consumed_capacity = std::move(r.consumed_capacity);
    return response;
  }
  SelectPosition start;
  if (request.next_token) {
    DDBEMU_ASSIGN_OR_RETURN(start,
                            DecodeNextToken(request.statement.statement, *request.next_token));
  }
  DDBEMU_ASSIGN_OR_RETURN(SelectPlan plan,
                          PlanSelect(engine, caller, statement, request.statement, request.limit,
                                     request.return_consumed_capacity));
  DDBEMU_ASSIGN_OR_RETURN(SelectPage page,
                          RunSelect(engine, caller, std::move(plan), start, request.limit,
                                    request.return_consumed_capacity));
  response.items = std::move(page.items);
  if (page.next) {
    response.next_token = EncodeNextToken(request.statement.statement, *page.next);
  }
  response.consumed_capacity = std::move(page.consumed_capacity);
  response.items_read = page.items_read;
  return response;
}

// BatchExecuteStatement (see partiql.h). The service runs a batch's statements independently
// (not as a transaction): each one's failure becomes its own Error entry. Reads must name one
// item by its full primary key (GetItem); reads and writes cannot be mixed.
namespace {

namespace pq = ::ddbemu::partiql;

// BatchStatementError.Code for an error of the equivalent operation.
std::string ErrorCodeName(const ApiError& e) {
  switch (e.code()) {
    case ErrorCode::kConditionalCheckFailed:
      return "ConditionalCheckFailed";
    case ErrorCode::kDuplicateItem:
      return "DuplicateItem";
    case ErrorCode::kValidation:
      return "ValidationError";
    case ErrorCode::kResourceNotFound:
      return "ResourceNotFound";
    case ErrorCode::kProvisionedThroughputExceeded:
      return "ProvisionedThroughputExceeded";
    case ErrorCode::kItemCollectionSizeLimitExceeded:
      return "ItemCollectionSizeLimitExceeded";
    case ErrorCode::kRequestLimitExceeded:
      return "RequestLimitExceeded";
    case ErrorCode::kThrottling:
      return "ThrottlingError";
    case ErrorCode::kTransactionConflict:
      return "TransactionConflict";
    default:
      return "InternalServerError";
  }
}

// A statement's Error; with the table when the statement got as far as running (DynamoDB Local
// names it for a failed condition, not for a statement it could not plan).
api::BatchStatementResponse ErrorEntry(const ApiError& e,
                                       std::optional<std::string> table = std::nullopt) {
  api::BatchStatementResponse r;
  r.table_name = std::move(table);
  r.error_code = ErrorCodeName(e);
  r.error_message = e.message();
  if (e.item && e.item->is(AttributeType::kM)) r.error_item = e.item->map();
  return r;
}

void AddTableCapacity(std::vector<api::TableCapacity>& list, const api::ConsumedCapacity& c) {
  for (api::TableCapacity& t : list) {
    if (t.table_name == c.table_name) {
      t.capacity_units += c.capacity_units;
      t.read_capacity_units += c.read_capacity_units;
      t.write_capacity_units += c.write_capacity_units;
      return;
    }
  }
  api::TableCapacity t;
  t.table_name = c.table_name;
  t.capacity_units = c.capacity_units;
  t.read_capacity_units = c.read_capacity_units;
  t.write_capacity_units = c.write_capacity_units;
  list.push_back(std::move(t));
}

// One read statement: a SELECT of one item by its full primary key.
Result<api::BatchStatementResponse> RunRead(Engine& engine, const Caller& caller,
                                            const pq::Statement& statement,
                                            const api::PartiqlStatement& request,
                                            api::ReturnConsumedCapacity capacity,
                                            std::vector<api::TableCapacity>& consumed) {
  DDBEMU_ASSIGN_OR_RETURN(SelectPlan plan,
                          PlanSelect(engine, caller, statement, request, std::nullopt, capacity));
  if (plan.kind != SelectPlan::Kind::kGet || plan.gets.size() != 1) {
    return ApiError::Validation(
        "Select statements within BatchExecuteStatement must specify a primary key with "
        "equality conditions");
  }
  const std::string table = plan.table;
  DDBEMU_ASSIGN_OR_RETURN(SelectPage page, RunSelect(engine, caller, std::move(plan),
                                                     SelectPosition{}, std::nullopt, capacity));
  if (page.consumed_capacity) AddTableCapacity(consumed, *page.consumed_capacity);
  api::BatchStatementResponse r;
  r.table_name = table;
  if (!page.items.empty()) r.item = std::move(page.items.front());
  return r;
}

Result<WritePlan> PlanBatchWrite(Engine& engine, const Caller& caller,
                                 const pq::Statement& statement,
                                 const api::PartiqlStatement& request) {
  if (statement.kind == pq::StatementKind::kExists) {
    return ApiError::Validation(
        "Unsupported operation: EXISTS is only supported in ExecuteTransaction");
  }
  return PlanWrite(engine, caller, statement, request);
}

Result<api::BatchStatementResponse> RunWrite(Engine& engine, const Caller& caller,
                                             const WritePlan& plan,
                                             const api::PartiqlStatement& request,
                                             api::ReturnConsumedCapacity capacity,
                                             std::vector<api::TableCapacity>& consumed) {
  DDBEMU_ASSIGN_OR_RETURN(
      api::ItemResponse response,
      RunWritePlan(engine, caller, plan, request.return_old_on_condition_failure, capacity));
  if (response.consumed_capacity) AddTableCapacity(consumed, *response.consumed_capacity);
  api::BatchStatementResponse r;
  r.table_name = plan.table;
  return r;
}

}  // namespace

Result<api::BatchExecuteStatementResponse> BatchExecuteStatement(
    Engine& engine, const Caller& caller, const api::BatchExecuteStatementRequest& request) {
  // Parse everything first: the batch's kind (reads or writes) is the kind of its statements.
  std::vector<Result<pq::Statement>> parsed;
  bool reads = false;
  bool writes = false;
  for (const api::PartiqlStatement& s : request.statements) {
    parsed.push_back(ParsePartiqlStatement(s));
    if (!parsed.back().ok()) continue;
    (parsed.back()->kind == pq::StatementKind::kSelect ? reads : writes) = true;
  }
  if (reads && writes) {
    return ApiError::Validation(
        "Read and write requests together in the same batch is not supported.");
  }
  api::BatchExecuteStatementResponse response;
  if (writes) {
    // Every write is planned first: two writes of one item refuse the whole batch, as
    // BatchWriteItem does.
    std::vector<std::optional<Result<WritePlan>>> plans(parsed.size());
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      if (!parsed[i].ok()) continue;
      plans[i] = PlanBatchWrite(engine, caller, *parsed[i], request.statements[i]);
      if (!plans[i]->ok()) continue;
      for (std::size_t j = 0; j < i; ++j) {
        if (plans[j] && plans[j]->ok() && (*plans[j])->table == (*plans[i])->table &&
            (*plans[j])->key == (*plans[i])->key) {
          return ApiError::Validation("Provided list of item keys contains duplicates");
        }
      }
    }
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      if (!parsed[i].ok()) {
        response.responses.push_back(ErrorEntry(parsed[i].error()));
        continue;
      }
      if (!plans[i]->ok()) {
        response.responses.push_back(ErrorEntry(plans[i]->error()));
        continue;
      }
      Result<api::BatchStatementResponse> r =
          RunWrite(engine, caller, **plans[i], request.statements[i],
                   request.return_consumed_capacity, response.consumed_capacity);
      response.responses.push_back(r.ok() ? std::move(r).value()
                                          : ErrorEntry(r.error(), (*plans[i])->table));
    }
    return response;
  }
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    if (!parsed[i].ok()) {
      response.responses.push_back(ErrorEntry(parsed[i].error()));
      continue;
    }
    Result<api::BatchStatementResponse> r =
        RunRead(engine, caller, *parsed[i], request.statements[i], request.return_consumed_capacity,
                response.consumed_capacity);
    response.responses.push_back(r.ok() ? std::move(r).value() : ErrorEntry(r.error()));
  }
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
