// The anonymisation rules engine of `ddb-local import` / `export` (transfer/anonymiser.h).
#include "transfer/anonymiser.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "ddbemu/json.h"

namespace ddblocal {
namespace {

using ddbemu::AttributeValue;
using ddbemu::Item;

Anonymiser Rules(const std::string& json, const std::string& seed = "seed") {
  auto parsed = Anonymiser::Parse(json, seed);
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().message());
  return std::move(*parsed);
}

Item ItemOf(const std::string& json) { return *ddbemu::FromJson<Item>(json); }

TEST(AnonymiserTest, FakeEmailIsDeterministicAndLooksLikeAnEmail) {
  const Anonymiser a = Rules(R"({"rules":[{"attribute":"email","rule":"fake","kind":"email"}]})");
  const Item item = ItemOf(R"({"email":{"S":"alice@x.com"}})");
  const std::string first = *a.Apply(item).get("email")->as_string();
  EXPECT_EQ(first, *a.Apply(item).get("email")->as_string());
  EXPECT_NE(first, "alice@x.com");
  EXPECT_TRUE(std::regex_match(first, std::regex(R"([a-z]+\.[a-z]+\.[0-9a-f]{6}@example\.com)")))
      << first;
}

TEST(AnonymiserTest, AnotherSeedGivesAnotherReplacement) {
  const std::string rules = R"({"rules":[{"attribute":"v","rule":"hash"}]})";
  const Item item = ItemOf(R"({"v":{"S":"x"}})");
  EXPECT_NE(*Rules(rules, "one").Apply(item).get("v")->as_string(),
            *Rules(rules, "two").Apply(item).get("v")->as_string());
}

TEST(AnonymiserTest, HashIsTruncatedHex) {
  const Anonymiser a = Rules(R"({"rules":[{"attribute":"v","rule":"hash","length":12}]})");
  const std::string h = *a.Apply(ItemOf(R"({"v":{"S":"secret"}})")).get("v")->as_string();
  EXPECT_TRUE(std::regex_match(h, std::regex("[0-9a-f]{12}"))) << h;
}

TEST(AnonymiserTest, MaskKeepsTheFirstAndLastCharacters) {
  const Anonymiser a =
      Rules(R"({"rules":[{"attribute":"v","rule":"mask","keepFirst":2,"keepLast":3}]})");
  EXPECT_EQ(*a.Apply(ItemOf(R"({"v":{"S":"0123456789"}})")).get("v")->as_string(), "01*****789");
  // Too short to show anything: all masked. Characters are code points, not bytes.
  EXPECT_EQ(*a.Apply(ItemOf(R"({"v":{"S":"abcd"}})")).get("v")->as_string(), "****");
  EXPECT_EQ(*a.Apply(ItemOf(R"({"v":{"S":"éééééé"}})")).get("v")->as_string(), "éé*ééé");
}

TEST(AnonymiserTest, RedactRemovesTheAttributeAndIsRefusedOnKeys) {
  const Anonymiser a = Rules(R"({"rules":[{"attribute":"notes","rule":"redact"}]})");
  const Item out = a.Apply(ItemOf(R"({"pk":{"S":"a"},"notes":{"S":"x"}})"));
  EXPECT_EQ(out.get("notes"), nullptr);
  EXPECT_NE(out.get("pk"), nullptr);
  EXPECT_TRUE(a.CheckKeyAttributes({"pk", "sk"}).ok());
  const auto refused = a.CheckKeyAttributes({"pk", "notes"});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message(),
            "anonymisation rules: cannot redact key attribute 'notes': an item without its key "
            "cannot be written");
}

TEST(AnonymiserTest, PatternRewritesTheKeyPartAsTheAttributeIsRewritten) {
  const Anonymiser a = Rules(R"({"rules":[
      {"attribute":"email","rule":"fake","kind":"email"},
      {"attributes":["pk","GSI1PK"],"pattern":"EMAIL#{email}"},
      {"attribute":"sk","regex":"^CONTACT#([^#]+)#.*$","use":"email"}]})");
  const Item out = a.Apply(ItemOf(
      R"({"pk":{"S":"EMAIL#alice@x.com"},"GSI1PK":{"S":"EMAIL#alice@x.com"},
          "sk":{"S":"CONTACT#alice@x.com#2024"},"email":{"S":"alice@x.com"}})"));
  const std::string fake = *out.get("email")->as_string();
  EXPECT_EQ(*out.get("pk")->as_string(), "EMAIL#" + fake);
  EXPECT_EQ(*out.get("GSI1PK")->as_string(), "EMAIL#" + fake);
  EXPECT_EQ(*out.get("sk")->as_string(), "CONTACT#" + fake + "#2024");
  // A string the pattern does not match is left as it is.
  EXPECT_EQ(*a.Apply(ItemOf(R"({"pk":{"S":"USER#1"}})")).get("pk")->as_string(), "USER#1");
}

TEST(AnonymiserTest, NestedPathsSetsListsAndNumbers) {
  const Anonymiser a = Rules(R"({"rules":[
      {"attribute":"address.city","rule":"fake","kind":"word"},
      {"attribute":"tags","rule":"hash","length":4},
      {"attribute":"phones","rule":"fake","kind":"phone"},
      {"attribute":"salary","rule":"fake"}]})");
  const Item out = a.Apply(ItemOf(
      R"({"address":{"M":{"city":{"S":"Paris"},"zip":{"S":"75001"}}},
          "tags":{"SS":["a","b"]},"phones":{"L":[{"S":"+33 1 23 45 67 89"}]},
          "salary":{"N":"52000"}})"));
  const auto& address = *out.get("address")->as_map();
  EXPECT_NE(*address.get("city")->as_string(), "Paris");
  EXPECT_EQ(*address.get("zip")->as_string(), "75001");
  EXPECT_EQ(out.get("tags")->as_string_set()->size(), 2u);
  const std::string phone = *out.get("phones")->as_list()->front().as_string();
  EXPECT_TRUE(std::regex_match(phone, std::regex(R"(\+\d\d \d \d\d \d\d \d\d \d\d)"))) << phone;
  const std::string salary = *out.get("salary")->as_number_text();
  EXPECT_EQ(salary.size(), 5u);
  EXPECT_NE(salary, "52000");
}

TEST(AnonymiserTest, BadRulesAreRefusedWithTheirPosition) {
  auto unknown = Anonymiser::Parse(R"({"rules":[{"attribute":"a","rule":"scramble"}]})", "s");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message(),
            "anonymisation rule 1: unknown rule 'scramble' (fake, mask, hash or redact)");
  auto dangling = Anonymiser::Parse(R"({"rules":[{"attribute":"pk","pattern":"E#{email}"}]})", "s");
  ASSERT_FALSE(dangling.ok());
  EXPECT_EQ(dangling.error().message(),
            "anonymisation rule 1: the pattern names 'email', which has no fake, mask or hash "
            "rule");
  EXPECT_FALSE(Anonymiser::Parse("[1,", "s").ok());
  EXPECT_FALSE(Anonymiser::Parse(R"({"rules":[{"rule":"hash"}]})", "s").ok());
}

}  // namespace
}  // namespace ddblocal
