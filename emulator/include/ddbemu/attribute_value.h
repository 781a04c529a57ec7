// AttributeValue: one DynamoDB value of any of the ten types (S, N, B, BOOL, NULL, M, L,
// SS, NS, BS), and Item, the map from attribute name to value that a table stores.
//
// Invariants (enforced where values enter: the JSON codec and the update engine):
//  - an N value, and every member of an NS, holds the number's canonical text
//    (see value/number.h), so equal numbers have equal text;
//  - a B value, and every member of a BS, holds raw bytes, not base64;
//  - sets are non-empty and hold no duplicates. Their order is the order they arrived in;
//    DynamoDB promises no order for set members, and equality ignores it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ddbemu {

enum class AttributeType : std::uint8_t {
  kS,
  kN,
  kB,
  kBool,
  kNull,
  kM,
  kL,
  kSS,
  kNS,
  kBS,
};

// The type descriptor as it appears on the wire: "S", "N", "B", "BOOL", "NULL", "M", "L",
// "SS", "NS", "BS".
std::string_view TypeDescriptor(AttributeType type);

class AttributeValue;
// std::less<> lets maps be searched with a string_view without building a std::string.
using AttributeMap = std::map<std::string, AttributeValue, std::less<>>;
using AttributeList = std::vector<AttributeValue>;
using Item = AttributeMap;

class AttributeValue {
 public:
  AttributeValue() : type_(AttributeType::kNull) {}  // NULL

  static AttributeValue S(std::string s) { return AttributeValue(AttributeType::kS, std::move(s)); }
  // `canonical` must already be canonical number text (value/number.h).
  static AttributeValue N(std::string canonical) {
    return AttributeValue(AttributeType::kN, std::move(canonical));
  }
  static AttributeValue B(std::string bytes) { return AttributeValue(AttributeType::kB, std::move(bytes)); }
  static AttributeValue Bool(bool b) {
    AttributeValue v(AttributeType::kBool);
    v.bool_ = b;
    return v;
  }
  static AttributeValue Null() { return AttributeValue(); }
  static AttributeValue M(AttributeMap m) {
    AttributeValue v(AttributeType::kM);
    v.map_ = std::move(m);
    return v;
  }
  static AttributeValue L(AttributeList l) {
    AttributeValue v(AttributeType::kL);
    v.list_ = std::move(l);
    return v;
  }
  static AttributeValue SS(std::vector<std::string> s) { return Set(AttributeType::kSS, std::move(s)); }
  static AttributeValue NS(std::vector<std::string> s) { return Set(AttributeType::kNS, std::move(s)); }
  static AttributeValue BS(std::vector<std::string> s) { return Set(AttributeType::kBS, std::move(s)); }

  AttributeType type() const { return type_; }
  bool is(AttributeType t) const { return type_ == t; }
  bool is_set() const {
    return type_ == AttributeType::kSS || type_ == AttributeType::kNS || type_ == AttributeType::kBS;
  }

  // S text, N canonical text or B raw bytes.
  const std::string& scalar() const { return scalar_; }
  std::string& scalar() { return scalar_; }
  bool boolean() const { return bool_; }
  const AttributeMap& map() const { return map_; }
  AttributeMap& map() { return map_; }
  const AttributeList& list() const { return list_; }
  AttributeList& list() { return list_; }
  // Members of an SS, NS (canonical text) or BS (raw bytes).
  const std::vector<std::string>& set() const { return set_; }
  std::vector<std::string>& set() { return set_; }

  // DynamoDB equality: same type and same value; sets compare as sets (order ignored);
  // numbers compare by value (canonical text makes that a text comparison).
  friend bool operator==(const AttributeValue& a, const AttributeValue& b);

 private:
  explicit AttributeValue(AttributeType t) : type_(t) {}
  AttributeValue(AttributeType t, std::string s) : type_(t), scalar_(std::move(s)) {}
  static AttributeValue Set(AttributeType t, std::vector<std::string> members) {
    AttributeValue v(t);
    v.set_ = std::move(members);
    return v;
  }

  AttributeType type_;
  bool bool_ = false;
  std::string scalar_;
  std::vector<std::string> set_;
  AttributeList list_;
  AttributeMap map_;
};

}  // namespace ddbemu
