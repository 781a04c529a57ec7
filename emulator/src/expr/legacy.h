// The legacy (pre-expression) request parameters, translated into the trees of ast.h so that
// one evaluator, one update engine and one projector serve both styles:
//   Expected + ConditionalOperator             -> a Condition (PutItem, UpdateItem, DeleteItem)
//   QueryFilter / ScanFilter + ConditionalOperator -> a Condition (Query, Scan)
//   KeyConditions                              -> a KeyCondition (Query)
//   AttributesToGet                            -> a ProjectionExpression
//   AttributeUpdates                           -> an UpdateExpression (UpdateItem)
// The request layer parses the JSON into the entry structs below (in the request's order) and
// checks enums; these functions make the service's semantic checks, with its messages, e.g.
// "One or more parameter values were invalid: Invalid number of argument(s) for the EQ
// ComparisonOperator". Request-level rules stay with the request layer: "ConditionalOperator
// cannot be used without Filter or Expected", "Can not use both expression and non-expression
// parameters in the same request: ...", "QueryFilter can only contain non-primary key
// attributes: Primary key attribute: pk" (QueryFilterKeyCheck helps with the last).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/model/common.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "expr/key_condition.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

// "One or more parameter values were invalid: <detail>", the service's ValidationException for
// a legacy parameter it cannot use.
inline ApiError InvalidLegacyParameter(std::string detail) {
  return ApiError::Validation("One or more parameter values were invalid: " + std::move(detail));
}

// The operators are the public model's (ddbemu/model/common.h), defined once for the typed
// requests, the JSON codec and the translation here.
using ::ddbemu::ComparisonOperator;
using ::ddbemu::ConditionalOperator;
std::optional<ComparisonOperator> ComparisonOperatorByName(std::string_view name);  // "EQ", ...
using ::ddbemu::ComparisonOperatorName;  // ddbemu/model/common.h

// One entry of Expected.
struct ExpectedEntry {
  std::string attribute;
  std::optional<AttributeValue> value;                    // Value
  std::optional<bool> exists;                             // Exists
  std::optional<ComparisonOperator> op;                   // ComparisonOperator
  std::optional<std::vector<AttributeValue>> value_list;  // AttributeValueList
};

// One entry of QueryFilter, ScanFilter or KeyConditions.
struct FilterEntry {
  std::string attribute;
  ComparisonOperator op = ComparisonOperator::kEq;
  std::vector<AttributeValue> values;  // AttributeValueList (absent: empty)
};

// Expected: every entry must hold; with ConditionalOperator OR, any. nullopt when empty (no
// condition). NE and NOT_CONTAINS keep their legacy meaning: NE holds for a missing attribute,
// NOT_CONTAINS does not.
Result<std::optional<Condition>> ExpectedToCondition(const std::vector<ExpectedEntry>& entries,
                                                     ConditionalOperator op);

// QueryFilter / ScanFilter.
Result<std::optional<Condition>> FilterToCondition(const std::vector<FilterEntry>& entries,
                                                   ConditionalOperator op);
// "QueryFilter can only contain non-primary key attributes: Primary key attribute: pk".
Status QueryFilterKeyCheck(const std::vector<FilterEntry>& entries,
                           const std::vector<std::string>& key_attributes);

// KeyConditions, checked against the key schema like a KeyConditionExpression.
Result<KeyCondition> KeyConditionsToKeyCondition(const std::vector<FilterEntry>& entries,
                                                 const KeySchemaView& schema);

// AttributesToGet: "AttributesToGet cannot be empty", "Cannot have two attributes with the same
// name".
Result<ProjectionExpression> AttributesToGetToProjection(const std::vector<std::string>& names);

// One entry of AttributeUpdates.
struct AttributeUpdateEntry {
  enum class Action : std::uint8_t { kPut, kAdd, kDelete };
  std::string attribute;
  Action action = Action::kPut;  // the service's default
  std::optional<AttributeValue> value;
};

// PUT sets, DELETE without a value removes, DELETE with a set removes members, ADD adds a
// number, unites a set or appends to a list. Apply it with ApplyUpdate (update_apply.h).
Result<UpdateExpression> AttributeUpdatesToUpdate(const std::vector<AttributeUpdateEntry>& entries);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
