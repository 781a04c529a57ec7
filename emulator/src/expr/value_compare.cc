// Value comparisons and condition functions; see evaluator.h.
#include "expr/evaluator.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>

#include "value/number.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

int Sign(int c) { return c < 0 ? -1 : (c > 0 ? 1 : 0); }

AttributeValue NumberValue(std::size_t n) { return AttributeValue::N(std::to_string(n)); }

// The set type whose members have type `t`, for contains() on sets.
bool IsMemberType(AttributeType set, AttributeType t) {
  return (set == AttributeType::kSS && t == AttributeType::kS) ||
         (set == AttributeType::kNS && t == AttributeType::kN) ||
         (set == AttributeType::kBS && t == AttributeType::kB);
}

}  // namespace

std::optional<int> CompareOrdered(const AttributeValue& a, const AttributeValue& b) {
  if (a.type() != b.type()) return std::nullopt;
  switch (a.type()) {
    case AttributeType::kN:
      return Sign(CompareCanonicalNumbers(a.scalar(), b.scalar()));
    case AttributeType::kS:
    case AttributeType::kB:
      // std::string compares bytes as unsigned char: UTF-8 byte order for S.
      return Sign(a.scalar().compare(b.scalar()));
    default:
      return std::nullopt;
  }
}

bool ValuesEqual(const AttributeValue& a, const AttributeValue& b) { return a == b; }

bool Contains(const AttributeValue& haystack, const AttributeValue& needle) {
  switch (haystack.type()) {
    case AttributeType::kS:
    case AttributeType::kB:
      return needle.type() == haystack.type() &&
             haystack.scalar().find(needle.scalar()) != std::string::npos;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: {
      if (!IsMemberType(haystack.type(), needle.type())) return false;
      const auto& members = haystack.set();
      return std::find(members.begin(), members.end(), needle.scalar()) != members.end();
    }
    case AttributeType::kL:
      return std::any_of(haystack.list().begin(), haystack.list().end(),
                         [&](const AttributeValue& e) { return e == needle; });
    default:
      return false;
  }
}

bool BeginsWith(const AttributeValue& value, const AttributeValue& prefix) {
  if (value.type() != prefix.type()) return false;
  if (!value.is(AttributeType::kS) && !value.is(AttributeType::kB)) return false;
  return value.scalar().compare(0, prefix.scalar().size(), prefix.scalar()) == 0;
}

std::optional<AttributeValue> SizeOf(const AttributeValue& value) {
  switch (value.type()) {
    case AttributeType::kS:
      return NumberValue(ddbemu::Utf16Length(value.scalar()));
    case AttributeType::kB:
      return NumberValue(value.scalar().size());
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS:
      return NumberValue(value.set().size());
    case AttributeType::kL:
      return NumberValue(value.list().size());
    case AttributeType::kM:
      return NumberValue(value.map().size());
    default:
      return std::nullopt;
  }
}

bool IsTypeDescriptor(std::string_view type_name) {
  static constexpr std::array<std::string_view, 10> kTypes = {"S", "N", "B",  "BOOL", "NULL",
                                                              "M", "L", "SS", "NS",   "BS"};
  return std::find(kTypes.begin(), kTypes.end(), type_name) != kTypes.end();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
