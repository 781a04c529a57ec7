// Parse (cached) and bind in one call; see expressions.h.
#include "expr/expressions.h"

#include "expr/binder.h"
#include "expr/parser.h"

namespace ddbemu::expr {

Result<Condition> PrepareCondition(std::string_view text, ExpressionKind kind,
                                   ExpressionContext& context, ExpressionCache* cache) {
  if (cache == nullptr) {
    DDB_ASSIGN_OR_RETURN(const Condition parsed, ParseCondition(text, kind));
    return BindCondition(parsed, kind, context);
  }
  const auto parsed = cache->GetCondition(text, kind);
  if (!parsed->ok()) return parsed->error();
  return BindCondition(parsed->value(), kind, context);
}

Result<UpdateExpression> PrepareUpdate(std::string_view text, ExpressionContext& context,
                                       ExpressionCache* cache) {
  if (cache == nullptr) {
    DDB_ASSIGN_OR_RETURN(const UpdateExpression parsed, ParseUpdate(text));
    return BindUpdate(parsed, context);
  }
  const auto parsed = cache->GetUpdate(text);
  if (!parsed->ok()) return parsed->error();
  return BindUpdate(parsed->value(), context);
}

Result<ProjectionExpression> PrepareProjection(std::string_view text, ExpressionContext& context,
                                               ExpressionCache* cache) {
  if (cache == nullptr) {
    DDB_ASSIGN_OR_RETURN(const ProjectionExpression parsed, ParseProjection(text));
    return BindProjection(parsed, context);
  }
  const auto parsed = cache->GetProjection(text);
  if (!parsed->ok()) return parsed->error();
  return BindProjection(parsed->value(), context);
}

}  // namespace ddbemu::expr
