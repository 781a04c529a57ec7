// KeyConditionExpression shape checks and extraction; see key_condition.h.
#include "expr/key_condition.h"

#include <algorithm>

#include "expr/evaluator.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

ApiError V(std::string m) { return ApiError::Validation(std::move(m)); }

ApiError InvalidOperator(std::string_view op) {
  return V("Invalid operator used in KeyConditionExpression: " + std::string(op));
}

ApiError InvalidCondition(std::string_view detail) {
  return V("Invalid condition in KeyConditionExpression: " + std::string(detail));
}

const KeyAttribute* FindKey(const KeyAttributes& keys, const std::string& name) {
  const auto it =
      std::find_if(keys.begin(), keys.end(), [&](const KeyAttribute& k) { return k.name == name; });
  return it == keys.end() ? nullptr : &*it;
}

bool IsKeyAttribute(const KeySchemaView& schema, const std::string& name) {
  return FindKey(schema.partition, name) != nullptr || FindKey(schema.sort, name) != nullptr;
}

// Check 1: nested paths under key attributes, anywhere in the condition.
Status CheckKeysScalar(const Condition& c, const KeySchemaView& schema) {
  for (const Condition& child : c.children) DDBEMU_RETURN_IF_ERROR(CheckKeysScalar(child, schema));
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

// One leaf condition (comparison, BETWEEN or begins_with) as a predicate, written into `*p`
// (built in place: a KeyPredicate holds two values, and moving it is not free).
Status Leaf(const Condition& c, KeyPredicate* p) {
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
  p->attribute = key.path.root();
  p->value = c.operands[flipped ? 0 : 1].value;
  if (c.kind == Condition::Kind::kBetween) {
    p->op = KeyOperator::kBetween;
    p->upper = c.operands[2].value;
  } else if (c.kind == Condition::Kind::kFunction) {
    p->op = KeyOperator::kBeginsWith;
  } else {
    p->op = FromComparator(c.comparator, flipped);
  }
  return Status::Ok();
}

// Check 2: the walk over AND-ed conditions.
Status Collect(const Condition& c, KeyPredicates& out) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
      DDBEMU_RETURN_IF_ERROR(Collect(c.children[0], out));
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
  KeyPredicate& p = out.emplace_back();
  if (Status s = Leaf(c, &p); !s.ok()) {
    out.pop_back();
    return s;
  }
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    if (out[i].attribute == p.attribute) {
      out.pop_back();
      return V("KeyConditionExpressions must only contain one condition per key");
    }
  }
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
Status MatchMultiAttributeSort(const std::vector<const KeyPredicate*>& predicates,
                               const KeySchemaView& schema, KeyCondition* kc) {
  std::vector<const KeyPredicate*> by_position(schema.sort.size(), nullptr);
  std::size_t last = 0;
  for (const KeyPredicate* q : predicates) {
    const KeyPredicate& p = *q;
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

namespace {

// Check 4: the predicates against the key schema. A predicate is taken (moved into `kc`) once
// it matches a key attribute; the search for the next attribute skips taken ones, in the order
// written, as erasing them from the list did.
Status MatchKeySchemaInto(KeyPredicates& predicates, const KeySchemaView& schema,
                          KeyCondition* kc) {
  kc->partition.clear();
  kc->sort.clear();
  boost::container::small_vector<bool, 4> taken(predicates.size(), false);
  std::size_t remaining = predicates.size();
  const auto find = [&](const std::string& name) -> KeyPredicate* {
    for (std::size_t i = 0; i < predicates.size(); ++i) {
      if (!taken[i] && predicates[i].attribute == name) {
        taken[i] = true;
        return &predicates[i];
      }
    }
    return nullptr;
  };
  for (const KeyAttribute& k : schema.partition) {
    KeyPredicate* p = find(k.name);
    if (p == nullptr) return Missed(k.name);
    if (p->op != KeyOperator::kEq) return V("Query key condition not supported");
    kc->partition.push_back(std::move(*p));
    --remaining;
  }
  if (schema.sort.size() > 1) {
    std::vector<const KeyPredicate*> rest;
    for (std::size_t i = 0; i < predicates.size(); ++i) {
      if (!taken[i]) rest.push_back(&predicates[i]);
    }
    DDBEMU_RETURN_IF_ERROR(MatchMultiAttributeSort(rest, schema, kc));
    remaining = 0;
  }
  // The rest must be on sort attributes: equalities on a prefix of them, the last one of any
  // operator (a classic key has one sort attribute, so that is one condition of any kind).
  for (std::size_t i = 0; i < schema.sort.size() && remaining > 0; ++i) {
    KeyPredicate* p = find(schema.sort[i].name);
    if (p == nullptr) return Missed(schema.sort[i].name);
    if (p->op != KeyOperator::kEq && remaining > 1) {
      return V("Query key condition not supported");
    }
    kc->sort.push_back(std::move(*p));
    --remaining;
  }
  if (remaining > 0) return V("Query key condition not supported");
  for (const KeyPredicate& p : kc->partition) {
    if (!TypeMatches(p, FindKey(schema.partition, p.attribute)->type)) return TypeMismatch();
  }
  for (const KeyPredicate& p : kc->sort) {
    if (!TypeMatches(p, FindKey(schema.sort, p.attribute)->type)) return TypeMismatch();
  }
  return Status::Ok();
}

}  // namespace

Result<KeyCondition> MatchKeySchema(KeyPredicates predicates, const KeySchemaView& schema) {
  KeyCondition kc;
  DDBEMU_RETURN_IF_ERROR(MatchKeySchemaInto(predicates, schema, &kc));
  return kc;
}

Status ExtractKeyCondition(const Condition& condition, const KeySchemaView& schema,
                           KeyCondition* out) {
  DDBEMU_RETURN_IF_ERROR(CheckKeysScalar(condition, schema));
  KeyPredicates predicates;
  DDBEMU_RETURN_IF_ERROR(Collect(condition, predicates));
  const std::size_t max = std::max<std::size_t>(2, schema.partition.size() + schema.sort.size());
  if (predicates.size() > max) return V("Conditions can be of length 1 or 2 only");
  return MatchKeySchemaInto(predicates, schema, out);
}

Result<KeyCondition> ExtractKeyCondition(const Condition& condition, const KeySchemaView& schema) {
  KeyCondition kc;
  DDBEMU_RETURN_IF_ERROR(ExtractKeyCondition(condition, schema, &kc));
  return kc;
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

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
