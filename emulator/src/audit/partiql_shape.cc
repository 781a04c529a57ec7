// Observations of the PartiQL operations (request_shape.h). A statement's shape is the shape of
// the operation it runs as: its statement is parsed and planned again (ops/partiql/
// statement_plan.h — the plan the operation ran, so a SELECT without a key is the Scan it was),
// and the plan gives the key condition, the filter (the rest of the WHERE) and the key.
#include <optional>
#include <string>
#include <vector>

#include "audit/observation_parts.h"
#include "audit/request_shape.h"
#include "ops/partiql/statement_plan.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace {

namespace pq = ::ddbemu::partiql;

// What one statement is, before its outcome is known. It owns what its Observation's views
// and key refer to; Bind() points them at it once it no longer moves.
struct Described {
  bool known = false;  // the statement parsed: it names a table
  bool read = false;
  std::string table;
  std::string index;
  Observation o;           // the shape's strings; outcome and figures still to fill
  std::vector<Item> keys;  // a SELECT that ran as GetItems: their keys
  std::optional<ops::WritePlan> write;
};

// "ExecuteStatement:Scan" and the like, as literals (an Observation's operation is a view).
std::string_view OperationName(std::string_view prefix, std::string_view suffix) {
  static constexpr std::string_view kNames[] = {
      "ExecuteStatement:Get",         "ExecuteStatement:Query",
      "ExecuteStatement:Scan",        "ExecuteStatement:Select",
      "ExecuteStatement:Put",         "ExecuteStatement:Update",
      "ExecuteStatement:Delete",      "ExecuteStatement:ConditionCheck",
      "BatchExecuteStatement:Get",    "BatchExecuteStatement:Query",
      "BatchExecuteStatement:Scan",   "BatchExecuteStatement:Select",
      "BatchExecuteStatement:Put",    "BatchExecuteStatement:Update",
      "BatchExecuteStatement:Delete", "BatchExecuteStatement:ConditionCheck",
      "ExecuteTransaction:Get",       "ExecuteTransaction:Query",
      "ExecuteTransaction:Scan",      "ExecuteTransaction:Select",
      "ExecuteTransaction:Put",       "ExecuteTransaction:Update",
      "ExecuteTransaction:Delete",    "ExecuteTransaction:ConditionCheck"};
  for (std::string_view name : kNames) {
    if (name.size() == prefix.size() + suffix.size() && name.starts_with(prefix) &&
        name.ends_with(suffix)) {
      return name;
    }
  }
  return prefix;
}

Observation& Bind(const ops::Caller& caller, Described& d) {
  d.o.ns = caller.ns;
  d.o.table = d.table;
  d.o.index = d.index;
  return d.o;
}

std::string ProjectionText(const pq::Statement& statement) {
  std::string out;
  for (const pq::Path& path : statement.projection) {
    if (!out.empty()) out += ", ";
    for (std::size_t i = 0; i < path.steps.size(); ++i) {
      const pq::PathStep& step = path.steps[i];
      if (step.is_index) {
        out += "[" + std::to_string(step.index) + "]";
      } else {
        out += (i == 0 ? "" : ".") + step.name;
      }
    }
  }
  return out;
}

std::string_view WriteSuffix(pq::StatementKind kind) {
  switch (kind) {
    case pq::StatementKind::kInsert:
      return ":Put";
    case pq::StatementKind::kUpdate:
      return ":Update";
    case pq::StatementKind::kDelete:
      return ":Delete";
    default:
      return ":ConditionCheck";
  }
}

void DescribeSelect(ops::Engine& engine, const ops::Caller& caller, const pq::Statement& statement,
                    const api::PartiqlStatement& request, std::optional<std::int64_t> limit,
                    std::string_view prefix, Described& d) {
  Observation& o = d.o;
  d.index = statement.index.value_or("");
  o.projection = ProjectionText(statement);
  o.consistent_read = request.consistent_read;
  o.limit = limit.value_or(0);
  auto plan = ops::PlanSelect(engine, caller, statement, request, limit,
                              api::ReturnConsumedCapacity::kNone);
  if (!plan.ok()) {
    o.operation = OperationName(prefix, ":Select");  // it never ran: table or WHERE refused
    return;
  }
  if (!plan->filter_text.empty()) {
    o.filter = NormalizeExpression(plan->filter_text, plan->filter_names);
  }
  switch (plan->kind) {
    case ops::SelectPlan::Kind::kGet:
      o.operation = OperationName(prefix, ":Get");
      for (api::GetItemRequest& get : plan->gets) d.keys.push_back(std::move(get.key));
      break;
    case ops::SelectPlan::Kind::kQuery: {
      o.operation = OperationName(prefix, ":Query");
      const api::QueryRequest& query = plan->queries.front();
      o.key_condition =
          NormalizeExpression(query.key_condition_expression.value_or(""), query.read.names);
      break;
    }
    case ops::SelectPlan::Kind::kScan:
      o.operation = OperationName(prefix, ":Scan");
      break;
  }
}

Described Describe(ops::Engine& engine, const ops::Caller& caller, std::string_view prefix,
                   const api::PartiqlStatement& request, std::optional<std::int64_t> limit) {
  Described d;
  auto statement = ops::ParsePartiqlStatement(request);
  if (!statement.ok()) return d;
  d.known = true;
  d.table = statement->table;
  if (statement->kind == pq::StatementKind::kSelect) {
    d.read = true;
    DescribeSelect(engine, caller, *statement, request, limit, prefix, d);
    return d;
  }
  d.o.operation = OperationName(prefix, WriteSuffix(statement->kind));
  auto plan = ops::PlanWrite(engine, caller, *statement, request);
  if (plan.ok()) d.write = std::move(plan).value();
  return d;
}

// Each statement of a batch or transaction, described under the operation's name.
std::vector<Described> DescribeAll(ops::Engine& engine, const ops::Caller& caller,
                                   std::string_view operation,
                                   const std::vector<api::PartiqlStatement>& statements) {
  std::vector<Described> all;
  all.reserve(statements.size());
  for (const api::PartiqlStatement& s : statements) {
    all.push_back(Describe(engine, caller, operation, s, std::nullopt));
  }
  return all;
}

// Records a described read with its figures: the keys of a GetItem plan are its items read.
void RecordRead(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller, Described& d) {
  Observation& o = Bind(caller, d);
  std::vector<std::uint64_t> read_items;
  const auto schema = d.keys.empty() ? nullptr : SchemaOf(audit, engine, caller, d.table);
  if (schema) {
    for (const Item& key : d.keys) {
      if (std::uint64_t h = ItemHash(caller.ns, *schema, key)) read_items.push_back(h);
    }
    o.partition_key = PartitionKey(*schema, d.keys.front());
    o.read_items = read_items;
  }
  audit.Record(o);
}

void SetOutcome(Observation& o, const ApiError* error) {
  if (error == nullptr) return;
  o.ok = false;
  o.throttled = Throttled(*error);
}

// Records a described write statement with its outcome and units.
void RecordWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller, Described& d,
                 double write_units) {
  Observation& o = Bind(caller, d);
  if (!d.write || d.write->kind == api::TransactActionKind::kConditionCheck) {
    o.write_units = o.ok ? write_units : 0;
    if (d.write && d.write->expressions.condition_expression) {
      o.filter = "condition: " + NormalizeExpression(*d.write->expressions.condition_expression,
                                                     d.write->expressions.names);
    }
    audit.Record(o);
    return;
  }
  const bool put = d.write->kind == api::TransactActionKind::kPut;
  const ItemWrite write{put ? &d.write->item : &d.write->key, &d.write->expressions,
                        o.ok ? write_units : 0, put ? ItemKb(d.write->item) : 0, put};
  ObserveItemWrite(audit, engine, caller, o, write);
}

// The tables of the described statements, counted, for sharing a per-table capacity list.
std::int64_t StatementsOn(const std::vector<Described>& all, const std::string& table) {
  std::int64_t n = 0;
  for (const Described& d : all) n += d.known && d.table == table ? 1 : 0;
  return n;
}

}  // namespace

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ExecuteStatementRequest& request,
             const Result<api::ExecuteStatementResponse>& response) {
  Described d = Describe(engine, caller, "ExecuteStatement", request.statement, request.limit);
  if (!d.known) return;  // a statement that does not parse names no table
  SetOutcome(d.o, ErrorOf(response));
  const double units = response.ok() && response->consumed_capacity
                           ? response->consumed_capacity->capacity_units
                           : 0;
  if (!d.read) {
    RecordWrite(audit, engine, caller, d, units);
    return;
  }
  if (response.ok()) {
    d.o.items_read = response->items_read;
    d.o.items_returned = static_cast<std::int64_t>(response->items.size());
    d.o.read_units = units;
  }
  RecordRead(audit, engine, caller, d);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchExecuteStatementRequest& request,
             const Result<api::BatchExecuteStatementResponse>& response) {
  std::vector<Described> all =
      DescribeAll(engine, caller, "BatchExecuteStatement", request.statements);
  for (std::size_t i = 0; i < all.size(); ++i) {
    Described& d = all[i];
    if (!d.known) continue;
    SetOutcome(d.o, ErrorOf(response));
    UnitsShare share;
    if (response.ok()) {
      const api::BatchStatementResponse* r =
          i < response->responses.size() ? &response->responses[i] : nullptr;
      if (r != nullptr && r->error_code) {
        d.o.ok = false;
        d.o.throttled = ThrottledCode(*r->error_code);
      }
      share = ShareOf(response->consumed_capacity, d.table, StatementsOn(all, d.table), d.read);
      if (d.read && d.o.ok) {
        d.o.items_read = 1;
        d.o.items_returned = r != nullptr && r->item ? 1 : 0;
        d.o.read_units = share.read_units;
      }
    }
    if (d.read) {
      RecordRead(audit, engine, caller, d);
    } else {
      RecordWrite(audit, engine, caller, d, share.write_units);
    }
  }
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ExecuteTransactionRequest& request,
             const Result<api::ExecuteTransactionResponse>& response) {
  std::vector<Described> all =
      DescribeAll(engine, caller, "ExecuteTransaction", request.statements);
  for (std::size_t i = 0; i < all.size(); ++i) {
    Described& d = all[i];
    if (!d.known) continue;
    SetOutcome(d.o, ErrorOf(response));
    UnitsShare share;
    if (response.ok()) {
      share = ShareOf(response->consumed_capacity, d.table, StatementsOn(all, d.table), d.read);
    }
    if (!d.read) {
      RecordWrite(audit, engine, caller, d, share.write_units);
      continue;
    }
    d.o.consistent_read = true;  // a transaction's reads are serializable
    if (response.ok()) {
      d.o.items_read = 1;
      d.o.items_returned =
          response->items && i < response->items->size() && (*response->items)[i] ? 1 : 0;
      d.o.read_units = share.read_units;
    }
    RecordRead(audit, engine, caller, d);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
