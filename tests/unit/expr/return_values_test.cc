// ReturnValues for UpdateItem: ALL_OLD / ALL_NEW are the whole items; UPDATED_OLD / UPDATED_NEW
// are the old / new item projected onto the updated paths. The expectations follow AWS as
// recorded by Alternator's test_returnvalues.py (run against AWS): a nested update returns only
// the nested part ({a: {b: ...}}), not the whole top-level attribute that DynamoDB Local
// returns; an append past a list's end is not returned by UPDATED_NEW; and after REMOVE a.c[1]
// UPDATED_NEW returns the element that moved into a.c[1].
#include <gtest/gtest.h>

#include "ddbemu/testing/matchers.h"
#include "expr/expressions.h"
#include "expr/update_apply.h"
#include "expr_test_util.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace return_values_test {

using testing::ItemFromJsonText;
using testing::ItemToJsonText;

const Item kKey{{"p", AttributeValue::S("k")}};

struct Returned {
  Item old_attributes;
  Item new_attributes;
  Item item;
};

Returned Update(const Item* old_item, std::string_view text, const std::string& values_json = "") {
  const Item values = values_json.empty() ? Item{} : ItemFromJsonText(values_json);
  ExpressionContext context(nullptr, values.empty() ? nullptr : &values);
  Result<UpdateExpression> u = PrepareUpdate(text, context);
  EXPECT_TRUE(u.ok()) << text << ": " << (u.ok() ? "" : u.error().message());
  if (!u.ok()) return {};
  Result<UpdateOutcome> outcome = ApplyUpdate(*u, old_item, kKey);
  EXPECT_TRUE(outcome.ok()) << text << ": " << (outcome.ok() ? "" : outcome.error().message());
  if (!outcome.ok()) return {};
  return {UpdatedOldAttributes(old_item, *outcome), UpdatedNewAttributes(*outcome), outcome->item};
}

const char* kNested =
    R"({"p": {"S": "k"}, "a": {"M": {"b": {"S": "dog"}, "c": {"L": [{"N": "1"}, {"N": "2"},
        {"N": "3"}]}}}, "d": {"S": "cat"}})";

TEST(ReturnValuesTest, TopLevelUpdatesReturnTheAttributes) {
  const Item old = ItemFromJsonText(R"({"p": {"S": "k"}, "a": {"S": "hi"}, "b": {"S": "dog"}})");
  Returned r = Update(&old, "SET b = :v, c = :w", R"({":v": {"S": "cat"}, ":w": {"S": "hello"}})");
  EXPECT_EQ(r.old_attributes, ItemFromJsonText(R"({"b": {"S": "dog"}})"));
  EXPECT_EQ(r.new_attributes, ItemFromJsonText(R"({"b": {"S": "cat"}, "c": {"S": "hello"}})"));
}

TEST(ReturnValuesTest, RemovedAttributesAreOldButNotNew) {
  const Item old = ItemFromJsonText(R"({"p": {"S": "k"}, "b": {"S": "dog"}})");
  Returned r = Update(&old, "REMOVE b");
  EXPECT_EQ(r.old_attributes, ItemFromJsonText(R"({"b": {"S": "dog"}})"));
  EXPECT_TRUE(r.new_attributes.empty());
  EXPECT_EQ(r.item, kKey);
}

TEST(ReturnValuesTest, NestedUpdatesReturnOnlyTheNestedPart) {
  const Item old = ItemFromJsonText(kNested);
  Returned r = Update(&old, "SET a.b = :v", R"({":v": {"S": "yo"}})");
  EXPECT_EQ(r.old_attributes, ItemFromJsonText(R"({"a": {"M": {"b": {"S": "dog"}}}})"));
  EXPECT_EQ(r.new_attributes, ItemFromJsonText(R"({"a": {"M": {"b": {"S": "yo"}}}})"));
  r = Update(&old, "SET a.c[1] = :v, a.b = :w", R"({":v": {"N": "8"}, ":w": {"S": "x"}})");
  EXPECT_EQ(r.old_attributes,
            ItemFromJsonText(R"({"a": {"M": {"b": {"S": "dog"}, "c": {"L": [{"N": "2"}]}}}})"));
  EXPECT_EQ(r.new_attributes,
            ItemFromJsonText(R"({"a": {"M": {"b": {"S": "x"}, "c": {"L": [{"N": "8"}]}}}})"));
}

TEST(ReturnValuesTest, NewSubAttributesAreNewButNotOld) {
  const Item old = ItemFromJsonText(kNested);
  Returned r = Update(&old, "SET a.x2 = :v", R"({":v": {"N": "8"}})");
  EXPECT_TRUE(r.old_attributes.empty());
  EXPECT_EQ(r.new_attributes, ItemFromJsonText(R"({"a": {"M": {"x2": {"N": "8"}}}})"));
}

TEST(ReturnValuesTest, RemovingAMissingElementReturnsOnlyWhatExisted) {
  const Item old = ItemFromJsonText(kNested);
  Returned r = Update(&old, "REMOVE a.c[1], a.c[3]");
  EXPECT_EQ(r.old_attributes, ItemFromJsonText(R"({"a": {"M": {"c": {"L": [{"N": "2"}]}}}})"));
}

TEST(ReturnValuesTest, AppendPastTheEndIsNotInUpdatedNew) {
  const Item old = ItemFromJsonText(kNested);
  Returned r = Update(&old, "SET a.c[100] = :v", R"({":v": {"N": "70"}})");
  EXPECT_TRUE(r.new_attributes.empty()) << ItemToJsonText(r.new_attributes);
  EXPECT_EQ(Attr(Attr(r.item, "a").map(), "c").list().size(), 4u);
}

TEST(ReturnValuesTest, RemovedListElementReturnsItsSuccessor) {
  const Item old = ItemFromJsonText(kNested);
  Returned r = Update(&old, "REMOVE a.c[1]");
  EXPECT_EQ(r.new_attributes, ItemFromJsonText(R"({"a": {"M": {"c": {"L": [{"N": "3"}]}}}})"));
}

TEST(ReturnValuesTest, ReadModifyWriteReturnsTheComputedValue) {
  const Item old = ItemFromJsonText(R"({"p": {"S": "k"}, "a": {"N": "1"}})");
  Returned r = Update(&old, "SET a = a + :v", R"({":v": {"N": "1"}})");
  EXPECT_EQ(r.new_attributes, ItemFromJsonText(R"({"a": {"N": "2"}})"));
}

TEST(ReturnValuesTest, MissingItemStartsFromTheKey) {
  Returned r = Update(nullptr, "SET a = :v", R"({":v": {"N": "1"}})");
  EXPECT_TRUE(r.old_attributes.empty());
  EXPECT_EQ(r.new_attributes, ItemFromJsonText(R"({"a": {"N": "1"}})"));  // keys not included
  EXPECT_EQ(r.item, ItemFromJsonText(R"({"p": {"S": "k"}, "a": {"N": "1"}})"));
}

TEST(UpdateOutcomeTest, OnlyRemovingUpdatesDoNotWriteValues) {
  // AWS does not create an item for an update that only removes (Alternator's
  // test_update_item_non_existent); the caller uses writes_values to decide.
  const auto outcome_of = [](std::string_view text, const std::string& values_json) {
    const Item values = values_json.empty() ? Item{} : ItemFromJsonText(values_json);
    ExpressionContext context(nullptr, values.empty() ? nullptr : &values);
    Result<UpdateExpression> u = PrepareUpdate(text, context);
    EXPECT_TRUE(u.ok());
    Result<UpdateOutcome> o = ApplyUpdate(*u, nullptr, kKey);
    EXPECT_TRUE(o.ok());
    return o->writes_values;
  };
  EXPECT_FALSE(outcome_of("REMOVE a", ""));
  EXPECT_FALSE(outcome_of("DELETE a :s", R"({":s": {"SS": ["x"]}})"));
  EXPECT_TRUE(outcome_of("ADD a :n", R"({":n": {"N": "1"}})"));
  EXPECT_TRUE(outcome_of("REMOVE a SET b = :n", R"({":n": {"N": "1"}})"));
}

TEST(UpdateOutcomeTest, ApplyingTwiceGivesTheSameResult) {
  // The read-modify-write step may be retried; it must be a pure function of its inputs.
  const Item old = ItemFromJsonText(R"({"p": {"S": "k"}, "n": {"N": "1"}, "s": {"SS": ["a"]}})");
  const Item values = ItemFromJsonText(R"({":n": {"N": "2"}, ":s": {"SS": ["b"]}})");
  ExpressionContext context(nullptr, &values);
  Result<UpdateExpression> u = PrepareUpdate("ADD n :n, s :s", context);
  ASSERT_TRUE(u.ok());
  Result<UpdateOutcome> first = ApplyUpdate(*u, &old, kKey);
  Result<UpdateOutcome> second = ApplyUpdate(*u, &old, kKey);
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(first->item, second->item);
  EXPECT_EQ(Attr(first->item, "n"), AttributeValue::N("3"));
}

}  // namespace return_values_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
