// Entry points of the parser: the length and emptiness checks, the grammar, then the static
// checks, in the service's order (expressions.h).
#include "expr/expressions.h"

#include <functional>
#include <optional>

#include "expr/errors.h"
#include "expr/parser_internal.h"
#include "expr/static_checks.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// Checks 1 and 2 of expressions.h.
Status CheckText(std::string_view text, ExpressionKind kind) {
  const std::size_t length = ExpressionLength(text);
  if (length > kMaxExpressionLength) return errors::TooLong(kind, length);
  if (text.empty()) return errors::Empty(kind);
  return Status::Ok();
}

// Up to this nesting depth the parser and the static checks run on the caller's stack (a few
// hundred bytes per level even with sanitizers); deeper input, legal up to the 4 KB limit
// (about 4096 parentheses), gets a stack of its own. Trees that survive parsing are at most
// about 1000 levels deep (NOT chains), which binding handles on a 1 MB stack even under ASan.
constexpr std::size_t kInlineParseDepth = 200;
constexpr std::size_t kDeepParseStackBytes = 64u << 20;

// Runs `parse` (which fills its captures) inline or on a large stack, by nesting depth.
void RunParse(std::string_view text, const std::function<void()>& parse) {
  if (NestingBound(text) <= kInlineParseDepth) {
    parse();
  } else {
    RunOnLargeStack(kDeepParseStackBytes, parse);
  }
}

// The grammar and the static checks, on whichever stack RunParse chose. A failed parse is also
// destroyed there: a partial tree can be as deep as the input.
Result<Condition> ParseConditionHere(std::string_view text, ExpressionKind kind) {
  ExpressionParser parser(text, kind);
  Condition condition;
  if (!parser.ParseConditionExpression(&condition)) return parser.TakeError();
  DDBEMU_RETURN_IF_ERROR(CheckCondition(condition, kind));
  return condition;
}

Result<UpdateExpression> ParseUpdateHere(std::string_view text) {
  ExpressionParser parser(text, ExpressionKind::kUpdate);
  UpdateExpression update;
  std::vector<std::size_t> section_starts;
  if (!parser.ParseUpdateExpression(&update, &section_starts)) return parser.TakeError();
  DDBEMU_RETURN_IF_ERROR(CheckUpdate(update, section_starts));
  return update;
}

}  // namespace

std::size_t ExpressionLength(std::string_view text) {
  // UTF-16 code units: one per code point, two for those beyond the Basic Multilingual Plane
  // (4-byte UTF-8 sequences). Continuation bytes add nothing.
  std::size_t units = 0;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;
  }
  return units;
}

Result<Condition> ParseCondition(std::string_view text, ExpressionKind kind) {
  DDBEMU_RETURN_IF_ERROR(CheckText(text, kind));
  std::optional<Result<Condition>> result;
  RunParse(text, [&] { result.emplace(ParseConditionHere(text, kind)); });
  return std::move(*result);
}

Result<UpdateExpression> ParseUpdate(std::string_view text) {
  DDBEMU_RETURN_IF_ERROR(CheckText(text, ExpressionKind::kUpdate));
  std::optional<Result<UpdateExpression>> result;
  RunParse(text, [&] { result.emplace(ParseUpdateHere(text)); });
  return std::move(*result);
}

Result<ProjectionExpression> ParseProjection(std::string_view text) {
  DDBEMU_RETURN_IF_ERROR(CheckText(text, ExpressionKind::kProjection));
  ExpressionParser parser(text, ExpressionKind::kProjection);
  ProjectionExpression projection;
  if (!parser.ParseProjectionExpression(&projection)) return parser.TakeError();
  DDBEMU_RETURN_IF_ERROR(CheckProjection(projection));
  return projection;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
