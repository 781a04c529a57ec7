// Keys of the audit without allocation: their hashes (KeyHash, CombineHash) and, when a sketch
// takes one in, their DynamoDB JSON labels (WriteKeyLabel) — see access_audit.h.
#include <cstring>
#include <functional>
#include <vector>

#include "audit/access_audit.h"
#include "value/value_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
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
      label.emplace(name,
                    AttributeValue(detail::ScalarBytes{key.values[i].type, key.values[i].bytes}));
    }
  }
  out += KeyLabel(label);
}

// A captured key: kValues, then per attribute its type, the lengths of its name and value,
// the name and the value; or kLabel and the label written at once (a value of an Item that is
// not an S, N or B: only the Item can label it).
enum CaptureTag : char { kValues = 'V', kLabel = 'L' };

void CaptureKey(const KeyRef& key, std::string& out) {
  if (key.hash == 0) return;
  std::size_t size = 1;
  for (std::size_t i = 0; i < key.attributes.size(); ++i) {
    const AttributeType t = key.values[i].type;
    if (t != AttributeType::kS && t != AttributeType::kN && t != AttributeType::kB) {
      out += kLabel;
      WriteKeyLabel(key, out);
      return;
    }
    size +=
        1 + 2 * sizeof(std::uint32_t) + key.attributes[i].name.size() + key.values[i].bytes.size();
  }
  // One resize and copies: this runs on most reads (a sketch's smallest counter changes hands).
  out.resize(size);
  char* p = out.data();
  *p++ = kValues;
  for (std::size_t i = 0; i < key.attributes.size(); ++i) {
    const std::string_view name = key.attributes[i].name;
    const std::string_view value = key.values[i].bytes;
    const auto name_size = static_cast<std::uint32_t>(name.size());
    const auto value_size = static_cast<std::uint32_t>(value.size());
    *p++ = static_cast<char>(key.values[i].type);
    std::memcpy(p, &name_size, sizeof name_size);
    std::memcpy(p + sizeof name_size, &value_size, sizeof value_size);
    p += 2 * sizeof(std::uint32_t);
    std::memcpy(p, name.data(), name.size());
    std::memcpy(p + name.size(), value.data(), value.size());
    p += name.size() + value.size();
  }
}

std::string LabelOfCapture(std::string_view captured) {
  if (captured.empty()) return {};
  if (captured[0] == kLabel) return std::string(captured.substr(1));
  std::vector<KeyAttribute> attributes;
  KeyRef key;
  captured.remove_prefix(1);
  for (std::size_t i = 0; !captured.empty() && i < kMaxKeyParts; ++i) {
    std::uint32_t name_size, value_size;
    const auto type = static_cast<AttributeType>(captured[0]);
    std::memcpy(&name_size, captured.data() + 1, sizeof name_size);
    std::memcpy(&value_size, captured.data() + 1 + sizeof name_size, sizeof value_size);
    captured.remove_prefix(1 + 2 * sizeof(std::uint32_t));
    attributes.push_back(KeyAttribute{std::string(captured.substr(0, name_size)), type});
    key.values[i] = KeyScalar{type, captured.substr(name_size, value_size), true};
    captured.remove_prefix(name_size + value_size);
  }
  key.attributes = attributes;
  key.hash = 1;  // a captured key is a known one
  std::string label;
  WriteKeyLabel(key, label);
  return label;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
