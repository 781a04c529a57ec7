// Lookups over the generated model tables, and one matcher per model pattern.
#include "api/api_model.h"

#include <algorithm>
#include <cstddef>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model {
namespace {

bool IsAsciiAlnum(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

template <class Pred>
bool AllBytes(std::string_view text, Pred pred) {
  return std::all_of(text.begin(), text.end(),
                     [&](char c) { return pred(static_cast<unsigned char>(c)); });
}

// Decodes one UTF-8 sequence at text[*i]; returns the code point or -1 if malformed.
int32_t NextCodePoint(std::string_view text, size_t* i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(*i);
  int len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || *i + len > text.size()) return -1;
  int32_t cp = len == 1 ? c : c & (0x7F >> len);
  for (int k = 1; k < len; ++k) {
    if ((byte(*i + k) & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (byte(*i + k) & 0x3F);
  }
  *i += len;
  return cp;
}

// XML 1.0 characters: what the AutoScalingRoleArn pattern spells as UTF-16 ranges.
bool AllXmlChars(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    int32_t cp = NextCodePoint(text, &i);
    bool ok = cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
              (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
    if (!ok) return false;
  }
  return true;
}

}  // namespace

const Operation* FindOperation(std::string_view name) {
  // The generator sorts the operations by name.
  auto ops = Operations();
  auto it =
      std::lower_bound(ops.begin(), ops.end(), name,
                       [](const Operation& op, std::string_view n) { return Str(op.name) < n; });
  if (it == ops.end() || Str(it->name) != name) return nullptr;
  return &*it;
}

bool MatchesPattern(Pattern pattern, std::string_view text) {
  switch (pattern) {
    case Pattern::kNone:
      return true;
    case Pattern::kName:
      return !text.empty() && AllBytes(text, [](unsigned char c) {
        return IsAsciiAlnum(c) || c == '_' || c == '.' || c == '-';
      });
    case Pattern::kNoDollar:
      return !text.empty() && text.find('$') == std::string_view::npos;
    case Pattern::kS3Bucket:
      // [alnum]+ [.\-\w]* [alnum]+ with backtracking: two or more characters from [.\-\w],
      // the first and last alphanumeric.
      return text.size() >= 2 && IsAsciiAlnum(text.front()) && IsAsciiAlnum(text.back()) &&
             AllBytes(text, [](unsigned char c) {
               return IsAsciiAlnum(c) || c == '_' || c == '.' || c == '-';
             });
    case Pattern::kTwelveDigits:
      return text.size() == 12 &&
             AllBytes(text, [](unsigned char c) { return c >= '0' && c <= '9'; });
    case Pattern::kCsvDelimiter:
      return text.size() == 1 &&
             std::string_view(",;:|\t ").find(text[0]) != std::string_view::npos;
    case Pattern::kCsvHeader:
      return AllBytes(
          text, [](unsigned char c) { return c >= 0x20 && c <= 0x7E && c != '"' && c != ','; });
    case Pattern::kHexBlocks16:
      return !text.empty() && text.size() % 16 == 0 && AllBytes(text, [](unsigned char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      });
    case Pattern::kXmlChars:
      return AllXmlChars(text);
    case Pattern::kPrintable:  // Java's \p{Print} is ASCII-only by default
      return !text.empty() &&
             AllBytes(text, [](unsigned char c) { return c >= 0x20 && c <= 0x7E; });
  }
  return false;
}

std::string_view PatternText(Pattern pattern) {
  switch (pattern) {
    case Pattern::kNone:
      return "";
    case Pattern::kName:
      return "[a-zA-Z0-9_.-]+";
    case Pattern::kNoDollar:
      return "^[^\\$]+$";
    case Pattern::kS3Bucket:
      return "^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$";
    case Pattern::kTwelveDigits:
      return "[0-9]{12}";
    case Pattern::kCsvDelimiter:
      return "[,;:|\\t ]";
    case Pattern::kCsvHeader:
      return "[\\x20-\\x21\\x23-\\x2B\\x2D-\\x7E]*";
    case Pattern::kHexBlocks16:
      return "([0-9a-f]{16})+";
    case Pattern::kXmlChars:
      return "[\\u0020-\\uD7FF\\uE000-\\uFFFD\\uD800\\uDC00-\\uDBFF\\uDFFF\\r\\n\\t]*";
    case Pattern::kPrintable:
      return "\\p{Print}+";
  }
  return "";
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model
