// Compiling PartiQL statements into typed requests (see statement_plan.h).
#include "ops/partiql/statement_plan.h"

#include <algorithm>

#include "expr/expression_context.h"
#include "expr/expressions.h"
#include "ops/items/items.h"
#include "ops/reads/read_target.h"
#include "ops/tables/tables.h"
#include "partiql/compile.h"
#include "partiql/partiql_lexer.h"
#include "partiql/partiql_parser.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

namespace pq = ::ddbemu::partiql;

ApiError MissingKeyEquality() {
  return ApiError::Validation(
      "Where clause does not contain a mandatory equality on all key attributes");
}

Result<std::shared_ptr<const TableSchema>> LoadTable(Engine& engine, const Caller& caller,
                                                     const std::string& name) {
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  return FindItemTable(engine, txn, caller, name);
}

// The conjuncts of `all` not in `used`, as one condition ("" when none is left).
Result<std::string> RestCondition(const std::vector<const pq::Expr*>& all,
                                  const std::vector<const pq::Expr*>& used,
                                  pq::ExpressionWriter& writer) {
  std::string out;
  for (const pq::Expr* c : all) {
    if (std::find(used.begin(), used.end(), c) != used.end()) continue;
    DDBEMU_ASSIGN_OR_RETURN(std::string text, writer.Condition(*c));
    out += (out.empty() ? "(" : " AND (") + text + ")";
  }
  return out;
}

Result<expr::Condition> BindFilter(const std::string& text, const pq::ExpressionWriter& writer) {
  DDBEMU_ASSIGN_OR_RETURN(expr::Condition parsed,
                          expr::ParseCondition(text, expr::ExpressionKind::kFilter));
  expr::ExpressionContext context(&writer.names(), &writer.values());
  return expr::BindCondition(parsed, expr::ExpressionKind::kFilter, context);
}

Result<std::vector<expr::DocumentPath>> BindProjectionPaths(const pq::Statement& statement) {
  pq::ExpressionWriter writer(nullptr);
  std::string text;
  for (const pq::Path& path : statement.projection) {
    text += (text.empty() ? "" : ", ") + writer.PathText(path);
  }
  DDBEMU_ASSIGN_OR_RETURN(expr::ProjectionExpression parsed, expr::ParseProjection(text));
  expr::ExpressionContext context(&writer.names(), nullptr);
  DDBEMU_ASSIGN_OR_RETURN(expr::ProjectionExpression bound, expr::BindProjection(parsed, context));
  return bound.paths;
}

// For each attribute of `names`, the conjunct fixing it with = and its constant.
struct KeyEqualities {
  std::vector<const pq::Expr*> conjuncts;
  std::vector<const pq::Expr*> constants;
};

std::optional<KeyEqualities> FindEqualities(const std::vector<const pq::Expr*>& conjuncts,
                                            const std::vector<std::string>& names) {
  KeyEqualities out;
  for (const std::string& name : names) {
    const pq::Expr* found = nullptr;
    for (const pq::Expr* c : conjuncts) {
      if (const pq::Expr* constant = pq::EqualityOn(*c, name)) {
        found = constant;
        out.conjuncts.push_back(c);
        break;
      }
    }
    if (found == nullptr) return std::nullopt;
    out.constants.push_back(found);
  }
  return out;
}

std::vector<std::string> TableKeyNames(const TableSchema& table) {
  std::vector<std::string> names{table.partition_key.name};
  if (table.sort_key) names.push_back(table.sort_key->name);
  return names;
}

api::ReturnValues ToReturnValues(pq::Returning r) {
  switch (r) {
    case pq::Returning::kAllOld:
      return api::ReturnValues::kAllOld;
    case pq::Returning::kModifiedOld:
      return api::ReturnValues::kUpdatedOld;
    case pq::Returning::kAllNew:
      return api::ReturnValues::kAllNew;
    case pq::Returning::kModifiedNew:
      return api::ReturnValues::kUpdatedNew;
    default:
      return api::ReturnValues::kNone;
  }
}

// The UpdateExpression of an UPDATE's SET and REMOVE clauses. SET x = set_add(x, v) and
// set_delete are the expression language's ADD and DELETE of set members.
Result<std::string> UpdateText(const pq::Statement& statement, pq::ExpressionWriter& writer) {
  std::string set, remove, add, del;
  auto append = [](std::string& section, const std::string& text) {
    section += (section.empty() ? "" : ", ") + text;
  };
  for (const pq::UpdateAction& action : statement.actions) {
    const std::string path = writer.PathText(action.path);
    if (action.remove) {
      append(remove, path);
      continue;
    }
    const pq::Expr& v = action.value;
    if (v.kind == pq::ExprKind::kCall && (v.op == "set_add" || v.op == "set_delete")) {
      if (v.args.size() != 2 || !pq::IsConstant(v.args[1])) {
        return ApiError::Validation("Unsupported operation: " + v.op +
                                    " takes a path and a set value");
      }
      DDBEMU_ASSIGN_OR_RETURN(std::string value, writer.Operand(v.args[1]));
      append(v.op == "set_add" ? add : del, path + " " + value);
      continue;
    }
    DDBEMU_ASSIGN_OR_RETURN(std::string value, writer.Operand(v));
    append(set, path + " = " + value);
  }
  std::string out;
  for (const auto& [word, section] : {std::pair{"SET ", &set}, std::pair{"REMOVE ", &remove},
                                      std::pair{"ADD ", &add}, std::pair{"DELETE ", &del}}) {
    if (!section->empty()) out += (out.empty() ? "" : " ") + std::string(word) + *section;
  }
  return out;
}

void Fill(api::ExpressionParameters& e, const pq::ExpressionWriter& writer) {
  e.names = writer.names();
  e.has_names = !e.names.empty();
  e.values = writer.values();
  e.has_values = !e.values.empty();
}

}  // namespace

ApiError DuplicateItem() {
  return ApiError(ErrorCode::kDuplicateItem, "Duplicate primary key exists in table");
}

Result<pq::Statement> ParsePartiqlStatement(const api::PartiqlStatement& request) {
  DDBEMU_ASSIGN_OR_RETURN(pq::Statement statement, pq::ParseStatement(request.statement));
  if (statement.parameter_count != static_cast<int>(request.parameters.size())) {
    return ApiError::Validation("Number of parameters in request and statement don't match.");
  }
  return statement;
}

Result<SelectPlan> PlanSelect(Engine& engine, const Caller& caller, const pq::Statement& statement,
                              const api::PartiqlStatement& request,
                              std::optional<std::int64_t> limit,
                              api::ReturnConsumedCapacity capacity) {
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> table,
                          LoadTable(engine, caller, statement.table));
  DDBEMU_ASSIGN_OR_RETURN(ReadTarget target,
                          ResolveReadTarget(*table, statement.index, request.consistent_read));
  SelectPlan plan;
  plan.table = statement.table;
  std::vector<const pq::Expr*> conjuncts;
  if (statement.where) conjuncts = pq::Conjuncts(*statement.where);

  // The partition key: every attribute fixed by = (or, for a one-attribute key, = / IN / OR).
  std::vector<const pq::Expr*> used;
  std::vector<std::vector<const pq::Expr*>> partition_values;
  for (const KeyAttribute& attribute : target.partition_key) {
    std::vector<const pq::Expr*> values;
    for (const pq::Expr* c : conjuncts) {
      values = target.partition_key.size() == 1 ? pq::EqualitiesOn(*c, attribute.name)
                                                : std::vector<const pq::Expr*>{};
      if (target.partition_key.size() > 1) {
        if (const pq::Expr* v = pq::EqualityOn(*c, attribute.name)) values = {v};
      }
      if (!values.empty()) {
        used.push_back(c);
        break;
      }
    }
    if (values.empty()) {
      partition_values.clear();
      used.clear();
      break;
    }
    partition_values.push_back(std::move(values));
  }
  pq::ExpressionWriter filter_writer(&request.parameters);

  if (!partition_values.empty()) {
    // A sort-key equality on the table itself makes it a GetItem per partition value.
    const pq::Expr* sort_equality = nullptr;
    const pq::Expr* sort_conjunct = nullptr;
    if (!target.is_index() && target.partition_key.size() == 1) {
      for (const KeyAttribute& attribute : target.sort_key) {
        for (const pq::Expr* c : conjuncts) {
          if (const pq::Expr* v = pq::EqualityOn(*c, attribute.name)) {
            sort_equality = v;
            sort_conjunct = c;
            break;
          }
        }
      }
    }
    if (!target.is_index() && target.partition_key.size() == 1 &&
        (target.sort_key.empty() || sort_equality != nullptr)) {
      plan.kind = SelectPlan::Kind::kGet;
      if (sort_conjunct) used.push_back(sort_conjunct);
      pq::ExpressionWriter constants(&request.parameters);
      for (const pq::Expr* value : partition_values[0]) {
        api::GetItemRequest get;
        get.table_name = statement.table;
        get.consistent_read = request.consistent_read;
        get.return_consumed_capacity = capacity;
        DDBEMU_ASSIGN_OR_RETURN(AttributeValue pk, constants.Constant(*value));
        get.key.emplace(target.partition_key[0].name, std::move(pk));
        if (sort_equality) {
          DDBEMU_ASSIGN_OR_RETURN(AttributeValue sk, constants.Constant(*sort_equality));
          get.key.emplace(target.sort_key[0].name, std::move(sk));
        }
        plan.gets.push_back(std::move(get));
      }
    } else {
      plan.kind = SelectPlan::Kind::kQuery;
      // A sort-key predicate the key condition can hold narrows the range read (and charged).
      const pq::Expr* sort_predicate = nullptr;
      if (target.sort_key.size() == 1) {
        for (const pq::Expr* c : conjuncts) {
          if (pq::IsSortKeyPredicate(*c, target.sort_key[0].name)) {
            sort_predicate = c;
            used.push_back(c);
            break;
          }
        }
      }
      // One Query per combination; with a multi-attribute key each attribute has one value.
      for (std::size_t i = 0; i < partition_values[0].size(); ++i) {
        pq::ExpressionWriter key_writer(&request.parameters);
        std::string key_text;
        for (std::size_t a = 0; a < target.partition_key.size(); ++a) {
          const pq::Expr* value = partition_values[a][a == 0 ? i : 0];
          DDBEMU_ASSIGN_OR_RETURN(std::string v, key_writer.Operand(*value));
          key_text += (key_text.empty() ? "" : " AND ") +
                      key_writer.Name(target.partition_key[a].name) + " = " + v;
        }
        if (sort_predicate) {
          DDBEMU_ASSIGN_OR_RETURN(std::string s, key_writer.Condition(*sort_predicate));
          key_text += " AND " + s;
        }
        api::QueryRequest query;
        query.read.table_name = statement.table;
        query.read.index_name = statement.index;
        query.read.consistent_read = request.consistent_read;
        query.read.limit = limit;
        query.read.return_consumed_capacity = capacity;
        query.key_condition_expression = key_text;
        for (const auto& [k, v] : key_writer.names()) query.read.names.emplace(k, v);
        query.read.has_names = true;
        query.read.values = key_writer.values();
        query.read.has_values = true;
        query.scan_index_forward = !statement.descending;
        plan.queries.push_back(std::move(query));
      }
    }
  } else {
    if (statement.order_by) {
      return ApiError::Validation(
          "Must have WHERE clause in the statement when using ORDER BY clause.");
    }
    plan.kind = SelectPlan::Kind::kScan;
    plan.scan.read.table_name = statement.table;
    plan.scan.read.index_name = statement.index;
    plan.scan.read.consistent_read = request.consistent_read;
    plan.scan.read.limit = limit;
    plan.scan.read.return_consumed_capacity = capacity;
  }

  DDBEMU_ASSIGN_OR_RETURN(std::string rest, RestCondition(conjuncts, used, filter_writer));
  if (!rest.empty()) {
    DDBEMU_ASSIGN_OR_RETURN(expr::Condition filter, BindFilter(rest, filter_writer));
    plan.filter = std::move(filter);
    plan.filter_text = std::move(rest);
    plan.filter_names = filter_writer.names();
  }
  if (!statement.select_all) {
    DDBEMU_ASSIGN_OR_RETURN(std::vector<expr::DocumentPath> paths, BindProjectionPaths(statement));
    plan.projection = std::move(paths);
  }
  return plan;
}

Result<WritePlan> PlanWrite(Engine& engine, const Caller& caller, const pq::Statement& statement,
                            const api::PartiqlStatement& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> table,
                          LoadTable(engine, caller, statement.table));
  WritePlan plan;
  plan.table = statement.table;
  pq::ExpressionWriter writer(&request.parameters);
  if (statement.kind == pq::StatementKind::kInsert) {
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue item, writer.Constant(statement.item));
    if (!item.is(AttributeType::kM)) {
      return pq::MalformedStatement("Expected a tuple as the value of INSERT");
    }
    plan.kind = api::TransactActionKind::kPut;
    plan.item = std::move(item.map());
    for (const std::string& name : TableKeyNames(*table)) {
      auto it = plan.item.find(name);
      if (it == plan.item.end()) {
        return ApiError::Validation("Key attribute should be present in the item: Key " + name);
      }
      plan.key.emplace(name, it->second);
    }
    pq::ExpressionWriter condition(nullptr);
    plan.expressions.condition_expression =
        "attribute_not_exists(" + condition.Name(table->partition_key.name) + ")";
    Fill(plan.expressions, condition);
    return plan;
  }

  std::vector<const pq::Expr*> conjuncts;
  if (statement.where) conjuncts = pq::Conjuncts(*statement.where);
  std::optional<KeyEqualities> key = FindEqualities(conjuncts, TableKeyNames(*table));
  if (!key) return MissingKeyEquality();
  const std::vector<std::string> names = TableKeyNames(*table);
  for (std::size_t i = 0; i < names.size(); ++i) {
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue v, writer.Constant(*key->constants[i]));
    plan.key.emplace(names[i], std::move(v));
  }
  if (statement.kind == pq::StatementKind::kUpdate) {
    DDBEMU_ASSIGN_OR_RETURN(std::string update, UpdateText(statement, writer));
    plan.expressions.update_expression = std::move(update);
  }
  // An UPDATE (or EXISTS) needs the item to exist: the service answers
  // ConditionalCheckFailedException for an UPDATE whose WHERE matches no item. A DELETE of a
  // missing item succeeds and changes nothing. Both must satisfy the rest of the WHERE.
  DDBEMU_ASSIGN_OR_RETURN(std::string rest, RestCondition(conjuncts, key->conjuncts, writer));
  std::string condition;
  if (statement.kind != pq::StatementKind::kDelete) {
    condition = "attribute_exists(" + writer.Name(table->partition_key.name) + ")";
  }
  if (!rest.empty()) condition += (condition.empty() ? "" : " AND ") + rest;
  switch (statement.kind) {
    case pq::StatementKind::kUpdate:
      plan.kind = api::TransactActionKind::kUpdate;
      break;
    case pq::StatementKind::kDelete:
      plan.kind = api::TransactActionKind::kDelete;
      if (statement.returning != pq::Returning::kNone &&
          statement.returning != pq::Returning::kAllOld) {
        return ApiError::Validation(
            "Invalid returning clause: Only RETURNING ALL OLD * is allowed in DELETE "
            "statements.");
      }
      break;
    default:  // EXISTS
      plan.kind = api::TransactActionKind::kConditionCheck;
      if (statement.exists_negated) condition = "NOT (" + condition + ")";
      break;
  }
  if (!condition.empty()) plan.expressions.condition_expression = std::move(condition);
  plan.return_values = ToReturnValues(statement.returning);
  Fill(plan.expressions, writer);
  return plan;
}

Result<api::ItemResponse> RunWritePlan(Engine& engine, const Caller& caller, const WritePlan& plan,
                                       bool return_old_on_condition_failure,
                                       api::ReturnConsumedCapacity capacity) {
  switch (plan.kind) {
    case api::TransactActionKind::kPut: {
      api::PutItemRequest put;
      put.table_name = plan.table;
      put.item = plan.item;
      put.return_consumed_capacity = capacity;
      put.expressions = plan.expressions;
      Result<api::ItemResponse> r = PutItem(engine, caller, put);
      if (!r.ok() && r.error().code() == ErrorCode::kConditionalCheckFailed) return DuplicateItem();
      return r;
    }
    case api::TransactActionKind::kUpdate: {
      api::UpdateItemRequest update;
      update.table_name = plan.table;
      update.key = plan.key;
      update.return_values = plan.return_values;
      update.return_old_on_condition_failure = return_old_on_condition_failure;
      update.return_consumed_capacity = capacity;
      update.expressions = plan.expressions;
      return UpdateItem(engine, caller, update);
    }
    case api::TransactActionKind::kDelete: {
      api::DeleteItemRequest del;
      del.table_name = plan.table;
      del.key = plan.key;
      del.return_values = plan.return_values;
      del.return_old_on_condition_failure = return_old_on_condition_failure;
      del.return_consumed_capacity = capacity;
      del.expressions = plan.expressions;
      return DeleteItem(engine, caller, del);
    }
    default:
      return ApiError::Validation("Unsupported operation: EXISTS outside a transaction");
  }
}

api::TransactWriteAction ToTransactAction(const WritePlan& plan, bool return_old) {
  api::TransactWriteAction action;
  action.kind = plan.kind;
  action.table_name = plan.table;
  action.item = plan.item;
  action.key = plan.key;
  action.expressions = plan.expressions;
  action.return_old_on_condition_failure = return_old;
  return action;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
