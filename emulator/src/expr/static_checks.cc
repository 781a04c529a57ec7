// Placeholder-independent checks of parsed expressions; see static_checks.h.
#include "expr/static_checks.h"

#include <algorithm>

#include "expr/errors.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// Where a function call stands; the service allows each function in some positions only.
enum class Position : std::uint8_t {
  kCondition,      // a whole condition: attribute_exists(a), begins_with(a, :p)
  kOperand,        // an operand of a comparator, BETWEEN, IN or a condition function
  kSetValue,       // the whole value of a SET action
  kUpdateOperand,  // an argument of an update function, or a side of + / -
};

std::string_view SectionName(UpdateAction::Kind kind) {
  switch (kind) {
    case UpdateAction::Kind::kSet:
      return "SET";
    case UpdateAction::Kind::kRemove:
      return "REMOVE";
    case UpdateAction::Kind::kAdd:
      return "ADD";
    case UpdateAction::Kind::kDelete:
      return "DELETE";
  }
  return "";
}

bool IsConditionFunction(FunctionId f) {
  return f == FunctionId::kAttributeExists || f == FunctionId::kAttributeNotExists ||
         f == FunctionId::kAttributeType || f == FunctionId::kBeginsWith ||
         f == FunctionId::kContains || f == FunctionId::kSize;
}

class StaticChecker {
 public:
  explicit StaticChecker(ExpressionKind kind) : kind_(kind) {}

  Status Path(const DocumentPath& path) const {
    for (const PathElement& e : path.elements) {
      if (e.is_index()) {
        if (e.index > kMaxListIndex) return errors::ListIndexOutOfRange(kind_, e.name);
      } else if (!e.is_placeholder && IsReservedWord(e.name)) {
        return errors::ReservedKeyword(kind_, e.name);
      }
    }
    return Status::Ok();
  }

  Status Condition(const expr::Condition& c) const {
    switch (c.kind) {
      case Condition::Kind::kAnd:
      case Condition::Kind::kOr:
      case Condition::Kind::kNot:
        for (const expr::Condition& child : c.children) DDBEMU_RETURN_IF_ERROR(Condition(child));
        return Status::Ok();
      case Condition::Kind::kFunction:
        DDBEMU_RETURN_IF_ERROR(Function(c.function, c.function_name, Position::kCondition));
        return Operands(c.operands, Position::kOperand);
      default:
        return Operands(c.operands, Position::kOperand);
    }
  }

  Status Operand(const expr::Operand& o, Position position) const {
    switch (o.kind) {
      case Operand::Kind::kPath:
        return Path(o.path);
      case Operand::Kind::kValue:
        return Status::Ok();
      case Operand::Kind::kFunction: {
        DDBEMU_RETURN_IF_ERROR(Function(o.function, o.function_name, position));
        const bool update = kind_ == ExpressionKind::kUpdate;
        return Operands(o.args, update ? Position::kUpdateOperand : Position::kOperand);
      }
      default:  // + and -
        return Operands(o.args, Position::kUpdateOperand);
    }
  }

 private:
  Status Operands(const std::vector<expr::Operand>& operands, Position position) const {
    for (const expr::Operand& o : operands) DDBEMU_RETURN_IF_ERROR(Operand(o, position));
    return Status::Ok();
  }

  Status Function(FunctionId f, const std::string& name, Position position) const {
    if (f == FunctionId::kUnknown) return errors::InvalidFunctionName(kind_, name);
    const bool update = kind_ == ExpressionKind::kUpdate;
    if (IsConditionFunction(f) == update) return errors::FunctionNotAllowedHere(kind_, name);
    if (!PositionAllowed(f, position)) return errors::FunctionMisused(kind_, name);
    return Status::Ok();
  }

  // size() yields a number, the other condition functions a truth value; list_append may only
  // be the whole value of a SET (not nested in list_append, if_not_exists or arithmetic).
  static bool PositionAllowed(FunctionId f, Position position) {
    switch (f) {
      case FunctionId::kSize:
        return position == Position::kOperand;
      case FunctionId::kListAppend:
        return position == Position::kSetValue;
      case FunctionId::kIfNotExists:
        return true;
      default:
        return position == Position::kCondition;
    }
  }

  ExpressionKind kind_;
};

}  // namespace

Status CheckCondition(const Condition& condition, ExpressionKind kind) {
  return StaticChecker(kind).Condition(condition);
}

Status CheckUpdate(const UpdateExpression& update, const std::vector<std::size_t>& section_starts) {
  const StaticChecker checker(ExpressionKind::kUpdate);
  std::vector<UpdateAction::Kind> seen;
  for (std::size_t s = 0; s < section_starts.size(); ++s) {
    const std::size_t end =
        s + 1 < section_starts.size() ? section_starts[s + 1] : update.actions.size();
    for (std::size_t i = section_starts[s]; i < end; ++i) {
      const UpdateAction& a = update.actions[i];
      DDBEMU_RETURN_IF_ERROR(checker.Path(a.path));
      if (a.kind == UpdateAction::Kind::kSet) {
        DDBEMU_RETURN_IF_ERROR(checker.Operand(a.value, Position::kSetValue));
      }
    }
    // The service notices a repeated section once it has checked that section's actions.
    const UpdateAction::Kind kind = update.actions[section_starts[s]].kind;
    if (std::find(seen.begin(), seen.end(), kind) != seen.end()) {
      return errors::DuplicateSection(SectionName(kind));
    }
    seen.push_back(kind);
  }
  return Status::Ok();
}

Status CheckProjection(const ProjectionExpression& projection) {
  const StaticChecker checker(ExpressionKind::kProjection);
  for (const DocumentPath& p : projection.paths) DDBEMU_RETURN_IF_ERROR(checker.Path(p));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
