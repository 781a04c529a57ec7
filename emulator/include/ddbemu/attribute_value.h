// AttributeValue: one DynamoDB value of any of the ten types (S, N, B, BOOL, NULL, M, L,
// SS, NS, BS), and Item, the map from attribute name to value that a table stores (a FlatMap:
// sorted by name, one allocation; see flat_map.h).
//
// Invariants (enforced where values enter: the JSON codec and the update engine):
//  - an N value, and every member of an NS, holds the number's canonical text
//    (see value/number.h), so equal numbers have equal text;
//  - a B value, and every member of a BS, holds raw bytes, not base64;
//  - sets are non-empty and hold no duplicates. Their order is the order they arrived in;
//    DynamoDB promises no order for set members, and equality ignores it.
#pragma once

#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/flat_map.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

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
namespace detail {
// An S, N or B scalar for AttributeValue's in-place constructor; N text already canonical.
struct ScalarBytes {
  AttributeType type = AttributeType::kS;
  std::string_view bytes;
};
struct DecoderAccess;  // the item decoders' way in (ddbemu/flat_map.h)
}  // namespace detail
// Names to values, sorted by name in one allocation; searched with a string_view without building
// a std::string. Unlike std::map, any insertion or erasure invalidates iterators and references
// into the map (flat_map.h states the contract).
using AttributeMap = FlatMap<AttributeValue>;
using AttributeList = std::vector<AttributeValue>;
using Item = AttributeMap;

// Values are small: an M's, L's or set's members live in a separately allocated Compound, so a
// scalar (the usual attribute) is 48 bytes. Const accessors of a type without such members
// answer empty; mutable ones create the (empty) members on first use, so a value that several
// threads read at once must be read through const access.
class AttributeValue {
 public:
  AttributeValue() = default;  // NULL

  static AttributeValue S(std::string s) { return AttributeValue(AttributeType::kS, std::move(s)); }
  static AttributeValue S(std::string_view s) { return S(std::string(s)); }
  static AttributeValue S(const char* s) { return S(std::string(s)); }
  // A number from its text. A request takes any text the service accepts ("1.50", "1E3") and
  // stores the canonical form ("1.5", "1000"); == compares the text, so build values to compare
  // from canonical text, from C++ numbers (below) or from what a read returned.
  static AttributeValue N(std::string text) {
    return AttributeValue(AttributeType::kN, std::move(text));
  }
  // A number from a C++ integer: its decimal text, which is canonical.
  template <std::integral I>
  requires(!std::same_as<I, bool>) static AttributeValue N(I n) { return N(std::to_string(n)); }
  // A number from a double: the shortest text that reads back as `d`, in canonical form
  // (0.1 -> "0.1", 1e20 -> "100000000000000000000"). NaN and infinities have no DynamoDB form: the
  // text they give ("nan", "inf") is refused by any request that carries it.
  static AttributeValue N(double d);
  static AttributeValue N(const char* text) { return N(std::string(text)); }
  static AttributeValue N(bool) = delete;  // a BOOL is Bool(b)
  static AttributeValue B(std::string bytes) {
    return AttributeValue(AttributeType::kB, std::move(bytes));
  }
  static AttributeValue Bool(bool b) {
    AttributeValue v(AttributeType::kBool);
    v.bool_ = b;
    return v;
  }
  static AttributeValue Null() { return AttributeValue(); }
  static AttributeValue M(AttributeMap m);
  static AttributeValue L(AttributeList l);
  static AttributeValue SS(std::vector<std::string> s) {
    return Set(AttributeType::kSS, std::move(s));
  }
  static AttributeValue NS(std::vector<std::string> s) {
    return Set(AttributeType::kNS, std::move(s));
  }
  static AttributeValue BS(std::vector<std::string> s) {
    return Set(AttributeType::kBS, std::move(s));
  }

  // An S, N or B value holding a copy of bytes (detail::ScalarBytes), built where it is to live:
  // the stored-item decoder's one string construction per scalar. Not for applications.
  explicit AttributeValue(detail::ScalarBytes s) : scalar_(s.bytes), type_(s.type) {}

  AttributeValue(const AttributeValue& other);
  AttributeValue(AttributeValue&& other) noexcept = default;
  AttributeValue& operator=(const AttributeValue& other);
  AttributeValue& operator=(AttributeValue&& other) noexcept;
  ~AttributeValue();

  AttributeType type() const { return type_; }
  bool is(AttributeType t) const { return type_ == t; }
  bool is_set() const {
    return type_ == AttributeType::kSS || type_ == AttributeType::kNS ||
           type_ == AttributeType::kBS;
  }

  // The value as one C++ type, or null (nullopt) when it is of another DynamoDB type. Never
  // throws: test the answer.
  const std::string* as_string() const { return type_ == AttributeType::kS ? &scalar_ : nullptr; }
  // An N's text (canonical once stored).
  const std::string* as_number_text() const {
    return type_ == AttributeType::kN ? &scalar_ : nullptr;
  }
  // An N that is an integer within int64's range.
  std::optional<std::int64_t> as_int64() const;
  // An N as the nearest double.
  std::optional<double> as_double() const;
  const std::string* as_binary() const { return type_ == AttributeType::kB ? &scalar_ : nullptr; }
  std::optional<bool> as_bool() const {
    if (type_ != AttributeType::kBool) return std::nullopt;
    return bool_;
  }
  bool is_null() const { return type_ == AttributeType::kNull; }
  const AttributeMap* as_map() const;
  const AttributeList* as_list() const;
  const std::vector<std::string>* as_string_set() const { return set_if(AttributeType::kSS); }
  const std::vector<std::string>* as_number_set() const { return set_if(AttributeType::kNS); }
  const std::vector<std::string>* as_binary_set() const { return set_if(AttributeType::kBS); }

  // S text, N canonical text or B raw bytes.
  const std::string& scalar() const { return scalar_; }
  std::string& scalar() { return scalar_; }
  bool boolean() const { return bool_; }
  const AttributeMap& map() const;
  AttributeMap& map();
  const AttributeList& list() const;
  AttributeList& list();
  // Members of an SS, NS (canonical text) or BS (raw bytes).
  const std::vector<std::string>& set() const;
  std::vector<std::string>& set();

  // DynamoDB equality: same type and same value; sets compare as sets (order ignored);
  // numbers compare by value (canonical text makes that a text comparison).
  friend bool operator==(const AttributeValue& a, const AttributeValue& b);

 private:
  friend struct detail::DecoderAccess;
  struct Compound;  // defined below, once AttributeValue is complete

  explicit AttributeValue(AttributeType t) : type_(t) {}
  AttributeValue(AttributeType t, std::string s) : scalar_(std::move(s)), type_(t) {}
  static AttributeValue Set(AttributeType t, std::vector<std::string> members) {
    AttributeValue v(t);
    v.set() = std::move(members);
    return v;
  }
  const Compound& compound() const;
  Compound& mutable_compound();
  const std::vector<std::string>* set_if(AttributeType t) const;
  static const Compound& EmptyCompound();  // shared, immutable

  std::unique_ptr<Compound> compound_;  // null until a map, list or set member is stored
  std::string scalar_;
  AttributeType type_ = AttributeType::kNull;
  bool bool_ = false;
};

struct AttributeValue::Compound {
  std::vector<std::string> set;
  AttributeList list;
  AttributeMap map;
};

inline AttributeValue AttributeValue::M(AttributeMap m) {
  AttributeValue v(AttributeType::kM);
  v.map() = std::move(m);
  return v;
}
inline AttributeValue AttributeValue::L(AttributeList l) {
  AttributeValue v(AttributeType::kL);
  v.list() = std::move(l);
  return v;
}

inline AttributeValue::AttributeValue(const AttributeValue& other)
    : compound_(other.compound_ ? std::make_unique<Compound>(*other.compound_) : nullptr),
      scalar_(other.scalar_),
      type_(other.type_),
      bool_(other.bool_) {}

inline AttributeValue& AttributeValue::operator=(const AttributeValue& other) {
  if (this != &other) *this = AttributeValue(other);
  return *this;
}

// `other` may live inside this value (v = std::move(v.map()["a"])): its parts are taken before
// this value's old members are destroyed.
inline AttributeValue& AttributeValue::operator=(AttributeValue&& other) noexcept {
  if (this == &other) return *this;
  std::unique_ptr<Compound> old = std::move(compound_);
  compound_ = std::move(other.compound_);
  scalar_ = std::move(other.scalar_);
  type_ = other.type_;
  bool_ = other.bool_;
  return *this;
}

inline AttributeValue::~AttributeValue() = default;

inline const AttributeValue::Compound& AttributeValue::compound() const {
  if (compound_) return *compound_;
  return EmptyCompound();
}
inline AttributeValue::Compound& AttributeValue::mutable_compound() {
  if (!compound_) compound_ = std::make_unique<Compound>();
  return *compound_;
}
inline const AttributeMap& AttributeValue::map() const { return compound().map; }
inline AttributeMap& AttributeValue::map() { return mutable_compound().map; }
inline const AttributeList& AttributeValue::list() const { return compound().list; }
inline AttributeList& AttributeValue::list() { return mutable_compound().list; }
inline const std::vector<std::string>& AttributeValue::set() const { return compound().set; }
inline std::vector<std::string>& AttributeValue::set() { return mutable_compound().set; }
inline const AttributeMap* AttributeValue::as_map() const {
  return type_ == AttributeType::kM ? &map() : nullptr;
}
inline const AttributeList* AttributeValue::as_list() const {
  return type_ == AttributeType::kL ? &list() : nullptr;
}
inline const std::vector<std::string>* AttributeValue::set_if(AttributeType t) const {
  return type_ == t ? &set() : nullptr;
}

// DynamoDB JSON, as the service and `aws dynamodb` print it: {"S":"x"}, {"N":"1"}, B and BS in
// base64, an item as {"name":{"S":"x"},...} in name order. ToJson (ddbemu/json.h) gives the same
// text as a string. GoogleTest prints values and items this way (PrintTo).
std::ostream& operator<<(std::ostream& out, const AttributeValue& value);
std::ostream& operator<<(std::ostream& out, const Item& item);
void PrintTo(const AttributeValue& value, std::ostream* out);
void PrintTo(const Item& item, std::ostream* out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
