// The PartiQL lexer: splits a statement of DynamoDB's PartiQL subset into tokens. Keywords are
// ordinary identifiers here (the parser matches them without regard to case), so that a bare
// attribute name that happens to be a keyword elsewhere still lexes. Lexing fails only on text
// no statement can contain (an unterminated quote, a character outside the grammar); the
// parser words every failure as the service does ("Statement wasn't well formed, ...").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {

enum class TokenKind : std::uint8_t {
  kIdentifier,        // bare name or keyword: Artist, SELECT
  kQuotedIdentifier,  // "Music": a table, index or attribute name, case and all
  kString,            // 'text' ('' inside is one quote)
  kNumber,            // 12, -1.5e3 is kMinus then kNumber
  kQuestion,          // ? parameter
  kStar,
  kComma,
  kDot,
  kColon,
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kLBrace,
  kRBrace,
  kLBag,  // <<
  kRBag,  // >>
  kEq,
  kNe,  // <> or !=
  kLt,
  kLe,
  kGt,
  kGe,
  kPlus,
  kMinus,
  kEnd,
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string text;        // identifier, string or number text (unquoted, unescaped)
  std::size_t offset = 0;  // byte offset in the statement, for messages
};

// The tokens of `statement`, ending with kEnd.
Result<std::vector<Token>> Lex(std::string_view statement);

// The service's envelope for every statement it cannot parse.
ApiError MalformedStatement(std::string_view detail);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
