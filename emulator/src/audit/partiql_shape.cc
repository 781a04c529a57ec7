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
#include "partiql/ast.h"

namespace ddbemu::audit {
namespace {

namespace pq = ::ddbemu::partiql;

// What one statement is, before its outcome is known.
struct Described {
  bool known = false;  // the statement parsed: it names a table
  bool read = false;
  Observation o;  // the shape; outcome and figures still to fill
  std::optional<ops::WritePlan> write;
};

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

const char* WriteSuffix(pq::StatementKind kind) {
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

void DescribeSelect(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                    const pq::Statement& statement, const api::PartiqlStatement& request,
                    std::optional<std::int64_t> limit, Described& d) {
  Observation& o = d.o;
  o.index = statement.index.value_or("");
  o.projection = ProjectionText(statement);
  o.consistent_read = request.consistent_read;
  o.limit = limit.value_or(0);
  auto plan = ops::PlanSelect(engine, caller, statement, request, limit,
                              api::ReturnConsumedCapacity::kNone);
  if (!plan.ok()) {
    o.operation += ":Select";  // it never ran: the table or the WHERE was refused
    return;
  }
  if (!plan->filter_text.empty()) o.filter = NormalizeExpression(plan->filter_text, plan->filter_names);
  switch (plan->kind) {
    case ops::SelectPlan::Kind::kGet:
      o.operation += ":Get";
      for (const api::GetItemRequest& get : plan->gets) {
        AddKeyRead(audit, engine, caller, o.table, get.key, o);
      }
      break;
    case ops::SelectPlan::Kind::kQuery: {
      o.operation += ":Query";
      const api::QueryRequest& query = plan->queries.front();
      o.key_condition =
          NormalizeExpression(query.key_condition_expression.value_or(""), query.read.names);
      break;
    }
    case ops::SelectPlan::Kind::kScan:
      o.operation += ":Scan";
      break;
  }
}

Described Describe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                   std::string_view operation, const api::PartiqlStatement& request,
                   std::optional<std::int64_t> limit) {
  Described d;
  auto statement = ops::ParsePartiqlStatement(request);
  if (!statement.ok()) return d;
  d.known = true;
  d.o.ns = caller.ns;
  d.o.table = statement->table;
  d.o.operation = operation;
  if (statement->kind == pq::StatementKind::kSelect) {
    d.read = true;
    DescribeSelect(audit, engine, caller, *statement, request, limit, d);
    return d;
  }
  d.o.operation += WriteSuffix(statement->kind);
  auto plan = ops::PlanWrite(engine, caller, *statement, request);
  if (plan.ok()) d.write = std::move(plan).value();
  return d;
}

void SetOutcome(Observation& o, const ApiError* error) {
  if (error == nullptr) return;
  o.ok = false;
  o.throttled = Throttled(*error);
}

// Records a described write statement with its outcome and units.
void RecordWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                 const Described& d, double write_units) {
  Observation o = d.o;
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
  ObserveItemWrite(audit, engine, caller, std::move(o), write);
}

// The tables of the described statements, counted, for sharing a per-table capacity list.
std::int64_t StatementsOn(const std::vector<Described>& all, const std::string& table) {
  std::int64_t n = 0;
  for (const Described& d : all) n += d.known && d.o.table == table ? 1 : 0;
  return n;
}

}  // namespace

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ExecuteStatementRequest& request,
             const Result<api::ExecuteStatementResponse>& response) {
  Described d = Describe(audit, engine, caller, "ExecuteStatement", request.statement,
                         request.limit);
  if (!d.known) return;  // a statement that does not parse names no table
  SetOutcome(d.o, ErrorOf(response));
  const double units =
      response.ok() && response->consumed_capacity ? response->consumed_capacity->capacity_units : 0;
  if (!d.read) {
    RecordWrite(audit, engine, caller, d, units);
    return;
  }
  if (response.ok()) {
    d.o.items_read = response->items_read;
    d.o.items_returned = static_cast<std::int64_t>(response->items.size());
    d.o.read_units = units;
  }
  audit.Record(d.o);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchExecuteStatementRequest& request,
             const Result<api::BatchExecuteStatementResponse>& response) {
  std::vector<Described> all;
  for (const api::PartiqlStatement& s : request.statements) {
    all.push_back(Describe(audit, engine, caller, "BatchExecuteStatement", s, std::nullopt));
  }
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
      share = ShareOf(response->consumed_capacity, d.o.table, StatementsOn(all, d.o.table),
                      d.read);
      if (d.read && d.o.ok) {
        d.o.items_read = 1;
        d.o.items_returned = r != nullptr && r->item ? 1 : 0;
        d.o.read_units = share.read_units;
      }
    }
    if (d.read) {
      audit.Record(d.o);
    } else {
      RecordWrite(audit, engine, caller, d, share.write_units);
    }
  }
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ExecuteTransactionRequest& request,
             const Result<api::ExecuteTransactionResponse>& response) {
  std::vector<Described> all;
  for (const api::PartiqlStatement& s : request.statements) {
    all.push_back(Describe(audit, engine, caller, "ExecuteTransaction", s, std::nullopt));
  }
  for (std::size_t i = 0; i < all.size(); ++i) {
    Described& d = all[i];
    if (!d.known) continue;
    SetOutcome(d.o, ErrorOf(response));
    UnitsShare share;
    if (response.ok()) {
      share = ShareOf(response->consumed_capacity, d.o.table, StatementsOn(all, d.o.table),
                      d.read);
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
    audit.Record(d.o);
  }
}

}  // namespace ddbemu::audit
