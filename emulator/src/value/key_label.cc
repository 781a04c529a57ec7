// The key label and the JSON string escaping it shares with the encoded-item writer; see
// key_label.h.
#include "value/key_label.h"

#include <string_view>

#include "value/base64.h"
#include "value/json_text.h"

namespace ddbemu {

void AppendJsonString(std::string_view s, std::string& out) {
  JsonText text(out, s.size() + 2);
  text.String(s);
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
