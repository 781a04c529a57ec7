// Binding of UpdateExpression and ProjectionExpression; see expressions.h. Both walk their paths
// last-first, as the service does: for `SET a = :v, a = :v, #undefined = :v` it reports the
// undefined name, for `SET #undefined = :v, a = :v, a = :v` the overlap.
#include "expr/binder_internal.h"
#include "expr/errors.h"
#include "expr/expressions.h"
#include "expr/static_checks.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

enum class PathRelation : std::uint8_t { kIndependent, kOverlap, kConflict };

// Two paths overlap when one is a prefix of the other (a, a.b; or equal); they conflict when
// they agree up to a step that is a name in one and an index in the other (a[1], a.b), since
// no value can be both a list and a map.
PathRelation Relate(const DocumentPath& a, const DocumentPath& b) {
  const std::size_t n = std::min(a.elements.size(), b.elements.size());
  for (std::size_t i = 0; i < n; ++i) {
    const PathElement& x = a.elements[i];
    const PathElement& y = b.elements[i];
    if (x.kind != y.kind) return PathRelation::kConflict;
    if (!(x == y)) return PathRelation::kIndependent;
  }
  return PathRelation::kOverlap;
}

// The paths of one expression seen so far; a new path must not overlap or conflict with any.
// The message names the new path first ("path one") and the registered one it collides with
// second. (For a path given twice the service sometimes names a different registered path as
// "path two", e.g. "path one: [a], path two: [b]" for `REMOVE a SET b = :v ADD a :s`; its choice
// follows no rule we could establish from 24 observations, so we name the duplicate itself.)
class PathRegistry {
 public:
  explicit PathRegistry(ExpressionKind kind) : kind_(kind) {}

  Status Add(const DocumentPath& path) {
    for (const DocumentPath* seen : paths_) {
      switch (Relate(path, *seen)) {
        case PathRelation::kOverlap:
          return errors::PathsOverlap(kind_, path, *seen);
        case PathRelation::kConflict:
          return errors::PathsConflict(kind_, path, *seen);
        case PathRelation::kIndependent:
          break;
      }
    }
    paths_.push_back(&path);
    return Status::Ok();
  }

 private:
  ExpressionKind kind_;
  std::vector<const DocumentPath*> paths_;
};

// ADD takes a number or a set; DELETE takes a set.
Status CheckActionValue(const UpdateAction& action) {
  const AttributeValue& v = action.value.value;
  if (v.is_set()) return Status::Ok();
  if (action.kind == UpdateAction::Kind::kAdd) {
    if (v.is(AttributeType::kN)) return Status::Ok();
    return errors::UpdateOperandType("ADD", v);
  }
  return errors::UpdateOperandType("DELETE", v);
}

}  // namespace

Result<UpdateExpression> BindUpdate(const UpdateExpression& parsed, ExpressionContext& context) {
  UpdateExpression bound = parsed;
  const OperandBinder binder(ExpressionKind::kUpdate, context);
  PathRegistry registry(ExpressionKind::kUpdate);
  for (auto it = bound.actions.rbegin(); it != bound.actions.rend(); ++it) {
    DDBEMU_RETURN_IF_ERROR(binder.BindPath(it->path));
    DDBEMU_RETURN_IF_ERROR(registry.Add(it->path));
  }
  int operators = 0;
  for (auto it = bound.actions.rbegin(); it != bound.actions.rend(); ++it) {
    if (it->kind == UpdateAction::Kind::kRemove) continue;
    DDBEMU_RETURN_IF_ERROR(binder.BindOperand(it->value));
    if (it->kind == UpdateAction::Kind::kSet) {
      operators += CountOperators(it->value);
    } else {
      DDBEMU_RETURN_IF_ERROR(CheckActionValue(*it));
    }
  }
  if (operators > kMaxOperators) return errors::TooManyOperators(ExpressionKind::kUpdate);
  DDBEMU_RETURN_IF_ERROR(binder.CheckNoValueInPath());
  return bound;
}

Result<ProjectionExpression> BindProjection(const ProjectionExpression& parsed,
                                            ExpressionContext& context) {
  ProjectionExpression bound = parsed;
  const OperandBinder binder(ExpressionKind::kProjection, context);
  PathRegistry registry(ExpressionKind::kProjection);
  for (auto it = bound.paths.rbegin(); it != bound.paths.rend(); ++it) {
    DDBEMU_RETURN_IF_ERROR(binder.BindPath(*it));
    DDBEMU_RETURN_IF_ERROR(registry.Add(*it));
  }
  DDBEMU_RETURN_IF_ERROR(binder.CheckNoValueInPath());
  return bound;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
