// The one tenant check (ops/access/access_check.h, Authorize on the typed request) seen from
// both ways in: the JSON path (Database::Call) and the embedded clients must allow and refuse
// the same operations with the same AccessDeniedException, including the operations checked
// by action alone on the table their typed request names (TableName, a tagging ResourceArn, a
// Streams ListStreams' TableName) or on every table (DescribeLimits).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "database_test_util.h"
#include "ddbemu/access_policy.h"
#include "ddbemu/embedded_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace tenant_check_paths_test {

constexpr const char* kOtherTable = R"({"TableName":"other",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
  "BillingMode":"PAY_PER_REQUEST"})";

std::string Denied(const std::string& action, const std::string& resource) {
  return "User: arn:aws:iam::000000000000:user/tenant-a is not authorized to perform: dynamodb:" +
         action + " on resource: " + resource +
         " because no identity-based policy allows the dynamodb:" + action + " action";
}

std::string TableArn(const std::string& name) {
  return "arn:aws:dynamodb:us-east-1:000000000000:table/" + name;
}

class TenantCheckPathsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto policies = std::make_shared<AccessPolicies>();
    policies->Add({.access_key_id = "admin", .user = "admin", .actions = {"*"}, .tables = {"*"}});
    policies->Add(
        {.access_key_id = "ta",
         .user = "tenant-a",
         .actions = {"TagResource", "ListTagsOfResource", "DescribeTimeToLive", "ListStreams"},
         .tables = {"items"}});
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.shared_db = true;
    options.access_policies = policies;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
    ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable, admin_).http_status, 200);
    ASSERT_EQ(db_->Call("CreateTable", kOtherTable, admin_).http_status, 200);
    client_ = MakeEmbeddedClient(*db_, tenant_);
    streams_ = MakeEmbeddedStreamsClient(*db_, tenant_);
  }

  // The JSON path's answer: "" when it succeeded, else "Type: message".
  std::string OverJson(const std::string& operation, const std::string& body) {
    Response r = db_->Call(operation, body, tenant_);
    if (r.http_status == 200) return "";
    ErrorOf e = ParseError(r);
    return e.type + ": " + e.message;
  }
  template <class T>
  static std::string Embedded(const Result<T>& r) {
    if (r.ok()) return "";
    const std::string_view type = r.error().type_name();  // "com.amazon...#Name"
    return std::string(type.substr(type.find('#') + 1)) + ": " + r.error().message();
  }

  const RequestContext admin_{"admin", "us-east-1"};
  const RequestContext tenant_{"ta", "us-east-1"};
  std::unique_ptr<Database> db_;
  std::unique_ptr<Client> client_;
  std::unique_ptr<StreamsClient> streams_;
};

TEST_F(TenantCheckPathsTest, TaggingIsCheckedOnTheResourceArnOnBothPaths) {
  const std::string own = TableArn("items");
  const std::string other = TableArn("other");
  EXPECT_EQ(OverJson("TagResource",
                     R"({"ResourceArn":")" + own + R"(","Tags":[{"Key":"k","Value":"v"}]})"),
            "");
  EXPECT_EQ(Embedded(client_->TagResource({.resource_arn = own, .tags = {{"k", "v"}}})), "");
  const std::string refused = "AccessDeniedException: " + Denied("TagResource", other);
  EXPECT_EQ(OverJson("TagResource",
                     R"({"ResourceArn":")" + other + R"(","Tags":[{"Key":"k","Value":"v"}]})"),
            refused);
  EXPECT_EQ(Embedded(client_->TagResource({.resource_arn = other, .tags = {{"k", "v"}}})), refused);
  auto listed = client_->ListTagsOfResource({.resource_arn = own});
  ASSERT_TRUE(listed.ok()) << listed.error().message();
  EXPECT_EQ(listed->tags, (std::vector<Tag>{{"k", "v"}}));
}

TEST_F(TenantCheckPathsTest, TableNamedOperationsAndActionOnlyOperationsAgree) {
  EXPECT_EQ(OverJson("DescribeTimeToLive", R"({"TableName":"items"})"), "");
  EXPECT_EQ(Embedded(client_->DescribeTimeToLive({.table_name = "items"})), "");
  const std::string ttl =
      "AccessDeniedException: " + Denied("DescribeTimeToLive", TableArn("other"));
  EXPECT_EQ(OverJson("DescribeTimeToLive", R"({"TableName":"other"})"), ttl);
  EXPECT_EQ(Embedded(client_->DescribeTimeToLive({.table_name = "other"})), ttl);

  // Not in the policy's actions: refused on every table, with no request member to name one.
  const std::string limits =
      "AccessDeniedException: " +
      Denied("DescribeLimits", "arn:aws:dynamodb:us-east-1:000000000000:table/*");
  EXPECT_EQ(OverJson("DescribeLimits", "{}"), limits);
  EXPECT_EQ(Embedded(client_->DescribeLimits({})), limits);
}

TEST_F(TenantCheckPathsTest, StreamsOperationsAgree) {
  EXPECT_EQ(OverJson("DynamoDBStreams_20120810.ListStreams", R"({"TableName":"items"})"), "");
  EXPECT_EQ(Embedded(streams_->ListStreams({.table_name = "items"})), "");
  const std::string refused = "AccessDeniedException: " + Denied("ListStreams", TableArn("other"));
  EXPECT_EQ(OverJson("DynamoDBStreams_20120810.ListStreams", R"({"TableName":"other"})"), refused);
  EXPECT_EQ(Embedded(streams_->ListStreams({.table_name = "other"})), refused);
}

}  // namespace tenant_check_paths_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
