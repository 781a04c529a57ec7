// Number: DynamoDB's exact decimal. Up to 38 significant digits, magnitude between 1E-130
// and 9.99...E+125 (or zero). Parsed from the wire text, compared numerically, added and
// subtracted exactly, and printed in the service's canonical form: plain decimal notation,
// no exponent, no leading or trailing zeros, no "+" sign, "-0" is "0" ("1E+3" -> "1000",
// ".5" -> "0.5", "-0.0" -> "0").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

class Number {
 public:
  Number() = default;  // zero

  // Parses number text as the service accepts it (optional sign, digits with optional point,
  // optional exponent). Errors are ValidationExceptions with the service's wording, e.g.
  // "The parameter cannot be converted to a numeric value" and the 38-digit, overflow and
  // underflow messages.
  static Result<Number> Parse(std::string_view text);

  // Canonical text (see above).
  std::string ToString() const;

  // Exact sum and difference; fail with the service's overflow / precision messages when the
  // result does not fit DynamoDB's number range or 38 significant digits.
  Result<Number> Add(const Number& other) const;
  Result<Number> Subtract(const Number& other) const;

  // Builds a number from its decomposition (see below), e.g. one read back from a key encoding.
  // Fails with the Parse errors when `digits` is not '1'..'9' first, no trailing '0', or when
  // the value is outside DynamoDB's limits. Empty digits make zero (sign and exponent ignored).
  static Result<Number> FromDecomposition(bool negative, std::int32_t exponent, std::string digits);

  // <0, 0, >0 like strcmp, numerically.
  static int Compare(const Number& a, const Number& b);
  friend bool operator==(const Number& a, const Number& b) { return Compare(a, b) == 0; }

  // The decomposition the key codec and item-size rule use: value = sign * 0.d1d2d3... *
  // 10^exponent with `digits` holding d1d2... (no leading or trailing zeros; empty for zero).
  bool is_zero() const { return digits_.empty(); }
  bool is_negative() const { return negative_; }
  std::int32_t exponent() const { return exponent_; }
  const std::string& digits() const { return digits_; }

 private:
  bool negative_ = false;
  std::int32_t exponent_ = 0;
  std::string digits_;  // ASCII '1'..'9' first, no trailing '0'
};

// Canonical text of number text, or the Parse error.
Result<std::string> CanonicalNumber(std::string_view text);
// Numeric comparison of two canonical number texts.
int CompareCanonicalNumbers(std::string_view a, std::string_view b);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
