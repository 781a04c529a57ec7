// Shared pieces of binder.cc and update_binder.cc. Not part of the expr/ interface.
#pragma once

#include <optional>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "expr/expression_context.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

class OperandBinder {
 public:
  OperandBinder(ExpressionKind kind, ExpressionContext& context) : kind_(kind), context_(context) {}

  // Resolves the placeholders of `path` in place and checks its depth.
  Status BindPath(DocumentPath& path) const;
  // Binds `operand` in place, post-order, with the checks of its functions and arithmetic.
  Status BindOperand(Operand& operand) const;
  // The same two into `out` (default-constructed), leaving `parsed` as it is: the same checks
  // in the same order, so the same first error, without copying a cached tree first and then
  // overwriting its placeholders (binder.cc).
  Status BindPathInto(const DocumentPath& parsed, DocumentPath& out) const;
  Status BindOperandInto(const Operand& parsed, Operand& out) const;
  // Checks a condition function's arguments once they are bound.
  Status CheckConditionFunction(FunctionId f, const std::string& name,
                                const std::vector<Operand>& args) const;

  ExpressionKind kind() const { return kind_; }

  // Binding succeeded so far but some path holds a value placeholder (`a.:v`): the service
  // accepts that through binding and then fails with "Invalid ...: Internal server error".
  Status CheckNoValueInPath() const;

 private:
  Status CheckOperandFunction(const Operand& function) const;
  Status CheckArithmetic(const Operand& arithmetic) const;

  ExpressionKind kind_;
  ExpressionContext& context_;
  mutable bool value_in_path_ = false;
};

// The type an operand is known to have before evaluation: a value's type, N for size(), L for
// list_append(); nullopt for paths and if_not_exists().
std::optional<AttributeType> StaticType(const Operand& operand);

// "The first operand must be distinct from the remaining operands": the first operand is a
// path that appears again among the others.
Status CheckFirstOperandDistinct(ExpressionKind kind, std::string_view op,
                                 const std::vector<Operand>& operands);

// Operators and function calls of a bound tree, as the service counts them (static_checks.h).
int CountOperators(const Condition& condition);
int CountOperators(const Operand& operand);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
