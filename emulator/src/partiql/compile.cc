// Compiling PartiQL conditions and values into the expression language (see compile.h).
#include "partiql/compile.h"

#include <algorithm>

#include "partiql/partiql_lexer.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {
namespace {

bool IsSimplePath(const Expr& e, std::string_view attribute) {
  return e.kind == ExprKind::kPath && e.path.steps.size() == 1 && !e.path.steps[0].is_index &&
         e.path.steps[0].name == attribute;
}

ApiError Unsupported(std::string_view what) {
  return ApiError::Validation("Unsupported operation: " + std::string(what));
}

// The set type of a bag whose members are all `member` values.
std::optional<AttributeType> SetTypeOf(AttributeType member) {
  switch (member) {
    case AttributeType::kS:
      return AttributeType::kSS;
    case AttributeType::kN:
      return AttributeType::kNS;
    case AttributeType::kB:
      return AttributeType::kBS;
    default:
      return std::nullopt;
  }
}

}  // namespace

std::string ExpressionWriter::Name(std::string_view attribute) {
  auto it = name_slots_.find(std::string(attribute));
  if (it != name_slots_.end()) return it->second;
  std::string slot = "#n" + std::to_string(names_.size());
  names_.emplace(slot, std::string(attribute));
  name_slots_.emplace(std::string(attribute), slot);
  return slot;
}

std::string ExpressionWriter::Value(AttributeValue value) {
  std::string slot = ":v" + std::to_string(values_.size());
  values_.emplace(slot, std::move(value));
  return slot;
}

std::string ExpressionWriter::PathText(const Path& path) {
  std::string out;
  for (const PathStep& step : path.steps) {
    if (step.is_index) {
      out += "[" + std::to_string(step.index) + "]";
    } else {
      if (!out.empty()) out += ".";
      out += Name(step.name);
    }
  }
  return out;
}

bool IsConstant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kLiteral:
    case ExprKind::kParameter:
      return true;
    case ExprKind::kList:
    case ExprKind::kBag:
    case ExprKind::kTuple:
      return std::all_of(e.args.begin(), e.args.end(), [](const Expr& a) { return IsConstant(a); });
    default:
      return false;
  }
}

Result<AttributeValue> ExpressionWriter::Constant(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kLiteral:
      return e.literal;
    case ExprKind::kParameter:
      if (parameters_ == nullptr || e.parameter >= static_cast<int>(parameters_->size())) {
        return ApiError::Validation("Number of parameters in request and statement don't match.");
      }
      return (*parameters_)[e.parameter];
    case ExprKind::kList: {
      AttributeList list;
      for (const Expr& a : e.args) {
        DDBEMU_ASSIGN_OR_RETURN(AttributeValue v, Constant(a));
        list.push_back(std::move(v));
      }
      return AttributeValue::L(std::move(list));
    }
    case ExprKind::kTuple: {
      AttributeMap map;
      for (std::size_t i = 0; i < e.args.size(); ++i) {
        DDBEMU_ASSIGN_OR_RETURN(AttributeValue v, Constant(e.args[i]));
        map.insert_or_assign(e.keys[i], std::move(v));
      }
      return AttributeValue::M(std::move(map));
    }
    case ExprKind::kBag: {
      // A DynamoDB set: members of one scalar type, no duplicates (a repeated member counts
      // once, as a set does).
      std::optional<AttributeType> member_type;
      std::vector<std::string> members;
      for (const Expr& a : e.args) {
        DDBEMU_ASSIGN_OR_RETURN(AttributeValue v, Constant(a));
        if (!SetTypeOf(v.type()) || (member_type && *member_type != v.type())) {
          return ApiError::Validation(
              "Unsupported operation: A set must contain only strings, only numbers or only "
              "binaries");
        }
        member_type = v.type();
        if (std::find(members.begin(), members.end(), v.scalar()) == members.end()) {
          members.push_back(v.scalar());
        }
      }
      if (!member_type) {
        return ApiError::Validation(
            "One or more parameter values were invalid: An string set  may not be empty");
      }
      switch (*SetTypeOf(*member_type)) {
        case AttributeType::kSS:
          return AttributeValue::SS(std::move(members));
        case AttributeType::kNS:
          return AttributeValue::NS(std::move(members));
        default:
          return AttributeValue::BS(std::move(members));
      }
    }
    default:
      return MalformedStatement("Expected a value");
  }
}

Result<std::string> ExpressionWriter::Operand(const Expr& e) {
  if (IsConstant(e)) {
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue v, Constant(e));
    return Value(std::move(v));
  }
  switch (e.kind) {
    case ExprKind::kPath:
      return PathText(e.path);
    case ExprKind::kArith: {
      DDBEMU_ASSIGN_OR_RETURN(std::string left, Operand(e.args[0]));
      DDBEMU_ASSIGN_OR_RETURN(std::string right, Operand(e.args[1]));
      return left + " " + e.op + " " + right;
    }
    case ExprKind::kCall: {
      if (e.op != "size" && e.op != "list_append" && e.op != "if_not_exists") {
        return Unsupported("function " + e.op + " is not a value");
      }
      std::string out = e.op + "(";
      for (std::size_t i = 0; i < e.args.size(); ++i) {
        DDBEMU_ASSIGN_OR_RETURN(std::string arg, Operand(e.args[i]));
        out += (i ? ", " : "") + arg;
      }
      return out + ")";
    }
    default:
      return MalformedStatement("Expected a value or a path");
  }
}

Result<std::string> ExpressionWriter::Condition(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kCompare: {
      DDBEMU_ASSIGN_OR_RETURN(std::string left, Operand(e.args[0]));
      DDBEMU_ASSIGN_OR_RETURN(std::string right, Operand(e.args[1]));
      return left + " " + e.op + " " + right;
    }
    case ExprKind::kBetween: {
      DDBEMU_ASSIGN_OR_RETURN(std::string value, Operand(e.args[0]));
      DDBEMU_ASSIGN_OR_RETURN(std::string low, Operand(e.args[1]));
      DDBEMU_ASSIGN_OR_RETURN(std::string high, Operand(e.args[2]));
      return value + " BETWEEN " + low + " AND " + high;
    }
    case ExprKind::kIn: {
      DDBEMU_ASSIGN_OR_RETURN(std::string out, Operand(e.args[0]));
      out += " IN (";
      for (std::size_t i = 1; i < e.args.size(); ++i) {
        DDBEMU_ASSIGN_OR_RETURN(std::string v, Operand(e.args[i]));
        out += (i > 1 ? ", " : "") + v;
      }
      return out + ")";
    }
    case ExprKind::kAnd:
    case ExprKind::kOr: {
      // A chain of one operator is written flat, (a) AND (b) AND (c), so that the text nests
      // only as deeply as the statement does.
      std::vector<const Expr*> operands;
      std::vector<const Expr*> stack{&e};
      while (!stack.empty()) {
        const Expr* x = stack.back();
        stack.pop_back();
        if (x->kind == e.kind) {
          stack.push_back(&x->args[1]);
          stack.push_back(&x->args[0]);
        } else {
          operands.push_back(x);
        }
      }
      std::string out;
      for (const Expr* x : operands) {
        DDBEMU_ASSIGN_OR_RETURN(std::string text, Condition(*x));
        if (!out.empty()) out += e.kind == ExprKind::kAnd ? " AND " : " OR ";
        out += "(" + text + ")";
      }
      return out;
    }
    case ExprKind::kNot: {
      DDBEMU_ASSIGN_OR_RETURN(std::string inner, Condition(e.args[0]));
      return "NOT (" + inner + ")";
    }
    case ExprKind::kIsMissing: {
      if (e.args[0].kind != ExprKind::kPath) return MalformedStatement("Expected a path");
      const std::string path = PathText(e.args[0].path);
      return (e.negated ? "attribute_exists(" : "attribute_not_exists(") + path + ")";
    }
    case ExprKind::kIsNull: {
      if (e.args[0].kind != ExprKind::kPath) return MalformedStatement("Expected a path");
      const std::string path = PathText(e.args[0].path);
      const std::string test =
          "attribute_type(" + path + ", " + Value(AttributeValue::S("NULL")) + ")";
      return e.negated ? "NOT " + test : test;
    }
    case ExprKind::kCall: {
      static constexpr std::string_view kPredicates[] = {
          "begins_with", "contains", "attribute_exists", "attribute_not_exists", "attribute_type"};
      if (std::find(std::begin(kPredicates), std::end(kPredicates), e.op) ==
          std::end(kPredicates)) {
        return Unsupported("function " + e.op + " is not a condition");
      }
      std::string out = e.op + "(";
      for (std::size_t i = 0; i < e.args.size(); ++i) {
        DDBEMU_ASSIGN_OR_RETURN(std::string arg, Operand(e.args[i]));
        out += (i ? ", " : "") + arg;
      }
      return out + ")";
    }
    default:
      return MalformedStatement("Expected a condition");
  }
}

std::vector<const Expr*> Conjuncts(const Expr& where) {
  std::vector<const Expr*> out;
  std::vector<const Expr*> stack{&where};
  while (!stack.empty()) {
    const Expr* e = stack.back();
    stack.pop_back();
    if (e->kind == ExprKind::kAnd) {
      stack.push_back(&e->args[1]);
      stack.push_back(&e->args[0]);
    } else {
      out.push_back(e);
    }
  }
  return out;
}

const Expr* EqualityOn(const Expr& e, std::string_view attribute) {
  if (e.kind != ExprKind::kCompare || e.op != "=") return nullptr;
  if (IsSimplePath(e.args[0], attribute) && IsConstant(e.args[1])) return &e.args[1];
  if (IsSimplePath(e.args[1], attribute) && IsConstant(e.args[0])) return &e.args[0];
  return nullptr;
}

std::vector<const Expr*> EqualitiesOn(const Expr& e, std::string_view attribute) {
  if (const Expr* c = EqualityOn(e, attribute)) return {c};
  if (e.kind == ExprKind::kIn && IsSimplePath(e.args[0], attribute)) {
    std::vector<const Expr*> out;
    for (std::size_t i = 1; i < e.args.size(); ++i) {
      if (!IsConstant(e.args[i])) return {};
      out.push_back(&e.args[i]);
    }
    return out;
  }
  if (e.kind == ExprKind::kOr) {
    std::vector<const Expr*> left = EqualitiesOn(e.args[0], attribute);
    if (left.empty()) return {};
    std::vector<const Expr*> right = EqualitiesOn(e.args[1], attribute);
    if (right.empty()) return {};
    left.insert(left.end(), right.begin(), right.end());
    return left;
  }
  return {};
}

bool IsSortKeyPredicate(const Expr& e, std::string_view attribute) {
  switch (e.kind) {
    case ExprKind::kCompare:
      if (e.op == "<>") return false;
      return (IsSimplePath(e.args[0], attribute) && IsConstant(e.args[1])) ||
             (IsSimplePath(e.args[1], attribute) && IsConstant(e.args[0]));
    case ExprKind::kBetween:
      return IsSimplePath(e.args[0], attribute) && IsConstant(e.args[1]) && IsConstant(e.args[2]);
    case ExprKind::kCall:
      return e.op == "begins_with" && e.args.size() == 2 && IsSimplePath(e.args[0], attribute) &&
             IsConstant(e.args[1]);
    default:
      return false;
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
