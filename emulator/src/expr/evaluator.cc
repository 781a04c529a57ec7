// Condition evaluation; see evaluator.h.
#include "expr/evaluator.h"

#include <optional>

#include "expr/document_path.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// An operand's value during evaluation: borrowed from the item or the expression, or owned
// (the result of size()); absent when undefined.
class OperandValue {
 public:
  OperandValue() = default;
  explicit OperandValue(const AttributeValue* borrowed) : ptr_(borrowed) {}
  explicit OperandValue(AttributeValue owned) : owned_(std::move(owned)), ptr_(&*owned_) {}
  OperandValue(OperandValue&& o) noexcept
      : owned_(std::move(o.owned_)), ptr_(owned_ ? &*owned_ : o.ptr_) {}
  OperandValue(const OperandValue&) = delete;
  OperandValue& operator=(const OperandValue&) = delete;
  OperandValue& operator=(OperandValue&&) = delete;

  bool defined() const { return ptr_ != nullptr; }
  const AttributeValue& operator*() const { return *ptr_; }

 private:
  std::optional<AttributeValue> owned_;
  const AttributeValue* ptr_ = nullptr;
};

OperandValue Resolve(const Operand& o, const Item& item) {
  switch (o.kind) {
    case Operand::Kind::kPath:
      return OperandValue(FindPath(item, o.path));
    case Operand::Kind::kValue:
      return OperandValue(&o.value);
    case Operand::Kind::kFunction: {
      // size() is the only function that yields an operand in a condition.
      OperandValue arg = Resolve(o.args[0], item);
      if (!arg.defined()) return {};
      std::optional<AttributeValue> size = SizeOf(*arg);
      return size ? OperandValue(std::move(*size)) : OperandValue();
    }
    default:
      return {};
  }
}

bool Compare(Comparator c, const OperandValue& a, const OperandValue& b) {
  if (!a.defined() || !b.defined()) return c == Comparator::kNe;
  switch (c) {
    case Comparator::kEq:
      return ValuesEqual(*a, *b);
    case Comparator::kNe:
      return !ValuesEqual(*a, *b);
    default:
      break;
  }
  const std::optional<int> order = CompareOrdered(*a, *b);
  if (!order) return false;
  switch (c) {
    case Comparator::kLt:
      return *order < 0;
    case Comparator::kLe:
      return *order <= 0;
    case Comparator::kGt:
      return *order > 0;
    default:
      return *order >= 0;
  }
}

bool Between(const Condition& c, const Item& item) {
  const OperandValue v = Resolve(c.operands[0], item);
  const OperandValue low = Resolve(c.operands[1], item);
  const OperandValue high = Resolve(c.operands[2], item);
  return Compare(Comparator::kGe, v, low) && Compare(Comparator::kLe, v, high);
}

bool In(const Condition& c, const Item& item) {
  const OperandValue v = Resolve(c.operands[0], item);
  if (!v.defined()) return false;
  for (std::size_t i = 1; i < c.operands.size(); ++i) {
    if (Compare(Comparator::kEq, v, Resolve(c.operands[i], item))) return true;
  }
  return false;
}

bool Function(const Condition& c, const Item& item) {
  switch (c.function) {
    case FunctionId::kAttributeExists:
      return FindPath(item, c.operands[0].path) != nullptr;
    case FunctionId::kAttributeNotExists:
      return FindPath(item, c.operands[0].path) == nullptr;
    default:
      break;
  }
  const OperandValue a = Resolve(c.operands[0], item);
  const OperandValue b = Resolve(c.operands[1], item);
  if (!a.defined() || !b.defined()) return false;
  switch (c.function) {
    case FunctionId::kAttributeType:
      return TypeDescriptor((*a).type()) == (*b).scalar();
    case FunctionId::kBeginsWith:
      return BeginsWith(*a, *b);
    case FunctionId::kContains:
      return Contains(*a, *b);
    default:
      return false;
  }
}

}  // namespace

bool Evaluate(const Condition& condition, const Item& item) {
  switch (condition.kind) {
    case Condition::Kind::kAnd:
      return Evaluate(condition.children[0], item) && Evaluate(condition.children[1], item);
    case Condition::Kind::kOr:
      return Evaluate(condition.children[0], item) || Evaluate(condition.children[1], item);
    case Condition::Kind::kNot:
      return !Evaluate(condition.children[0], item);
    case Condition::Kind::kCompare:
      return Compare(condition.comparator, Resolve(condition.operands[0], item),
                     Resolve(condition.operands[1], item));
    case Condition::Kind::kBetween:
      return Between(condition, item);
    case Condition::Kind::kIn:
      return In(condition, item);
    case Condition::Kind::kFunction:
      return Function(condition, item);
  }
  return false;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
