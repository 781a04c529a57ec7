// Random DynamoDB values for the value layer's property tests, and an exact reference order for
// numbers that does not use the code under test (cpp_int arithmetic on the decomposition).
#pragma once

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <random>
#include <string>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"
#include "value/number.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {

class RandomValues {
 public:
  explicit RandomValues(unsigned seed) : rng_(seed) {}

  int Int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool Coin() { return Int(0, 1) == 1; }

  // Bytes biased towards the interesting ones: 0x00, 0x01, 0xFF and high bytes.
  std::string Bytes(int max_len) {
    std::string s(static_cast<std::size_t>(Int(0, max_len)), '\0');
    for (char& c : s) {
      switch (Int(0, 5)) {
        case 0:
          c = '\0';
          break;
        case 1:
          c = '\x01';
          break;
        case 2:
          c = '\xFF';
          break;
        case 3:
          c = static_cast<char>(Int(0x80, 0xFF));
          break;
        default:
          c = static_cast<char>(Int('a', 'c'));
          break;
      }
    }
    return s;
  }

  // A valid number in canonical text: random sign, 1..38 digits (often 38), any exponent
  // DynamoDB allows (tiny and huge magnitudes included), or zero.
  std::string CanonicalNumber() {
    if (Int(0, 30) == 0) return "0";
    const int len = Int(0, 3) == 0 ? 38 : Int(1, 12);
    std::string digits;
    for (int i = 0; i < len; ++i) digits.push_back(static_cast<char>('0' + Int(0, 9)));
    digits[0] = static_cast<char>('1' + Int(0, 8));
    if (digits.back() == '0') digits.back() = '7';
    int exponent;
    switch (Int(0, 3)) {
      case 0:
        exponent = Int(-129, 126);
        break;
      case 1:
        exponent = Int(-3, 5);
        break;  // many numbers share an exponent
      case 2:
        exponent = Int(0, 1) ? -129 : 126;
        break;
      default:
        exponent = Int(-20, 40);
        break;
    }
    Result<Number> n = Number::FromDecomposition(Coin(), exponent, digits);
    return n.ok() ? n->ToString() : "0";
  }

 private:
  std::mt19937 rng_;
};

// Exact numeric comparison of two canonical texts, by integer arithmetic on the text.
inline int ReferenceCompareNumbers(const std::string& a, const std::string& b) {
  using boost::multiprecision::cpp_int;
  auto parse = [](std::string t, int* frac_len) {
    const auto dot = t.find('.');
    *frac_len = dot == std::string::npos ? 0 : static_cast<int>(t.size() - dot - 1);
    if (dot != std::string::npos) t.erase(dot, 1);
    const bool negative = !t.empty() && t[0] == '-';
    if (negative) t.erase(0, 1);
    t.erase(0, std::min(t.find_first_not_of('0'), t.size()));  // a leading 0 means octal
    const cpp_int magnitude = t.empty() ? cpp_int(0) : cpp_int(t);
    return negative ? cpp_int(-magnitude) : magnitude;
  };
  int fa, fb;
  cpp_int ia = parse(a, &fa), ib = parse(b, &fb);
  const int f = std::max(fa, fb);
  ia *= boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(f - fa));
  ib *= boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(f - fb));
  return ia < ib ? -1 : (ia > ib ? 1 : 0);
}

// A random attribute value of every type, nested up to a few levels (sets hold distinct
// members).
inline AttributeValue RandomValue(RandomValues& r, int depth) {
  const int kind = r.Int(0, depth >= 3 ? 7 : 9);
  auto members = [&](auto make) {
    std::vector<std::string> m;
    const int n = r.Int(1, 4);
    for (int i = 0; i < n; ++i) m.push_back(make() + std::to_string(i));  // distinct
    return m;
  };
  switch (kind) {
    case 0:
      return AttributeValue::S(r.Bytes(20));
    case 1:
      return AttributeValue::N(r.CanonicalNumber());
    case 2:
      return AttributeValue::B(r.Bytes(300));  // lengths past one varint byte
    case 3:
      return AttributeValue::Bool(r.Coin());
    case 4:
      return AttributeValue::Null();
    case 5:
      return AttributeValue::SS(members([&] { return r.Bytes(5); }));
    case 6:
      return AttributeValue::NS({r.CanonicalNumber()});
    case 7:
      return AttributeValue::BS(members([&] { return r.Bytes(5); }));
    case 8: {
      AttributeMap m;
      const int n = r.Int(0, 4);
      for (int i = 0; i < n; ++i) m[r.Bytes(4)] = RandomValue(r, depth + 1);
      return AttributeValue::M(std::move(m));
    }
    default: {
      AttributeList l;
      const int n = r.Int(0, 4);
      for (int i = 0; i < n; ++i) l.push_back(RandomValue(r, depth + 1));
      return AttributeValue::L(std::move(l));
    }
  }
}

// A random item of up to eight attributes.
inline Item RandomItem(RandomValues& r) {
  Item item;
  const int n = r.Int(0, 8);
  for (int i = 0; i < n; ++i) item[r.Bytes(6)] = RandomValue(r, 0);
  return item;
}

// `bytes` with one to three of its bytes overwritten at random: corrupt stored data.
inline std::string CorruptBytes(RandomValues& r, std::string bytes) {
  const int flips = r.Int(1, 3);
  for (int f = 0; f < flips && !bytes.empty(); ++f) {
    bytes[static_cast<std::size_t>(r.Int(0, static_cast<int>(bytes.size()) - 1))] =
        static_cast<char>(r.Int(0, 255));
  }
  return bytes;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
