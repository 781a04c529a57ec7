// Compiling a parsed PartiQL statement (partiql/partiql_ast.h) into the typed requests of the
// operations that do the same work, so that PartiQL inherits their validation, limits, capacity
// charges and throttling without copies of any of it:
//   SELECT with the full primary key fixed by =       -> GetItem (one per IN value)
//   SELECT with the partition key fixed by = or IN    -> Query (one per value), sort-key
//                                                        predicates in the key condition
//   any other SELECT                                  -> Scan (charged as one)
//   INSERT                                            -> PutItem, attribute_not_exists(key)
//   UPDATE / DELETE                                   -> UpdateItem / DeleteItem on the key the
//                                                        WHERE fixes, the rest of the WHERE and
//                                                        attribute_exists(key) as the condition
//   [NOT] EXISTS (SELECT ...) (transactions)          -> a ConditionCheck
// A SELECT's WHERE is applied to each page by the expression layer's evaluator (it may name key
// attributes, which a Query's FilterExpression may not), then its projection.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/item_requests.h"
#include "api/partiql_requests.h"
#include "api/read_requests.h"
#include "api/transact_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "ops/engine.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// The statement of `request`, parsed, with its `?` count matching the Parameters:
// "Number of parameters in request and statement don't match." otherwise.
Result<::ddbemu::partiql::Statement> ParsePartiqlStatement(const api::PartiqlStatement& request);

struct SelectPlan {
  enum class Kind { kGet, kQuery, kScan };
  Kind kind = Kind::kScan;
  std::string table;
  std::vector<api::GetItemRequest> gets;
  std::vector<api::QueryRequest> queries;
  api::ScanRequest scan;
  std::optional<expr::Condition> filter;  // bound; the WHERE left after the key
  // The same filter as FilterExpression text with its #name placeholders (the audit's shape).
  std::string filter_text;
  std::map<std::string, std::string> filter_names;
  std::optional<std::vector<expr::DocumentPath>> projection;  // bound; none for SELECT *
};

// `limit` becomes the Query/Scan Limit (items evaluated per page, as the service applies it).
Result<SelectPlan> PlanSelect(Engine& engine, const Caller& caller,
                              const ::ddbemu::partiql::Statement& statement,
                              const api::PartiqlStatement& request,
                              std::optional<std::int64_t> limit,
                              api::ReturnConsumedCapacity capacity);

// A write (or, in a transaction, a condition check) on one item.
struct WritePlan {
  api::TransactActionKind kind = api::TransactActionKind::kPut;
  std::string table;
  Item item;  // kPut
  Item key;   // the item's primary key (for kPut, taken from the item)
  api::ExpressionParameters expressions;
  api::ReturnValues return_values = api::ReturnValues::kNone;
};

// Errors: the table (ResourceNotFoundException); for UPDATE, DELETE and EXISTS a WHERE that
// does not fix every key attribute with = ("Where clause does not contain a mandatory equality
// on all key attributes"); an INSERT value that is not a tuple.
Result<WritePlan> PlanWrite(Engine& engine, const Caller& caller,
                            const ::ddbemu::partiql::Statement& statement,
                            const api::PartiqlStatement& request);

// Runs a kPut, kUpdate or kDelete plan as PutItem / UpdateItem / DeleteItem. An INSERT whose
// key exists fails with DuplicateItemException "Duplicate primary key exists in table".
Result<api::ItemResponse> RunWritePlan(Engine& engine, const Caller& caller, const WritePlan& plan,
                                       bool return_old_on_condition_failure,
                                       api::ReturnConsumedCapacity capacity);

// The plan as one action of TransactWriteItems.
api::TransactWriteAction ToTransactAction(const WritePlan& plan, bool return_old);

// The DuplicateItemException of an INSERT whose key exists.
ApiError DuplicateItem();

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
