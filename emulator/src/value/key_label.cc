// The key label and its JSON string escaping; see key_label.h.
#include "value/key_label.h"

#include <string_view>

#include "value/text_encodings.h"

namespace ddbemu {

void AppendJsonString(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out.reserve(out.size() + s.size() + 2);
  out.push_back('"');
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && c != '"' && c != '\\') {
      out.push_back(c);
      continue;
    }
    out.push_back('\\');
    switch (c) {
      case '"':
      case '\\':
        out.push_back(c);
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
        out.push_back(kHex[u >> 4]);
        out.push_back(kHex[u & 0xF]);
        break;
    }
  }
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
