// The expression lexer: splits an expression string into the tokens of DynamoDB's expression
// grammar. Lexing never fails; a character outside the grammar becomes an kUnknown token so
// that the parser reports it as a syntax error the way the service does
// (`Syntax error; token: "!", near: "a !="`).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

enum class TokenKind : std::uint8_t {
  kComma,
  kLParen,
  kRParen,
  kDot,
  kLBracket,
  kRBracket,
  kEq,
  kNe,  // <>
  kLt,
  kLe,
  kGt,
  kGe,
  kPlus,
  kMinus,
  // Keywords, matched without regard to case.
  kIn,
  kBetween,
  kNot,
  kAnd,
  kOr,
  kSet,
  kAdd,
  kDelete,
  kRemove,
  kIndex,     // a list index: 0 or a digit string without a leading zero
  kId,        // an attribute or function name: [A-Za-z][A-Za-z0-9_]*
  kNameRef,   // #[A-Za-z0-9_]+ : an ExpressionAttributeNames key
  kValueRef,  // :[A-Za-z0-9_]+ : an ExpressionAttributeValues key
  kUnknown,   // any other character (one code point)
  kEof,
};

struct Token {
  TokenKind kind;
  std::uint32_t begin;  // byte offsets into the expression
  std::uint32_t end;
};

// Tokens of `text`, whitespace (space, tab, CR, LF) skipped, always ending with kEof (whose
// begin and end are text.size()). `text` must be shorter than 4 GiB; callers check the 4 KB
// expression limit first.
std::vector<Token> Lex(std::string_view text);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
