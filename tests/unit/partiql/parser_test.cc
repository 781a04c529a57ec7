// The PartiQL parser and compiler: the statements of AWS's "PartiQL for DynamoDB" reference
// parse to the trees they mean, compile to the expression language, and malformed statements
// fail with the service's envelope.
#include "partiql/partiql_parser.h"

#include <gtest/gtest.h>

#include "ddbemu/testing/matchers.h"
#include "partiql/compile.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql {
namespace parser_test {

Statement Parse(std::string_view text) {
  Result<Statement> s = ParseStatement(text);
  EXPECT_TRUE(s.ok()) << text << ": " << (s.ok() ? "" : s.error().message());
  return s.ok() ? std::move(s).value() : Statement{};
}

std::string ErrorOf(std::string_view text) {
  Result<Statement> s = ParseStatement(text);
  EXPECT_FALSE(s.ok()) << text;
  return s.ok() ? "" : s.error().message();
}

std::string ConditionText(const Statement& s, const std::vector<AttributeValue>& params = {}) {
  ExpressionWriter writer(&params);
  Result<std::string> text = writer.Condition(*s.where);
  EXPECT_TRUE(text.ok()) << (text.ok() ? "" : text.error().message());
  return text.ok() ? *text : "";
}

TEST(PartiqlParser, SelectWithProjectionAndKeyEquality) {
  Statement s = Parse(R"(SELECT OrderID, Total FROM "Orders" WHERE OrderID = 1)");
  EXPECT_EQ(s.kind, StatementKind::kSelect);
  EXPECT_EQ(s.table, "Orders");
  EXPECT_FALSE(s.select_all);
  ASSERT_EQ(s.projection.size(), 2u);
  EXPECT_EQ(s.projection[1].steps[0].name, "Total");
  ASSERT_TRUE(s.where);
  const Expr* v = EqualityOn(*s.where, "OrderID");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->literal, AttributeValue::N("1"));
}

TEST(PartiqlParser, SelectFromIndexWithNestedPaths) {
  Statement s = Parse(R"(SELECT a.b[0]."c d" FROM "Music"."ArtistIndex" ORDER BY Artist DESC)");
  EXPECT_EQ(s.table, "Music");
  EXPECT_EQ(s.index, "ArtistIndex");
  ASSERT_EQ(s.projection[0].steps.size(), 4u);
  EXPECT_TRUE(s.projection[0].steps[2].is_index);
  EXPECT_EQ(s.projection[0].steps[3].name, "c d");
  EXPECT_TRUE(s.descending);
  ExpressionWriter w(nullptr);
  EXPECT_EQ(w.PathText(s.projection[0]), "#n0.#n1[0].#n2");
}

TEST(PartiqlParser, OrOfPartitionEqualitiesAndInListAreKeyLookups) {
  Statement s = Parse(R"(SELECT * FROM "Orders" WHERE OrderID = 100 OR OrderID = 200)");
  EXPECT_EQ(EqualitiesOn(*s.where, "OrderID").size(), 2u);
  Statement in = Parse(R"(SELECT * FROM "Orders" WHERE OrderID IN [100, 300, 234])");
  EXPECT_EQ(EqualitiesOn(*in.where, "OrderID").size(), 3u);
  Statement scan = Parse(R"(SELECT * FROM "Orders" WHERE OrderID = 100 OR Address='x')");
  EXPECT_TRUE(EqualitiesOn(*scan.where, "OrderID").empty());
  Statement range = Parse(R"(SELECT * FROM "Orders" WHERE OrderID > 1)");
  EXPECT_TRUE(EqualitiesOn(*range.where, "OrderID").empty());
}

TEST(PartiqlParser, ConditionsCompileToTheExpressionLanguage) {
  Statement s = Parse(
      R"(SELECT * FROM t WHERE a BETWEEN 1 AND 5 AND NOT begins_with(b, 'x') AND c IS MISSING)"
      R"( AND d IS NOT MISSING AND e IN ('p', ?) AND size(f) >= 2 AND g <> true)");
  EXPECT_EQ(ConditionText(s, {AttributeValue::S("q")}),
            "(#n0 BETWEEN :v0 AND :v1) AND (NOT (begins_with(#n1, :v2))) AND "
            "(attribute_not_exists(#n2)) AND (attribute_exists(#n3)) AND (#n4 IN (:v3, :v4)) "
            "AND (size(#n5) >= :v5) AND (#n6 <> :v6)");
  std::vector<const Expr*> parts = Conjuncts(*s.where);
  EXPECT_EQ(parts.size(), 7u);
}

TEST(PartiqlParser, InsertValueIsATupleOfPartiqlLiterals) {
  Statement s = Parse(
      R"(INSERT INTO "Music" value {'Artist' : 'Acme Band','SongTitle' : 'PartiQL Rocks',)"
      R"( 'n': -1.50, 'ok': true, 'z': null, 'l': [1, 'a'], 's': <<'x', 'y', 'x'>>, 'm': {'k': ?}})");
  EXPECT_EQ(s.kind, StatementKind::kInsert);
  EXPECT_EQ(s.parameter_count, 1);
  std::vector<AttributeValue> params{AttributeValue::N("7")};
  ExpressionWriter w(&params);
  Result<AttributeValue> item = w.Constant(s.item);
  ASSERT_TRUE(item.ok());
  const AttributeMap& m = item->map();
  EXPECT_EQ(Attr(m, "Artist"), AttributeValue::S("Acme Band"));
  EXPECT_EQ(Attr(m, "n"), AttributeValue::N("-1.5"));
  EXPECT_EQ(Attr(m, "ok"), AttributeValue::Bool(true));
  EXPECT_EQ(Attr(m, "z"), AttributeValue::Null());
  EXPECT_EQ(Attr(m, "l"), AttributeValue::L({AttributeValue::N("1"), AttributeValue::S("a")}));
  EXPECT_EQ(Attr(m, "s"), AttributeValue::SS({"x", "y"}));
  EXPECT_EQ(Attr(m, "m"), AttributeValue::M({{"k", AttributeValue::N("7")}}));
}

TEST(PartiqlParser, UpdateWithSetRemoveAndReturning) {
  Statement s =
      Parse(R"(UPDATE "Music" SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]} )"
            R"(REMOVE Old, x.y[2] WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks' )"
            R"(RETURNING MODIFIED NEW *)");
  EXPECT_EQ(s.kind, StatementKind::kUpdate);
  ASSERT_EQ(s.actions.size(), 4u);
  EXPECT_FALSE(s.actions[0].remove);
  EXPECT_TRUE(s.actions[3].remove);
  EXPECT_EQ(s.returning, Returning::kModifiedNew);
  Statement add = Parse(R"(UPDATE t SET a = a + 1, l = list_append(l, [1]) WHERE k = 'x')");
  ExpressionWriter w(nullptr);
  ASSERT_TRUE(w.Operand(add.actions[0].value).ok());
  EXPECT_EQ(*w.Operand(add.actions[1].value), "list_append(#n1, :v1)");
}

TEST(PartiqlParser, DeleteAndExists) {
  Statement d = Parse(R"(DELETE FROM "Music" WHERE Artist = 'Acme Band' RETURNING ALL OLD *)");
  EXPECT_EQ(d.kind, StatementKind::kDelete);
  EXPECT_EQ(d.returning, Returning::kAllOld);
  Statement e = Parse(R"(NOT EXISTS(SELECT * FROM "Music" WHERE Artist = 'x'))");
  EXPECT_EQ(e.kind, StatementKind::kExists);
  EXPECT_TRUE(e.exists_negated);
}

TEST(PartiqlParser, MalformedStatementsUseTheServiceEnvelope) {
  EXPECT_EQ(ErrorOf("UPSERT INTO t VALUE {'a': 1}"),
            "Statement wasn't well formed, can't be processed: Expected data manipulation");
  EXPECT_EQ(ErrorOf(""),
            "Statement wasn't well formed, can't be processed: Expected data manipulation");
  const std::string prefix = "Statement wasn't well formed, can't be processed: ";
  for (std::string_view bad :
       {"SELECT * FROM", "SELECT * FROM t WHERE",
        "SELECT * FROM t WHERE a =", "INSERT INTO t VALUE", "UPDATE t WHERE a = 1",
        "SELECT * FROM 't'", "SELECT * FROM t WHERE a = 'unterminated", "DELETE FROM t",
        "SELECT * FROM t extra", "SELECT * FROM t WHERE a IN 1"}) {
    EXPECT_EQ(ErrorOf(bad).rfind(prefix, 0), 0u) << bad;
  }
}

TEST(PartiqlParser, DeepNestingIsRefusedNotRecursedInto) {
  std::string deep =
      "SELECT * FROM t WHERE " + std::string(5000, '(') + "a = 1" + std::string(5000, ')');
  EXPECT_FALSE(ParseStatement(deep).ok());
  std::string nots = "SELECT * FROM t WHERE ";
  for (int i = 0; i < 5000; ++i) nots += "NOT ";
  EXPECT_FALSE(ParseStatement(nots + "a = 1").ok());
}

}  // namespace parser_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql
