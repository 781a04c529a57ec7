// SearchConditionExpression (see search_condition.h).
#include "ops/vectors/search_condition.h"

#include <string>

#include "expr/expressions.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

constexpr std::string_view kPrefix = "Invalid SearchConditionExpression: ";

ApiError InvalidOperator() {
  return ApiError::Validation(std::string(kPrefix) +
                              "Invalid operator used in SearchConditionExpression");
}

ApiError InvalidComparator() {
  return ApiError::Validation(std::string(kPrefix) +
                              "Invalid comparator used in SearchConditionExpression");
}

// Step 2, on the parsed tree, left to right: a conjunction of `path = value` comparisons.
Status CheckShape(const expr::Condition& condition) {
  using Kind = expr::Condition::Kind;
  switch (condition.kind) {
    case Kind::kAnd:
      for (const expr::Condition& child : condition.children) {
        DDBEMU_RETURN_IF_ERROR(CheckShape(child));
      }
      return Status::Ok();
    case Kind::kCompare: {
      if (condition.comparator != expr::Comparator::kEq) return InvalidComparator();
      const expr::Operand& left = condition.operands[0];
      const expr::Operand& right = condition.operands[1];
      const bool path_and_value =
          (left.is_path() && right.is_value()) || (left.is_value() && right.is_path());
      if (!path_and_value) return InvalidComparator();
      return Status::Ok();
    }
    case Kind::kBetween:
    case Kind::kIn:
    case Kind::kFunction:
    case Kind::kOr:
    case Kind::kNot:
      return InvalidOperator();
  }
  return InvalidOperator();
}

void Collect(const expr::Condition& condition, std::vector<const expr::Condition*>* out) {
  if (condition.kind == expr::Condition::Kind::kAnd) {
    for (const expr::Condition& child : condition.children) Collect(child, out);
    return;
  }
  out->push_back(&condition);
}

}  // namespace

Result<std::vector<SearchEquality>> PrepareSearchCondition(std::string_view text,
                                                           const VectorIndexSchema& index,
                                                           expr::ExpressionContext& context,
                                                           expr::ExpressionCache* cache) {
  constexpr auto kKind = expr::ExpressionKind::kSearchCondition;
  std::shared_ptr<const Result<expr::Condition>> cached;
  Result<expr::Condition> parsed_here = expr::Condition{};
  const Result<expr::Condition>* parsed = nullptr;
  if (cache != nullptr) {
    cached = cache->GetCondition(text, kKind);
    parsed = cached.get();
  } else {
    parsed_here = expr::ParseCondition(text, kKind);
    parsed = &parsed_here;
  }
  if (!parsed->ok()) return parsed->error();
  DDBEMU_RETURN_IF_ERROR(CheckShape(**parsed));
  DDBEMU_ASSIGN_OR_RETURN(expr::Condition bound, expr::BindCondition(**parsed, kKind, context));
  std::vector<const expr::Condition*> comparisons;
  Collect(bound, &comparisons);
  for (const expr::Condition* c : comparisons) {
    const expr::Operand& path = c->operands[0].is_path() ? c->operands[0] : c->operands[1];
    if (!path.path.is_top_level()) {
      return ApiError::Validation(std::string(kPrefix) +
                                  "Nested attribute paths are not supported in "
                                  "SearchConditionExpression: " +
                                  expr::FormatPath(path.path));
    }
  }
  std::vector<SearchEquality> out;
  for (const expr::Condition* c : comparisons) {
    const bool path_first = c->operands[0].is_path();
    const expr::Operand& path = path_first ? c->operands[0] : c->operands[1];
    const expr::Operand& value = path_first ? c->operands[1] : c->operands[0];
    const std::string& name = path.path.root();
    SearchEquality equality;
    for (std::size_t i = 0; i < index.search_attributes.size(); ++i) {
      if (index.search_attributes[i].name != name) continue;
      equality.attribute = &index.search_attributes[i];
      equality.is_hash = index.search_roles[i] == SearchSchemaElementType::kHash;
    }
    if (equality.attribute == nullptr) {
      return ApiError::Validation(
          "SearchConditionExpression must not contain any attributes that is not in "
          "SearchSchema. Invalid attribute: " +
          name);
    }
    if (value.value.type() != equality.attribute->type) {
      return ApiError::Validation(
          std::string(kPrefix) + "The value's type " +
          std::string(TypeDescriptor(value.value.type())) + " does not match the type " +
          std::string(TypeDescriptor(equality.attribute->type)) + " of attribute " + name);
    }
    equality.value = value.value;
    out.push_back(std::move(equality));
  }
  return out;
}

Result<const AttributeValue*> SearchPartition(const VectorIndexSchema& index,
                                              const std::vector<SearchEquality>& equalities) {
  if (index.hash_attribute() == nullptr) return static_cast<const AttributeValue*>(nullptr);
  for (const SearchEquality& equality : equalities) {
    if (equality.is_hash) return &equality.value;
  }
  return ApiError::Validation(
      "SearchConditionExpression must be provided when SearchSchema has a HASH key");
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
