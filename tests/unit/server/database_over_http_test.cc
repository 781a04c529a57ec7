// ddb-local's wiring in miniature: a real in-memory Database behind the HttpServer, reached
// over HTTP. Shows that the access key and region of the Authorization header select the
// caller's tables, as in DynamoDB Local.
#include <gtest/gtest.h>

#include <string>

#include "ddbemu/database.h"
#include "raw_http_client.h"
#include "server/http_server.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace database_over_http_test {

using testing::DynamoRequest;
using testing::RawHttpClient;

std::string AuthFor(std::string_view key, std::string_view region) {
  return "AWS4-HMAC-SHA256 Credential=" + std::string(key) + "/20240101/" + std::string(region) +
         "/dynamodb/aws4_request, SignedHeaders=host, Signature=s";
}

class DatabaseOverHttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(*db);
    ServerOptions server_options;
    server_options.host = "127.0.0.1";
    server_options.port = 0;
    server_options.threads = 2;
    auto server = HttpServer::Start(
        server_options,
        [db = db_.get()](std::string_view op, std::string_view body, const RequestContext& ctx) {
          return db->Call(op, body, ctx);
        });
    ASSERT_TRUE(server.ok()) << server.error().message();
    server_ = std::move(*server);
  }
  void TearDown() override {
    server_.reset();  // stop serving before the database closes
    db_.reset();
  }

  std::string Call(std::string_view op, std::string_view body, const std::string& auth,
                   int expected_status = 200) {
    RawHttpClient client(server_->port());
    EXPECT_TRUE(client.Send(DynamoRequest(op, body, "", auth)));
    auto r = client.Read();
    EXPECT_TRUE(r.has_value());
    if (!r) return {};
    EXPECT_EQ(r->status, expected_status) << r->body;
    return r->body;
  }

  std::unique_ptr<Database> db_;
  std::unique_ptr<HttpServer> server_;
};

TEST_F(DatabaseOverHttpTest, EachAccessKeyAndRegionSeesItsOwnTables) {
  const std::string alice = AuthFor("ALICE", "us-east-1");
  EXPECT_EQ(Call("ListTables", "{}", alice), R"({"TableNames":[]})");
  Call("CreateTable",
       R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",)"
       R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
       R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})",
       alice);
  EXPECT_EQ(Call("ListTables", "{}", alice), R"({"TableNames":["Orders"]})");
  EXPECT_EQ(Call("ListTables", "{}", AuthFor("BOB", "us-east-1")), R"({"TableNames":[]})");
  EXPECT_EQ(Call("ListTables", "{}", AuthFor("ALICE", "eu-west-1")), R"({"TableNames":[]})");
}

TEST_F(DatabaseOverHttpTest, TheDatabasesErrorsArriveVerbatim) {
  const std::string auth = AuthFor("ALICE", "us-east-1");
  const RequestContext context{"ALICE", "us-east-1"};
  EXPECT_EQ(Call("NoSuchOperation", "{}", auth, 400),
            db_->Call("NoSuchOperation", "{}", context).body);
  EXPECT_EQ(Call("ListTables", "{not json", auth, 400),
            db_->Call("ListTables", "{not json", context).body);
}

}  // namespace database_over_http_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
