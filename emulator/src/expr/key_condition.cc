// KeyConditionExpression shape checks and extraction; see key_condition.h.
#include "expr/key_condition.h"

#include <algorithm>

#include "expr/value_compare.h"

namespace ddbemu::expr {
namespace {

ApiError V(std::string m) { return ApiError::Validation(std::move(m)); }

ApiError InvalidOperator(std::string_view op) {
  return V("Invalid operator used in KeyConditionExpression: " + std::string(op));
}

ApiError InvalidCondition(std::string_view detail) {
  return V("Invalid condition in KeyConditionExpression: " + std::string(detail));
}

const KeyAttribute* FindKey(const std::vector<KeyAttribute>& keys, const std::string& name) {
  const auto it =
      std::find_if(keys.begin(), keys.end(), [&](const KeyAttribute& k) { return k.name == name; });
  return it == keys.end() ? nullptr : &*it;
}

bool IsKeyAttribute(const KeySchemaView& schema, const std::string& name) {
  return FindKey(schema.partition, name) != nullptr || FindKey(schema.sort, name) != nullptr;
}

// Check 1: nested paths under key attributes, anywhere in the condition.
Status CheckKeysScalar(const Condition& c, const KeySchemaView& schema) {
  for (const Condition& child : c.children) DDB_RETURN_IF_ERROR(CheckKeysScalar(child, schema));
  for (const Operand& o : c.operands) {
    const Operand* inner = &o;
    while (inner->is_function() && !inner->args.empty()) inner = &inner->args[0];
    if (inner->is_path() && !inner->path.is_top_level() &&
        IsKeyAttribute(schema, inner->path.root())) {
      return V(
          "Key attributes must be scalars; list random access '[]' and map lookup '.' are "
          "not allowed: Key: " +
          inner->path.root());
    }
  }
  return Status::Ok();
}

KeyOperator FromComparator(Comparator c, bool flipped) {
  switch (c) {
    case Comparator::kLt:
      return flipped ? KeyOperator::kGt : KeyOperator::kLt;
    case Comparator::kLe:
      return flipped ? KeyOperator::kGe : KeyOperator::kLe;
    case Comparator::kGt:
      return flipped ? KeyOperator::kLt : KeyOperator::kGt;
    case Comparator::kGe:
      return flipped ? KeyOperator::kLe : KeyOperator::kGe;
    default:
      return KeyOperator::kEq;
  }
}

// One leaf condition (comparison, BETWEEN or begins_with) as a predicate.
Result<KeyPredicate> Leaf(const Condition& c) {
  for (const Operand& o : c.operands) {
    if (o.is_function()) return V("KeyConditionExpressions cannot contain nested operations");
  }
  const bool ordered = c.kind == Condition::Kind::kBetween || c.kind == Condition::Kind::kFunction;
  if (ordered && !c.operands[0].is_path()) {
    const std::string op = c.kind == Condition::Kind::kBetween ? "BETWEEN" : "begins_with";
    return InvalidCondition(op + " operator must have the key attribute as its first operand");
  }
  const auto paths = std::count_if(c.operands.begin(), c.operands.end(),
                                   [](const Operand& o) { return o.is_path(); });
  if (paths == 0) return InvalidCondition("No key attribute specified");
  if (paths > 1) return InvalidCondition("Multiple attribute names used in one condition");
  const bool flipped = !c.operands[0].is_path();
  const Operand& key = c.operands[flipped ? 1 : 0];
  if (!key.path.is_top_level()) {
    return V("KeyConditionExpressions cannot have conditions on nested attributes");
  }
  KeyPredicate p;
  p.attribute = key.path.root();
  p.value = c.operands[flipped ? 0 : 1].value;
  if (c.kind == Condition::Kind::kBetween) {
    p.op = KeyOperator::kBetween;
    p.upper = c.operands[2].value;
  } else if (c.kind == Condition::Kind::kFunction) {
    p.op = KeyOperator::kBeginsWith;
  } else {
    p.op = FromComparator(c.comparator, flipped);
  }
  return p;
}

// Check 2: the walk over AND-ed conditions.
Status Collect(const Condition& c, std::vector<KeyPredicate>& out) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
      DDB_RETURN_IF_ERROR(Collect(c.children[0], out));
      return Collect(c.children[1], out);
    case Condition::Kind::kOr:
      return InvalidOperator("OR");
    case Condition::Kind::kNot:
      return InvalidOperator("NOT");
    case Condition::Kind::kIn:
      return InvalidOperator("IN");
    case Condition::Kind::kFunction:
      if (c.function != FunctionId::kBeginsWith) return InvalidOperator(c.function_name);
      break;
    case Condition::Kind::kCompare:
      if (c.comparator == Comparator::kNe) return InvalidOperator("<>");
      break;
    case Condition::Kind::kBetween:
      break;
  }
  DDB_ASSIGN_OR_RETURN(KeyPredicate p, Leaf(c));
  for (const KeyPredicate& seen : out) {
    if (seen.attribute == p.attribute) {
      return V("KeyConditionExpressions must only contain one condition per key");
    }
  }
  out.push_back(std::move(p));
  return Status::Ok();
}

bool TypeMatches(const KeyPredicate& p, AttributeType type) {
  if (p.value.type() != type) return false;
  return p.op != KeyOperator::kBetween || p.upper.type() == type;
}

ApiError Missed(const std::string& name) {
  return V("Query condition missed key schema element: " + name);
}

ApiError TypeMismatch() {
  return V(
      "One or more parameter values were invalid: Condition parameter type does not match "
      "schema type");
}

// A multi-attribute sort key (Nov 2025 multi-attribute GSI keys): the conditions may name the
// sort attributes in any order, but every attribute before the last one named needs an
// equality, else (as AWS answers, [PARITYSUITE] tier1/query/multiAttributeGsiKey.test.ts)
// "RANGE key attributes b must have equality conditions specified in the query because a
// condition is present on key attribute c". Fills kc->sort in schema order.
Status MatchMultiAttributeSort(const std::vector<KeyPredicate>& predicates,
                               const KeySchemaView& schema, KeyCondition* kc) {
  std::vector<const KeyPredicate*> by_position(schema.sort.size(), nullptr);
  std::size_t last = 0;
  for (const KeyPredicate& p : predicates) {
    const auto it = std::find_if(schema.sort.begin(), schema.sort.end(),
                                 [&](const KeyAttribute& k) { return k.name == p.attribute; });
    if (it == schema.sort.end()) return V("Query key condition not supported");
    const auto position = static_cast<std::size_t>(it - schema.sort.begin());
    by_position[position] = &p;
    last = std::max(last, position);
  }
  if (predicates.empty()) return Status::Ok();
  std::string lacking;
  for (std::size_t i = 0; i < last; ++i) {
    if (by_position[i] != nullptr && by_position[i]->op == KeyOperator::kEq) continue;
    lacking += (lacking.empty() ? "" : ", ") + schema.sort[i].name;
  }
  if (!lacking.empty()) {
    return V("RANGE key attributes " + lacking +
             " must have equality conditions specified in the query because a condition is "
             "present on key attribute " +
             schema.sort[last].name);
  }
  for (std::size_t i = 0; i <= last; ++i) kc->sort.push_back(*by_position[i]);
  return Status::Ok();
}

}  // namespace

// Check 4: the predicates against the key schema.
Result<KeyCondition> MatchKeySchema(std::vector<KeyPredicate> predicates,
                                    const KeySchemaView& schema) {
  KeyCondition kc;
  kc.partition.reserve(schema.partition.size());
  if (predicates.size() > schema.partition.size()) {
    kc.sort.reserve(std::min(predicates.size() - schema.partition.size(), schema.sort.size()));
  }
  for (const KeyAttribute& k : schema.partition) {
    const auto it = std::find_if(predicates.begin(), predicates.end(),
                                 [&](const KeyPredicate& p) { return p.attribute == k.name; });
    if (it == predicates.end()) return Missed(k.name);
    if (it->op != KeyOperator::kEq) return V("Query key condition not supported");
    kc.partition.push_back(std::move(*it));
    predicates.erase(it);
  }
  if (schema.sort.size() > 1) {
    DDB_RETURN_IF_ERROR(MatchMultiAttributeSort(predicates, schema, &kc));
    predicates.clear();
  }
  // The rest must be on sort attributes: equalities on a prefix of them, the last one of any
  // operator (a classic key has one sort attribute, so that is one condition of any kind).
  for (std::size_t i = 0; i < schema.sort.size() && !predicates.empty(); ++i) {
    const auto it = std::find_if(predicates.begin(), predicates.end(), [&](const KeyPredicate& p) {
      return p.attribute == schema.sort[i].name;
    });
    if (it == predicates.end()) return Missed(schema.sort[i].name);
    if (it->op != KeyOperator::kEq && predicates.size() > 1) {
      return V("Query key condition not supported");
    }
    kc.sort.push_back(std::move(*it));
    predicates.erase(it);
  }
  if (!predicates.empty()) return V("Query key condition not supported");
  for (const KeyPredicate& p : kc.partition) {
    if (!TypeMatches(p, FindKey(schema.partition, p.attribute)->type)) return TypeMismatch();
  }
  for (const KeyPredicate& p : kc.sort) {
    if (!TypeMatches(p, FindKey(schema.sort, p.attribute)->type)) return TypeMismatch();
  }
  return kc;
}

Result<KeyCondition> ExtractKeyCondition(const Condition& condition, const KeySchemaView& schema) {
  DDB_RETURN_IF_ERROR(CheckKeysScalar(condition, schema));
  std::vector<KeyPredicate> predicates;
  predicates.reserve(2);  // a partition key and a sort key condition, as a Query has at most
  DDB_RETURN_IF_ERROR(Collect(condition, predicates));
  const std::size_t max = std::max<std::size_t>(2, schema.partition.size() + schema.sort.size());
  if (predicates.size() > max) return V("Conditions can be of length 1 or 2 only");
  return MatchKeySchema(std::move(predicates), schema);
}

bool SortKeyMatches(const KeyPredicate& p, const AttributeValue& value) {
  if (p.op == KeyOperator::kBeginsWith) return BeginsWith(value, p.value);
  const std::optional<int> c = CompareOrdered(value, p.value);
  if (!c) return false;
  switch (p.op) {
    case KeyOperator::kEq:
      return *c == 0;
    case KeyOperator::kLt:
      return *c < 0;
    case KeyOperator::kLe:
      return *c <= 0;
    case KeyOperator::kGt:
      return *c > 0;
    case KeyOperator::kGe:
      return *c >= 0;
    default: {
      const std::optional<int> upper = CompareOrdered(value, p.upper);
      return *c >= 0 && upper && *upper <= 0;
    }
  }
}

}  // namespace ddbemu::expr
