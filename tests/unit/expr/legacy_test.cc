// Legacy parameters (Expected, QueryFilter/ScanFilter, KeyConditions, AttributesToGet,
// AttributeUpdates) translated to expression trees: validation messages and semantics, as
// recorded from DynamoDB Local 1.25.
#include "expr/legacy.h"

#include <gtest/gtest.h>

#include "expr/evaluator.h"
#include "expr/update_apply.h"
#include "expr_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace legacy_test {

using testing::B;
using testing::ItemFromJsonText;
using testing::L;
using testing::M;
using testing::N;
using testing::S;
using testing::SS;
using Op = ComparisonOperator;

const Item kItem = ItemFromJsonText(
    R"({"pk": {"S": "leg"}, "a": {"S": "abc"}, "n": {"N": "5"}, "ss": {"SS": ["a", "b"]},
        "l": {"L": [{"S": "a"}]}})");

template <class T>
std::string ErrorOf(const Result<T>& r) {
  return r.ok() ? "" : r.error().message();
}
std::string ErrorOf(const Status& s) { return s.ok() ? "" : s.error().message(); }

ExpectedEntry WithOp(std::string attr, Op op, std::vector<AttributeValue> values) {
  ExpectedEntry e;
  e.attribute = std::move(attr);
  e.op = op;
  e.value_list = std::move(values);
  return e;
}

std::string ExpectedError(ExpectedEntry e) {
  return ErrorOf(ExpectedToCondition({std::move(e)}, ConditionalOperator::kAnd));
}

bool ExpectedHolds(std::vector<ExpectedEntry> entries,
                   ConditionalOperator op = ConditionalOperator::kAnd) {
  Result<std::optional<Condition>> c = ExpectedToCondition(entries, op);
  EXPECT_TRUE(c.ok()) << ErrorOf(c);
  if (!c.ok() || !c->has_value()) return true;
  return Evaluate(**c, kItem);
}

constexpr const char* kInvalid = "One or more parameter values were invalid: ";

TEST(LegacyExpectedTest, ArgumentCountsAndTypes) {
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kEq, {})),
            std::string(kInvalid) + "Invalid number of argument(s) for the EQ ComparisonOperator");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kEq, {S("a"), S("b")})),
            std::string(kInvalid) + "Invalid number of argument(s) for the EQ ComparisonOperator");
  EXPECT_EQ(
      ExpectedError(WithOp("a", Op::kNull, {S("a")})),
      std::string(kInvalid) + "Invalid number of argument(s) for the NULL ComparisonOperator");
  EXPECT_EQ(
      ExpectedError(WithOp("a", Op::kBetween, {S("a"), S("b"), S("c")})),
      std::string(kInvalid) + "Invalid number of argument(s) for the BETWEEN ComparisonOperator");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kIn, {})),
            std::string(kInvalid) + "Invalid number of argument(s) for the IN ComparisonOperator");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kGe, {L({}), L({})})),
            std::string(kInvalid) + "Invalid number of argument(s) for the GE ComparisonOperator");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kLt, {L({})})),
            std::string(kInvalid) + "ComparisonOperator LT is not valid for L AttributeValue type");
  EXPECT_EQ(
      ExpectedError(WithOp("a", Op::kLt, {SS({"a"})})),
      std::string(kInvalid) + "ComparisonOperator LT is not valid for SS AttributeValue type");
  EXPECT_EQ(
      ExpectedError(WithOp("a", Op::kLt, {AttributeValue::Null()})),
      std::string(kInvalid) + "ComparisonOperator LT is not valid for NULL AttributeValue type");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kContains, {SS({"a"})})),
            std::string(kInvalid) +
                "ComparisonOperator CONTAINS is not valid for SS AttributeValue type");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kNotContains, {M({})})),
            std::string(kInvalid) +
                "ComparisonOperator NOT_CONTAINS is not valid for M AttributeValue type");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kBeginsWith, {N("1")})),
            std::string(kInvalid) +
                "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
  EXPECT_EQ(
      ExpectedError(WithOp("a", Op::kIn, {AttributeValue::Bool(true)})),
      std::string(kInvalid) + "ComparisonOperator IN is not valid for BOOL AttributeValue type");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kBetween,
                                 {AttributeValue::Bool(true), AttributeValue::Bool(true)})),
            std::string(kInvalid) +
                "ComparisonOperator BETWEEN is not valid for BOOL AttributeValue type");
  EXPECT_EQ(
      ExpectedError(WithOp("a", Op::kIn, {S("x"), N("1")})),
      std::string(kInvalid) + "AttributeValues inside AttributeValueList must be of same type");
  EXPECT_EQ(
      ExpectedError(WithOp("a", Op::kBetween, {S("b"), N("1")})),
      std::string(kInvalid) + "AttributeValues inside AttributeValueList must be of same type");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kBetween, {S("b"), S("a")})),
            "The BETWEEN condition was provided a range where the lower bound is greater than the "
            "upper bound");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kBetween, {B("\x01"), B(std::string(1, '\0'))})),
            "The BETWEEN condition was provided a range where the lower bound is greater than the "
            "upper bound");
  // Accepted: EQ/NE take any type, CONTAINS scalars including BOOL and NULL.
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kEq, {L({})})), "");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kNe, {M({})})), "");
  EXPECT_EQ(ExpectedError(WithOp("a", Op::kContains, {AttributeValue::Null()})), "");
}

TEST(LegacyExpectedTest, ValueExistsAndOperatorCombinations) {
  ExpectedEntry e;
  e.attribute = "a";
  EXPECT_EQ(ExpectedError(e),
            std::string(kInvalid) + "Value must be provided when Exists is null for Attribute: a");
  e.exists = true;
  EXPECT_EQ(ExpectedError(e),
            std::string(kInvalid) + "Value must be provided when Exists is true for Attribute: a");
  e.exists = false;
  e.value = S("x");
  EXPECT_EQ(ExpectedError(e),
            std::string(kInvalid) + "Value cannot be used when Exists is false for Attribute: a");
  e.op = Op::kNull;
  EXPECT_EQ(ExpectedError(e),
            std::string(kInvalid) +
                "Exists and ComparisonOperator cannot be used together for Attribute: a");
  ExpectedEntry both = WithOp("a", Op::kEq, {S("abc")});
  both.value = S("abc");
  EXPECT_EQ(ExpectedError(both),
            std::string(kInvalid) +
                "Value and AttributeValueList cannot be used together for Attribute: a");
  ExpectedEntry list_only;
  list_only.attribute = "a";
  list_only.value_list = std::vector<AttributeValue>{S("x")};
  EXPECT_EQ(ExpectedError(list_only),
            std::string(kInvalid) +
                "AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
  ExpectedEntry op_only;
  op_only.attribute = "a";
  op_only.op = Op::kEq;
  EXPECT_EQ(
      ExpectedError(op_only),
      std::string(kInvalid) +
          "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a");
  op_only.op = Op::kNull;  // takes no argument
  EXPECT_EQ(ExpectedError(op_only), "");
  op_only.op = Op::kEq;
  op_only.value = S("abc");  // Value stands in for the list
  EXPECT_EQ(ExpectedError(op_only), "");
}

TEST(LegacyExpectedTest, Semantics) {
  ExpectedEntry value;
  value.attribute = "a";
  value.value = S("abc");
  EXPECT_TRUE(ExpectedHolds({value}));
  ExpectedEntry absent;
  absent.attribute = "zz";
  absent.exists = false;
  EXPECT_TRUE(ExpectedHolds({absent}));
  EXPECT_TRUE(ExpectedHolds({WithOp("zz", Op::kNe, {S("x")})}));            // NE: missing is true
  EXPECT_FALSE(ExpectedHolds({WithOp("zz", Op::kNotContains, {S("x")})}));  // missing is false
  EXPECT_TRUE(ExpectedHolds({WithOp("a", Op::kNotContains, {N("1")})}));
  EXPECT_FALSE(ExpectedHolds({WithOp("a", Op::kNotContains, {S("b")})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("ss", Op::kContains, {S("b")})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("ss", Op::kEq, {SS({"b", "a"})})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("a", Op::kNotNull, {})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("zz", Op::kNull, {})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("n", Op::kBetween, {N("1"), N("5")})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("n", Op::kIn, {N("4"), N("5")})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("a", Op::kBeginsWith, {S("ab")})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("n", Op::kGt, {N("4.5")})}));
  // AND by default, OR on request.
  EXPECT_FALSE(ExpectedHolds({WithOp("n", Op::kEq, {N("5")}), WithOp("a", Op::kEq, {S("x")})}));
  EXPECT_TRUE(ExpectedHolds({WithOp("n", Op::kEq, {N("5")}), WithOp("a", Op::kEq, {S("x")})},
                            ConditionalOperator::kOr));
  Result<std::optional<Condition>> none = ExpectedToCondition({}, ConditionalOperator::kAnd);
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
}

TEST(LegacyFilterTest, ValidatesArgumentsLikeExpected) {
  EXPECT_EQ(ErrorOf(FilterToCondition({{"a", Op::kEq, {}}}, ConditionalOperator::kAnd)),
            std::string(kInvalid) + "Invalid number of argument(s) for the EQ ComparisonOperator");
  Result<std::optional<Condition>> c = FilterToCondition(
      {{"a", Op::kNe, {S("x")}}, {"n", Op::kLt, {N("9")}}}, ConditionalOperator::kAnd);
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(Evaluate(**c, kItem));
  EXPECT_EQ(ErrorOf(QueryFilterKeyCheck({{"pk", Op::kEq, {S("x")}}}, {"pk", "sk"})),
            "QueryFilter can only contain non-primary key attributes: Primary key attribute: pk");
  EXPECT_EQ(ErrorOf(QueryFilterKeyCheck({{"a", Op::kEq, {S("x")}}}, {"pk", "sk"})), "");
}

TEST(LegacyKeyConditionsTest, MatchTheService) {
  const KeySchemaView schema{{{"pk", AttributeType::kS}}, {{"sk", AttributeType::kN}}};
  const auto error = [&](std::vector<FilterEntry> entries) {
    return ErrorOf(KeyConditionsToKeyCondition(entries, schema));
  };
  const FilterEntry pk_eq{"pk", Op::kEq, {S("x")}};
  EXPECT_EQ(error({pk_eq}), "");
  EXPECT_EQ(error({pk_eq, {"sk", Op::kLt, {N("1")}}}), "");
  EXPECT_EQ(error({{"pk", Op::kNe, {S("x")}}}), "Query key condition not supported");
  EXPECT_EQ(error({{"pk", Op::kIn, {S("x")}}}), "Query key condition not supported");
  EXPECT_EQ(error({{"pk", Op::kBeginsWith, {S("x")}}}), "Query key condition not supported");
  EXPECT_EQ(error({pk_eq, {"sk", Op::kContains, {N("1")}}}),
            "Attempted conditional constraint is not an indexable operation");
  EXPECT_EQ(error({pk_eq, {"sk", Op::kNull, {}}}),
            "Only scalar types can be used as Range Key values");
  EXPECT_EQ(error({{"zz", Op::kEq, {S("x")}}}), "Query condition missed key schema element: pk");
  EXPECT_EQ(error({pk_eq, {"sk", Op::kEq, {N("1")}}, {"zz", Op::kEq, {N("1")}}}),
            "Conditions can be of length 1 or 2 only");
  EXPECT_EQ(error({}), "Conditions can be of length 1 or 2 only");
  EXPECT_EQ(error({{"pk", Op::kEq, {N("1")}}}),
            std::string(kInvalid) + "Condition parameter type does not match schema type");
  EXPECT_EQ(error({{"pk", Op::kEq, {}}}),
            std::string(kInvalid) + "Invalid number of argument(s) for the EQ ComparisonOperator");
  Result<KeyCondition> kc =
      KeyConditionsToKeyCondition({pk_eq, {"sk", Op::kBetween, {N("1"), N("3")}}}, schema);
  ASSERT_TRUE(kc.ok());
  EXPECT_EQ(kc->sort[0].op, KeyOperator::kBetween);
  EXPECT_EQ(kc->sort[0].upper, N("3"));
}

// Multi-attribute GSI keys: several sort key attributes are served through KeyConditions (the
// equalities on a prefix, one range last), several partition key attributes are refused.
TEST(LegacyKeyConditionsTest, MultiAttributeKeysServeSortAttributesAndRefusePartitionOnes) {
  const KeySchemaView one_hash{{{"h", AttributeType::kS}},
                               {{"r1", AttributeType::kS}, {"r2", AttributeType::kN}}};
  Result<KeyCondition> kc = KeyConditionsToKeyCondition(
      {{"h", Op::kEq, {S("x")}}, {"r1", Op::kEq, {S("a")}}, {"r2", Op::kGt, {N("100")}}}, one_hash);
  ASSERT_TRUE(kc.ok()) << ErrorOf(kc);
  ASSERT_EQ(kc->sort.size(), 2u);
  EXPECT_EQ(kc->sort[1].op, KeyOperator::kGt);
  EXPECT_NE(ErrorOf(KeyConditionsToKeyCondition(
                {{"h", Op::kEq, {S("x")}}, {"r2", Op::kGt, {N("100")}}}, one_hash)),
            "");

  const KeySchemaView two_hash{{{"h1", AttributeType::kS}, {"h2", AttributeType::kS}}, {}};
  const std::string refused = ErrorOf(KeyConditionsToKeyCondition(
      {{"h1", Op::kEq, {S("x")}}, {"h2", Op::kEq, {S("y")}}}, two_hash));
  EXPECT_EQ(refused,
            "KeyConditions cannot be used to query an index whose partition key has more than one "
            "attribute; use KeyConditionExpression");
  EXPECT_EQ(ErrorOf(KeyConditionsToKeyCondition({{"h1", Op::kEq, {S("x")}}}, two_hash)), refused);
}

TEST(LegacyAttributesToGetTest, BecomesAProjection) {
  EXPECT_EQ(ErrorOf(AttributesToGetToProjection({})), "AttributesToGet cannot be empty");
  EXPECT_EQ(ErrorOf(AttributesToGetToProjection({"b", "a", "b"})),
            "One or more parameter values were invalid: Duplicate value in attribute name: b");
  Result<ProjectionExpression> p = AttributesToGetToProjection({"a", "name", "zz"});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(Project(kItem, p->paths), ItemFromJsonText(R"({"a": {"S": "abc"}})"));
}

AttributeUpdateEntry Entry(std::string attr, AttributeUpdateEntry::Action action,
                           std::optional<AttributeValue> value) {
  return {std::move(attr), action, std::move(value)};
}

Result<Item> ApplyAttributeUpdates(std::vector<AttributeUpdateEntry> entries) {
  DDBEMU_ASSIGN_OR_RETURN(const UpdateExpression u, AttributeUpdatesToUpdate(entries));
  const Item key{{"pk", S("leg")}};
  DDBEMU_ASSIGN_OR_RETURN(UpdateOutcome outcome, ApplyUpdate(u, &kItem, key));
  return std::move(outcome.item);
}

TEST(LegacyAttributeUpdatesTest, Validation) {
  using A = AttributeUpdateEntry::Action;
  EXPECT_EQ(
      ErrorOf(ApplyAttributeUpdates({Entry("a", A::kPut, std::nullopt)})),
      std::string(kInvalid) + "Only DELETE action is allowed when no attribute value is specified");
  EXPECT_EQ(
      ErrorOf(ApplyAttributeUpdates({Entry("a", A::kAdd, std::nullopt)})),
      std::string(kInvalid) + "Only DELETE action is allowed when no attribute value is specified");
  EXPECT_EQ(
      ErrorOf(ApplyAttributeUpdates({Entry("a", A::kDelete, S("x"))})),
      std::string(kInvalid) + "DELETE action with value is not supported for the type STRING");
  EXPECT_EQ(
      ErrorOf(ApplyAttributeUpdates({Entry("n", A::kDelete, N("1"))})),
      std::string(kInvalid) + "DELETE action with value is not supported for the type NUMBER");
  EXPECT_EQ(ErrorOf(ApplyAttributeUpdates({Entry("a", A::kAdd, S("b"))})),
            std::string(kInvalid) + "ADD action is not supported for the type STRING");
  EXPECT_EQ(ErrorOf(ApplyAttributeUpdates({Entry("a", A::kAdd, M({}))})),
            std::string(kInvalid) + "ADD action is not supported for the type MAP");
  EXPECT_EQ(
      ErrorOf(ApplyAttributeUpdates({Entry("pk", A::kPut, S("v"))})),
      std::string(kInvalid) + "Cannot update attribute pk. This attribute is part of the key");
  EXPECT_EQ(ErrorOf(ApplyAttributeUpdates({Entry("ss", A::kDelete, AttributeValue::NS({"1"}))})),
            "Type mismatch for attribute to update");
  EXPECT_EQ(ErrorOf(ApplyAttributeUpdates({Entry("a", A::kAdd, L({S("b")}))})),
            "Type mismatch for attribute to update");
  EXPECT_EQ(ErrorOf(ApplyAttributeUpdates({Entry("a", A::kAdd, N("1"))})),
            "Type mismatch for attribute to update");
  EXPECT_EQ(ErrorOf(ApplyAttributeUpdates({Entry("n", A::kAdd, SS({"q"}))})),
            "Type mismatch for attribute to update");
}

TEST(LegacyAttributeUpdatesTest, Semantics) {
  using A = AttributeUpdateEntry::Action;
  Result<Item> r = ApplyAttributeUpdates(
      {Entry("x", A::kPut, S("v")), Entry("a", A::kDelete, std::nullopt),
       Entry("n", A::kAdd, N("2")), Entry("l", A::kAdd, L({S("b")})),
       Entry("zz", A::kAdd, L({S("c")})), Entry("ss", A::kDelete, SS({"a", "b"}))});
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(*r, ItemFromJsonText(R"({"pk": {"S": "leg"}, "x": {"S": "v"}, "n": {"N": "7"},
      "l": {"L": [{"S": "a"}, {"S": "b"}]}, "zz": {"L": [{"S": "c"}]}})"));
  Result<Item> same = ApplyAttributeUpdates({});
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(*same, kItem);
}

TEST(LegacyOperatorNamesTest, RoundTrip) {
  for (std::string_view name : {"EQ", "NE", "LE", "LT", "GE", "GT", "NOT_NULL", "NULL", "CONTAINS",
                                "NOT_CONTAINS", "BEGINS_WITH", "IN", "BETWEEN"}) {
    const std::optional<Op> op = ComparisonOperatorByName(name);
    ASSERT_TRUE(op.has_value()) << name;
    EXPECT_EQ(ComparisonOperatorName(*op), name);
  }
  EXPECT_FALSE(ComparisonOperatorByName("eq").has_value());
}

}  // namespace legacy_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
