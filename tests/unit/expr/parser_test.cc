// The trees the parser builds: precedence (NOT over AND over OR), BETWEEN's own AND, paths,
// functions and update actions. (Error messages are covered by malformed_expressions_test.cc.)
#include "expr/expressions.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace parser_test {

Condition Parse(std::string_view text) {
  Result<Condition> c = ParseCondition(text, ExpressionKind::kCondition);
  EXPECT_TRUE(c.ok()) << text << ": " << (c.ok() ? "" : c.error().message());
  return c.ok() ? std::move(c).value() : Condition{};
}

// A compact rendering of a condition tree, for readable expectations.
std::string Render(const Operand& o);
std::string Render(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
      return "(" + Render(c.children[0]) + " AND " + Render(c.children[1]) + ")";
    case Condition::Kind::kOr:
      return "(" + Render(c.children[0]) + " OR " + Render(c.children[1]) + ")";
    case Condition::Kind::kNot:
      return "NOT " + Render(c.children[0]);
    case Condition::Kind::kCompare:
      return Render(c.operands[0]) + std::string(ComparatorSymbol(c.comparator)) +
             Render(c.operands[1]);
    case Condition::Kind::kBetween:
      return Render(c.operands[0]) + " BETWEEN " + Render(c.operands[1]) + ".." +
             Render(c.operands[2]);
    default: {
      std::string s =
          c.kind == Condition::Kind::kIn ? Render(c.operands[0]) + " IN (" : c.function_name + "(";
      for (std::size_t i = c.kind == Condition::Kind::kIn ? 1 : 0; i < c.operands.size(); ++i) {
        if (s.back() != '(') s += ",";
        s += Render(c.operands[i]);
      }
      return s + ")";
    }
  }
}
std::string Render(const Operand& o) {
  switch (o.kind) {
    case Operand::Kind::kPath:
      return FormatPath(o.path);
    case Operand::Kind::kValue:
      return o.placeholder;
    case Operand::Kind::kFunction: {
      std::string s = o.function_name + "(";
      for (std::size_t i = 0; i < o.args.size(); ++i) s += (i ? "," : "") + Render(o.args[i]);
      return s + ")";
    }
    default:
      return "(" + Render(o.args[0]) + (o.kind == Operand::Kind::kPlus ? "+" : "-") +
             Render(o.args[1]) + ")";
  }
}

TEST(ParserTest, AndBindsTighterThanOr) {
  EXPECT_EQ(Render(Parse("a = :v OR b = :v AND c = :v")), "([a]=:v OR ([b]=:v AND [c]=:v))");
  EXPECT_EQ(Render(Parse("a = :v AND b = :v OR c = :v")), "(([a]=:v AND [b]=:v) OR [c]=:v)");
}

TEST(ParserTest, NotBindsTighterThanAnd) {
  EXPECT_EQ(Render(Parse("NOT a = :v AND b = :v")), "(NOT [a]=:v AND [b]=:v)");
  EXPECT_EQ(Render(Parse("NOT (a = :v AND b = :v)")), "NOT ([a]=:v AND [b]=:v)");
  EXPECT_EQ(Render(Parse("NOT NOT a = :v")), "NOT NOT [a]=:v");
}

TEST(ParserTest, ChainsAreLeftAssociative) {
  EXPECT_EQ(Render(Parse("a = :v OR b = :v OR c = :v")), "(([a]=:v OR [b]=:v) OR [c]=:v)");
  EXPECT_EQ(Render(Parse("a = :v AND b = :v AND c = :v")), "(([a]=:v AND [b]=:v) AND [c]=:v)");
}

TEST(ParserTest, BetweenTakesItsOwnAnd) {
  EXPECT_EQ(Render(Parse("a BETWEEN :l AND :h AND b = :v")), "([a] BETWEEN :l..:h AND [b]=:v)");
}

TEST(ParserTest, ParenthesizedOperandsAndGroups) {
  EXPECT_EQ(Render(Parse("(a) = (:v)")), "[a]=:v");
  EXPECT_EQ(Render(Parse("((a) = :v)")), "[a]=:v");
  EXPECT_EQ(Render(Parse("(size(a)) > :n")), "size([a])>:n");
  EXPECT_EQ(Render(Parse("(attribute_exists(a))")), "attribute_exists([a])");
  EXPECT_EQ(Render(Parse("a IN ((:v), :w)")), "[a] IN (:v,:w)");
}

TEST(ParserTest, KeywordsAreCaseInsensitiveButFunctionNamesAreNot) {
  EXPECT_EQ(Render(Parse("a between :l and :h or not b in (:v)")),
            "([a] BETWEEN :l..:h OR NOT [b] IN (:v))");
  EXPECT_FALSE(ParseCondition("Size(a) = :n", ExpressionKind::kCondition).ok());
}

TEST(ParserTest, PathsKeepPlaceholdersForBinding) {
  const Condition c = Parse("#a.b[12].#c = :v");
  const DocumentPath& p = c.operands[0].path;
  ASSERT_EQ(p.elements.size(), 4u);
  EXPECT_TRUE(p.elements[0].is_placeholder);
  EXPECT_EQ(p.elements[0].name, "#a");
  EXPECT_FALSE(p.elements[1].is_placeholder);
  EXPECT_TRUE(p.elements[2].is_index());
  EXPECT_EQ(p.elements[2].index, 12u);
  EXPECT_TRUE(p.elements[3].is_placeholder);
  EXPECT_EQ(c.operands[1].placeholder, ":v");
}

TEST(ParserTest, UpdateSectionsKeepActionOrder) {
  Result<UpdateExpression> u =
      ParseUpdate("REMOVE a, b[1] SET c = d + :n, e = list_append(f, :l) ADD g :n DELETE h :s");
  ASSERT_TRUE(u.ok()) << u.error().message();
  ASSERT_EQ(u->actions.size(), 6u);
  EXPECT_EQ(u->actions[0].kind, UpdateAction::Kind::kRemove);
  EXPECT_EQ(FormatPath(u->actions[1].path), "[b, [1]]");
  EXPECT_EQ(u->actions[2].kind, UpdateAction::Kind::kSet);
  EXPECT_EQ(Render(u->actions[2].value), "([d]+:n)");
  EXPECT_EQ(Render(u->actions[3].value), "list_append([f],:l)");
  EXPECT_EQ(u->actions[4].kind, UpdateAction::Kind::kAdd);
  EXPECT_EQ(u->actions[4].value.placeholder, ":n");
  EXPECT_EQ(u->actions[5].kind, UpdateAction::Kind::kDelete);
}

TEST(ParserTest, SetValueParentheses) {
  Result<UpdateExpression> u =
      ParseUpdate("SET a = (b) - (:n), c = (d + :n), e = if_not_exists(e, :z)");
  ASSERT_TRUE(u.ok()) << u.error().message();
  EXPECT_EQ(Render(u->actions[0].value), "([b]-:n)");
  EXPECT_EQ(Render(u->actions[1].value), "([d]+:n)");
  EXPECT_EQ(Render(u->actions[2].value), "if_not_exists([e],:z)");
}

TEST(ParserTest, ProjectionPaths) {
  Result<ProjectionExpression> p = ParseProjection("a, b.c[2], #d");
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_EQ(p->paths.size(), 3u);
  EXPECT_EQ(FormatPath(p->paths[1]), "[b, c, [2]]");
}

}  // namespace parser_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
