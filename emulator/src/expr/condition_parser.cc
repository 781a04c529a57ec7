// The condition grammar (ConditionExpression, FilterExpression, KeyConditionExpression):
//   condition := term ((AND | OR) term)*        AND binds tighter than OR
//   term      := NOT* primary                   NOT binds tighter than AND
//   primary   := "(" condition ")" | operand comparator operand
//              | operand BETWEEN operand AND operand | operand IN "(" operand ("," operand)* ")"
//              | function "(" operand ("," operand)* ")"
#include "expr/errors.h"
#include "expr/parser_internal.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

bool IsComparator(TokenKind k, Comparator* c) {
  switch (k) {
    case TokenKind::kEq:
      *c = Comparator::kEq;
      return true;
    case TokenKind::kNe:
      *c = Comparator::kNe;
      return true;
    case TokenKind::kLt:
      *c = Comparator::kLt;
      return true;
    case TokenKind::kLe:
      *c = Comparator::kLe;
      return true;
    case TokenKind::kGt:
      *c = Comparator::kGt;
      return true;
    case TokenKind::kGe:
      *c = Comparator::kGe;
      return true;
    default:
      return false;
  }
}

Condition Combine(Condition::Kind kind, Condition left, Condition right) {
  Condition c;
  c.kind = kind;
  c.children.reserve(2);
  c.children.push_back(std::move(left));
  c.children.push_back(std::move(right));
  return c;
}

// Folds terms joined by AND/OR (ops[i] joins terms[i] and terms[i+1]) with AND first, both
// left-associative.
Condition Fold(std::vector<Condition> terms, const std::vector<TokenKind>& ops) {
  std::vector<Condition> disjuncts;
  Condition current = std::move(terms[0]);
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (ops[i] == TokenKind::kAnd) {
      current = Combine(Condition::Kind::kAnd, std::move(current), std::move(terms[i + 1]));
    } else {
      disjuncts.push_back(std::move(current));
      current = std::move(terms[i + 1]);
    }
  }
  disjuncts.push_back(std::move(current));
  Condition result = std::move(disjuncts[0]);
  for (std::size_t i = 1; i < disjuncts.size(); ++i) {
    result = Combine(Condition::Kind::kOr, std::move(result), std::move(disjuncts[i]));
  }
  return result;
}

}  // namespace

bool ExpressionParser::ParseConditionExpression(Condition* out) {
  if (!ParseBoolean(out, nullptr)) return false;
  return Expect(TokenKind::kEof);
}

// `bare` is non-null directly inside "(": the contents may then be an operand, returned in
// *bare, when the ")" follows it. Terms joined by AND/OR are collected on the heap, so that the
// frames of the recursion through "(" stay small.
bool ExpressionParser::ParseBoolean(Condition* out, Inner* bare) {
  bool parenthesized = false;
  if (!ParseTerm(out, bare, &parenthesized)) return false;
  if (bare != nullptr && bare->is_operand) return true;
  if (PeekKind() != TokenKind::kAnd && PeekKind() != TokenKind::kOr) {
    if (bare != nullptr) bare->parenthesized = parenthesized;
    return true;
  }
  return ParseChain(out);
}

bool ExpressionParser::ParseChain(Condition* out) {
  auto terms = std::make_unique<std::vector<Condition>>();
  std::vector<TokenKind> ops;
  terms->push_back(std::move(*out));
  while (PeekKind() == TokenKind::kAnd || PeekKind() == TokenKind::kOr) {
    ops.push_back(PeekKind());
    Advance();
    if (!DecidedAll()) return false;
    terms->emplace_back();
    bool parenthesized = false;
    if (!ParseTerm(&terms->back(), nullptr, &parenthesized)) return false;
  }
  *out = Fold(std::move(*terms), ops);
  return true;
}

bool ExpressionParser::ParseTerm(Condition* out, Inner* bare, bool* parenthesized) {
  std::size_t nots = 0;
  while (Accept(TokenKind::kNot)) ++nots;
  if (nots > 0) {
    bare = nullptr;  // NOT x is never an operand
    if (!DecidedAll()) return false;
  }
  *parenthesized = false;
  const bool ok = PeekKind() == TokenKind::kLParen ? ParseGroup(out, bare, parenthesized)
                                                   : ParseOperandLed(out, bare);
  if (!ok) return false;
  if (nots > 0) {
    *parenthesized = false;
    WrapInNots(out, nots);
  }
  return true;
}

void ExpressionParser::WrapInNots(Condition* out, std::size_t nots) {
  for (std::size_t i = 0; i < nots; ++i) {
    Condition n;
    n.kind = Condition::Kind::kNot;
    n.children.push_back(std::move(*out));
    *out = std::move(n);
  }
}

bool ExpressionParser::ParseOperandLed(Condition* out, Inner* bare) {
  auto first = std::make_unique<Operand>();
  bool operand_parenthesized = false;
  // A function call here may be a condition or an operand: undecided until it ends.
  const bool call = PeekKind() == TokenKind::kId && tokens_[pos_ + 1].kind == TokenKind::kLParen;
  if (call) Undecided();
  if (!ParseOperand(first.get(), &operand_parenthesized)) return false;
  if (call && !Decided()) return false;
  return ParseOperandTail(std::move(*first), out, bare);
}

bool ExpressionParser::ParseGroup(Condition* out, Inner* bare, bool* parenthesized) {
  Advance();    // "("
  Undecided();  // a group or a parenthesized operand
  auto inner = std::make_unique<Inner>();
  if (!ParseBoolean(out, inner.get())) return false;
  if (!CloseParenthesis(inner->parenthesized)) return false;
  if (!inner->is_operand) {
    *parenthesized = true;
    return Decided();
  }
  // "(" operand ")": what follows decides between an operand and a function condition.
  if (!ParseOperandTail(std::move(inner->operand), out, bare)) return false;
  // Returned as an operand, the construct stays undecided through the enclosing "(" (still
  // counted), so releasing this level cannot report a pending error too early.
  if (!Decided()) return false;
  if (bare != nullptr && bare->is_operand) {
    bare->parenthesized = true;
    *parenthesized = true;
  } else {
    // "(f(x))" used as a condition is a group around a function; "(a) = :v" is not a group.
    *parenthesized = out->kind == Condition::Kind::kFunction;
  }
  return true;
}

bool ExpressionParser::ParseOperandTail(Operand first, Condition* out, Inner* bare) {
  Comparator comparator;
  if (IsComparator(PeekKind(), &comparator)) {
    Advance();
    if (!DecidedAll()) return false;
    out->kind = Condition::Kind::kCompare;
    out->comparator = comparator;
    out->operands.push_back(std::move(first));
    out->operands.emplace_back();
    bool parenthesized = false;
    return ParseOperand(&out->operands.back(), &parenthesized);
  }
  if (PeekKind() == TokenKind::kBetween) return ParseBetween(std::move(first), out);
  if (PeekKind() == TokenKind::kIn) return ParseIn(std::move(first), out);
  if (bare != nullptr && PeekKind() == TokenKind::kRParen) {
    bare->is_operand = true;
    bare->operand = std::move(first);
    return true;
  }
  if (!first.is_function()) return SyntaxErrorHere();
  out->kind = Condition::Kind::kFunction;
  out->function = first.function;
  out->function_name = std::move(first.function_name);
  out->operands = std::move(first.args);
  return true;
}

bool ExpressionParser::ParseBetween(Operand first, Condition* out) {
  Advance();  // BETWEEN
  if (!DecidedAll()) return false;
  out->kind = Condition::Kind::kBetween;
  out->operands.push_back(std::move(first));
  bool parenthesized = false;
  out->operands.emplace_back();
  if (!ParseOperand(&out->operands.back(), &parenthesized)) return false;
  if (!Expect(TokenKind::kAnd)) return false;
  out->operands.emplace_back();
  return ParseOperand(&out->operands.back(), &parenthesized);
}

bool ExpressionParser::ParseIn(Operand first, Condition* out) {
  Advance();  // IN
  if (!DecidedAll()) return false;
  if (!Expect(TokenKind::kLParen)) return false;
  out->kind = Condition::Kind::kIn;
  out->operands.push_back(std::move(first));
  do {
    out->operands.emplace_back();
    bool parenthesized = false;
    if (!ParseOperand(&out->operands.back(), &parenthesized)) return false;
  } while (Accept(TokenKind::kComma));
  return Expect(TokenKind::kRParen);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
