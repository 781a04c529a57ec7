// Items from plain C++ values and typed reads by document path (ddbemu/document.h).
#include "ddbemu/document.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace document_test {

Item User() {
  return MakeItem({
      {"pk", "user#1"},
      {"age", 30},
      {"rate", 0.25},
      {"admin", true},
      {"note", nullptr},
      {"tags", AttributeValue::L({AttributeValue::S("a"), AttributeValue::S("b")})},
      {"address",
       AttributeValue::M({{"city", AttributeValue::S("Oslo")}, {"zip", AttributeValue::N(150)}})},
      {"roles", AttributeValue::SS({"x", "y"})},
      {"grid",
       AttributeValue::L({AttributeValue::L({AttributeValue::N(1), AttributeValue::N(2)})})},
      {"a.b", "dotted"},
  });
}

TEST(MakeItem, PlainValuesBecomeTheirDynamoDBTypes) {
  const Item user = User();
  EXPECT_EQ(*user.get("pk"), AttributeValue::S("user#1"));
  EXPECT_EQ(*user.get("age"), AttributeValue::N("30"));
  EXPECT_EQ(*user.get("rate"), AttributeValue::N("0.25"));
  EXPECT_EQ(*user.get("admin"), AttributeValue::Bool(true));
  EXPECT_TRUE(user.get("note")->is_null());
  const std::string name = "n";
  const std::string_view view = "v";
  const Item more = MakeItem({{"s", name}, {"v", view}, {"big", std::int64_t{-9}}, {"s", "again"}});
  EXPECT_EQ(*more.get("v"), AttributeValue::S("v"));
  EXPECT_EQ(*more.get("big"), AttributeValue::N(-9));
  EXPECT_EQ(*more.get("s"), AttributeValue::S("again"));  // the later pair wins
  EXPECT_EQ(more.size(), 3u);
}

TEST(Get, ReadsTypedValuesByPath) {
  const Item user = User();
  EXPECT_EQ(Get<std::string>(user, "pk"), "user#1");
  EXPECT_EQ(Get<std::int64_t>(user, "age"), 30);
  EXPECT_EQ(Get<int>(user, "address.zip"), 150);
  EXPECT_EQ(Get<double>(user, "rate"), 0.25);
  EXPECT_EQ(Get<bool>(user, "admin"), true);
  EXPECT_EQ(Get<std::string>(user, "address.city"), "Oslo");
  EXPECT_EQ(Get<std::string>(user, "tags[1]"), "b");
  EXPECT_EQ(Get<std::int64_t>(user, "grid[0][1]"), 2);
  EXPECT_EQ(Get<std::vector<std::string>>(user, "roles"), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(Get<Item>(user, "address")->size(), 2u);
  EXPECT_EQ(Get<AttributeList>(user, "tags")->size(), 2u);
  EXPECT_EQ(Get<AttributeValue>(user, "note"), AttributeValue::Null());
}

TEST(Get, AnswersNulloptForAPathThatDoesNotResolveOrAnotherType) {
  const Item user = User();
  EXPECT_EQ(Get<std::string>(user, "age"), std::nullopt);    // an N, not an S
  EXPECT_EQ(Get<std::int64_t>(user, "rate"), std::nullopt);  // not an integer
  EXPECT_EQ(Get<std::uint8_t>(user, "address.zip"), 150);
  EXPECT_EQ(Get<std::int8_t>(user, "address.zip"), std::nullopt);  // out of range
  EXPECT_EQ(Get<std::string>(user, "missing"), std::nullopt);
  EXPECT_EQ(Get<std::string>(user, "tags[2]"), std::nullopt);  // past the end
  EXPECT_EQ(Get<std::string>(user, "pk.x"), std::nullopt);     // an S has no members
  EXPECT_EQ(Get<std::string>(user, "tags.x"), std::nullopt);
  for (const char* malformed :
       {"", ".", "address.", "tags[", "tags[]", "tags[x]", "tags[0]x", "tags[-1]", "a.b"}) {
    EXPECT_EQ(FindPath(user, malformed), nullptr) << malformed;
  }
  // A name holding '.' is reached by steps.
  ASSERT_NE(FindPath(user, {{"a.b"}}), nullptr);
  EXPECT_EQ(*FindPath(user, {{"a.b"}}), AttributeValue::S("dotted"));
  EXPECT_EQ(*FindPath(user, {{"grid"}, {.index = 0}, {.index = 0}}), AttributeValue::N(1));
  EXPECT_EQ(FindPath(user, {{"grid"}, {.index = 3}}), nullptr);
}

}  // namespace document_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
