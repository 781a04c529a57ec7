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

std::uint64_t KeyHash(std::span<const KeyScalar> values) {
  std::uint64_t h = 0;
  for (const KeyScalar& v : values) {
    if (!v.found) return 0;
    h = CombineHash(h, static_cast<std::uint64_t>(v.type) + 1);
    h = CombineHash(h, std::hash<std::string_view>{}(v.bytes));
  }
  return h | 1;
}

KeyRef KeyOf(std::span<const KeyAttribute> attributes, const Item& item) {
  KeyRef key;
  key.attributes = attributes;
  key.item = &item;
  if (attributes.size() > kMaxKeyParts) return key;
  for (std::size_t i = 0; i < attributes.size(); ++i) {
    auto it = item.find(attributes[i].name);
    if (it == item.end()) return key;
    key.values[i] = KeyScalar{it->second.type(), it->second.scalar(), true};
  }
  key.hash = KeyHash({key.values.data(), attributes.size()});
  return key;
}

std::uint64_t KeyHash(std::span<const KeyAttribute> attributes, const Item& item) {
  return KeyOf(attributes, item).hash;
}

void WriteKeyLabel(const KeyRef& key, std::string& out) {
  if (key.hash == 0) return;
  // The common key, one string or number attribute of plain characters, written directly;
  // the same text KeyLabel writes for it (the capacity report's labels, which findings match).
  if (key.attributes.size() == 1) {
    const KeyScalar& v = key.values[0];
    if ((v.type == AttributeType::kS || v.type == AttributeType::kN) &&
        Plain(key.attributes[0].name) && Plain(v.bytes)) {
      out += "{\"";
      out += key.attributes[0].name;
      out += v.type == AttributeType::kS ? "\":{\"S\":\"" : "\":{\"N\":\"";
      out += v.bytes;
      out += "\"}}";
      return;
    }
  }
  Item label;
  for (std::size_t i = 0; i < key.attributes.size(); ++i) {
    const std::string& name = key.attributes[i].name;
    if (key.item != nullptr) {
      label.emplace(name, key.item->find(name)->second);  // found: the hash is not 0
    } else {
      // Read from an encoded item: an S, N or B (FindScalarAttributes reads no other type).
      label.emplace(name, AttributeValue(AttributeValue::ScalarBytes{key.values[i].type,
                                                                     key.values[i].bytes}));
    }
  }
  out += KeyLabel(label);
}

}  // namespace ddbemu::audit
