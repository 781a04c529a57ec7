// The policy checks of ops/access/access_check.h.
#include "ops/access/access_check.h"

#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <string>

#include "expr/legacy.h"
#include "ops/partiql/statement_plan.h"
#include "ops/reads/read_target.h"
#include "ops/reads/reads.h"
#include "ops/tables/tables.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::access {
namespace {

namespace pq = ::ddbemu::partiql;

std::string UserArn(const Caller& caller) {
  const std::string& user = caller.policy != nullptr ? caller.policy->user : caller.access_key_id;
  return "arn:aws:iam::" + caller.account_id + ":user/" + user;
}

// The service's implicit deny: no identity policy of the user allows the action there.
ApiError Denied(const Caller& caller, std::string_view action, std::string_view resource) {
  const std::string qualified = "dynamodb:" + std::string(action);
  return ApiError(ErrorCode::kAccessDenied,
                  "User: " + UserArn(caller) + " is not authorized to perform: " + qualified +
                      " on resource: " + std::string(resource) +
                      " because no identity-based policy allows the " + qualified + " action");
}

// The table a request names (a name or an ARN) as a name; the text itself when it is neither
// (the operation then fails validation on its own).
std::string TableNameOf(const Caller& caller, std::string_view name_or_arn) {
  Result<std::string> name = ResolveTableName(caller, name_or_arn);
  return name.ok() ? *name : std::string(name_or_arn);
}

// The action on the table (its ARN, or `resource` when set: an index's).
Status CheckAction(const Caller& caller, std::string_view action, const std::string& table,
                   const std::string& resource = "") {
  const std::string arn = resource.empty() ? caller.TableArn(table) : resource;
  if (caller.policy == nullptr || !caller.policy->AllowsAction(action) ||
      !caller.policy->AllowsTable(table)) {
    return Denied(caller, action, arn);
  }
  return Status::Ok();
}

// A partition key value as dynamodb:LeadingKeys sees it: the string of an S, the digits of an
// N, the base64 text of a B (as the request carried it).
std::string LeadingKeyText(const AttributeValue& value) { return value.scalar(); }

Status CheckLeadingKey(const Caller& caller, std::string_view action, const std::string& table,
                       const AttributeValue& value, const std::string& resource = "") {
  if (caller.policy->AllowsLeadingKey(LeadingKeyText(value))) return Status::Ok();
  return Denied(caller, action, resource.empty() ? caller.TableArn(table) : resource);
}

// Loads table schemas once per request (only when a policy restricts leading keys).
class Schemas {
 public:
  explicit Schemas(Engine& engine) : engine_(engine) {}
  // The schema of `table` for `caller`, or null when it cannot be read (no such table).
  const TableSchema* Find(const Caller& caller, std::string_view table_name_or_arn) {
    if (!txn_) {
      Result<storage::ReadTxn> txn = engine_.env.BeginRead();
      if (!txn.ok()) return nullptr;
      txn_.emplace(std::move(txn).value());
    }
    for (const TableSchema& schema : loaded_) {
      if (schema.name == TableNameOf(caller, table_name_or_arn)) return &schema;
    }
    Result<std::shared_ptr<const TableSchema>> schema =
        LoadReadTable(engine_, *txn_, caller, table_name_or_arn);
    if (!schema.ok()) return nullptr;
    loaded_.push_back(**schema);
    return &loaded_.back();
  }

 private:
  Engine& engine_;
  std::optional<storage::ReadTxn> txn_;
  std::deque<TableSchema> loaded_;
};

// One item read or written: the action on its table, and its partition key value.
Status CheckItem(const Caller& caller, Schemas& schemas, std::string_view action,
                 std::string_view table_name_or_arn, const Item& key_or_item) {
  const std::string table = TableNameOf(caller, table_name_or_arn);
  DDBEMU_RETURN_IF_ERROR(CheckAction(caller, action, table));
  if (!caller.policy->restricts_leading_keys()) return Status::Ok();
  const TableSchema* schema = schemas.Find(caller, table_name_or_arn);
  if (schema == nullptr) return Status::Ok();  // the operation reports the missing table
  auto it = key_or_item.find(schema->partition_key.name);
  if (it == key_or_item.end()) return Status::Ok();  // the operation reports the bad key
  return CheckLeadingKey(caller, action, table, it->second);
}

// A Query (or a PartiQL SELECT compiled to one) under `action`.
Status CheckQuery(Engine& engine, const Caller& caller, Schemas& schemas, std::string_view action,
                  const api::QueryRequest& request) {
  const std::string table = TableNameOf(caller, request.read.table_name);
  const std::string resource =
      request.read.index_name ? caller.TableArn(table) + "/index/" + *request.read.index_name : "";
  DDBEMU_RETURN_IF_ERROR(CheckAction(caller, action, table, resource));
  if (!caller.policy->restricts_leading_keys()) return Status::Ok();
  // The key condition as Query reads it; a request it cannot read fails in Query itself.
  const TableSchema* schema = schemas.Find(caller, request.read.table_name);
  if (schema == nullptr) return Status::Ok();
  Result<ReadExpressions> expressions = PrepareQueryExpressions(request, engine.expression_cache);
  if (!expressions.ok()) return Status::Ok();
  Result<ReadTarget> target = ResolveReadTarget(*schema, request.read.index_name, false);
  if (!target.ok()) return Status::Ok();
  const expr::KeySchemaView view = target->KeyView();
  Result<expr::KeyCondition> condition =
      expressions->key_condition ? expr::ExtractKeyCondition(*expressions->key_condition, view)
      : expressions->key_conditions
          ? expr::KeyConditionsToKeyCondition(*expressions->key_conditions, view)
          : Result<expr::KeyCondition>(ApiError::Validation(""));
  if (!condition.ok()) return Status::Ok();
  for (const expr::KeyPredicate& p : condition->partition) {
    DDBEMU_RETURN_IF_ERROR(CheckLeadingKey(caller, action, table, p.value, resource));
  }
  return Status::Ok();
}

// A Scan (or a PartiQL SELECT compiled to one): never limited by a key.
Status CheckScan(const Caller& caller, std::string_view action, const std::string& table_name,
                 const std::optional<std::string>& index_name) {
  const std::string table = TableNameOf(caller, table_name);
  const std::string resource = index_name ? caller.TableArn(table) + "/index/" + *index_name : "";
  DDBEMU_RETURN_IF_ERROR(CheckAction(caller, action, table, resource));
  if (caller.policy->restricts_leading_keys()) {
    return Denied(caller, action, resource.empty() ? caller.TableArn(table) : resource);
  }
  return Status::Ok();
}

// One PartiQL statement: its action, and the keys it compiles to (plans read schemas).
Status CheckStatement(Engine& engine, const Caller& caller, Schemas& schemas,
                      const api::PartiqlStatement& request) {
  Result<pq::Statement> statement = ParsePartiqlStatement(request);
  if (!statement.ok()) return Status::Ok();  // ExecuteStatement reports the syntax error
  if (statement->kind == pq::StatementKind::kSelect) {
    Result<SelectPlan> plan = PlanSelect(engine, caller, *statement, request, std::nullopt,
                                         api::ReturnConsumedCapacity::kNone);
    if (!plan.ok()) return Status::Ok();
    constexpr std::string_view kSelect = "PartiQLSelect";
    switch (plan->kind) {
      case SelectPlan::Kind::kGet:
        for (const api::GetItemRequest& get : plan->gets) {
          DDBEMU_RETURN_IF_ERROR(CheckItem(caller, schemas, kSelect, get.table_name, get.key));
        }
        return Status::Ok();
      case SelectPlan::Kind::kQuery:
        for (const api::QueryRequest& query : plan->queries) {
          DDBEMU_RETURN_IF_ERROR(CheckQuery(engine, caller, schemas, kSelect, query));
        }
        return Status::Ok();
      case SelectPlan::Kind::kScan:
        return CheckScan(caller, kSelect, plan->scan.read.table_name, plan->scan.read.index_name);
    }
    return Status::Ok();
  }
  Result<WritePlan> plan = PlanWrite(engine, caller, *statement, request);
  if (!plan.ok()) return Status::Ok();
  // An EXISTS (a transaction's condition check) reads: PartiQLSelect.
  std::string_view action = "PartiQLSelect";
  if (statement->kind == pq::StatementKind::kInsert) action = "PartiQLInsert";
  if (statement->kind == pq::StatementKind::kUpdate) action = "PartiQLUpdate";
  if (statement->kind == pq::StatementKind::kDelete) action = "PartiQLDelete";
  return CheckItem(caller, schemas, action, plan->table, plan->key);
}

}  // namespace

Status CheckOperation(const Caller& caller, std::string_view operation,
                      std::string_view table_name_or_arn) {
  if (!caller.policies_on) return Status::Ok();
  if (table_name_or_arn.empty()) {
    // No table: the action alone (ListTables, DescribeLimits, ...), on every resource.
    if (caller.policy != nullptr && caller.policy->AllowsAction(operation)) return Status::Ok();
    return Denied(caller, operation,
                  "arn:aws:dynamodb:" + caller.region + ":" + caller.account_id + ":table/*");
  }
  return CheckAction(caller, operation, TableNameOf(caller, table_name_or_arn));
}

Status Authorize(Engine& engine, const Caller& caller, const api::GetItemRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  return CheckItem(caller, schemas, "GetItem", request.table_name, request.Key());
}

Status Authorize(Engine& engine, const Caller& caller, const api::PutItemRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  return CheckItem(caller, schemas, "PutItem", request.table_name, request.item);
}

Status Authorize(Engine& engine, const Caller& caller, const api::UpdateItemRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  return CheckItem(caller, schemas, "UpdateItem", request.table_name, request.key);
}

Status Authorize(Engine& engine, const Caller& caller, const api::DeleteItemRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  return CheckItem(caller, schemas, "DeleteItem", request.table_name, request.key);
}

Status Authorize(Engine& engine, const Caller& caller, const api::QueryRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  return CheckQuery(engine, caller, schemas, "Query", request);
}

Status Authorize(Engine&, const Caller& caller, const api::ScanRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  return CheckScan(caller, "Scan", request.read.table_name, request.read.index_name);
}

// The vector index's ARN is the resource, and nothing limits the search by a leading key: the
// same check as a Scan of an index.
Status Authorize(Engine&, const Caller& caller, const api::SearchVectorsRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  return CheckScan(caller, "SearchVectors", request.table_name, request.index_name);
}

Status Authorize(Engine& engine, const Caller& caller, const api::BatchGetItemRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  for (const api::KeysAndAttributes& table : request.tables) {
    DDBEMU_RETURN_IF_ERROR(CheckAction(caller, "BatchGetItem", TableNameOf(caller, table.table)));
    for (const Item& key : table.keys) {
      DDBEMU_RETURN_IF_ERROR(CheckItem(caller, schemas, "BatchGetItem", table.table, key));
    }
  }
  return Status::Ok();
}

Status Authorize(Engine& engine, const Caller& caller, const api::BatchWriteItemRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  for (const api::TableWriteRequests& table : request.tables) {
    DDBEMU_RETURN_IF_ERROR(CheckAction(caller, "BatchWriteItem", TableNameOf(caller, table.table)));
    for (const api::WriteRequest& write : table.requests) {
      DDBEMU_RETURN_IF_ERROR(CheckItem(caller, schemas, "BatchWriteItem", table.table, write.item));
    }
  }
  return Status::Ok();
}

Status Authorize(Engine& engine, const Caller& caller,
                 const api::TransactGetItemsRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  for (const api::TransactGetAction& action : request.actions) {
    DDBEMU_RETURN_IF_ERROR(CheckItem(caller, schemas, "GetItem", action.table_name, action.key));
  }
  return Status::Ok();
}

Status Authorize(Engine& engine, const Caller& caller,
                 const api::TransactWriteItemsRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  for (const api::TransactWriteAction& action : request.actions) {
    switch (action.kind) {
      case api::TransactActionKind::kPut:
        DDBEMU_RETURN_IF_ERROR(
            CheckItem(caller, schemas, "PutItem", action.table_name, action.item));
        break;
      case api::TransactActionKind::kUpdate:
        DDBEMU_RETURN_IF_ERROR(
            CheckItem(caller, schemas, "UpdateItem", action.table_name, action.key));
        break;
      case api::TransactActionKind::kDelete:
        DDBEMU_RETURN_IF_ERROR(
            CheckItem(caller, schemas, "DeleteItem", action.table_name, action.key));
        break;
      case api::TransactActionKind::kConditionCheck:
        DDBEMU_RETURN_IF_ERROR(
            CheckItem(caller, schemas, "ConditionCheckItem", action.table_name, action.key));
        break;
    }
  }
  return Status::Ok();
}

Status Authorize(Engine& engine, const Caller& caller,
                 const api::ExecuteStatementRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  return CheckStatement(engine, caller, schemas, request.statement);
}

Status Authorize(Engine& engine, const Caller& caller,
                 const api::BatchExecuteStatementRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  for (const api::PartiqlStatement& statement : request.statements) {
    DDBEMU_RETURN_IF_ERROR(CheckStatement(engine, caller, schemas, statement));
  }
  return Status::Ok();
}

Status Authorize(Engine& engine, const Caller& caller,
                 const api::ExecuteTransactionRequest& request) {
  if (!caller.policies_on) return Status::Ok();
  Schemas schemas(engine);
  for (const api::PartiqlStatement& statement : request.statements) {
    DDBEMU_RETURN_IF_ERROR(CheckStatement(engine, caller, schemas, statement));
  }
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::access
