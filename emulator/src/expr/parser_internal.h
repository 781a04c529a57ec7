// The recursive-descent parser shared by parser.cc, condition_parser.cc and update_parser.cc.
// Not part of the expr/ interface: include expressions.h instead.
//
// Error positions follow the service's ANTLR parser: the offending token is the first one no
// alternative of the grammar can accept. The one ambiguity of the grammar, "(" opening either a
// condition group or a parenthesized operand, is resolved without backtracking: the contents of
// a "(" are parsed as a condition that may also be a bare operand, and what follows the ")"
// decides (a comparator makes it an operand).
//
// Nesting is bounded only by the 4 KB text limit (about 4096 levels), so recursive functions
// write into their caller's nodes through pointers and keep their frames small; NOT, AND and
// OR chains are built iteratively.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "expr/lexer.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

class ExpressionParser {
 public:
  ExpressionParser(std::string_view text, ExpressionKind kind);

  // Whole-expression entry points; false on error (see error()).
  bool ParseConditionExpression(Condition* out);
  // `section_starts` receives the index of each section's first action, in the order written.
  bool ParseUpdateExpression(UpdateExpression* out, std::vector<std::size_t>* section_starts);
  bool ParseProjectionExpression(ProjectionExpression* out);

  ApiError TakeError() { return std::move(*error_); }

 private:
  // --- tokens (parser_core.cc) ---
  const Token& Peek() const { return tokens_[pos_]; }
  TokenKind PeekKind() const { return tokens_[pos_].kind; }
  std::string_view TextOf(const Token& t) const { return text_.substr(t.begin, t.end - t.begin); }
  void Advance() {
    if (pos_ + 1 < tokens_.size()) ++pos_;
  }
  bool Accept(TokenKind kind);
  bool Expect(TokenKind kind);  // consumes `kind` or fails at the current token
  bool SyntaxErrorHere();       // always false
  bool Fail(ApiError error);    // always false; keeps the first error

  // --- operands (parser_core.cc) ---
  bool ParsePath(DocumentPath* out);
  // An operand of a condition or function: path, :value, function(...), or "(" operand ")".
  // *parenthesized tells the caller that `out` was written inside its own parentheses.
  bool ParseOperand(Operand* out, bool* parenthesized);
  bool ParseFunctionCall(Operand* out);
  bool CloseParenthesis(bool inner_parenthesized);

  // --- conditions (condition_parser.cc) ---
  // A result of parsing inside "(": a condition, or (when allowed) a bare operand.
  struct Inner {
    bool is_operand = false;
    bool parenthesized = false;  // the result was a parenthesized group or operand
    Operand operand;
  };
  bool ParseBoolean(Condition* out, Inner* bare);
  bool ParseChain(Condition* out);
  bool ParseTerm(Condition* out, Inner* bare, bool* parenthesized);
  static void WrapInNots(Condition* out, std::size_t nots);
  bool ParseOperandLed(Condition* out, Inner* bare);
  bool ParseGroup(Condition* out, Inner* bare, bool* parenthesized);
  bool ParseOperandTail(Operand first, Condition* out, Inner* bare);
  bool ParseBetween(Operand first, Condition* out);
  bool ParseIn(Operand first, Condition* out);

  // --- update expressions (update_parser.cc) ---
  bool ParseSection(UpdateExpression* out);
  bool ParseSetAction(UpdateAction* out);
  bool ParseSetValue(Operand* out, bool* parenthesized);
  bool ParseArithmetic(Operand* out);
  bool ParseValueAction(UpdateAction* out);

  // --- the order of redundant-parenthesis and syntax errors (parser_core.cc) ---
  // The service's parser looks ahead to choose between the alternatives of a condition that
  // starts with "(" or with a function call, and parses only once the choice is made; a
  // redundant "((x))" inside such a construct is therefore reported only if the lookahead
  // succeeds: `((a)) = b c` is "redundant parentheses", `((a)) b` a syntax error at "b".
  // `undecided_` counts the enclosing constructs still undecided; a redundancy found meanwhile
  // waits in `pending_` and is reported when they are decided (Decided, DecidedAll).
  void Undecided() { ++undecided_; }
  bool Decided();     // one construct decided; false if that reports a pending error
  bool DecidedAll();  // a comparator, BETWEEN, IN, NOT, AND or OR decides them all

  std::string_view text_;
  ExpressionKind kind_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::optional<ApiError> error_;
  int undecided_ = 0;
  std::optional<ApiError> pending_;
};

// ---- deep nesting -------------------------------------------------------------------------------
// Running a function on a thread with a large stack. The expression parser recurses once per
// nesting level, and the 4 KB expression limit allows about 4096 levels ("((((...", "f(f(f(...");
// on such input the parse runs on a dedicated stack, so that it cannot overflow the caller's
// (a server thread's or a fuzzer's) whatever its size. Ordinary expressions never pay for it.

// An upper bound of the depth of the tree the parser builds from `text`: the deepest nesting of
// parentheses plus the number of NOT keywords (a chain of NOTs nests without parentheses).
std::size_t NestingBound(std::string_view text);

// Runs `fn` on a new thread with a `stack_bytes` stack and waits for it; runs it on the calling
// thread if no such thread can be created.
void RunOnLargeStack(std::size_t stack_bytes, const std::function<void()>& fn);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
