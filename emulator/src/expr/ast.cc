// Small helpers over the expression trees: names for messages and builders.
#include "expr/ast.h"

#include <algorithm>
#include <array>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

std::string_view ParameterName(ExpressionKind kind) {
  switch (kind) {
    case ExpressionKind::kCondition:
      return "ConditionExpression";
    case ExpressionKind::kFilter:
      return "FilterExpression";
    case ExpressionKind::kKeyCondition:
      return "KeyConditionExpression";
    case ExpressionKind::kProjection:
      return "ProjectionExpression";
    case ExpressionKind::kUpdate:
      return "UpdateExpression";
    case ExpressionKind::kSearchCondition:
      return "SearchConditionExpression";
  }
  return "Expression";
}

std::string FormatPath(const DocumentPath& path) {
  std::string out = "[";
  for (std::size_t i = 0; i < path.elements.size(); ++i) {
    if (i > 0) out += ", ";
    const PathElement& e = path.elements[i];
    if (e.is_index()) {
      out += "[" + e.name + "]";
    } else {
      out += e.name;
    }
  }
  out += "]";
  return out;
}

bool PathLess(const DocumentPath& a, const DocumentPath& b) {
  const std::size_t n = std::min(a.elements.size(), b.elements.size());
  for (std::size_t i = 0; i < n; ++i) {
    const PathElement& x = a.elements[i];
    const PathElement& y = b.elements[i];
    if (x.kind != y.kind) return x.kind == PathElement::Kind::kName;
    if (x.is_index() && x.index != y.index) return x.index < y.index;
    if (!x.is_index() && x.name != y.name) return x.name < y.name;
  }
  return a.elements.size() < b.elements.size();
}

FunctionId FunctionByName(std::string_view name) {
  struct Entry {
    std::string_view name;
    FunctionId id;
  };
  static constexpr std::array<Entry, 8> kFunctions = {{
      {"attribute_exists", FunctionId::kAttributeExists},
      {"attribute_not_exists", FunctionId::kAttributeNotExists},
      {"attribute_type", FunctionId::kAttributeType},
      {"begins_with", FunctionId::kBeginsWith},
      {"contains", FunctionId::kContains},
      {"size", FunctionId::kSize},
      {"if_not_exists", FunctionId::kIfNotExists},
      {"list_append", FunctionId::kListAppend},
  }};
  for (const Entry& e : kFunctions) {
    if (e.name == name) return e.id;
  }
  return FunctionId::kUnknown;
}

std::string_view ComparatorSymbol(Comparator c) {
  switch (c) {
    case Comparator::kEq:
      return "=";
    case Comparator::kNe:
      return "<>";
    case Comparator::kLt:
      return "<";
    case Comparator::kLe:
      return "<=";
    case Comparator::kGt:
      return ">";
    case Comparator::kGe:
      return ">=";
  }
  return "?";
}

DocumentPath MakePath(std::initializer_list<PathElement> elements) {
  return DocumentPath{std::vector<PathElement>(elements)};
}

Operand PathOperand(DocumentPath path) {
  Operand o;
  o.kind = Operand::Kind::kPath;
  o.path = std::move(path);
  return o;
}

Operand ValueOperand(AttributeValue value) {
  Operand o;
  o.kind = Operand::Kind::kValue;
  o.value = std::move(value);
  return o;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
