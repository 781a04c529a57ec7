// Number: parsing, canonical printing, exact arithmetic and comparison of DynamoDB numbers.
//
// Parsing and comparison work on the decimal digits directly (they run on every request that
// carries a number, so they stay allocation-light); only Add/Subtract use Boost.Multiprecision,
// because aligning two exponents can need ~300 exact digits.
#include "value/number.h"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

// DynamoDB's documented limits ("Naming rules and data types", Number): 38 significant digits,
// magnitudes from 1E-130 to 9.9999999999999999999999999999999999999E+125. In this file's
// decomposition (0.d1d2... x 10^exponent) that is exponent -129 .. 126.
constexpr std::size_t kMaxDigits = 38;
constexpr std::int32_t kMinExponent = -129;
constexpr std::int32_t kMaxExponent = 126;

// Messages as AWS sends them. DynamoDB Local (2.x) words two of them differently ("A value
// provided cannot be converted into a number", "DynamoDB only supports precision up to 38
// digits"); we follow the service (as recorded by dynalite's tests against AWS).
constexpr std::string_view kNotANumber = "The parameter cannot be converted to a numeric value";
constexpr std::string_view kTooPrecise =
    "Attempting to store more than 38 significant digits in a Number";
constexpr std::string_view kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
constexpr std::string_view kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

ApiError NotANumber(std::string_view text) {
  // The service appends the offending text, except when it is empty.
  if (text.empty()) return ApiError::Validation(std::string(kNotANumber));
  std::string m(kNotANumber);
  m += ": ";
  m += text;
  return ApiError::Validation(std::move(m));
}

// The syntax of number text, split into its parts; no limits applied yet.
struct Lexed {
  bool negative = false;
  std::string_view int_part;   // digits before the point (may be empty)
  std::string_view frac_part;  // digits after the point (may be empty)
  std::int64_t exp = 0;        // the value of the e/E suffix
};

// Accepts [+-]? digits* ('.' digits*)? ([eE] [+-]? digits+)? with at least one mantissa digit,
// which is what the service (a Java BigDecimal parser) accepts: "+1", "1.", ".5", "1E+3".
// The exponent must fit a 32-bit int, and so must the resulting scale (BigDecimal's limits:
// "1e2147483648" and "0e-2147483648" are not numbers to the service).
bool Lex(std::string_view t, Lexed* out) {
  std::size_t i = 0;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) out->negative = t[i++] == '-';
  std::size_t start = i;
  while (i < t.size() && IsDigit(t[i])) ++i;
  out->int_part = t.substr(start, i - start);
  if (i < t.size() && t[i] == '.') {
    start = ++i;
    while (i < t.size() && IsDigit(t[i])) ++i;
    out->frac_part = t.substr(start, i - start);
  }
  if (out->int_part.empty() && out->frac_part.empty()) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool neg_exp = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) neg_exp = t[i++] == '-';
    if (i == t.size()) return false;
    std::int64_t e = 0;
    for (; i < t.size() && IsDigit(t[i]); ++i) {
      e = e * 10 + (t[i] - '0');
      if (e > std::numeric_limits<std::int32_t>::max()) return false;
    }
    out->exp = neg_exp ? -e : e;
  }
  if (i != t.size()) return false;
  std::int64_t scale = static_cast<std::int64_t>(out->frac_part.size()) - out->exp;
  return scale >= std::numeric_limits<std::int32_t>::min() &&
         scale <= std::numeric_limits<std::int32_t>::max();
}

// Checks a decomposed value against DynamoDB's limits, in the service's order: precision
// first, then magnitude (a 39-digit 1E+200 reports precision).
std::optional<ApiError> CheckLimits(std::size_t digit_count, std::int64_t exponent) {
  if (digit_count == 0) return std::nullopt;
  if (digit_count > kMaxDigits) return ApiError::Validation(std::string(kTooPrecise));
  if (exponent > kMaxExponent) return ApiError::Validation(std::string(kOverflow));
  if (exponent < kMinExponent) return ApiError::Validation(std::string(kUnderflow));
  return std::nullopt;
}

int CompareMagnitudes(std::int32_t ea, std::string_view da, std::int32_t eb, std::string_view db) {
  if (ea != eb) return ea < eb ? -1 : 1;
  int c = da.compare(db);  // same exponent: digit strings compare lexicographically
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

using boost::multiprecision::cpp_int;

// The value as an integer coefficient times 10^scale.
cpp_int Coefficient(const Number& n) {
  cpp_int c = 0;
  for (char d : n.digits()) c = c * 10 + (d - '0');
  return n.is_negative() ? cpp_int(-c) : c;
}

}  // namespace

Result<Number> Number::Parse(std::string_view text) {
  Lexed lx;
  if (!Lex(text, &lx)) return NotANumber(text);
  // Significant digits run from the first non-zero mantissa digit to the last one, across the
  // point; `point` is the index of the point within int_part + frac_part.
  auto digit_at = [&](std::size_t k) {
    return k < lx.int_part.size() ? lx.int_part[k] : lx.frac_part[k - lx.int_part.size()];
  };
  std::size_t total = lx.int_part.size() + lx.frac_part.size();
  std::size_t first = 0;
  while (first < total && digit_at(first) == '0') ++first;
  Number n;
  if (first == total) return n;  // zero, whatever its sign and exponent ("-0.0e7" is 0)
  std::size_t last = total;
  while (digit_at(last - 1) == '0') --last;
  std::int64_t exponent =
      static_cast<std::int64_t>(lx.int_part.size()) - static_cast<std::int64_t>(first) + lx.exp;
  if (auto err = CheckLimits(last - first, exponent)) return *std::move(err);
  n.negative_ = lx.negative;
  n.exponent_ = static_cast<std::int32_t>(exponent);
  n.digits_.reserve(last - first);
  for (std::size_t k = first; k < last; ++k) n.digits_.push_back(digit_at(k));
  return n;
}

Result<Number> Number::FromDecomposition(bool negative, std::int32_t exponent, std::string digits) {
  Number n;
  if (digits.empty()) return n;
  const bool shape_ok = digits.front() != '0' && digits.back() != '0' &&
                        std::all_of(digits.begin(), digits.end(), IsDigit);
  if (!shape_ok) return NotANumber(digits);
  if (auto err = CheckLimits(digits.size(), exponent)) return *std::move(err);
  n.negative_ = negative;
  n.exponent_ = exponent;
  n.digits_ = std::move(digits);
  return n;
}

std::string Number::ToString() const {
  if (is_zero()) return "0";
  std::string out;
  const auto len = static_cast<std::int32_t>(digits_.size());
  out.reserve(digits_.size() + static_cast<std::size_t>(std::abs(exponent_)) + 3);
  if (negative_) out.push_back('-');
  if (exponent_ <= 0) {  // 0.000ddd
    out += "0.";
    out.append(static_cast<std::size_t>(-exponent_), '0');
    out += digits_;
  } else if (exponent_ >= len) {  // ddd000
    out += digits_;
    out.append(static_cast<std::size_t>(exponent_ - len), '0');
  } else {  // dd.ddd
    out.append(digits_, 0, static_cast<std::size_t>(exponent_));
    out.push_back('.');
    out.append(digits_, static_cast<std::size_t>(exponent_));
  }
  return out;
}

Result<Number> Number::Add(const Number& other) const {
  if (other.is_zero()) return *this;
  if (is_zero()) return other;
  // value = coefficient * 10^(exponent - digit count); align both to the smaller power.
  const std::int64_t sa = exponent_ - static_cast<std::int64_t>(digits_.size());
  const std::int64_t sb = other.exponent_ - static_cast<std::int64_t>(other.digits_.size());
  const std::int64_t s = std::min(sa, sb);
  cpp_int a = Coefficient(*this), b = Coefficient(other);
  a *= boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(sa - s));
  b *= boost::multiprecision::pow(cpp_int(10), static_cast<unsigned>(sb - s));
  const cpp_int sum = a + b;
  Number n;
  if (sum == 0) return n;
  std::string text = sum.str();
  n.negative_ = text[0] == '-';
  std::string_view digits(text);
  if (n.negative_) digits.remove_prefix(1);
  const auto int_len = static_cast<std::int64_t>(digits.size());
  while (digits.back() == '0') digits.remove_suffix(1);
  const std::int64_t exponent = int_len + s;
  // An exact sum needing more than 38 digits (1E+30 + 1E-30) fails rather than rounds, and
  // the service reports it as an overflow, not as a precision error (ScyllaDB Alternator's
  // test_number.py::test_update_expression_plus_imprecise, run against AWS: 1e50 + 1 gets
  // "Number overflow. Attempting to store a number with magnitude larger than supported range").
  if (digits.size() > kMaxDigits && exponent >= kMinExponent) {
    return ApiError::Validation(std::string(kOverflow));
  }
  if (auto err = CheckLimits(digits.size(), exponent)) return *std::move(err);
  n.exponent_ = static_cast<std::int32_t>(exponent);
  n.digits_.assign(digits);
  return n;
}

Result<Number> Number::Subtract(const Number& other) const {
  Number negated = other;
  if (!negated.is_zero()) negated.negative_ = !negated.negative_;
  return Add(negated);
}

int Number::Compare(const Number& a, const Number& b) {
  const int sa = a.is_zero() ? 0 : (a.negative_ ? -1 : 1);
  const int sb = b.is_zero() ? 0 : (b.negative_ ? -1 : 1);
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  const int m = CompareMagnitudes(a.exponent_, a.digits_, b.exponent_, b.digits_);
  return sa > 0 ? m : -m;
}

Result<std::string> CanonicalNumber(std::string_view text) {
  DDBEMU_ASSIGN_OR_RETURN(Number n, Number::Parse(text));
  return n.ToString();
}

namespace {

// A canonical text split for comparison: sign, integer digits ("" for a magnitude below 1),
// fraction digits.
struct CanonicalParts {
  int sign;
  std::string_view int_part;
  std::string_view frac_part;
};

CanonicalParts Split(std::string_view t) {
  CanonicalParts p{1, {}, {}};
  if (!t.empty() && t[0] == '-') {
    p.sign = -1;
    t.remove_prefix(1);
  }
  const std::size_t dot = t.find('.');
  p.int_part = t.substr(0, dot);
  if (dot != std::string_view::npos) p.frac_part = t.substr(dot + 1);
  if (p.int_part == "0") {
    p.int_part = {};
    if (p.frac_part.empty()) p.sign = 0;  // "0"
  }
  return p;
}

}  // namespace

int CompareCanonicalNumbers(std::string_view a, std::string_view b) {
  // Canonical text has no leading zeros in the integer part and no trailing zeros in the
  // fraction, so magnitudes compare by integer length, then digit by digit.
  const CanonicalParts pa = Split(a), pb = Split(b);
  if (pa.sign != pb.sign) return pa.sign < pb.sign ? -1 : 1;
  if (pa.sign == 0) return 0;
  int m = 0;
  if (pa.int_part.size() != pb.int_part.size()) {
    m = pa.int_part.size() < pb.int_part.size() ? -1 : 1;
  } else if (int c = pa.int_part.compare(pb.int_part); c != 0) {
    m = c < 0 ? -1 : 1;
  } else if (int f = pa.frac_part.compare(pb.frac_part); f != 0) {
    m = f < 0 ? -1 : 1;
  }
  return pa.sign > 0 ? m : -m;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
