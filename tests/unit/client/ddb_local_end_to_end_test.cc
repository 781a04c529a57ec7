// The transport against a real ddb-local started by the test: raw JSON calls succeed, and each
// error arrives as exactly the ApiError the embedded database gives for the same request
// (code, message, cancellation reasons, item).
#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include "ddbemu/attribute_value.h"
#include "ddbemu/database.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "http_client/json_client.h"
#include "http_client/transport/http_transport.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace ddb_local_end_to_end_test {

constexpr const char* kCreateTable =
    R"({"TableName":"Orders","BillingMode":"PAY_PER_REQUEST",)"
    R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
    R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})";

bool SameJson(const std::string& a, const std::string& b) {
  rapidjson::Document x, y;
  x.Parse(a.c_str());
  y.Parse(b.c_str());
  return !x.HasParseError() && !y.HasParseError() && x == y;
}

class DdbLocalEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(server_.started()) << "ddb-local did not start: " << DDB_LOCAL_BIN;
    HttpTransportOptions o;
    o.endpoint = server_.url();
    o.region = "us-east-1";
    o.credentials = Credentials{"AKIDE2E", "secret", ""};
    o.retry.sleep = [](std::chrono::microseconds) {};
    auto t = HttpTransport::Create(std::move(o));
    ASSERT_TRUE(t.ok()) << t.error().message();
    transport_ = std::move(*t);
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(*db);
  }

  // The same call through HTTP and in process; both must fail alike.
  void ExpectSameError(std::string_view op, std::string_view body) {
    SCOPED_TRACE(std::string(op) + " " + std::string(body));
    const auto remote = transport_->Call(op, body);
    const Response local = db_->Call(op, body, RequestContext{"AKIDE2E", "us-east-1"});
    ASSERT_FALSE(remote.ok());
    ASSERT_NE(local.http_status, 200) << local.body;
    const ApiError expected = http_client::ApiErrorFromEnvelope(local.http_status, local.body);
    const ApiError& got = remote.error();
    EXPECT_EQ(got.code(), expected.code());
    EXPECT_EQ(got.message(), expected.message());
    ASSERT_EQ(got.cancellation_reasons.size(), expected.cancellation_reasons.size());
    for (std::size_t i = 0; i < got.cancellation_reasons.size(); ++i) {
      EXPECT_EQ(got.cancellation_reasons[i].code, expected.cancellation_reasons[i].code);
      EXPECT_EQ(got.cancellation_reasons[i].message, expected.cancellation_reasons[i].message);
    }
    EXPECT_EQ(got.item == nullptr, expected.item == nullptr);
    if (got.item && expected.item) {
      EXPECT_EQ(*got.item, *expected.item);
    }
  }
  void Both(std::string_view op, std::string_view body) {
    const auto remote = transport_->Call(op, body);
    ASSERT_TRUE(remote.ok()) << op << ": " << remote.error().message();
    const Response local = db_->Call(op, body, RequestContext{"AKIDE2E", "us-east-1"});
    ASSERT_EQ(local.http_status, 200) << local.body;
  }

  ddbemu::testing::DdbLocalServer server_{DDB_LOCAL_BIN, {"-inMemory"}};
  std::unique_ptr<HttpTransport> transport_;
  std::unique_ptr<Database> db_;
};

TEST_F(DdbLocalEndToEndTest, CreateTablePutItemGetItemAsRawJson) {
  const auto created = transport_->Call("CreateTable", kCreateTable);
  ASSERT_TRUE(created.ok()) << created.error().message();
  const auto put = transport_->Call(
      "PutItem", R"({"TableName":"Orders","Item":{"pk":{"S":"a"},"n":{"N":"5"}}})");
  ASSERT_TRUE(put.ok()) << put.error().message();
  EXPECT_EQ(*put, "{}");
  const auto got = transport_->Call("GetItem", R"({"TableName":"Orders","Key":{"pk":{"S":"a"}}})");
  ASSERT_TRUE(got.ok()) << got.error().message();
  EXPECT_TRUE(SameJson(*got, R"({"Item":{"pk":{"S":"a"},"n":{"N":"5"}}})")) << *got;
  const auto tables = transport_->Call("ListTables", "{}");
  ASSERT_TRUE(tables.ok());
  EXPECT_EQ(*tables, R"({"TableNames":["Orders"]})");
  EXPECT_EQ(transport_->connections_opened(), 1u);
}

TEST_F(DdbLocalEndToEndTest, ErrorsAreTheEmbeddedDatabasesErrors) {
  ExpectSameError("GetItem", R"({"TableName":"Missing","Key":{"pk":{"S":"a"}}})");
  ExpectSameError("NoSuchOperation", "{}");
  ExpectSameError("GetItem", "{not json");
  Both("CreateTable", kCreateTable);
  ExpectSameError("CreateTable", kCreateTable);
  ExpectSameError("PutItem", R"({"TableName":"Orders","Item":{"pk":{"N":"1"}}})");
  ExpectSameError("PutItem", R"({"TableName":"Orders","Item":{"pk":{"S":"a"},"s":{"SS":[]}}})");
  Both("PutItem", R"({"TableName":"Orders","Item":{"pk":{"S":"a"},"n":{"N":"5"}}})");
  ExpectSameError("PutItem", R"({"TableName":"Orders","Item":{"pk":{"S":"a"}},)"
                             R"J("ConditionExpression":"attribute_not_exists(pk)",)J"
                             R"("ReturnValuesOnConditionCheckFailure":"ALL_OLD"})");
  ExpectSameError("TransactWriteItems",
                  R"({"TransactItems":[)"
                  R"({"Put":{"TableName":"Orders","Item":{"pk":{"S":"b"}}}},)"
                  R"({"ConditionCheck":{"TableName":"Orders","Key":{"pk":{"S":"a"}},)"
                  R"("ConditionExpression":"n = :v","ExpressionAttributeValues":{":v":{"N":"6"}},)"
                  R"("ReturnValuesOnConditionCheckFailure":"ALL_OLD"}}]})");
}

}  // namespace ddb_local_end_to_end_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
