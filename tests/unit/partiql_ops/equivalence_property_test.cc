// Properties: a random SELECT by key returns what GetItem (with the same projection) returns,
// and a random UPDATE changes an item exactly as the equivalent UpdateItem changes its twin.
// Seeded, so a failure reproduces; the seed is in the failure message.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "partiql_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test {
namespace equivalence_property_test {

class EquivalencePropertyTest : public PartiqlFixture {
 protected:
  std::mt19937 rng_{20261123};
  int Rand(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  // A random non-key body: some of a (N), b (S), l (L), m (M), s (SS).
  std::string RandomAttributes() {
    std::string out;
    auto add = [&](const std::string& member) { out += "," + member; };
    if (Rand(4)) add(R"("a":{"N":")" + std::to_string(Rand(100) - 50) + R"("})");
    if (Rand(4)) add(R"("b":{"S":"s)" + std::to_string(Rand(10)) + R"("})");
    if (Rand(3)) add(R"("l":{"L":[{"N":"1"},{"S":"two"}]})");
    if (Rand(3)) add(R"("m":{"M":{"x":{"N":"7"},"y":{"BOOL":true}}})");
    if (Rand(3)) add(R"("s":{"SS":["p","q"]})");
    return out;
  }

  // The item without its key, as JSON ("" when absent).
  std::string Body(const std::string& pk) {
    std::string item = Get("hash", R"({"pk":{"S":")" + pk + R"("}})");
    const std::string key = R"("pk":{"S":")" + pk + R"("})";
    auto at = item.find(key);
    if (at != std::string::npos) item.erase(at, key.size());
    return item;
  }
};

TEST_F(EquivalencePropertyTest, SelectByKeyReturnsWhatGetItemReturns) {
  for (int i = 0; i < 20; ++i) {
    Put("range", R"({"pk":{"S":"k)" + std::to_string(i % 4) + R"("},"sk":{"N":")" +
                     std::to_string(i) + "\"}" + RandomAttributes() + "}");
  }
  // Top-level attributes: a nested path's value is keyed differently by a PartiQL projection
  // ("x" for m.x) than by a ProjectionExpression ({"m": {"x": ...}}).
  const std::vector<std::string> attributes{"a", "b", "l", "m", "s", "sk", "nope"};
  for (int round = 0; round < 200; ++round) {
    const std::string pk = "k" + std::to_string(Rand(5));  // k4 never exists
    const std::string sk = std::to_string(Rand(22));
    std::vector<std::string> projection;
    for (const std::string& a : attributes) {
      if (Rand(3) == 0) projection.push_back(a);
    }
    std::string select, expression;
    for (const std::string& p : projection) {
      select += (select.empty() ? "" : ", ") + p;
      expression += (expression.empty() ? "" : ", ") + p;
    }
    if (select.empty()) select = "*";
    const std::string parameters = R"(,"Parameters":[{"S":")" + pk + R"("},{"N":")" + sk + "\"}]";
    rapidjson::Document got =
        ExecuteOk("SELECT " + select + R"( FROM "range" WHERE pk = ? AND sk = ?)", parameters);
    std::string get_body =
        R"({"TableName":"range","Key":{"pk":{"S":")" + pk + R"("},"sk":{"N":")" + sk + "\"}}}";
    if (!expression.empty()) {
      get_body.insert(get_body.size() - 1, R"(,"ProjectionExpression":")" + expression + "\"");
    }
    rapidjson::Document expected = Ok("GetItem", get_body);
    // An existing item is one row, even when the projection finds none of its attributes
    // (GetItem then answers "Item": {}; DynamoDB Local answers [{}] to the SELECT).
    const std::string want =
        expected.HasMember("Item") ? "[" + ToJson(expected["Item"]) + "]" : "[]";
    ASSERT_EQ(ToJson(got["Items"]), want)
        << "round " << round << " select " << select << " key " << pk << "/" << sk;
  }
}

TEST_F(EquivalencePropertyTest, UpdateChangesWhatTheEquivalentUpdateItemChanges) {
  struct Action {
    std::string partiql;  // SET/REMOVE clause
    std::string section;  // SET, REMOVE, ADD or DELETE
    std::string expression;
  };
  const std::vector<Action> actions{
      {"SET a = a + 3", "SET", "a = a + :three"},
      {"SET a = 10", "SET", "a = :ten"},
      {"SET b = 'new'", "SET", "b = :new"},
      {"REMOVE b", "REMOVE", "b"},
      {"SET l = list_append(l, [3])", "SET", "l = list_append(l, :list)"},
      {"SET m.x = 1", "SET", "m.x = :one"},
      {"REMOVE l[0]", "REMOVE", "l[0]"},
      {"SET s = set_add(s, <<'z'>>)", "ADD", "s :z"},
      {"SET s = set_delete(s, <<'p'>>)", "DELETE", "s :p"},
  };
  const std::string values =
      R"({":three":{"N":"3"},":ten":{"N":"10"},":new":{"S":"new"},":list":{"L":[{"N":"3"}]},)"
      R"(":one":{"N":"1"},":z":{"SS":["z"]},":p":{"SS":["p"]}})";
  for (int round = 0; round < 150; ++round) {
    const std::string attributes = RandomAttributes();
    Put("hash", R"({"pk":{"S":"partiql"})" + attributes + "}");
    Put("hash", R"({"pk":{"S":"twin"})" + attributes + "}");
    // Distinct attributes per update (the expression language refuses overlapping paths).
    std::vector<const Action*> chosen;
    std::set<char> roots;
    for (int n = 1 + Rand(3); n > 0; --n) {
      const Action& a = actions[Rand(static_cast<int>(actions.size()))];
      const char root = a.expression[0];
      if (roots.insert(root).second) chosen.push_back(&a);
    }
    std::string statement = "UPDATE hash";
    std::map<std::string, std::string> sections;
    std::set<std::string> used_values;
    for (const Action* a : chosen) {
      statement += " " + a->partiql;
      std::string& section = sections[a->section];
      section += (section.empty() ? "" : ", ") + a->expression;
    }
    statement += " WHERE pk = 'partiql'";
    std::string expression;
    for (const auto& [word, text] : sections) expression += word + " " + text + " ";
    // Only the values the expression uses (UpdateItem rejects unused ones).
    rapidjson::Document all = batch_test::Parse(values);
    rapidjson::Document used(rapidjson::kObjectType);
    for (auto& m : all.GetObject()) {
      if (expression.find(m.name.GetString()) != std::string::npos) {
        used.AddMember(rapidjson::Value(m.name, used.GetAllocator()),
                       rapidjson::Value(m.value, used.GetAllocator()), used.GetAllocator());
      }
    }
    std::string update =
        R"({"TableName":"hash","Key":{"pk":{"S":"twin"}},"UpdateExpression":")" + expression + "\"";
    if (used.MemberCount() > 0) update += R"(,"ExpressionAttributeValues":)" + ToJson(used);
    update += "}";
    Response partiql = Execute(statement);
    Response direct = Call("UpdateItem", update);
    ASSERT_EQ(partiql.http_status, direct.http_status)
        << "round " << round << ": " << statement << " -> " << partiql.body << " vs " << update
        << " -> " << direct.body;
    if (partiql.http_status != 200) {
      EXPECT_EQ(ParseError(partiql.body).message, ParseError(direct.body).message) << statement;
    }
    ASSERT_EQ(Body("partiql"), Body("twin")) << "round " << round << ": " << statement;
  }
}

}  // namespace equivalence_property_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test
