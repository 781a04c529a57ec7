// Compiling PartiQL syntax (ast.h) into the DynamoDB expression language: a PartiQL condition
// becomes ConditionExpression / FilterExpression text over "#n" and ":v" placeholders, a SET
// value an UpdateExpression operand, a literal or `?` an AttributeValue. The statement then
// runs as the typed request of the equivalent operation, so the expression layer's parser,
// binder, evaluator and limits apply to PartiQL unchanged (one evaluator, not two).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "partiql/partiql_ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {

// The ExpressionAttributeNames and ExpressionAttributeValues of the request a statement
// compiles to, and the text that refers to them. Every attribute name goes through a "#n"
// placeholder, so names that are reserved words in the expression language still work.
class ExpressionWriter {
 public:
  // `parameters` is the request's Parameters list (its length already checked against the
  // statement's `?` count); it must outlive the writer.
  explicit ExpressionWriter(const std::vector<AttributeValue>* parameters)
      : parameters_(parameters) {}

  std::string Name(std::string_view attribute);
  std::string Value(AttributeValue value);
  std::string PathText(const Path& path);

  // A condition (WHERE, or one conjunct of it) as expression text.
  Result<std::string> Condition(const Expr& e);
  // An operand: a path, a constant, size(path), list_append/if_not_exists or a + / -.
  Result<std::string> Operand(const Expr& e);
  // The value of a constant: a literal, a parameter, or a [list], <<set>> or {tuple} of them.
  Result<AttributeValue> Constant(const Expr& e);

  const std::map<std::string, std::string>& names() const { return names_; }
  const Item& values() const { return values_; }

 private:
  const std::vector<AttributeValue>* parameters_;
  std::map<std::string, std::string> names_;       // "#n0" -> attribute
  std::map<std::string, std::string> name_slots_;  // attribute -> "#n0"
  Item values_;
};

// Whether `e` is a constant: a literal, a parameter or a constructor holding only constants.
bool IsConstant(const Expr& e);

// The top-level conjuncts of `where` (a AND b AND (c OR d) gives a, b, (c OR d)).
std::vector<const Expr*> Conjuncts(const Expr& where);

// The constant `attribute` is compared to by `e` when `e` is `attribute = constant` (either
// way round); else null.
const Expr* EqualityOn(const Expr& e, std::string_view attribute);

// The constants `e` fixes `attribute` to when it is `attribute = c`, `attribute IN [c, ...]`
// or an OR of such equalities (the service's test for a Query rather than a Scan); else empty.
std::vector<const Expr*> EqualitiesOn(const Expr& e, std::string_view attribute);

// Whether `e` is a predicate on `attribute` alone that a KeyConditionExpression can hold for a
// sort key: a comparison other than <> with a constant, BETWEEN constants, begins_with.
bool IsSortKeyPredicate(const Expr& e, std::string_view attribute);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
