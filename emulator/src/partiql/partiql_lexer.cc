// The PartiQL lexer (see lexer.h).
#include "partiql/partiql_lexer.h"

#include <cctype>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {
namespace {

bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIdentPart(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// A quoted run starting at s[i] == quote; a doubled quote stands for one.
Result<std::size_t> ReadQuoted(std::string_view s, std::size_t i, char quote, std::string* out) {
  const std::size_t start = i++;
  while (i < s.size()) {
    if (s[i] == quote) {
      if (i + 1 < s.size() && s[i + 1] == quote) {
        out->push_back(quote);
        i += 2;
        continue;
      }
      return i + 1;
    }
    out->push_back(s[i++]);
  }
  (void)start;
  return MalformedStatement(quote == '\'' ? "Unterminated string literal"
                                          : "Unterminated quoted identifier");
}

}  // namespace

ApiError MalformedStatement(std::string_view detail) {
  return ApiError::Validation("Statement wasn't well formed, can't be processed: " +
                              std::string(detail));
}

Result<std::vector<Token>> Lex(std::string_view s) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  auto push = [&](TokenKind kind, std::size_t at, std::size_t length) {
    tokens.push_back(Token{kind, std::string(s.substr(at, length)), at});
    i = at + length;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    // Comments: -- to the end of the line, /* ... */.
    if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      const std::size_t end = s.find("*/", i + 2);
      if (end == std::string_view::npos) return MalformedStatement("Unterminated comment");
      i = end + 2;
      continue;
    }
    const std::size_t at = i;
    if (IsIdentStart(c)) {
      while (i < s.size() && IsIdentPart(s[i])) ++i;
      push(TokenKind::kIdentifier, at, i - at);
      continue;
    }
    if (IsDigit(c) || (c == '.' && i + 1 < s.size() && IsDigit(s[i + 1]))) {
      while (i < s.size() && IsDigit(s[i])) ++i;
      if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && IsDigit(s[i])) ++i;
      }
      if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
        if (j < s.size() && IsDigit(s[j])) {
          i = j;
          while (i < s.size() && IsDigit(s[i])) ++i;
        }
      }
      push(TokenKind::kNumber, at, i - at);
      continue;
    }
    if (c == '\'' || c == '"') {
      std::string text;
      DDBEMU_ASSIGN_OR_RETURN(std::size_t end, ReadQuoted(s, i, c, &text));
      tokens.push_back(Token{c == '\'' ? TokenKind::kString : TokenKind::kQuotedIdentifier,
                             std::move(text), at});
      i = end;
      continue;
    }
    const char next = i + 1 < s.size() ? s[i + 1] : '\0';
    switch (c) {
      case '?':
        push(TokenKind::kQuestion, at, 1);
        continue;
      case '*':
        push(TokenKind::kStar, at, 1);
        continue;
      case ',':
        push(TokenKind::kComma, at, 1);
        continue;
      case '.':
        push(TokenKind::kDot, at, 1);
        continue;
      case ':':
        push(TokenKind::kColon, at, 1);
        continue;
      case '(':
        push(TokenKind::kLParen, at, 1);
        continue;
      case ')':
        push(TokenKind::kRParen, at, 1);
        continue;
      case '[':
        push(TokenKind::kLBracket, at, 1);
        continue;
      case ']':
        push(TokenKind::kRBracket, at, 1);
        continue;
      case '{':
        push(TokenKind::kLBrace, at, 1);
        continue;
      case '}':
        push(TokenKind::kRBrace, at, 1);
        continue;
      case '=':
        push(TokenKind::kEq, at, 1);
        continue;
      case '+':
        push(TokenKind::kPlus, at, 1);
        continue;
      case '-':
        push(TokenKind::kMinus, at, 1);
        continue;
      case '!':
        if (next == '=') {
          push(TokenKind::kNe, at, 2);
          continue;
        }
        break;
      case '<':
        if (next == '<')
          push(TokenKind::kLBag, at, 2);
        else if (next == '>')
          push(TokenKind::kNe, at, 2);
        else if (next == '=')
          push(TokenKind::kLe, at, 2);
        else
          push(TokenKind::kLt, at, 1);
        continue;
      case '>':
        if (next == '>')
          push(TokenKind::kRBag, at, 2);
        else if (next == '=')
          push(TokenKind::kGe, at, 2);
        else
          push(TokenKind::kGt, at, 1);
        continue;
      default:
        break;
    }
    return MalformedStatement("Unexpected character: " + std::string(1, c));
  }
  tokens.push_back(Token{TokenKind::kEnd, "", s.size()});
  return tokens;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
