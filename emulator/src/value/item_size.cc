// Item size as DynamoDB computes it ("Item sizes and formats", DynamoDB Developer Guide;
// docs/capacity.md section 1):
//  - S: UTF-8 bytes; B: raw bytes; BOOL, NULL: 1 byte;
//  - N: "approximately 1 byte per two significant digits + 1 byte", exactly as below;
//  - SS, NS, BS: the sum of the members' sizes;
//  - L, M: 3 bytes of overhead + 1 byte per element + the elements (M also its keys' names);
//  - an item: the sum over attributes of the name's UTF-8 length + the value's size.
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

// Floor division for the digit-pair index of a power of ten (powers may be negative).
int PairOf(int power) { return power >= 0 ? power / 2 : -((-power + 1) / 2); }

}  // namespace

// The exact rule behind the documented approximation ("1 byte per two significant digits + 1
// byte", leading and trailing zeros trimmed): DynamoDB stores a number as one exponent byte plus
// base-100 digits aligned on the decimal point (each pair of decimal digits around the point is
// one byte; leading and trailing zero pairs are dropped), and a negative number with fewer than
// 20 such bytes carries one terminator byte. Sources: the number encoding dynalite reverse-
// engineered from DynamoDB's hash keys (db/index.js numToBuffer), dynoxide's measurements at the
// 400 KB boundary against AWS (an extra byte for negatives; digits counted on each side of the
// point), and dynalite's boundary tests against AWS. It agrees with the documented formula for
// integers with an even number of digits and stays within one byte of it otherwise
// (27 -> 2, -27 -> 3, 461 -> 3, 1.5 -> 3; 38 significant digits -> at most 21). Zero is 1 byte.
std::size_t NumberSize(std::string_view canonical) {
  bool negative = false;
  if (!canonical.empty() && canonical[0] == '-') {
    negative = true;
    canonical.remove_prefix(1);
  }
  const std::size_t dot = canonical.find('.');
  const std::string_view int_part = canonical.substr(0, dot);
  const std::string_view frac =
      dot == std::string_view::npos ? std::string_view() : canonical.substr(dot + 1);
  // The powers of ten of the first and last significant digits.
  int first, last;
  if (int_part != "0" && !int_part.empty()) {
    first = static_cast<int>(int_part.size()) - 1;
    if (!frac.empty()) {
      last = -static_cast<int>(frac.size());
    } else {
      const std::size_t nz = int_part.find_last_not_of('0');
      last = static_cast<int>(int_part.size() - 1 - nz);
    }
  } else {
    const std::size_t nz = frac.find_first_not_of('0');
    if (nz == std::string_view::npos) return 1;  // zero
    first = -static_cast<int>(nz) - 1;
    last = -static_cast<int>(frac.size());
  }
  const int pairs = PairOf(first) - PairOf(last) + 1;
  return 1 + static_cast<std::size_t>(pairs) + (negative && pairs < 20 ? 1 : 0);
}

std::size_t AttributeValueSize(const AttributeValue& value) {
  switch (value.type()) {
    case AttributeType::kS:
    case AttributeType::kB:
      return value.scalar().size();
    case AttributeType::kN:
      return NumberSize(value.scalar());
    case AttributeType::kBool:
    case AttributeType::kNull:
      return 1;
    case AttributeType::kSS:
    case AttributeType::kBS: {
      std::size_t n = 0;
      for (const auto& m : value.set()) n += m.size();
      return n;
    }
    case AttributeType::kNS: {
      std::size_t n = 0;
      for (const auto& m : value.set()) n += NumberSize(m);
      return n;
    }
    case AttributeType::kL: {
      std::size_t n = 3 + value.list().size();
      for (const auto& e : value.list()) n += AttributeValueSize(e);
      return n;
    }
    case AttributeType::kM: {
      std::size_t n = 3 + value.map().size();
      for (const auto& [name, e] : value.map()) n += name.size() + AttributeValueSize(e);
      return n;
    }
  }
  return 0;
}

std::size_t ItemSize(const Item& item) {
  std::size_t n = 0;
  for (const auto& [name, value] : item) n += name.size() + AttributeValueSize(value);
  return n;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
