// The UpdateExpression and ProjectionExpression grammars:
//   update     := section+                     each of SET, REMOVE, ADD, DELETE at most once
//   SET        := SET path "=" value ("," path "=" value)*
//   value      := operand | operand ("+" | "-") operand | "(" value ")"
//   REMOVE     := REMOVE path ("," path)*
//   ADD/DELETE := ADD path :value ("," path :value)*
//   projection := path ("," path)*
#include "expr/errors.h"
#include "expr/parser_internal.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

bool IsSectionKeyword(TokenKind k) {
  return k == TokenKind::kSet || k == TokenKind::kRemove || k == TokenKind::kAdd ||
         k == TokenKind::kDelete;
}

UpdateAction::Kind SectionKind(TokenKind k) {
  switch (k) {
    case TokenKind::kSet:
      return UpdateAction::Kind::kSet;
    case TokenKind::kRemove:
      return UpdateAction::Kind::kRemove;
    case TokenKind::kAdd:
      return UpdateAction::Kind::kAdd;
    default:
      return UpdateAction::Kind::kDelete;
  }
}

}  // namespace

bool ExpressionParser::ParseUpdateExpression(UpdateExpression* out,
                                             std::vector<std::size_t>* section_starts) {
  if (!IsSectionKeyword(PeekKind())) return SyntaxErrorHere();
  while (IsSectionKeyword(PeekKind())) {
    section_starts->push_back(out->actions.size());
    if (!ParseSection(out)) return false;
  }
  return Expect(TokenKind::kEof);
}

bool ExpressionParser::ParseSection(UpdateExpression* out) {
  const UpdateAction::Kind kind = SectionKind(PeekKind());
  Advance();
  do {
    out->actions.emplace_back();
    UpdateAction* action = &out->actions.back();
    action->kind = kind;
    bool ok = false;
    switch (kind) {
      case UpdateAction::Kind::kSet:
        ok = ParseSetAction(action);
        break;
      case UpdateAction::Kind::kRemove:
        ok = ParsePath(&action->path);
        break;
      default:
        ok = ParseValueAction(action);
        break;
    }
    if (!ok) return false;
  } while (Accept(TokenKind::kComma));
  return true;
}

bool ExpressionParser::ParseSetAction(UpdateAction* out) {
  if (!ParsePath(&out->path) || !Expect(TokenKind::kEq)) return false;
  bool parenthesized = false;
  return ParseSetValue(&out->value, &parenthesized);
}

bool ExpressionParser::ParseSetValue(Operand* out, bool* parenthesized) {
  *parenthesized = false;
  bool operand_parenthesized = false;
  if (PeekKind() == TokenKind::kLParen) {
    Advance();
    bool inner = false;
    if (!ParseSetValue(out, &inner) || !CloseParenthesis(inner)) return false;
    operand_parenthesized = true;
    // "(a + b)" is complete; "(a) + b" goes on.
    if (out->is_arithmetic()) {
      *parenthesized = true;
      return true;
    }
  } else if (!ParseOperand(out, &operand_parenthesized)) {
    return false;
  }
  if (PeekKind() != TokenKind::kPlus && PeekKind() != TokenKind::kMinus) {
    *parenthesized = operand_parenthesized;
    return true;
  }
  return ParseArithmetic(out);
}

// `*out` is the left operand and "+" or "-" is next. Kept apart from ParseSetValue so that the
// recursion through "(" does not carry this frame's operand.
bool ExpressionParser::ParseArithmetic(Operand* out) {
  Operand left = std::move(*out);
  *out = Operand();
  out->kind = PeekKind() == TokenKind::kPlus ? Operand::Kind::kPlus : Operand::Kind::kMinus;
  Advance();
  out->args.push_back(std::move(left));
  out->args.emplace_back();
  bool right_parenthesized = false;
  return ParseOperand(&out->args.back(), &right_parenthesized);
}

bool ExpressionParser::ParseValueAction(UpdateAction* out) {
  if (!ParsePath(&out->path)) return false;
  if (PeekKind() != TokenKind::kValueRef) return SyntaxErrorHere();
  out->value.kind = Operand::Kind::kValue;
  out->value.placeholder = std::string(TextOf(Peek()));
  Advance();
  return true;
}

bool ExpressionParser::ParseProjectionExpression(ProjectionExpression* out) {
  do {
    out->paths.emplace_back();
    if (!ParsePath(&out->paths.back())) return false;
  } while (Accept(TokenKind::kComma));
  return Expect(TokenKind::kEof);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
