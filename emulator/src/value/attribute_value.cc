// AttributeValue's type descriptors, its numbers as C++ numbers, its shared empty members, and
// DynamoDB equality.
#include "ddbemu/attribute_value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <system_error>
#include <vector>

#include "value/number.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

std::string_view TypeDescriptor(AttributeType type) {
  switch (type) {
    case AttributeType::kS:
      return "S";
    case AttributeType::kN:
      return "N";
    case AttributeType::kB:
      return "B";
    case AttributeType::kBool:
      return "BOOL";
    case AttributeType::kNull:
      return "NULL";
    case AttributeType::kM:
      return "M";
    case AttributeType::kL:
      return "L";
    case AttributeType::kSS:
      return "SS";
    case AttributeType::kNS:
      return "NS";
    case AttributeType::kBS:
      return "BS";
  }
  return "";
}

AttributeValue AttributeValue::N(double d) {
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, d);  // shortest round trip
  std::string shortest(text, ec == std::errc() ? end : text);
  // "1e+20" -> "100000000000000000000"; a double beyond DynamoDB's range (1E-130 to 9.99E+125)
  // or not finite keeps its text, which a request refuses with the service's message.
  if (!std::isfinite(d)) return N(std::move(shortest));
  Result<std::string> canonical = CanonicalNumber(shortest);
  return N(canonical.ok() ? std::move(canonical).value() : std::move(shortest));
}

std::optional<std::int64_t> AttributeValue::as_int64() const {
  if (type_ != AttributeType::kN) return std::nullopt;
  std::int64_t n = 0;
  const char* end = scalar_.data() + scalar_.size();
  const auto [ptr, ec] = std::from_chars(scalar_.data(), end, n);
  if (ec != std::errc() || ptr != end) return std::nullopt;  // a fraction, or out of range
  return n;
}

std::optional<double> AttributeValue::as_double() const {
  if (type_ != AttributeType::kN) return std::nullopt;
  double d = 0;
  const char* end = scalar_.data() + scalar_.size();
  const auto [ptr, ec] = std::from_chars(scalar_.data(), end, d);
  // DynamoDB's range (1E-130 to 9.99E+125) is within a double's, so only text no request has
  // checked fails here.
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return d;
}

namespace {

// Set equality ignoring order. Members are unique (the invariant of a set), so equal sizes plus
// containment one way is equality. Small sets (the common case) compare without allocating.
bool SameMembers(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.size() != b.size()) return false;
  constexpr std::size_t kLinearLimit = 16;
  if (a.size() <= kLinearLimit) {
    return std::all_of(a.begin(), a.end(), [&](const std::string& m) {
      return std::find(b.begin(), b.end(), m) != b.end();
    });
  }
  std::vector<std::string_view> sa(a.begin(), a.end()), sb(b.begin(), b.end());
  std::sort(sa.begin(), sa.end());
  std::sort(sb.begin(), sb.end());
  return sa == sb;
}

}  // namespace

const AttributeValue::Compound& AttributeValue::EmptyCompound() {
  static const Compound empty;  // never changes: the answer of a value without members
  return empty;
}

bool operator==(const AttributeValue& a, const AttributeValue& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case AttributeType::kS:
    case AttributeType::kN:  // canonical text: equal numbers have equal text
    case AttributeType::kB:
      return a.scalar() == b.scalar();
    case AttributeType::kBool:
      return a.boolean() == b.boolean();
    case AttributeType::kNull:
      return true;
    case AttributeType::kM:
      return a.map() == b.map();
    case AttributeType::kL:
      return a.list() == b.list();
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS:
      return SameMembers(a.set(), b.set());
  }
  return false;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
