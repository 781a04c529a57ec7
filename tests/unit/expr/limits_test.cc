// The service's expression limits (static_checks.h), at and just past each boundary, and deep
// nesting up to the 4 KB length limit, which must be rejected cleanly (these messages were recorded
// from DynamoDB Local 1.25).
#include <gtest/gtest.h>

#include <string>

#include "expr/expressions.h"
#include "expr_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace limits_test {

using testing::Validate;

std::string Repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

constexpr ExpressionKind kCondition = ExpressionKind::kCondition;
constexpr ExpressionKind kUpdate = ExpressionKind::kUpdate;
constexpr ExpressionKind kProjection = ExpressionKind::kProjection;
constexpr const char* kTooManyOperators =
    "Invalid ConditionExpression: The expression contains too many operators; operator count: 301";

TEST(LimitsTest, ExpressionOf4096CharactersIsAccepted) {
  EXPECT_EQ(Validate(kCondition, "a" + std::string(4091, ' ') + "= :v"), "");
  EXPECT_EQ(Validate(kUpdate, "SET a" + std::string(4087, ' ') + "= :v"), "");
  EXPECT_EQ(Validate(kProjection, "a" + std::string(4095, ' ')), "");
}

TEST(LimitsTest, LongerExpressionsAreRejectedBeforeParsing) {
  EXPECT_EQ(Validate(kCondition, std::string(4097, '(')),
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 4097");
  EXPECT_EQ(Validate(ExpressionKind::kFilter, "a" + std::string(4096, ' ')),
            "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 4097");
  // Update and projection messages carry no size.
  EXPECT_EQ(Validate(kUpdate, std::string(5000, '(')),
            "Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;");
  EXPECT_EQ(Validate(kProjection, "a" + std::string(4096, ' ')),
            "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;");
}

TEST(LimitsTest, LengthCountsUtf16CodeUnitsNotBytes) {
  EXPECT_EQ(ExpressionLength("abc"), 3u);
  EXPECT_EQ(ExpressionLength("\u00e9t\u00e9"), 3u);  // 5 bytes
  EXPECT_EQ(ExpressionLength("\U0001F600"), 2u);     // 4 bytes, a surrogate pair
  // 4096 characters, 4097 bytes: within the limit, so the parser reports the stray character.
  const std::string text = "a" + std::string(4089, ' ') + "= :v \u00fc";
  EXPECT_EQ(Validate(kCondition, text),
            "Invalid ConditionExpression: Syntax error; token: \"\u00fc\", near: \":v \u00fc\"");
}

TEST(LimitsTest, ThreeHundredOperatorsAreAllowed) {
  // 150 comparisons and 149 ORs, plus one more comparison joined by OR: 301.
  std::string ok = "a < b" + Repeat(" OR a < b", 149);
  EXPECT_EQ(Validate(kCondition, ok), "");
  EXPECT_EQ(Validate(kCondition, ok + " OR a < b"), kTooManyOperators);
}

TEST(LimitsTest, FunctionsNotAndBetweenCountAsOperatorsButParenthesesDoNot) {
  EXPECT_EQ(Validate(kCondition, Repeat("NOT ", 299) + "a < b"), "");
  EXPECT_EQ(Validate(kCondition, Repeat("NOT ", 300) + "a < b"), kTooManyOperators);
  std::string exists = "attribute_exists(a)" + Repeat(" OR attribute_exists(a)", 150);
  EXPECT_EQ(Validate(kCondition, exists), kTooManyOperators);  // 151 functions + 150 ORs
  std::string between = "a BETWEEN b AND c" + Repeat(" OR a BETWEEN b AND c", 149);
  EXPECT_EQ(Validate(kCondition, between), "");
  EXPECT_EQ(Validate(kCondition, between + " OR a BETWEEN b AND c"), kTooManyOperators);
  std::string grouped = "(a = b)" + Repeat(" OR (a = b)", 149);
  EXPECT_EQ(Validate(kCondition, grouped), "");
}

TEST(LimitsTest, UpdateCountsArithmeticAndFunctions) {
  std::string plus = "SET a0=b+c";
  for (int i = 1; i < 300; ++i) plus += ",a" + std::to_string(i) + "=b+c";
  EXPECT_EQ(Validate(kUpdate, plus), "");
  EXPECT_EQ(Validate(kUpdate, plus + ",a300=b+c"),
            "Invalid UpdateExpression: The expression contains too many operators; operator "
            "count: 301");
  // SET actions themselves are not operators.
  std::string plain = "SET a0=b";
  for (int i = 1; i < 400; ++i) plain += ",a" + std::to_string(i) + "=b";
  EXPECT_EQ(Validate(kUpdate, plain), "");
}

TEST(LimitsTest, InTakesAtMostOneHundredOperands) {
  std::string in = "a IN (b" + Repeat(",b", 99) + ")";
  EXPECT_EQ(Validate(kCondition, in), "");
  EXPECT_EQ(Validate(kCondition, "a IN (b" + Repeat(",b", 100) + ")"),
            "Invalid ConditionExpression: The IN operator is provided with too many operands; "
            "number of operands: 101");
}

TEST(LimitsTest, DocumentPathsHaveAtMost32Levels) {
  EXPECT_EQ(Validate(kCondition, "a" + Repeat(".b", 31) + " = c"), "");
  EXPECT_EQ(Validate(kCondition, "a" + Repeat(".b", 32) + " = c"),
            "Invalid ConditionExpression: The document path has too many nesting levels; nesting "
            "levels: 33");
  EXPECT_EQ(Validate(kCondition, "a" + Repeat("[0]", 1000) + " = b"),
            "Invalid ConditionExpression: The document path has too many nesting levels; nesting "
            "levels: 1001");
  EXPECT_EQ(Validate(kProjection, "a" + Repeat(".b", 2047)),
            "Invalid ProjectionExpression: The document path has too many nesting levels; nesting "
            "levels: 2048");
}

TEST(LimitsTest, ListIndexesAreJavaInts) {
  EXPECT_EQ(Validate(kCondition, "a[2147483647] = b"), "");
  EXPECT_EQ(Validate(kCondition, "a[2147483648] = b"),
            "Invalid ConditionExpression: List index is not within the allowable range; index: "
            "[2147483648]");
  EXPECT_EQ(Validate(kCondition, "a[" + std::string(400, '9') + "] = b"),
            "Invalid ConditionExpression: List index is not within the allowable range; index: [" +
                std::string(400, '9') + "]");
}

TEST(LimitsTest, DeepNestingWithinTheLengthLimitIsRejectedCleanly) {
  EXPECT_EQ(Validate(kCondition, std::string(4096, '(')),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"");
  EXPECT_EQ(Validate(kCondition, std::string(4095, '(') + "a"),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"a\"");
  EXPECT_EQ(Validate(kCondition, std::string(2046, '(') + "a<b" + std::string(2046, ')')),
            "Invalid ConditionExpression: The expression has redundant parentheses;");
  EXPECT_EQ(Validate(kCondition, "a < " + Repeat("f(", 1355) + "b" + std::string(1355, ')')),
            "Invalid ConditionExpression: Invalid function name; function: f");
  EXPECT_EQ(Validate(kCondition, Repeat("f(", 2048)),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"");
  EXPECT_EQ(Validate(kCondition, "a < " + Repeat("size(", 680) + "b" + std::string(680, ')')),
            "Invalid ConditionExpression: Incorrect operand type for operator or function; "
            "operator or function: size, operand type: N");
  EXPECT_EQ(Validate(kCondition, Repeat("not ", 1023) + "a<b"), kTooManyOperators);
  EXPECT_EQ(Validate(kCondition, "a<b " + Repeat("or (a<b ", 454) + std::string(454, ')')),
            kTooManyOperators);
  EXPECT_EQ(Validate(kCondition, "a IN " + std::string(4000, '(')),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"");
  EXPECT_EQ(Validate(kUpdate, "SET a = " + std::string(4088, '(')),
            "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \"(\"");
  EXPECT_EQ(Validate(kUpdate, "SET a = " + std::string(2040, '(') + "b" + std::string(2040, ')')),
            "Invalid UpdateExpression: The expression has redundant parentheses;");
}

}  // namespace limits_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
