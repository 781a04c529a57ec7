// BindCondition builds its bound tree from the parsed one (expressions.h) instead of copying the
// parsed tree and then overwriting its placeholders. These cases check that the tree it builds
// is exactly that overwritten copy: every field of every node, over conditions, filters and key
// conditions with functions, nested paths, list indexes, legacy constants and value
// placeholders used as names; that the parsed tree (a cached one, shared by requests) is left
// as it was; and that the placeholders used are recorded as before. The errors, and their
// order, are pinned by malformed_expressions_test.cc (recorded against DynamoDB Local).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ddbemu/testing/matchers.h"
#include "expr/expressions.h"
#include "expr_test_util.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::testing {
namespace bind_condition_test {

// The old binding: a copy of the parsed tree with its placeholders replaced in place.
void Substitute(Operand& o, const AttributeNames& names, const Item& values) {
  for (PathElement& e : o.path.elements) {
    if (!e.is_placeholder || e.name[0] == ':') continue;
    e.name = names.at(e.name);
    e.is_placeholder = false;
  }
  if (o.is_value() && !o.placeholder.empty()) o.value = Attr(values, o.placeholder);
  for (Operand& a : o.args) Substitute(a, names, values);
}
void Substitute(Condition& c, const AttributeNames& names, const Item& values) {
  for (Condition& child : c.children) Substitute(child, names, values);
  for (Operand& o : c.operands) Substitute(o, names, values);
}

void ExpectSame(const Operand& a, const Operand& b, const std::string& where) {
  EXPECT_EQ(a.kind, b.kind) << where;
  ASSERT_EQ(a.path.elements.size(), b.path.elements.size()) << where;
  for (std::size_t i = 0; i < a.path.elements.size(); ++i) {
    const PathElement& x = a.path.elements[i];
    const PathElement& y = b.path.elements[i];
    EXPECT_EQ(x.kind, y.kind) << where;
    EXPECT_EQ(x.name, y.name) << where;
    EXPECT_EQ(x.is_placeholder, y.is_placeholder) << where;
    EXPECT_EQ(x.index, y.index) << where;
  }
  EXPECT_EQ(a.placeholder, b.placeholder) << where;
  EXPECT_EQ(a.value, b.value) << where;
  EXPECT_EQ(a.function, b.function) << where;
  EXPECT_EQ(a.function_name, b.function_name) << where;
  ASSERT_EQ(a.args.size(), b.args.size()) << where;
  for (std::size_t i = 0; i < a.args.size(); ++i) ExpectSame(a.args[i], b.args[i], where);
}

void ExpectSame(const Condition& a, const Condition& b, const std::string& where) {
  EXPECT_EQ(a.kind, b.kind) << where;
  EXPECT_EQ(a.comparator, b.comparator) << where;
  EXPECT_EQ(a.function, b.function) << where;
  EXPECT_EQ(a.function_name, b.function_name) << where;
  ASSERT_EQ(a.operands.size(), b.operands.size()) << where;
  for (std::size_t i = 0; i < a.operands.size(); ++i) {
    ExpectSame(a.operands[i], b.operands[i], where);
  }
  ASSERT_EQ(a.children.size(), b.children.size()) << where;
  for (std::size_t i = 0; i < a.children.size(); ++i) {
    ExpectSame(a.children[i], b.children[i], where);
  }
}

struct Case {
  ExpressionKind kind;
  std::string text;
};

TEST(BindConditionTest, BuildsTheParsedTreeWithItsPlaceholdersReplaced) {
  const std::vector<Case> cases = {
      {ExpressionKind::kKeyCondition, "#PK = :pk AND begins_with(#SK, :prefix)"},
      {ExpressionKind::kKeyCondition, "#PK = :pk"},
      {ExpressionKind::kKeyCondition, "pk = :pk AND sk BETWEEN :lo AND :hi"},
      {ExpressionKind::kKeyCondition, ":pk = #PK AND :lo < sk"},
      {ExpressionKind::kFilter, "a.b[3].#c = :v OR NOT (size(#d.e) > :n AND contains(f, :w))"},
      {ExpressionKind::kFilter, "attribute_exists(#x) AND attribute_type(y, :t) AND z IN (:v, :w)"},
      {ExpressionKind::kFilter, "#a.#b[0][1] <> :m"},
      {ExpressionKind::kCondition, "attribute_not_exists(pk) OR (#n >= :n AND #n <= :n2)"},
      {ExpressionKind::kCondition, "begins_with(#s, :v) AND size(#l) < :n"},
  };
  const Item pool{{":pk", S("ORG#01HZX3KQ0000000000000000")},
                  {":prefix", S("EMP#")},
                  {":lo", N("1")},
                  {":hi", N("20")},
                  {":v", S("x")},
                  {":w", S("y")},
                  {":n", N("1")},
                  {":n2", N("2")},
                  {":m", M({{"k", S("a long string value past the inline buffer")}})},
                  {":t", S("S")}};
  for (const Case& c : cases) {
    Result<Condition> parsed = ParseCondition(c.text, c.kind);
    ASSERT_TRUE(parsed.ok()) << c.text << ": " << parsed.error().message();
    const AttributeNames names = NamesFor(c.text);
    const Item values = ValuesFor(c.text, pool);
    ExpressionContext context(names.empty() ? nullptr : &names, &values);
    const Condition before = parsed.value();
    Result<Condition> bound = BindCondition(parsed.value(), c.kind, context);
    ASSERT_TRUE(bound.ok()) << c.text << ": " << bound.error().message();
    EXPECT_TRUE(context.CheckAllUsed().ok()) << c.text;
    Condition expected = before;
    Substitute(expected, names, values);
    ExpectSame(bound.value(), expected, c.text);
    ExpectSame(parsed.value(), before, c.text + " (parsed tree untouched)");
  }
}

TEST(BindConditionTest, LegacyConstantsAreKept) {
  Condition c;
  c.kind = Condition::Kind::kCompare;
  c.operands.push_back(PathOperand(MakePath({PathElement::Name("a"), PathElement::Index(2)})));
  c.operands.push_back(ValueOperand(N("5")));
  ExpressionContext context(nullptr, nullptr);
  Result<Condition> bound = BindCondition(c, ExpressionKind::kFilter, context);
  ASSERT_TRUE(bound.ok());
  ExpectSame(bound.value(), c, "legacy");
}

TEST(BindConditionTest, AValuePlaceholderUsedAsANameIsKeptAndFailsAfterBinding) {
  Result<Condition> parsed = ParseCondition("a.:v = :w", ExpressionKind::kFilter);
  ASSERT_TRUE(parsed.ok());
  const Item values{{":v", S("x")}, {":w", S("y")}};
  ExpressionContext context(nullptr, &values);
  Result<Condition> bound = BindCondition(parsed.value(), ExpressionKind::kFilter, context);
  ASSERT_FALSE(bound.ok());
  EXPECT_EQ(bound.error().message(), "Invalid FilterExpression: Internal server error");
}

}  // namespace bind_condition_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr::testing
