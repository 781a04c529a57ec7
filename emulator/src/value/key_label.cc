// The key label and the JSON string escaping it shares with the encoded-item writer; see
// key_label.h.
#include "value/key_label.h"

#include <cstdint>
#include <cstring>
#include <string_view>

#include "value/base64.h"

namespace ddbemu {
namespace {

std::uint64_t LoadWord(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// Whether any of the eight bytes of `w` is a control character, '"' or '\\' (the classic
// "has a zero byte" and "has a byte less than n" word tricks).
bool NeedsEscape(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  const std::uint64_t below_space = (w - kOnes * 0x20) & ~w & kHigh;
  const std::uint64_t quote = w ^ (kOnes * '"');
  const std::uint64_t backslash = w ^ (kOnes * '\\');
  const std::uint64_t has_quote = (quote - kOnes) & ~quote & kHigh;
  const std::uint64_t has_backslash = (backslash - kOnes) & ~backslash & kHigh;
  return (below_space | has_quote | has_backslash) != 0;
}

}  // namespace

void AppendJsonString(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out.push_back('"');
  std::size_t plain = 0;  // start of the bytes not yet copied
  std::size_t i = 0;
  // Eight bytes at a time while none needs escaping (most strings never do).
  for (; i + 8 <= s.size() && !NeedsEscape(LoadWord(s.data() + i)); i += 8) {
  }
  for (; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.data() + plain, i - plain);
    plain = i + 1;
    out.push_back('\\');
    switch (c) {
      case '"':
        out.push_back('"');
        break;
      case '\\':
        out.push_back('\\');
        break;
      case '\b':
        out.push_back('b');
        break;
      case '\t':
        out.push_back('t');
        break;
      case '\n':
        out.push_back('n');
        break;
      case '\f':
        out.push_back('f');
        break;
      case '\r':
        out.push_back('r');
        break;
      default:
        out.append("u00");
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
    }
  }
  out.append(s.data() + plain, s.size() - plain);
  out.push_back('"');
}


std::string KeyLabel(const Item& key) {
  std::string out = "{";
  bool first = true;
  for (const auto& [name, value] : key) {
    if (!first) out.push_back(',');
    first = false;
    AppendJsonString(name, out);
    switch (value.type()) {
      case AttributeType::kS:
        out.append(":{\"S\":");
        AppendJsonString(value.scalar(), out);
        break;
      case AttributeType::kN:
        out.append(":{\"N\":");
        AppendJsonString(value.scalar(), out);
        break;
      case AttributeType::kB:
        out.append(":{\"B\":");
        AppendJsonString(Base64Encode(value.scalar()), out);
        break;
      default:
        out.append(":{\"NULL\":true");
        break;
    }
    out.push_back('}');
  }
  out.push_back('}');
  return out;
}

}  // namespace ddbemu
