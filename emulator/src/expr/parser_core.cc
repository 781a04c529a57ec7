// Token handling, syntax errors, document paths and operands: the parts of the expression
// grammar shared by every expression kind.
#include <cstdint>

#include "expr/errors.h"
#include "expr/parser_internal.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// The value of list-index digits, or UINT32_MAX when it exceeds the allowed range (the
// static checks report it with the digits as written).
std::uint32_t IndexValue(std::string_view digits) {
  if (digits.size() > 10) return UINT32_MAX;
  std::uint64_t v = 0;
  for (char c : digits) v = v * 10 + static_cast<std::uint64_t>(c - '0');
  return v > 2147483647 ? UINT32_MAX : static_cast<std::uint32_t>(v);
}

}  // namespace

ExpressionParser::ExpressionParser(std::string_view text, ExpressionKind kind)
    : text_(text), kind_(kind), tokens_(Lex(text)) {}

bool ExpressionParser::Fail(ApiError error) {
  if (!error_) error_ = std::move(error);
  return false;
}

bool ExpressionParser::SyntaxErrorHere() {
  // The service quotes the offending token and the text from the start of the token before
  // it to the end of the token after it ("near"), whitespace included as written.
  const Token& t = tokens_[pos_];
  const std::size_t begin = pos_ > 0 ? tokens_[pos_ - 1].begin : 0;
  const std::size_t end = pos_ + 1 < tokens_.size() ? tokens_[pos_ + 1].end : t.end;
  const std::string_view token = t.kind == TokenKind::kEof ? "<EOF>" : TextOf(t);
  return Fail(errors::Syntax(kind_, token, text_.substr(begin, end - begin)));
}

bool ExpressionParser::Accept(TokenKind kind) {
  if (PeekKind() != kind) return false;
  Advance();
  return true;
}

bool ExpressionParser::Expect(TokenKind kind) {
  if (PeekKind() != kind) return SyntaxErrorHere();
  Advance();
  return true;
}

bool ExpressionParser::CloseParenthesis(bool inner_parenthesized) {
  if (!Expect(TokenKind::kRParen)) return false;
  // "((x))": the service rejects a group whose only content is another group.
  if (!inner_parenthesized) return true;
  if (undecided_ == 0) return Fail(errors::RedundantParentheses(kind_));
  if (!pending_) pending_ = errors::RedundantParentheses(kind_);
  return true;
}

bool ExpressionParser::Decided() {
  if (undecided_ > 0 && --undecided_ == 0 && pending_) return Fail(*std::move(pending_));
  return true;
}

bool ExpressionParser::DecidedAll() {
  if (undecided_ == 0) return true;
  undecided_ = 1;
  return Decided();
}

bool ExpressionParser::ParsePath(DocumentPath* out) {
  // After a ".", the service's grammar also accepts a value placeholder (`a.:v`); binding then
  // rejects it (binder.cc). A path never starts with one (`:v.a` fails at the ".").
  auto name_element = [&](bool allow_value_ref) -> bool {
    const TokenKind k = PeekKind();
    const bool ok = k == TokenKind::kId || k == TokenKind::kNameRef ||
                    (allow_value_ref && k == TokenKind::kValueRef);
    if (!ok) return SyntaxErrorHere();
    PathElement e;
    e.name = std::string(TextOf(Peek()));
    e.is_placeholder = k != TokenKind::kId;
    out->elements.push_back(std::move(e));
    Advance();
    return true;
  };
  if (!name_element(false)) return false;
  while (true) {
    if (Accept(TokenKind::kDot)) {
      if (!name_element(true)) return false;
    } else if (Accept(TokenKind::kLBracket)) {
      if (PeekKind() != TokenKind::kIndex) return SyntaxErrorHere();
      PathElement e;
      e.kind = PathElement::Kind::kIndex;
      e.name = std::string(TextOf(Peek()));
      e.index = IndexValue(e.name);
      out->elements.push_back(std::move(e));
      Advance();
      if (!Expect(TokenKind::kRBracket)) return false;
    } else {
      return true;
    }
  }
}

bool ExpressionParser::ParseOperand(Operand* out, bool* parenthesized) {
  *parenthesized = false;
  switch (PeekKind()) {
    case TokenKind::kLParen: {
      Advance();
      bool inner = false;
      if (!ParseOperand(out, &inner) || !CloseParenthesis(inner)) return false;
      *parenthesized = true;
      return true;
    }
    case TokenKind::kValueRef:
      out->kind = Operand::Kind::kValue;
      out->placeholder = std::string(TextOf(Peek()));
      Advance();
      return true;
    case TokenKind::kId:
      if (tokens_[pos_ + 1].kind == TokenKind::kLParen) return ParseFunctionCall(out);
      [[fallthrough]];
    case TokenKind::kNameRef:
      out->kind = Operand::Kind::kPath;
      return ParsePath(&out->path);
    default:
      return SyntaxErrorHere();
  }
}

bool ExpressionParser::ParseFunctionCall(Operand* out) {
  out->kind = Operand::Kind::kFunction;
  out->function_name = std::string(TextOf(Peek()));
  out->function = FunctionByName(out->function_name);
  Advance();  // the name
  Advance();  // "("
  do {
    out->args.emplace_back();
    bool parenthesized = false;
    if (!ParseOperand(&out->args.back(), &parenthesized)) return false;
  } while (Accept(TokenKind::kComma));
  return Expect(TokenKind::kRParen);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
