// Keys of the audit without allocation: their hashes (KeyHash, CombineHash) and, when a sketch
// takes one in, their DynamoDB JSON labels (WriteKeyLabel) — see access_audit.h.
#include <functional>

#include "audit/access_audit.h"
#include "value/key_label.h"

namespace ddbemu::audit {
namespace {

// Characters a label holds as they are (KeyLabel escapes some of the others).
bool Plain(std::string_view s) {
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') return false;
  }
  return true;
}

}  // namespace

std::uint64_t KeyHash(std::span<const KeyAttribute> attributes, const Item& item) {
  std::uint64_t h = 0;
  for (const KeyAttribute& a : attributes) {
    auto it = item.find(a.name);
    if (it == item.end()) return 0;
    h = CombineHash(h, static_cast<std::uint64_t>(it->second.type()) + 1);
    h = CombineHash(h, std::hash<std::string_view>{}(it->second.scalar()));
  }
  return h | 1;
}

void WriteKeyLabel(std::span<const KeyAttribute> attributes, const Item& item, std::string& out) {
  // The common key, one string or number attribute of plain characters, written directly;
  // the same text KeyLabel writes for it (the capacity report's labels, which findings match).
  if (attributes.size() == 1) {
    auto it = item.find(attributes[0].name);
    if (it == item.end()) return;
    const AttributeValue& v = it->second;
    if ((v.is(AttributeType::kS) || v.is(AttributeType::kN)) && Plain(attributes[0].name) &&
        Plain(v.scalar())) {
      out += "{\"";
      out += attributes[0].name;
      out += v.is(AttributeType::kS) ? "\":{\"S\":\"" : "\":{\"N\":\"";
      out += v.scalar();
      out += "\"}}";
      return;
    }
  }
  Item key;
  for (const KeyAttribute& a : attributes) {
    auto it = item.find(a.name);
    if (it == item.end()) return;
    key.emplace(a.name, it->second);
  }
  out += KeyLabel(key);
}

}  // namespace ddbemu::audit
