// ExpressionAttributeNames / ExpressionAttributeValues: resolution, the unused-placeholder rule
// shared by all expressions of a request, and validation of the maps themselves. Messages were
// recorded from DynamoDB Local 1.25.
#include "expr/expression_context.h"

#include <gtest/gtest.h>

#include "expr/expressions.h"
#include "expr_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace expression_context_test {

using testing::S;

std::string Message(const Status& s) { return s.ok() ? "" : s.error().message(); }

TEST(ExpressionContextTest, ResolvesAndRecordsUse) {
  const AttributeNames names{{"#a", "alpha"}};
  const Item values{{":v", S("x")}};
  ExpressionContext context(&names, &values);
  ASSERT_NE(context.FindName("#a"), nullptr);
  EXPECT_EQ(*context.FindName("#a"), "alpha");
  EXPECT_EQ(context.FindName("#b"), nullptr);
  ASSERT_NE(context.FindValue(":v"), nullptr);
  EXPECT_EQ(context.FindValue(":w"), nullptr);
  EXPECT_TRUE(context.CheckAllUsed().ok());
}

TEST(ExpressionContextTest, ReportsUnusedNamesBeforeValues) {
  const AttributeNames names{{"#z", "x"}};
  const Item values{{":v", S("x")}, {":z", S("x")}};
  ExpressionContext context(&names, &values);
  context.FindValue(":v");
  EXPECT_EQ(Message(context.CheckAllUsed()),
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#z}");
}

TEST(ExpressionContextTest, PrintsUnusedKeysInJavaHashSetOrder) {
  // Recorded: names {#z, #y} print as {#y, #z}; values {:z, :y} print as {:z, :y}.
  const AttributeNames names{{"#z", "x"}, {"#y", "y"}};
  ExpressionContext by_name(&names, nullptr);
  EXPECT_EQ(Message(by_name.CheckAllUsed()),
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#y, #z}");
  const Item values{{":z", S("x")}, {":y", S("x")}};
  ExpressionContext by_value(nullptr, &values);
  EXPECT_EQ(Message(by_value.CheckAllUsed()),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:z, :y}");
}

// Repeated uses of one key never stand for another: as many uses as keys is not enough.
TEST(ExpressionContextTest, RepeatedUsesDoNotCountAsOtherKeys) {
  const AttributeNames names{{"#a", "x"}, {"#b", "y"}};
  const Item values{{":v", S("x")}, {":w", S("y")}, {":z", S("z")}};
  ExpressionContext context(&names, &values);
  context.FindName("#a");
  context.FindName("#a");
  context.FindValue(":v");
  context.FindValue(":w");
  context.FindValue(":w");
  EXPECT_EQ(Message(context.CheckAllUsed()),
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}");
  context.FindName("#b");
  EXPECT_EQ(Message(context.CheckAllUsed()),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:z}");
  context.FindValue(":z");
  EXPECT_TRUE(context.CheckAllUsed().ok());
}

// Many uses (repeats included) are searched sorted, few in place: the same answer either way.
TEST(ExpressionContextTest, FindsTheUnusedAmongManyUses) {
  AttributeNames names;
  for (int i = 0; i < 30; ++i) names.emplace("#n" + std::to_string(i), "a" + std::to_string(i));
  for (int uses : {3, 40}) {
    ExpressionContext context(&names, nullptr);
    for (int u = 0; u < uses; ++u) {
      const int i = u % 29 == 7 ? 8 : u % 29;  // #n7 and #n29 stay unused
      ASSERT_NE(context.FindName("#n" + std::to_string(i)), nullptr);
    }
    const std::string message = Message(context.CheckAllUsed());
    if (uses == 40) {
      EXPECT_EQ(message,
                "Value provided in ExpressionAttributeNames unused in expressions: keys: "
                "{#n29, #n7}");
    } else {
      EXPECT_NE(message.find("#n3,"), std::string::npos) << message;
      EXPECT_EQ(message.find("#n0,"), std::string::npos) << message;
    }
  }
}

TEST(ExpressionContextTest, UseByAnyExpressionOfTheRequestCounts) {
  const AttributeNames names{{"#k", "pk"}, {"#f", "flag"}};
  const Item values{{":k", S("x")}, {":f", AttributeValue::Bool(true)}};
  ExpressionContext context(&names, &values);
  ASSERT_TRUE(PrepareCondition("#f = :f", ExpressionKind::kFilter, context).ok());
  EXPECT_FALSE(context.CheckAllUsed().ok());
  ASSERT_TRUE(PrepareCondition("#k = :k", ExpressionKind::kKeyCondition, context).ok());
  EXPECT_TRUE(context.CheckAllUsed().ok());
}

TEST(ExpressionContextTest, JavaHashSetOrderFollowsBucketsThenInsertion) {
  EXPECT_EQ(JavaHashSetOrder({"#z", "#y"}), (std::vector<std::string>{"#y", "#z"}));
  EXPECT_EQ(JavaHashSetOrder({":y", ":z"}), (std::vector<std::string>{":z", ":y"}));
  EXPECT_TRUE(JavaHashSetOrder({}).empty());
}

TEST(ValidateAttributeNamesTest, RejectsEmptyMapsAndBadKeys) {
  EXPECT_EQ(Message(ValidateAttributeNames({})), "ExpressionAttributeNames must not be empty");
  EXPECT_EQ(Message(ValidateAttributeNames({{"n", "x"}})),
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"n\"");
  EXPECT_EQ(Message(ValidateAttributeNames({{"#n-1", "x"}})),
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#n-1\"");
  EXPECT_EQ(Message(ValidateAttributeNames({{"#", "x"}})),
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#\"");
  EXPECT_EQ(Message(ValidateAttributeNames({{"#" + std::string(254, 'n'), "x"}})), "");
  EXPECT_EQ(Message(ValidateAttributeNames({{"#" + std::string(255, 'n'), "x"}})),
            "ExpressionAttributeNames contains invalid key: The expression attribute map contains "
            "a key that is too long; size of key: 256");
}

TEST(ValidateAttributeNamesTest, RejectsEmptyAndOversizedNames) {
  EXPECT_EQ(Message(ValidateAttributeNames({{"#n", ""}})),
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n");
  EXPECT_EQ(Message(ValidateAttributeNames({{"#n", std::string(65535, 'x')}})), "");
  EXPECT_EQ(Message(ValidateAttributeNames({{"#n", std::string(65536, 'x')}})),
            "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be "
            "less than 65536 bytes for key #n");
}

// Query and Scan hand their own names map (LookupAttributeNames) to the context: resolution,
// unused-key messages and the map's validation are those of the general map, case by case.
TEST(ExpressionContextTest, LookupNamesResolveAndReportAsTheGeneralMap) {
  const std::vector<std::vector<std::pair<std::string, std::string>>> maps = {
      {{"#a", "alpha"}}, {{"#z", "x"}, {"#y", "y"}}, {{"#k", "pk"}, {"#f", "flag"}, {"#q", "q"}}};
  const Item values{{":v", S("x")}, {":z", S("x")}};
  for (const auto& entries : maps) {
    const AttributeNames general(entries.begin(), entries.end());
    const LookupAttributeNames lookup(entries.begin(), entries.end());
    for (const std::string used : {"#a", "#k", "#y", "#none"}) {
      ExpressionContext a(&general, &values);
      ExpressionContext b = ExpressionContext::WithLookupNames(&lookup, &values);
      const std::string* from_a = a.FindName(used);
      const std::string* from_b = b.FindName(used);
      ASSERT_EQ(from_a == nullptr, from_b == nullptr) << used;
      if (from_a != nullptr) {
        EXPECT_EQ(*from_a, *from_b);
      }
      a.FindValue(":v");
      b.FindValue(":v");
      EXPECT_EQ(Message(a.CheckAllUsed()), Message(b.CheckAllUsed())) << used;
      EXPECT_FALSE(Message(b.CheckAllUsed()).empty());  // :z is never used
    }
  }
  ExpressionContext none = ExpressionContext::WithLookupNames(nullptr, nullptr);
  EXPECT_EQ(none.FindName("#a"), nullptr);
  EXPECT_TRUE(none.CheckAllUsed().ok());
}

TEST(ValidateAttributeNamesTest, LookupNamesGetTheSameMessages) {
  const std::vector<std::vector<std::pair<std::string, std::string>>> maps = {
      {},
      {{"#n", "x"}},
      {{"n", "x"}},
      {{"#n-1", "x"}, {"#b", ""}},
      {{"#" + std::string(255, 'n'), "x"}},
      {{"#n", ""}},
      {{"#n", std::string(65536, 'x')}, {"#m", ""}}};
  for (const auto& entries : maps) {
    const AttributeNames general(entries.begin(), entries.end());
    const LookupAttributeNames lookup(entries.begin(), entries.end());
    EXPECT_EQ(Message(ValidateLookupAttributeNames(lookup)),
              Message(ValidateAttributeNames(general)));
  }
  EXPECT_EQ(Message(ValidateLookupAttributeNames({{"#n", ""}})),
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n");
}

TEST(ValidateAttributeValueKeysTest, RejectsEmptyMapsAndBadKeys) {
  EXPECT_EQ(Message(ValidateAttributeValueKeys({})), "ExpressionAttributeValues must not be empty");
  EXPECT_EQ(Message(ValidateAttributeValueKeys({{"v", S("x")}})),
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"");
  EXPECT_EQ(Message(ValidateAttributeValueKeys({{":", S("x")}})),
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \":\"");
  EXPECT_EQ(Message(ValidateAttributeValueKeys({{":" + std::string(254, 'v'), S("x")}})), "");
  EXPECT_EQ(Message(ValidateAttributeValueKeys({{":" + std::string(255, 'v'), S("x")}})),
            "ExpressionAttributeValues contains invalid key: The expression attribute map "
            "contains a key that is too long;");
}

}  // namespace expression_context_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
