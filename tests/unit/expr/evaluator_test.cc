// Condition evaluation: each row was evaluated by DynamoDB Local (1.25) against kItem, with the
// placeholders the row uses taken from kPool, and recorded as true or false.
#include "expr/evaluator.h"

#include <gtest/gtest.h>

#include "expr/expressions.h"
#include "expr_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace evaluator_test {

using testing::ItemFromJsonText;
using testing::NamesFor;
using testing::ValuesFor;

constexpr const char* kItem =
    R"json({"pk": {"S": "ev"}, "s": {"S": "héllo"}, "n": {"N": "5"}, "b": {"B": "AQID"}, "l": {"L": [{"S": "e0"}, {"N": "1"}, {"SS": ["a"]}, {"L": []}]}, "m": {"M": {"x": {"N": "1"}}}, "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2"]}, "bs": {"BS": ["AQ=="]}, "bo": {"BOOL": true}, "nu": {"NULL": true}, "emptys": {"S": ""}, "el": {"L": []}, "em": {"M": {}}, "nn": {"N": "5"}, "nmnn": {"M": {"nmx": {"N": "1"}}}, "nested": {"M": {"a": {"M": {"b": {"L": [{"N": "1"}, {"M": {"c": {"S": "deep"}}}]}}}}}, "neg": {"N": "-1.5"}, "big": {"N": "1E+100"}, "u": {"S": "été"}, "astral": {"S": "😀x"}})json";

constexpr const char* kPool =
    R"json({":s": {"S": "a"}, ":e0": {"S": "e0"}, ":n1": {"N": "1"}, ":n1b": {"N": "1.0"}, ":b1": {"B": "AQ=="}, ":b": {"B": "AQID"}, ":b2": {"B": "Ag=="}, ":bff": {"B": "/w=="}, ":ss": {"SS": ["a"]}, ":ssab": {"SS": ["b", "a"]}, ":l": {"L": []}, ":t": {"BOOL": true}, ":f": {"BOOL": false}, ":nul": {"NULL": true}, ":he": {"S": "hé"}, ":h": {"S": "h"}, ":n5": {"N": "5"}, ":n6": {"N": "6"}, ":emp": {"S": ""}, ":big": {"S": "z"}, ":sa": {"S": "A"}, ":m": {"M": {"x": {"N": "1"}}}, ":m2": {"M": {"x": {"N": "1.00"}}}, ":n10": {"N": "10"}, ":n9": {"N": "9"}, ":l1": {"L": [{"S": "e0"}, {"N": "1"}, {"SS": ["a"]}, {"L": []}]}, ":ty": {"S": "SS"}, ":tyn": {"S": "N"}, ":tyl": {"S": "L"}, ":tynull": {"S": "NULL"}, ":tym": {"S": "M"}, ":tybool": {"S": "BOOL"}, ":deep": {"S": "deep"}, ":nm2": {"N": "-2"}, ":nm1": {"N": "-1"}, ":n0": {"N": "0"}, ":n3": {"N": "3"}, ":n4": {"N": "4"}, ":e99": {"N": "1E+99"}, ":e101": {"N": "1E+101"}, ":ete": {"S": "été"}, ":eta": {"S": "ét"}, ":zzz": {"S": "zzz"}, ":sm": {"S": "ÿ"}, ":n2": {"N": "2"}})json";

struct Case {
  const char* condition;
  bool expected;
};

// clang-format off
const Case kCases[] = {
    {"contains(s, :h)", true},
    {"contains(s, :he)", true},
    {"contains(s, :emp)", true},
    {"contains(s, :big)", false},
    {"contains(ss, :s)", true},
    {"contains(ss, :ss)", false},
    {"contains(ns, :n1)", true},
    {"contains(ns, :n1b)", true},
    {"contains(ns, :n5)", false},
    {"contains(bs, :b1)", true},
    {"contains(b, :b1)", true},
    {"contains(b, :b2)", true},
    {"contains(b, :b)", true},
    {"contains(l, :e0)", true},
    {"contains(l, :n1b)", true},
    {"contains(l, :ss)", true},
    {"contains(l, :l)", true},
    {"contains(l, :s)", false},
    {"contains(m, :n1)", false},
    {"contains(n, :n1)", false},
    {"contains(s, :n1)", false},
    {"contains(zz, :s)", false},
    {"contains(ss, :n1)", false},
    {"contains(bo, :t)", false},
    {"contains(:ss, s)", false},
    {"contains(:l1, :e0)", true},
    {"contains(nested.a.b, :n1)", true},
    {"contains(l[2], :s)", true},
    {"begins_with(s, :h)", true},
    {"begins_with(s, :he)", true},
    {"begins_with(s, :emp)", true},
    {"begins_with(s, :s)", false},
    {"begins_with(b, :b1)", true},
    {"begins_with(b, :b2)", false},
    {"begins_with(ss, :s)", false},
    {"begins_with(s, :b1)", false},
    {"begins_with(b, :h)", false},
    {"begins_with(zz, :h)", false},
    {"begins_with(:he, :h)", true},
    {"begins_with(u, :eta)", true},
    {"begins_with(l[0], :emp)", true},
    {"size(s) = :n5", true},
    {"size(s) = :n6", false},
    {"size(b) = :n3", true},
    {"size(l) = :n4", true},
    {"size(ss) = :n2", true},
    {"size(ns) = :n2", true},
    {"size(bs) = :n1", true},
    {"size(m) = :n1", true},
    {"size(n) = :n1", false},
    {"size(n) >= :n1", false},
    {"size(bo) >= :n1", false},
    {"size(nu) >= :n1", false},
    {"size(zz) >= :n1", false},
    {"size(emptys) = :n0", true},
    {"NOT size(zz) = :n1", true},
    {"NOT size(n) = :n1", true},
    {"size(n) <> :n1", true},
    {"size(zz) <> :n1", true},
    {"size(el) < :n1", true},
    {"size(em) < :n1", true},
    {"size(u) = :n3", true},
    {"size(astral) = :n3", true},
    {"size(nested.a.b) = :n2", true},
    {"size(nested.a.b[1]) = :n1", true},
    {"size(l[2]) = :n1", true},
    {"size(s) > size(b)", true},
    {"size(s) BETWEEN :n4 AND :n6", true},
    {"size(s) IN (:n5, :n6)", true},
    {"s < :big", true},
    {"s < :sa", false},
    {"s > :sa", true},
    {"s < :sm", true},
    {"u > :ete", false},
    {"u < :ete", false},
    {"u = :ete", true},
    {"b > :b1", true},
    {"b < :b2", true},
    {"b < :bff", true},
    {"n < :n10", true},
    {"n > :n9", false},
    {"n = :n5", true},
    {"n >= :n5", true},
    {"n <= :n5", true},
    {"n > :n5", false},
    {"neg < :n0", true},
    {"neg < :nm1", true},
    {"neg > :nm2", true},
    {"big > :e99", true},
    {"big < :e101", true},
    {"n < :s", false},
    {"n <> :s", true},
    {"s = :n1", false},
    {"s <> :n1", true},
    {"zz = :s", false},
    {"zz <> :s", true},
    {"NOT zz = :s", true},
    {"zz < :s", false},
    {"NOT zz < :s", true},
    {"zz <= :s", false},
    {"zz >= :s", false},
    {"zz IN (:s)", false},
    {"NOT zz IN (:s)", true},
    {"s = s2", false},
    {"zz = zz2", false},
    {"zz <> zz2", true},
    {"l[1] = m.x", true},
    {"l[1] = :n1", true},
    {"l[1] = :n1b", true},
    {"l[9] = :n1", false},
    {"l[9] <> :n1", true},
    {"nested.a.b[1].c = :deep", true},
    {"nested.a.b[0] = :n1", true},
    {"nested.a.zz = :deep", false},
    {"s.x = :s", false},
    {"bo = :t", true},
    {"bo = :f", false},
    {"bo <> :f", true},
    {"nu = :nul", true},
    {"el = :l", true},
    {"ss = :ssab", true},
    {"m = :m", true},
    {"m = :m2", true},
    {"l = :l1", true},
    {"n = :n1b", false},
    {"s BETWEEN :h AND :big", true},
    {"n BETWEEN :n1 AND :n10", true},
    {"n BETWEEN :n5 AND :n5", true},
    {"n BETWEEN :n6 AND :n10", false},
    {"n BETWEEN :s AND :big", false},
    {"zz BETWEEN :h AND :big", false},
    {"NOT zz BETWEEN :h AND :big", true},
    {"b BETWEEN :b1 AND :b2", true},
    {"n IN (:n1, :n5)", true},
    {"n IN (:s, :n5)", true},
    {"n IN (:s)", false},
    {"ss IN (:ssab)", true},
    {"m IN (:m2, :n1)", true},
    {"l IN (:l1)", true},
    {"attribute_type(ss, :ty)", true},
    {"attribute_type(n, :tyn)", true},
    {"attribute_type(zz, :tyn)", false},
    {"NOT attribute_type(zz, :tyn)", true},
    {"attribute_type(nu, :tynull)", true},
    {"attribute_type(m, :tym)", true},
    {"attribute_type(bo, :tybool)", true},
    {"attribute_type(l, :tyl)", true},
    {"attribute_type(el, :tyl)", true},
    {"attribute_type(n, :tyl)", false},
    {"attribute_exists(l[1])", true},
    {"attribute_exists(l[9])", false},
    {"attribute_exists(m.x)", true},
    {"attribute_exists(nested.a.b[1].c)", true},
    {"attribute_not_exists(m.zz)", true},
    {"attribute_exists(s.x)", false},
    {"attribute_not_exists(s.x)", true},
    {"attribute_not_exists(s[0])", true},
    {"attribute_exists(nu)", true},
    {"attribute_exists(emptys)", true},
    {"attribute_not_exists(zz)", true},
    {"attribute_exists(s) AND attribute_exists(zz)", false},
    {"attribute_exists(s) OR attribute_exists(zz)", true},
    {"NOT attribute_exists(zz) AND n = :n5", true},
    {"attribute_exists(zz) OR n = :n5 AND s = :s", false},
    {"(attribute_exists(zz) OR n = :n5) AND s = :s", false},
    {"NOT (attribute_exists(s) AND n = :n1)", true},
    {"NOT NOT attribute_exists(s)", true},
    {"n = :n1 OR n = :n2 OR n = :n5", true},
    {"n = :n5 AND s = :s OR bo = :t", true},
    {"#nn = :n5", false},
    {"#nn.#x = :n1", true},
};
// clang-format on

bool EvaluateText(std::string_view text, const Item& item) {
  static const Item pool = ItemFromJsonText(kPool);
  const AttributeNames names = NamesFor(text);
  const Item values = ValuesFor(text, pool);
  ExpressionContext context(names.empty() ? nullptr : &names, values.empty() ? nullptr : &values);
  Result<Condition> parsed = ParseCondition(text, ExpressionKind::kCondition);
  EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.error().message();
  if (!parsed.ok()) return false;
  Result<Condition> bound = BindCondition(*parsed, ExpressionKind::kCondition, context);
  EXPECT_TRUE(bound.ok()) << text << ": " << bound.error().message();
  if (!bound.ok()) return false;
  return Evaluate(*bound, item);
}

class RecordedEvaluationTest : public ::testing::TestWithParam<Case> {};

TEST_P(RecordedEvaluationTest, MatchesTheService) {
  static const Item item = ItemFromJsonText(kItem);
  EXPECT_EQ(EvaluateText(GetParam().condition, item), GetParam().expected) << GetParam().condition;
}

INSTANTIATE_TEST_SUITE_P(AgainstOneItem, RecordedEvaluationTest, ::testing::ValuesIn(kCases));

TEST(EvaluatorTest, EveryConditionOnAMissingItemSeesUndefinedOperands) {
  const Item empty;
  EXPECT_FALSE(EvaluateText("a = :s", empty));
  EXPECT_TRUE(EvaluateText("a <> :s", empty));
  EXPECT_TRUE(EvaluateText("attribute_not_exists(a)", empty));
  EXPECT_FALSE(EvaluateText("attribute_exists(a)", empty));
  EXPECT_FALSE(EvaluateText("size(a) >= :n0", empty));
  EXPECT_TRUE(EvaluateText(":s = :s", empty));
}

TEST(EvaluatorTest, ComparesNumbersByValueNotText) {
  const Item item = ItemFromJsonText(R"({"n": {"N": "10"}, "m": {"N": "9.5"}})");
  EXPECT_TRUE(EvaluateText("n > m", item));
  EXPECT_TRUE(EvaluateText("m < n", item));
  EXPECT_TRUE(EvaluateText("n > :n9", item));
  EXPECT_FALSE(EvaluateText("n = :n1", item));
}

TEST(EvaluatorTest, DeepNotChainsEvaluate) {
  // 299 NOTs (under the 300-operator limit with the comparison) around a true comparison.
  std::string text;
  for (int i = 0; i < 299; ++i) text += "NOT ";
  text += ":s = :s";
  EXPECT_FALSE(EvaluateText(text, Item{}));
}

}  // namespace evaluator_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
