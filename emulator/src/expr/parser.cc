// Entry points of the parser: the length and emptiness checks, the grammar, then the static
// checks, in the service's order (parser.h).
#include "expr/parser.h"

#include "expr/errors.h"
#include "expr/limits.h"
#include "expr/parser_internal.h"
#include "expr/static_checks.h"

namespace ddbemu::expr {
namespace {

// Checks 1 and 2 of parser.h.
Status CheckText(std::string_view text, ExpressionKind kind) {
  const std::size_t length = ExpressionLength(text);
  if (length > kMaxExpressionLength) return errors::TooLong(kind, length);
  if (text.empty()) return errors::Empty(kind);
  return Status::Ok();
}

std::string_view SectionName(UpdateAction::Kind kind) {
  switch (kind) {
    case UpdateAction::Kind::kSet: return "SET";
    case UpdateAction::Kind::kRemove: return "REMOVE";
    case UpdateAction::Kind::kAdd: return "ADD";
    case UpdateAction::Kind::kDelete: return "DELETE";
  }
  return "";
}

Status CheckSectionsUnique(const std::vector<UpdateAction::Kind>& sections) {
  for (std::size_t i = 0; i < sections.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (sections[i] == sections[j]) return errors::DuplicateSection(SectionName(sections[i]));
    }
  }
  return Status::Ok();
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
  DDB_RETURN_IF_ERROR(CheckText(text, kind));
  ExpressionParser parser(text, kind);
  Condition condition;
  if (!parser.ParseConditionExpression(&condition)) return parser.TakeError();
  DDB_RETURN_IF_ERROR(CheckCondition(condition, kind));
  return condition;
}

Result<UpdateExpression> ParseUpdate(std::string_view text) {
  DDB_RETURN_IF_ERROR(CheckText(text, ExpressionKind::kUpdate));
  ExpressionParser parser(text, ExpressionKind::kUpdate);
  UpdateExpression update;
  std::vector<UpdateAction::Kind> sections;
  if (!parser.ParseUpdateExpression(&update, &sections)) return parser.TakeError();
  DDB_RETURN_IF_ERROR(CheckUpdate(update));
  DDB_RETURN_IF_ERROR(CheckSectionsUnique(sections));
  return update;
}

Result<ProjectionExpression> ParseProjection(std::string_view text) {
  DDB_RETURN_IF_ERROR(CheckText(text, ExpressionKind::kProjection));
  ExpressionParser parser(text, ExpressionKind::kProjection);
  ProjectionExpression projection;
  if (!parser.ParseProjectionExpression(&projection)) return parser.TakeError();
  DDB_RETURN_IF_ERROR(CheckProjection(projection));
  return projection;
}

}  // namespace ddbemu::expr
