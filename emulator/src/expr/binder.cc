// Binding of operands and conditions; see expressions.h. UpdateExpression and ProjectionExpression
// binding is in update_binder.cc.
#include "expr/expressions.h"

#include "expr/binder_internal.h"
#include "expr/errors.h"
#include "expr/evaluator.h"
#include "expr/static_checks.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

bool IsOrderable(AttributeType t) {
  return t == AttributeType::kS || t == AttributeType::kN || t == AttributeType::kB;
}

// <, <=, >, >= and BETWEEN only order S, N and B; a constant of another type can never match.
Status CheckOrderableOperands(ExpressionKind kind, std::string_view op,
                              const std::vector<Operand>& operands) {
  for (const Operand& o : operands) {
    const std::optional<AttributeType> t = StaticType(o);
    if (t && !IsOrderable(*t)) return errors::OperandType(kind, op, TypeDescriptor(*t));
  }
  return Status::Ok();
}

Status CheckBetweenBounds(ExpressionKind kind, const Operand& low, const Operand& high) {
  if (!low.is_value() || !high.is_value()) return Status::Ok();
  if (low.value.type() != high.value.type()) {
    return errors::BetweenTypesDiffer(kind, low.value, high.value);
  }
  const std::optional<int> c = CompareOrdered(low.value, high.value);
  if (c && *c > 0) return errors::BetweenBoundsReversed(kind, low.value, high.value);
  return Status::Ok();
}

class ConditionBinder {
 public:
  ConditionBinder(ExpressionKind kind, ExpressionContext& context) : operands_(kind, context) {}

  Status CheckNoValueInPath() const { return operands_.CheckNoValueInPath(); }

  // The bound copy of `parsed` built into `out` (default-constructed), children first, then
  // each node's operands and its checks: post-order, the order the service checks in.
  // Recursion depth is the tree's (up to ~1000 for a chain of NOTs), so this frame stays
  // small: the checks, which build messages, live in a separate, non-inlined function.
  Status BindInto(const Condition& parsed, Condition& out) const {
    out.children.resize(parsed.children.size());
    for (std::size_t i = 0; i < parsed.children.size(); ++i) {
      Status s = BindInto(parsed.children[i], out.children[i]);
      if (!s.ok()) return s;
    }
    return BindLeafInto(parsed, out);
  }

 private:
  [[gnu::noinline]] Status BindLeafInto(const Condition& parsed, Condition& out) const {
    out.kind = parsed.kind;
    out.comparator = parsed.comparator;
    out.function = parsed.function;
    out.function_name = parsed.function_name;
    out.operands.resize(parsed.operands.size());
    for (std::size_t i = 0; i < parsed.operands.size(); ++i) {
      DDBEMU_RETURN_IF_ERROR(operands_.BindOperandInto(parsed.operands[i], out.operands[i]));
    }
    return Check(out);
  }

  Status Check(const Condition& c) const {
    const ExpressionKind kind = operands_.kind();
    switch (c.kind) {
      case Condition::Kind::kCompare: {
        const std::string_view op = ComparatorSymbol(c.comparator);
        if (c.comparator != Comparator::kEq && c.comparator != Comparator::kNe) {
          DDBEMU_RETURN_IF_ERROR(CheckOrderableOperands(kind, op, c.operands));
        }
        return CheckFirstOperandDistinct(kind, op, c.operands);
      }
      case Condition::Kind::kBetween:
        DDBEMU_RETURN_IF_ERROR(CheckOrderableOperands(kind, "BETWEEN", c.operands));
        DDBEMU_RETURN_IF_ERROR(CheckFirstOperandDistinct(kind, "BETWEEN", c.operands));
        return CheckBetweenBounds(kind, c.operands[1], c.operands[2]);
      case Condition::Kind::kIn:
        if (c.operands.size() - 1 > kMaxInOperands) {
          return errors::TooManyInOperands(kind, c.operands.size() - 1);
        }
        return CheckFirstOperandDistinct(kind, "IN", c.operands);
      case Condition::Kind::kFunction:
        return operands_.CheckConditionFunction(c.function, c.function_name, c.operands);
      default:
        return Status::Ok();
    }
  }

  OperandBinder operands_;
};

}  // namespace

std::optional<AttributeType> StaticType(const Operand& operand) {
  switch (operand.kind) {
    case Operand::Kind::kValue:
      return operand.value.type();
    case Operand::Kind::kFunction:
      if (operand.function == FunctionId::kSize) return AttributeType::kN;
      if (operand.function == FunctionId::kListAppend) return AttributeType::kL;
      return std::nullopt;
    case Operand::Kind::kPlus:
    case Operand::Kind::kMinus:
      return AttributeType::kN;
    default:
      return std::nullopt;
  }
}

Status CheckFirstOperandDistinct(ExpressionKind kind, std::string_view op,
                                 const std::vector<Operand>& operands) {
  if (operands.empty() || !operands[0].is_path()) return Status::Ok();
  for (std::size_t i = 1; i < operands.size(); ++i) {
    if (operands[i].is_path() && operands[i].path == operands[0].path) {
      return errors::FirstOperandNotDistinct(kind, op, operands[0].path);
    }
  }
  return Status::Ok();
}

Status OperandBinder::BindPath(DocumentPath& path) const {
  for (PathElement& e : path.elements) {
    if (!e.is_placeholder) continue;
    if (e.name[0] == ':') {
      // A value placeholder used as a name: unknown ones are reported as undefined names.
      if (context_.FindValue(e.name) == nullptr) return errors::UndefinedName(kind_, e.name);
      value_in_path_ = true;
      continue;
    }
    const std::string* name = context_.FindName(e.name);
    if (name == nullptr) return errors::UndefinedName(kind_, e.name);
    e.name = *name;
    e.is_placeholder = false;
  }
  if (path.elements.size() > kMaxPathDepth) return errors::PathTooDeep(kind_, path.elements.size());
  return Status::Ok();
}

Status OperandBinder::BindOperand(Operand& operand) const {
  switch (operand.kind) {
    case Operand::Kind::kPath:
      return BindPath(operand.path);
    case Operand::Kind::kValue: {
      if (operand.placeholder.empty()) return Status::Ok();  // a legacy constant
      const AttributeValue* v = context_.FindValue(operand.placeholder);
      if (v == nullptr) return errors::UndefinedValue(kind_, operand.placeholder);
      operand.value = *v;
      return Status::Ok();
    }
    case Operand::Kind::kFunction:
      for (Operand& arg : operand.args) DDBEMU_RETURN_IF_ERROR(BindOperand(arg));
      return CheckOperandFunction(operand);
    default:
      for (Operand& arg : operand.args) DDBEMU_RETURN_IF_ERROR(BindOperand(arg));
      return CheckArithmetic(operand);
  }
}

Status OperandBinder::BindPathInto(const DocumentPath& parsed, DocumentPath& out) const {
  out.elements.reserve(parsed.elements.size());
  for (const PathElement& e : parsed.elements) {
    if (!e.is_placeholder || e.name[0] == ':') {
      // A value placeholder used as a name: unknown ones are reported as undefined names.
      if (e.is_placeholder && context_.FindValue(e.name) == nullptr) {
        return errors::UndefinedName(kind_, e.name);
      }
      value_in_path_ = value_in_path_ || e.is_placeholder;
      out.elements.push_back(e);
      continue;
    }
    const std::string* name = context_.FindName(e.name);
    if (name == nullptr) return errors::UndefinedName(kind_, e.name);
    out.elements.push_back(PathElement{e.kind, *name, false, e.index});
  }
  if (out.elements.size() > kMaxPathDepth) return errors::PathTooDeep(kind_, out.elements.size());
  return Status::Ok();
}

Status OperandBinder::BindOperandInto(const Operand& parsed, Operand& out) const {
  out.kind = parsed.kind;
  switch (parsed.kind) {
    case Operand::Kind::kPath:
      return BindPathInto(parsed.path, out.path);
    case Operand::Kind::kValue: {
      out.placeholder = parsed.placeholder;
      if (parsed.placeholder.empty()) {  // a legacy constant
        out.value = parsed.value;
        return Status::Ok();
      }
      const AttributeValue* v = context_.FindValue(parsed.placeholder);
      if (v == nullptr) return errors::UndefinedValue(kind_, parsed.placeholder);
      out.value = *v;
      return Status::Ok();
    }
    default:
      out.function = parsed.function;
      out.function_name = parsed.function_name;
      out.args.resize(parsed.args.size());
      for (std::size_t i = 0; i < parsed.args.size(); ++i) {
        DDBEMU_RETURN_IF_ERROR(BindOperandInto(parsed.args[i], out.args[i]));
      }
      return parsed.kind == Operand::Kind::kFunction ? CheckOperandFunction(out)
                                                     : CheckArithmetic(out);
  }
}

Status OperandBinder::CheckOperandFunction(const Operand& f) const {
  const std::vector<Operand>& args = f.args;
  const std::size_t arity = f.function == FunctionId::kSize ? 1 : 2;
  if (args.size() != arity) return errors::WrongArity(kind_, f.function_name, args.size());
  switch (f.function) {
    case FunctionId::kSize: {
      const std::optional<AttributeType> t = StaticType(args[0]);
      if (t &&
          (*t == AttributeType::kN || *t == AttributeType::kBool || *t == AttributeType::kNull)) {
        return errors::OperandType(kind_, f.function_name, TypeDescriptor(*t));
      }
      return Status::Ok();
    }
    case FunctionId::kIfNotExists:
      if (!args[0].is_path()) return errors::NeedsPath(kind_, f.function_name);
      return Status::Ok();
    default:  // list_append
      for (const Operand& a : args) {
        const std::optional<AttributeType> t = StaticType(a);
        if (t && *t != AttributeType::kL) {
          return errors::OperandType(kind_, f.function_name, TypeDescriptor(*t));
        }
      }
      return Status::Ok();
  }
}

Status OperandBinder::CheckArithmetic(const Operand& arithmetic) const {
  const std::string_view op = arithmetic.kind == Operand::Kind::kPlus ? "+" : "-";
  for (const Operand& a : arithmetic.args) {
    const std::optional<AttributeType> t = StaticType(a);
    if (t && *t != AttributeType::kN) return errors::OperandType(kind_, op, TypeDescriptor(*t));
  }
  return Status::Ok();
}

Status OperandBinder::CheckConditionFunction(FunctionId f, const std::string& name,
                                             const std::vector<Operand>& args) const {
  const bool unary = f == FunctionId::kAttributeExists || f == FunctionId::kAttributeNotExists;
  if (args.size() != (unary ? 1u : 2u)) return errors::WrongArity(kind_, name, args.size());
  if (unary) {
    if (!args[0].is_path()) return errors::NeedsPath(kind_, name);
    return Status::Ok();
  }
  if (f == FunctionId::kAttributeType) {
    if (args[1].is_path()) return errors::AttributeTypeGivenPath(kind_);
    const std::optional<AttributeType> t = StaticType(args[1]);
    if (t && *t != AttributeType::kS) return errors::OperandType(kind_, name, TypeDescriptor(*t));
    if (args[1].is_value() && !IsTypeDescriptor(args[1].value.scalar())) {
      return errors::InvalidTypeName(kind_, args[1].value.scalar());
    }
    return Status::Ok();
  }
  if (f == FunctionId::kBeginsWith) {
    for (const Operand& a : args) {
      const std::optional<AttributeType> t = StaticType(a);
      if (t && *t != AttributeType::kS && *t != AttributeType::kB) {
        return errors::OperandType(kind_, name, TypeDescriptor(*t));
      }
    }
  }
  return CheckFirstOperandDistinct(kind_, name, args);
}

Status OperandBinder::CheckNoValueInPath() const {
  if (value_in_path_) return errors::Invalid(kind_, "Internal server error");
  return Status::Ok();
}

int CountOperators(const Operand& operand) {
  if (operand.is_path() || operand.is_value()) return 0;
  int n = 1;
  for (const Operand& a : operand.args) n += CountOperators(a);
  return n;
}

int CountOperators(const Condition& condition) {
  int n = 1;
  for (const Condition& c : condition.children) n += CountOperators(c);
  for (const Operand& o : condition.operands) n += CountOperators(o);
  return n;
}

Result<Condition> BindCondition(const Condition& parsed, ExpressionKind kind,
                                ExpressionContext& context) {
  Condition bound;
  const ConditionBinder binder(kind, context);
  DDBEMU_RETURN_IF_ERROR(binder.BindInto(parsed, bound));
  if (CountOperators(bound) > kMaxOperators) return errors::TooManyOperators(kind);
  DDBEMU_RETURN_IF_ERROR(binder.CheckNoValueInPath());
  return bound;
}

// Parse (cached) and bind in one call; see expressions.h.

Result<Condition> PrepareCondition(std::string_view text, ExpressionKind kind,
                                   ExpressionContext& context, ExpressionCache* cache) {
  if (cache == nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(const Condition parsed, ParseCondition(text, kind));
    return BindCondition(parsed, kind, context);
  }
  const auto parsed = cache->GetCondition(text, kind);
  if (!parsed->ok()) return parsed->error();
  return BindCondition(parsed->value(), kind, context);
}

Result<UpdateExpression> PrepareUpdate(std::string_view text, ExpressionContext& context,
                                       ExpressionCache* cache) {
  if (cache == nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(const UpdateExpression parsed, ParseUpdate(text));
    return BindUpdate(parsed, context);
  }
  const auto parsed = cache->GetUpdate(text);
  if (!parsed->ok()) return parsed->error();
  return BindUpdate(parsed->value(), context);
}

Result<ProjectionExpression> PrepareProjection(std::string_view text, ExpressionContext& context,
                                               ExpressionCache* cache) {
  if (cache == nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(const ProjectionExpression parsed, ParseProjection(text));
    return BindProjection(parsed, context);
  }
  const auto parsed = cache->GetProjection(text);
  if (!parsed->ok()) return parsed->error();
  return BindProjection(parsed->value(), context);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
