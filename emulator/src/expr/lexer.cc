// Lexer for DynamoDB expressions. The token rules were established against the service's
// answers: names start with a letter (`_a` is a syntax error at "_"), list indexes have no
// leading zero (`a[007]` fails at the second "0"), placeholders take letters, digits and '_'.
#include "expr/lexer.h"

#include <array>
#include <cstddef>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsLetter(c) || IsDigit(c) || c == '_'; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

struct Keyword {
  std::string_view text;  // upper case
  TokenKind kind;
};
constexpr std::array<Keyword, 9> kKeywords = {{
    {"IN", TokenKind::kIn},
    {"BETWEEN", TokenKind::kBetween},
    {"NOT", TokenKind::kNot},
    {"AND", TokenKind::kAnd},
    {"OR", TokenKind::kOr},
    {"SET", TokenKind::kSet},
    {"ADD", TokenKind::kAdd},
    {"DELETE", TokenKind::kDelete},
    {"REMOVE", TokenKind::kRemove},
}};

bool EqualsIgnoringCase(std::string_view word, std::string_view upper) {
  if (word.size() != upper.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != upper[i]) return false;
  }
  return true;
}

TokenKind WordKind(std::string_view word) {
  for (const Keyword& k : kKeywords) {
    if (EqualsIgnoringCase(word, k.text)) return k.kind;
  }
  return TokenKind::kId;
}

// Length of the UTF-8 sequence starting at text[i]; 1 for a byte that does not start a valid
// sequence, so malformed input still advances.
std::size_t CodePointLength(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t n = 1;
  if (lead >= 0xF0 && lead <= 0xF4) {
    n = 4;
  } else if (lead >= 0xE0) {
    n = 3;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    n = 2;
  }
  if (n == 1 || i + n > text.size()) return 1;
  for (std::size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 1;
  }
  return n;
}

// The punctuation token at text[i], or kUnknown; sets *len.
TokenKind Punctuation(std::string_view text, std::size_t i, std::size_t* len) {
  const char c = text[i];
  const char next = i + 1 < text.size() ? text[i + 1] : '\0';
  *len = 1;
  switch (c) {
    case ',':
      return TokenKind::kComma;
    case '(':
      return TokenKind::kLParen;
    case ')':
      return TokenKind::kRParen;
    case '.':
      return TokenKind::kDot;
    case '[':
      return TokenKind::kLBracket;
    case ']':
      return TokenKind::kRBracket;
    case '=':
      return TokenKind::kEq;
    case '+':
      return TokenKind::kPlus;
    case '-':
      return TokenKind::kMinus;
    case '<':
      if (next == '>') {
        *len = 2;
        return TokenKind::kNe;
      }
      if (next == '=') {
        *len = 2;
        return TokenKind::kLe;
      }
      return TokenKind::kLt;
    case '>':
      if (next == '=') {
        *len = 2;
        return TokenKind::kGe;
      }
      return TokenKind::kGt;
    default:
      *len = CodePointLength(text, i);
      return TokenKind::kUnknown;
  }
}

std::size_t SkipWordChars(std::string_view text, std::size_t i) {
  while (i < text.size() && IsWordChar(text[i])) ++i;
  return i;
}

}  // namespace

std::vector<Token> Lex(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  auto emit = [&](TokenKind kind, std::size_t begin, std::size_t end) {
    tokens.push_back({kind, static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end)});
    i = end;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (IsSpace(c)) {
      ++i;
    } else if (IsLetter(c)) {
      const std::size_t end = SkipWordChars(text, i + 1);
      emit(WordKind(text.substr(i, end - i)), i, end);
    } else if (c == '0') {
      emit(TokenKind::kIndex, i, i + 1);
    } else if (IsDigit(c)) {
      std::size_t end = i + 1;
      while (end < text.size() && IsDigit(text[end])) ++end;
      emit(TokenKind::kIndex, i, end);
    } else if ((c == '#' || c == ':') && i + 1 < text.size() && IsWordChar(text[i + 1])) {
      emit(c == '#' ? TokenKind::kNameRef : TokenKind::kValueRef, i, SkipWordChars(text, i + 1));
    } else {
      std::size_t len = 0;
      const TokenKind kind = Punctuation(text, i, &len);
      emit(kind, i, i + len);
    }
  }
  tokens.push_back({TokenKind::kEof, static_cast<std::uint32_t>(text.size()),
                    static_cast<std::uint32_t>(text.size())});
  return tokens;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
