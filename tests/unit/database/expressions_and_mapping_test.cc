// The expression builders (ddbemu/expressions.h) and the struct mapping (ddbemu/item_mapping.h):
// the text and placeholders they write, and, since only the service's parser says whether an
// expression is right, the same requests run on the embedded client (throttling on), where each
// must do what its expression says.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/document.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/expressions.h"
#include "ddbemu/item_mapping.h"
#include "ddbemu/testing/matchers.h"

namespace mapping_test {

struct Address {
  std::string city;
  std::optional<std::string> zip;
};
DDBEMU_ITEM_FIELDS(Address, city, zip)

struct Employee {
  std::string pk, sk, name;
  std::int64_t age = 0;
  double rating = 0;
  bool active = false;
  std::optional<std::string> manager;
  std::vector<std::string> skills;
  Address address;
};
DDBEMU_ITEM_FIELDS(Employee, pk, sk, name, age, rating, active, manager, skills, address)

}  // namespace mapping_test

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace {

using mapping_test::Employee;
using ::testing::HasSubstr;

class ExpressionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto handle = OpenEmbeddedClient({.in_memory = true});
    ASSERT_TRUE(handle.ok()) << handle.error();
    db_.emplace(std::move(handle).value());
    CreateTableRequest table{.table_name = "Staff", .billing_mode = BillingMode::kPayPerRequest};
    table.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                   {"sk", ScalarAttributeType::kS}};
    table.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    ASSERT_OK((*db_)->CreateTable(table));
  }
  Client& client() { return db_->client(); }
  Item Read(std::string sk) {
    auto got = client().GetItem({.table_name = "Staff",
                                 .key = MakeItem({{"pk", "org#1"}, {"sk", sk}}),
                                 .consistent_read = true});
    EXPECT_OK(got);
    return got.ok() && got->item ? *got->item : Item{};
  }

  std::optional<EmbeddedHandle> db_;
};

Employee Ada() {
  Employee e{.pk = "org#1", .sk = "emp#ada", .name = "Ada", .age = 36, .rating = 4.5};
  e.active = true;
  e.skills = {"math", "engines"};
  e.address = {.city = "London", .zip = std::nullopt};
  return e;
}

TEST(ExpressionText, NamesAndValuesBecomePlaceholdersNumberedLeftToRight) {
  UpdateItemRequest r;
  SetCondition(r, Path("version") == 7 && (Path("name").Exists() || !Path("a.b[2]").NotExists()));
  EXPECT_EQ(
      *r.condition_expression,
      "(#n0 = :v0) AND ((attribute_exists(#n1)) OR (NOT (attribute_not_exists(#n2.#n3[2]))))");
  EXPECT_EQ(
      r.expression_attribute_names,
      (ExpressionAttributeNames{{"#n0", "version"}, {"#n1", "name"}, {"#n2", "a"}, {"#n3", "b"}}));
  EXPECT_EQ(r.expression_attribute_values, MakeItem({{":v0", 7}}));
}

TEST(ExpressionText, PlaceholdersAlreadyInTheRequestAreKeptAndNamesReused) {
  UpdateItemRequest r;
  r.expression_attribute_names = {{"#n0", "status"}};
  r.expression_attribute_values = MakeItem({{":v0", "x"}});
  SetUpdate(r, UpdateExpression().Set("status", "done").Add("count", 1).Remove("tmp").Set("n", 2));
  EXPECT_EQ(*r.update_expression, "SET #n0 = :v1, #n3 = :v3 REMOVE #n2 ADD #n1 :v2");
  EXPECT_EQ(r.expression_attribute_names.size(), 4u);
  EXPECT_EQ(Attr(r.expression_attribute_values, ":v0"), AttributeValue::S("x"));
  EXPECT_EQ(Attr(r.expression_attribute_values, ":v1"), AttributeValue::S("done"));
}

TEST_F(ExpressionsTest, ConditionsAndUpdatesRunAsTheirTextSays) {
  ASSERT_OK(client().PutItem({.table_name = "Staff", .item = ToItem(Ada())}));
  UpdateItemRequest r{.table_name = "Staff", .key = MakeItem({{"pk", "org#1"}, {"sk", "emp#ada"}})};
  // "name" and "status" are reserved words: the placeholders make them usable.
  SetUpdate(r, UpdateExpression()
                   .Set("status", "retired")
                   .Increment("age", 1)
                   .SetIfNotExists("name", "ignored")
                   .SetIfNotExists("title", "Countess")
                   .Append("history", AttributeValue::L({AttributeValue::S("hired")}))
                   .Delete("skills", AttributeValue::SS({"math"}))
                   .Remove("rating"));
  // list_append on a missing list fails: give it one first.
  ASSERT_OK(client().UpdateItem(
      {.table_name = "Staff",
       .key = r.key,
       .update_expression = "SET history = :empty",
       .expression_attribute_values = MakeItem({{":empty", AttributeValue::L({})}})}));
  SetCondition(r, Path("age").Between(30, 40) && Path("skills").Contains("engines") &&
                      Path("skills").Size() == 2 && Path("address.city").BeginsWith("Lon") &&
                      Path("name").In({"Ada", "Grace"}) && Path("age").IsType(AttributeType::kN));
  ASSERT_OK(client().UpdateItem(r));

  Item after = Read("emp#ada");
  EXPECT_THAT(after,
              HasAttributes(MakeItem(
                  {{"status", "retired"}, {"age", 37}, {"name", "Ada"}, {"title", "Countess"}})));
  EXPECT_EQ(Attr(after, "skills"), AttributeValue::SS({"engines"}));
  EXPECT_EQ(Attr(after, "history"), AttributeValue::L({AttributeValue::S("hired")}));
  EXPECT_EQ(after.get("rating"), nullptr);

  // The same condition no longer holds (one skill left): the service refuses, nothing changes.
  UpdateItemRequest again{.table_name = "Staff", .key = r.key};
  SetUpdate(again, UpdateExpression().Set("age", 0));
  SetCondition(again, Path("skills").Size() == 2);
  EXPECT_THAT(client().UpdateItem(again), IsApiError(ErrorCode::kConditionalCheckFailed));
  EXPECT_EQ(Attr(Read("emp#ada"), "age"), AttributeValue::N(37));
}

TEST_F(ExpressionsTest, KeyConditionFilterAndProjectionSelectWhatTheySay) {
  for (int i = 0; i < 6; ++i) {
    ASSERT_OK(client().PutItem(
        {.table_name = "Staff",
         .item =
             MakeItem({{"pk", "org#1"}, {"sk", "emp#" + std::to_string(i)}, {"age", 20 + i}})}));
  }
  ASSERT_OK(client().PutItem(
      {.table_name = "Staff", .item = MakeItem({{"pk", "org#1"}, {"sk", "dept#x"}, {"age", 99}})}));
  QueryRequest q{.table_name = "Staff"};
  SetKeyCondition(q, Path("pk") == "org#1" && Path("sk").BeginsWith("emp#"));
  SetFilter(q, Path("age") >= 22 && Path("age") != 24);
  SetProjection(q, {"sk", "age"});
  auto got = client().Query(q);
  ASSERT_OK(got);
  std::vector<std::string> sks;
  for (const Item& item : got->items) {
    sks.push_back(GetOr<std::string>(item, "sk"));
    EXPECT_EQ(item.size(), 2u);  // the projection: sk and age only
  }
  EXPECT_EQ(sks, (std::vector<std::string>{"emp#2", "emp#3", "emp#5"}));
  EXPECT_EQ(got->scanned_count, 6);

  QueryRequest between{.table_name = "Staff"};
  SetKeyCondition(between, Path("pk") == "org#1" && Path("sk").Between("emp#1", "emp#3"));
  auto range = client().Query(between);
  ASSERT_OK(range);
  EXPECT_EQ(range->count, 3);
}

TEST_F(ExpressionsTest, AStructRoundTripsThroughTheTable) {
  Employee ada = Ada();
  Item item = ToItem(ada);
  EXPECT_THAT(
      item,
      HasAttributes(MakeItem({{"name", "Ada"},
                              {"age", 36},
                              {"rating", 4.5},
                              {"active", true},
                              {"skills", AttributeValue::SS({"engines", "math"})},
                              {"address", AttributeValue::M(MakeItem({{"city", "London"}}))}})));
  EXPECT_EQ(item.get("manager"), nullptr);  // an empty optional is no attribute
  ASSERT_OK(client().PutItem({.table_name = "Staff", .item = item}));

  ASSERT_OK_AND_ASSIGN(Employee back, FromItem<Employee>(Read("emp#ada")));
  EXPECT_EQ(back.name, "Ada");
  EXPECT_EQ(back.age, 36);
  EXPECT_DOUBLE_EQ(back.rating, 4.5);
  EXPECT_TRUE(back.active);
  EXPECT_EQ(back.manager, std::nullopt);
  EXPECT_EQ(back.skills.size(), 2u);
  EXPECT_EQ(back.address.city, "London");
  EXPECT_EQ(back.address.zip, std::nullopt);

  ada.manager = "Babbage";
  ada.skills.clear();  // no empty set is written: the attribute is left out
  Item second = ToItem(ada);
  EXPECT_EQ(Attr(second, "manager"), AttributeValue::S("Babbage"));
  EXPECT_EQ(second.get("skills"), nullptr);
  ASSERT_OK_AND_ASSIGN(Employee again, FromItem<Employee>(second));
  EXPECT_EQ(again.manager, "Babbage");
}

TEST(ItemMapping, AMissingOrMistypedAttributeIsAValidationErrorNamingIt) {
  Item item = ToItem(Ada());
  item.erase("name");
  EXPECT_THAT(FromItem<Employee>(item),
              IsApiError(ErrorCode::kValidation, "the item has no attribute \"name\""));
  item = ToItem(Ada());
  item.insert_or_assign("age", AttributeValue::S("old"));
  EXPECT_THAT(FromItem<Employee>(item),
              IsApiError(ErrorCode::kValidation, HasSubstr("\"age\" is a S")));
  item.insert_or_assign("age", AttributeValue::N("1.5"));  // not an integer
  EXPECT_THAT(FromItem<Employee>(item), IsApiError(ErrorCode::kValidation, HasSubstr("\"age\"")));
}

}  // namespace
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
