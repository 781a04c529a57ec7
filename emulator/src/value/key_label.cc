// The key label; see key_label.h.
#include "value/key_label.h"

#include <string_view>

#include "value/base64.h"

namespace ddbemu {
namespace {

// A JSON string as the codec's writer (RapidJSON's Writer) puts it: '"' and '\' escaped,
// control characters as \b \t \n \f \r or \u00XX in upper-case hex, every other byte as it is.
// A label is written once per report line, so the plain byte loop is enough here.
void AppendQuoted(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out.push_back('"');
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c != '"' && c != '\\') {
      out.push_back(ch);
      continue;
    }
    out.push_back('\\');
    switch (c) {
      case '"':
      case '\\':
        out.push_back(ch);
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
  out.push_back('"');
}

}  // namespace

std::string KeyLabel(const Item& key) {
  std::string out = "{";
  bool first = true;
  for (const auto& [name, value] : key) {
    if (!first) out.push_back(',');
    first = false;
    AppendQuoted(name, out);
    switch (value.type()) {
      case AttributeType::kS:
        out.append(":{\"S\":");
        AppendQuoted(value.scalar(), out);
        break;
      case AttributeType::kN:
        out.append(":{\"N\":");
        AppendQuoted(value.scalar(), out);
        break;
      case AttributeType::kB:
        out.append(":{\"B\":");
        AppendQuoted(Base64Encode(value.scalar()), out);
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
