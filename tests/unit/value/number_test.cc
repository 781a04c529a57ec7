// Number: the service's grammar, canonical form, limits, exact arithmetic and ordering.
#include "value/number.h"

#include <gtest/gtest.h>

#include "random_values.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace number_test {

using ddbemu::testing::RandomValues;
using ddbemu::testing::ReferenceCompareNumbers;

std::string Canon(std::string_view text) {
  Result<std::string> r = CanonicalNumber(text);
  EXPECT_TRUE(r.ok()) << text;
  return r.ok() ? *r : "<error: " + r.error().message() + ">";
}

std::string ErrorOf(std::string_view text) {
  Result<Number> r = Number::Parse(text);
  if (r.ok()) return "<ok: " + r->ToString() + ">";
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  return r.error().message();
}

const std::string kNotANumber = "The parameter cannot be converted to a numeric value";
const std::string kTooPrecise = "Attempting to store more than 38 significant digits in a Number";
const std::string kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const std::string kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";

TEST(Number, CanonicalTextIsPlainDecimal) {
  EXPECT_EQ(Canon("1E+3"), "1000");
  EXPECT_EQ(Canon("1e3"), "1000");
  EXPECT_EQ(Canon("-0.0"), "0");
  EXPECT_EQ(Canon("-0"), "0");
  EXPECT_EQ(Canon("+0"), "0");
  EXPECT_EQ(Canon("0e5"), "0");
  EXPECT_EQ(Canon(".5"), "0.5");
  EXPECT_EQ(Canon("-.5"), "-0.5");
  EXPECT_EQ(Canon("1."), "1");
  EXPECT_EQ(Canon("1.50"), "1.5");
  EXPECT_EQ(Canon("00012"), "12");
  EXPECT_EQ(Canon("+5"), "5");
  EXPECT_EQ(Canon("1e-5"), "0.00001");
  EXPECT_EQ(Canon("1.5E+3"), "1500");
  EXPECT_EQ(Canon("12.345e1"), "123.45");
  EXPECT_EQ(Canon("12.345e-2"), "0.12345");
  EXPECT_EQ(Canon("-00100.0100"), "-100.01");
  EXPECT_EQ(Canon("1e125"), "1" + std::string(125, '0'));
  EXPECT_EQ(Canon("1e-130"), "0." + std::string(129, '0') + "1");
  EXPECT_EQ(Canon("9.9999999999999999999999999999999999999E+125"),
            std::string(38, '9') + std::string(88, '0'));
  // Zeros do not count as significant digits, wherever they are.
  EXPECT_EQ(Canon("1234567890123456789012345678901234567800"),
            "1234567890123456789012345678901234567800");
  EXPECT_EQ(Canon("0.0000000012345678901234567890123456789012345678"),
            "0.0000000012345678901234567890123456789012345678");
  EXPECT_EQ(Canon(std::string(50, '0') + "1"), "1");
  EXPECT_EQ(Canon("0." + std::string(200, '0')), "0");
}

TEST(Number, RejectsWhatTheServiceCannotConvert) {
  EXPECT_EQ(ErrorOf(""), kNotANumber);  // no ": " suffix for empty text
  for (const char* bad :
       {"abc",   "NaN", "Infinity", "-Infinity", "0x10",  " 1",      "1 ",    "1e", "1e+",
        ".",     "-",   "+",        "++1",       "1e5.5", "1e+-5",   "1e--5", "1d", "1f",
        "1.2.3", "1,5", "e5",       ".e5",       "1_000", "\xD9\xA3" /* Arabic-Indic three */}) {
    EXPECT_EQ(ErrorOf(bad), kNotANumber + ": " + bad) << bad;
  }
}

TEST(Number, ExponentBeyondThirtyTwoBitsIsNotANumber) {
  // The service parses with Java's BigDecimal, whose exponent and scale are 32-bit ints.
  EXPECT_EQ(ErrorOf("1e2147483647"), kOverflow);
  EXPECT_EQ(ErrorOf("1e2147483648"), kNotANumber + ": 1e2147483648");
  EXPECT_EQ(ErrorOf("0e2147483648"), kNotANumber + ": 0e2147483648");
  EXPECT_EQ(ErrorOf("1e-2147483648"), kNotANumber + ": 1e-2147483648");
  EXPECT_EQ(ErrorOf("1e99999999999999999"), kNotANumber + ": 1e99999999999999999");
}

TEST(Number, EnforcesPrecisionThenMagnitude) {
  EXPECT_EQ(ErrorOf("123456789012345678901234567890123456789"), kTooPrecise);
  EXPECT_EQ(ErrorOf("-1.23456789012345678901234567890123456789"), kTooPrecise);
  // Precision is checked first: a 39-digit number out of range reports precision.
  EXPECT_EQ(ErrorOf("123456789012345678901234567890123456789e200"), kTooPrecise);
  EXPECT_EQ(ErrorOf("1234567890123456789012345678901234567890e-200"), kTooPrecise);
  EXPECT_EQ(ErrorOf("1e126"), kOverflow);
  EXPECT_EQ(ErrorOf("-1e126"), kOverflow);
  EXPECT_EQ(ErrorOf("1e-131"), kUnderflow);
  EXPECT_EQ(ErrorOf("-1e-131"), kUnderflow);
  EXPECT_EQ(ErrorOf("0." + std::string(130, '0') + "1"), kUnderflow);
  EXPECT_EQ(ErrorOf("12345678901234567890123456789012345678"),
            "<ok: 12345678901234567890123456789012345678>");
  EXPECT_EQ(ErrorOf("99999999999999999999999999999999999999e88"),
            "<ok: " + std::string(38, '9') + std::string(88, '0') + ">");
  EXPECT_EQ(ErrorOf("-1e-130"), "<ok: -0." + std::string(129, '0') + "1>");
}

TEST(Number, Decomposition) {
  Result<Number> n = Number::Parse("-123.45");
  ASSERT_TRUE(n.ok());
  EXPECT_TRUE(n->is_negative());
  EXPECT_EQ(n->exponent(), 3);
  EXPECT_EQ(n->digits(), "12345");
  Result<Number> small = Number::Parse("0.00012");
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(small->exponent(), -3);
  EXPECT_EQ(small->digits(), "12");
  Result<Number> zero = Number::Parse("-0.000");
  ASSERT_TRUE(zero.ok());
  EXPECT_TRUE(zero->is_zero());
  EXPECT_FALSE(zero->is_negative());
}

TEST(Number, FromDecompositionValidates) {
  EXPECT_EQ(Number::FromDecomposition(true, 2, "125")->ToString(), "-12.5");
  EXPECT_TRUE(Number::FromDecomposition(true, 99, "")->is_zero());
  EXPECT_FALSE(Number::FromDecomposition(false, 1, "012").ok());
  EXPECT_FALSE(Number::FromDecomposition(false, 1, "120").ok());
  EXPECT_FALSE(Number::FromDecomposition(false, 1, "1a").ok());
  EXPECT_EQ(Number::FromDecomposition(false, 127, "1").error().message(), kOverflow);
  EXPECT_EQ(Number::FromDecomposition(false, -130, "1").error().message(), kUnderflow);
  EXPECT_EQ(Number::FromDecomposition(false, 0, std::string(39, '1')).error().message(),
            kTooPrecise);
}

std::string Sum(std::string_view a, std::string_view b) {
  Result<Number> r = Number::Parse(a)->Add(*Number::Parse(b));
  return r.ok() ? r->ToString() : r.error().message();
}
std::string Difference(std::string_view a, std::string_view b) {
  Result<Number> r = Number::Parse(a)->Subtract(*Number::Parse(b));
  return r.ok() ? r->ToString() : r.error().message();
}

TEST(Number, ArithmeticIsExact) {
  // Results observed from DynamoDB Local's SET x = :a + :b, and the same on AWS.
  EXPECT_EQ(Sum("0.1", "0.2"), "0.3");
  EXPECT_EQ(Sum("5", "-5"), "0");
  EXPECT_EQ(Sum("12345678901234567890123456789012345678", "1"),
            "12345678901234567890123456789012345679");
  EXPECT_EQ(Sum(std::string(38, '9'), "1"), "1" + std::string(38, '0'));
  EXPECT_EQ(Difference("1e-130", "2e-130"), "-0." + std::string(129, '0') + "1");
  EXPECT_EQ(Difference("1e-129", "1.1e-129"), "-0." + std::string(129, '0') + "1");
  EXPECT_EQ(Difference("-3", "-3"), "0");
  EXPECT_EQ(Sum("0", "-7.5"), "-7.5");
  EXPECT_EQ(Difference("0", "7.5"), "-7.5");
  EXPECT_EQ(Difference("7.5", "0"), "7.5");
}

TEST(Number, ArithmeticFailsLikeTheService) {
  // An exact result of more than 38 digits is an error, not rounded, and AWS calls it an
  // overflow (Alternator's test_number.py::test_update_expression_plus_imprecise: 1e50 + 1).
  EXPECT_EQ(Sum("1e30", "1e-30"), kOverflow);  // 61 digits
  EXPECT_EQ(Sum("1e50", "1"), kOverflow);
  EXPECT_EQ(Difference("1e50", "1"), kOverflow);
  EXPECT_EQ(Sum(std::string(38, '9'), "2"), kOverflow);
  EXPECT_EQ(Sum("1e37", "0.5"), kOverflow);
  EXPECT_EQ(Sum("9e125", "9e125"), kOverflow);
  EXPECT_EQ(Difference("9.9999999999999999999999999999999999999e125", "-1e88"), kOverflow);
  EXPECT_EQ(Sum("9.9999999999999999999999999999999999999e125", "1e87"), kOverflow);
  EXPECT_EQ(Difference("1.1e-130", "1e-130"), kUnderflow);
}

TEST(Number, RandomSumsMatchReference) {
  RandomValues r(11);
  using boost::multiprecision::cpp_int;
  for (int i = 0; i < 3000; ++i) {
    const std::string a = r.CanonicalNumber(), b = r.CanonicalNumber();
    Result<Number> sum = Number::Parse(a)->Add(*Number::Parse(b));
    if (!sum.ok()) continue;  // limits are covered above
    // a + b - b == a and the sum orders consistently with its operands.
    Result<Number> back = sum->Subtract(*Number::Parse(b));
    if (back.ok()) {
      ASSERT_EQ(back->ToString(), a) << a << " + " << b;
    }
    const int sign_b = ReferenceCompareNumbers(b, "0");
    ASSERT_EQ(ReferenceCompareNumbers(sum->ToString(), a), sign_b) << a << " + " << b;
  }
}

TEST(Number, CompareAndCanonicalCompareAgreeWithReference) {
  RandomValues r(12);
  for (int i = 0; i < 20000; ++i) {
    const std::string a = r.CanonicalNumber(), b = r.Int(0, 5) == 0 ? a : r.CanonicalNumber();
    const int expected = ReferenceCompareNumbers(a, b);
    ASSERT_EQ(Number::Compare(*Number::Parse(a), *Number::Parse(b)), expected) << a << " " << b;
    ASSERT_EQ(CompareCanonicalNumbers(a, b), expected) << a << " " << b;
    ASSERT_EQ(*CanonicalNumber(a), a);
  }
  EXPECT_EQ(CompareCanonicalNumbers("0", "0.1"), -1);
  EXPECT_EQ(CompareCanonicalNumbers("-0.1", "0"), -1);
  EXPECT_EQ(CompareCanonicalNumbers("0.01", "0.1"), -1);
  EXPECT_EQ(CompareCanonicalNumbers("9.99", "10"), -1);
  EXPECT_EQ(CompareCanonicalNumbers("-10", "-9.99"), -1);
  EXPECT_EQ(CompareCanonicalNumbers("1.5", "1.5"), 0);
  EXPECT_TRUE(*Number::Parse("1.0") == *Number::Parse("1"));
}

}  // namespace number_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
