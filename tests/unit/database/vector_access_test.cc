// Tenant isolation policies (ddbemu/access_policy.h) on SearchVectors, on both ways in (the JSON
// path, Database::Call, and the embedded client): the action is checked on the table's policy
// patterns and refused on the vector index's ARN, as Query on a GSI is refused on the GSI's;
// under LeadingKeys a search is refused outright, as a Scan is, since the service supports no
// fine-grained access control for SearchVectors.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "database_test_util.h"
#include "ddbemu/access_policy.h"
#include "ddbemu/embedded_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace vector_access_test {

// "docs" (pk) with a GSI on owner and a 2-dimension vector index on v; "other" the same.
std::string TableJson(const std::string& name) {
  return R"({"TableName":")" + name + R"(",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                          {"AttributeName":"owner","AttributeType":"S"}],
  "GlobalSecondaryIndexes":[{"IndexName":"byOwner",
    "KeySchema":[{"AttributeName":"owner","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"ALL"}}],
  "VectorIndexes":[{"IndexName":"byVec","VectorAttribute":{"AttributeName":"v"},
    "Projection":{"ProjectionType":"KEYS_ONLY"},"Dimensions":2,"DistanceFunction":"COSINE"}],
  "BillingMode":"PAY_PER_REQUEST"})";
}

std::string SearchJson(const std::string& table) {
  return R"({"TableName":")" + table +
         R"(","IndexName":"byVec","SearchVector":[{"N":"1"},{"N":"0"}],"TopK":1})";
}
constexpr const char* kQueryByOwner = R"({"TableName":"docs","IndexName":"byOwner",
  "KeyConditionExpression":"#o = :o","ExpressionAttributeNames":{"#o":"owner"},
  "ExpressionAttributeValues":{":o":{"S":"ORG#a"}}})";

std::string IndexArn(const std::string& table, const std::string& index) {
  return "arn:aws:dynamodb:us-east-1:000000000000:table/" + table + "/index/" + index;
}
std::string Denied(const std::string& user, const std::string& action,
                   const std::string& resource) {
  return "AccessDeniedException: User: arn:aws:iam::000000000000:user/" + user +
         " is not authorized to perform: dynamodb:" + action + " on resource: " + resource +
         " because no identity-based policy allows the dynamodb:" + action + " action";
}

class VectorAccessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto policies = std::make_shared<AccessPolicies>();
    policies->Add({.access_key_id = "admin", .user = "admin", .actions = {"*"}, .tables = {"*"}});
    policies->Add({.access_key_id = "searcher",
                   .user = "searcher",
                   .actions = {"SearchVectors", "Query"},
                   .tables = {"docs"}});
    policies->Add({.access_key_id = "globber",
                   .user = "globber",
                   .actions = {"dynamodb:Search*"},
                   .tables = {"do*"}});
    policies->Add(
        {.access_key_id = "querier", .user = "querier", .actions = {"Query"}, .tables = {"docs"}});
    policies->Add({.access_key_id = "tenant",
                   .user = "tenant",
                   .actions = {"*"},
                   .tables = {"docs"},
                   .leading_keys = std::vector<std::string>{"ORG#a"}});
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.shared_db = true;
    options.access_policies = policies;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
    for (const char* table : {"docs", "other"}) {
      Response created = db_->Call("CreateTable", TableJson(table), Context("admin"));
      ASSERT_EQ(created.http_status, 200) << created.body;
      Response put = db_->Call("PutItem",
                               R"({"TableName":")" + std::string(table) +
                                   R"(","Item":{"pk":{"S":"ORG#a"},"owner":{"S":"ORG#a"},
                                   "v":{"L":[{"N":"1"},{"N":"0"}]}}})",
                               Context("admin"));
      ASSERT_EQ(put.http_status, 200) << put.body;
    }
  }
  static RequestContext Context(const std::string& key) { return {key, "us-east-1"}; }

  // "" when the call succeeded, else "Type: message"; the JSON path and the embedded client
  // must agree, which the caller's EXPECT_EQ on the returned text checks through both.
  std::string OverJson(const std::string& key, const std::string& operation,
                       const std::string& body) {
    Response r = db_->Call(operation, body, Context(key));
    if (r.http_status == 200) return "";
    ErrorOf e = ParseError(r);
    return e.type + ": " + e.message;
  }
  std::string Embedded(const std::string& key, const std::string& table) {
    auto client = MakeEmbeddedClient(*db_, Context(key));
    auto r =
        client->SearchVectors({.table_name = table,
                               .index_name = "byVec",
                               .search_vector = {AttributeValue::N("1"), AttributeValue::N("0")},
                               .top_k = 1});
    if (r.ok()) {
      EXPECT_EQ(r->search_results.size(), 1u);
      return "";
    }
    const std::string_view type = r.error().type_name();
    return std::string(type.substr(type.find('#') + 1)) + ": " + r.error().message();
  }
  // The search's answer on both paths, which must be the same.
  std::string Search(const std::string& key, const std::string& table) {
    const std::string json = OverJson(key, "SearchVectors", SearchJson(table));
    EXPECT_EQ(json, Embedded(key, table)) << key << " on " << table;
    return json;
  }

  std::unique_ptr<Database> db_;
};

TEST_F(VectorAccessTest, TheActionIsAllowedOnTheTablesOfThePolicy) {
  EXPECT_EQ(Search("searcher", "docs"), "");
  EXPECT_EQ(Search("admin", "other"), "");
  // IAM's action and resource globs match SearchVectors and the table as for any action.
  EXPECT_EQ(Search("globber", "docs"), "");
  EXPECT_EQ(Search("globber", "other"),
            Denied("globber", "SearchVectors", IndexArn("other", "byVec")));
}

TEST_F(VectorAccessTest, ARefusalNamesTheVectorIndexArnAsQueryNamesTheGsiArn) {
  // Without the action: refused on the vector index's ARN.
  EXPECT_EQ(Search("querier", "docs"),
            Denied("querier", "SearchVectors", IndexArn("docs", "byVec")));
  // On a table outside the policy: the same, on that table's index.
  EXPECT_EQ(Search("searcher", "other"),
            Denied("searcher", "SearchVectors", IndexArn("other", "byVec")));
  // Query on a GSI is refused the same way, on the GSI's ARN.
  std::string other_query = kQueryByOwner;
  other_query.replace(other_query.find("docs"), 4, "other");
  EXPECT_EQ(OverJson("querier", "Query", other_query),
            Denied("querier", "Query", IndexArn("other", "byOwner")));
  EXPECT_EQ(OverJson("querier", "Query", kQueryByOwner), "");
}

TEST_F(VectorAccessTest, LeadingKeysRefuseEverySearch) {
  // The GSI Query on the tenant's own leading key passes; no search does, as no key limits it.
  EXPECT_EQ(OverJson("tenant", "Query", kQueryByOwner), "");
  EXPECT_EQ(Search("tenant", "docs"), Denied("tenant", "SearchVectors", IndexArn("docs", "byVec")));
}

}  // namespace vector_access_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
