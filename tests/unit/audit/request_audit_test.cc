// The audit end to end through Database::Call (Options::audit on, a virtual clock): requests
// of real shapes produce the findings, and auditing changes no response.
#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <memory>
#include <string>

#include "ddbemu/clock.h"
#include "ddbemu/database.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace request_audit_test {

constexpr const char* kTable = R"({"TableName":"hrt",
  "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
    {"AttributeName":"SK","AttributeType":"S"},{"AttributeName":"GSI1PK","AttributeType":"S"}],
  "GlobalSecondaryIndexes":[{"IndexName":"GSI1",
    "KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}],
  "BillingMode":"PAY_PER_REQUEST"})";

class RequestAuditTest : public ::testing::Test {
 protected:
  void SetUp() override {
    clock_ = std::make_shared<VirtualClock>(1'700'000'000'000'000);
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.audit = true;
    options.clock = clock_;
    db_ = std::move(Database::Open(options)).value();
    const Response created = db_->Call("CreateTable", kTable);
    ASSERT_EQ(created.http_status, 200) << created.body;
  }
  Response Call(const char* op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return r;
  }
  void Put(const std::string& pk, const std::string& sk, const std::string& extra = "",
           bool with_type = true) {
    Call("PutItem", R"({"TableName":"hrt","Item":{"PK":{"S":")" + pk + R"("},"SK":{"S":")" + sk +
                        R"("})" + (with_type ? R"(,"type":{"S":"emp"})" : "") + extra + "}}");
  }
  // The kinds of the findings, with the table's shapes checked for consistency.
  std::vector<AuditFinding> Findings(AuditThresholds t = {}) {
    auto report = db_->Audit({}, t);
    EXPECT_TRUE(report.ok());
    EXPECT_TRUE(report->enabled);
    for (const AuditFinding& f : report->findings) {
      for (const std::string& id : f.shapes) {
        bool found = false;
        for (const AuditShape& s : report->shapes) found = found || s.id == id;
        EXPECT_TRUE(found) << f.kind << " names unknown shape " << id;
      }
    }
    return report->findings;
  }
  const AuditFinding* FindingOf(const std::vector<AuditFinding>& findings,
                                const std::string& kind) {
    for (const AuditFinding& f : findings) {
      if (f.kind == kind) {
        last_ = f;
        return &last_;
      }
    }
    return nullptr;
  }
  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;
  AuditFinding last_;
};

TEST_F(RequestAuditTest, ShapesAggregateRequestsThatDifferOnlyInValues) {
  for (int i = 0; i < 5; ++i) {
    Call("Query", R"({"TableName":"hrt","KeyConditionExpression":"#p = :v",
      "ExpressionAttributeNames":{"#p":"PK"},"ExpressionAttributeValues":{":v":{"S":"ORG#)" +
                      std::to_string(i) + R"("}}})");
  }
  auto report = db_->Audit();
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report->shapes.size(), 1u);
  EXPECT_EQ(report->shapes[0].operation, "Query");
  EXPECT_EQ(report->shapes[0].key_condition, "PK = ?");
  EXPECT_EQ(report->shapes[0].requests, 5);
  EXPECT_GT(report->shapes[0].read_units, 0);  // measured although the caller did not ask
}

TEST_F(RequestAuditTest, AuditingLeavesResponsesUnchanged) {
  Put("ORG#1", "EMP#1");
  const Response get =
      Call("GetItem", R"({"TableName":"hrt","Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#1"}}})");
  EXPECT_EQ(get.body.find("ConsumedCapacity"), std::string::npos) << get.body;
  const Response query = Call("Query", R"({"TableName":"hrt","KeyConditionExpression":"PK = :v",
    "ExpressionAttributeValues":{":v":{"S":"ORG#1"}}})");
  EXPECT_EQ(query.body.find("ConsumedCapacity"), std::string::npos) << query.body;
  const Response asked = Call("GetItem", R"({"TableName":"hrt","ReturnConsumedCapacity":"TOTAL",
    "Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#1"}}})");
  EXPECT_NE(asked.body.find("\"ConsumedCapacity\""), std::string::npos) << asked.body;
  EXPECT_EQ(asked.body.find("\"Table\""), std::string::npos)
      << "TOTAL, not INDEXES: " << asked.body;
}

TEST_F(RequestAuditTest, ScanAndWastefulFilterAreFound) {
  for (int i = 0; i < 30; ++i)
    Put("ORG#1", "EMP#" + std::to_string(i), i < 3 ? R"(,"role":{"S":"admin"})" : "");
  Call("Scan", R"({"TableName":"hrt"})");
  Call("Query",
       R"({"TableName":"hrt","KeyConditionExpression":"PK = :o","FilterExpression":"#r = :a",
    "ExpressionAttributeNames":{"#r":"role"},
    "ExpressionAttributeValues":{":o":{"S":"ORG#1"},":a":{"S":"admin"}}})");
  const auto findings = Findings();
  const AuditFinding* scan = FindingOf(findings, "scan");
  ASSERT_NE(scan, nullptr);
  EXPECT_NE(scan->summary.find("read 30 items"), std::string::npos) << scan->summary;
  const AuditFinding* filter = FindingOf(findings, "filter-discards");
  ASSERT_NE(filter, nullptr);
  EXPECT_NE(filter->summary.find("`role = ?` read 30 items and returned 3"), std::string::npos)
      << filter->summary;
}

TEST_F(RequestAuditTest, GsiReadRightAfterWriteIsFoundAndOneLaterIsNot) {
  Put("ORG#1", "EMP#1", R"(,"GSI1PK":{"S":"EMAIL#a@x"})");
  const std::string by_email = R"({"TableName":"hrt","IndexName":"GSI1",
    "KeyConditionExpression":"GSI1PK = :e","ExpressionAttributeValues":{":e":{"S":"EMAIL#a@x"}}})";
  clock_->AdvanceMicros(2'000'000);
  Call("Query", by_email);  // two seconds later: fine
  EXPECT_EQ(FindingOf(Findings(), "gsi-read-after-write"), nullptr);
  Put("ORG#1", "EMP#2", R"(,"GSI1PK":{"S":"EMAIL#a@x"})");
  clock_->AdvanceMicros(100'000);
  Call("Query", by_email);  // 100 ms after writing EMP#2
  const AuditFinding* f = FindingOf(Findings(), "gsi-read-after-write");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->index, "GSI1");
  EXPECT_NE(f->summary.find("1 Query"), std::string::npos) << f->summary;
}

TEST_F(RequestAuditTest, ConsistentReadsOfItemsNotJustWrittenAreFound) {
  Put("ORG#1", "#METADATA");
  clock_->AdvanceMicros(5'000'000);
  for (int i = 0; i < 10; ++i) {
    Call("GetItem", R"({"TableName":"hrt","ConsistentRead":true,
      "Key":{"PK":{"S":"ORG#1"},"SK":{"S":"#METADATA"}}})");
  }
  const AuditFinding* f = FindingOf(Findings(), "strong-read");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->summary.find("10 of 10"), std::string::npos) << f->summary;
}

TEST_F(RequestAuditTest, ConsistentReadsRightAfterWritesAreNotFound) {
  for (int i = 0; i < 10; ++i) {
    Put("ORG#1", "EMP#" + std::to_string(i));
    Call("GetItem", R"({"TableName":"hrt","ConsistentRead":true,
      "Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#)" +
                        std::to_string(i) + R"("}}})");
  }
  EXPECT_EQ(FindingOf(Findings(), "strong-read"), nullptr);
}

TEST_F(RequestAuditTest, PutsWithoutTypeWhereOthersCarryItAreFound) {
  Put("ORG#1", "EMP#1");
  Put("ORG#1", "EMP#2", "", /*with_type=*/false);
  const AuditFinding* f = FindingOf(Findings(), "missing-attribute");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->summary.find("without `type`"), std::string::npos) << f->summary;
  ASSERT_EQ(f->shapes.size(), 1u);
}

TEST_F(RequestAuditTest, TransactionPutsAreAuditedItemByItem) {
  Put("ORG#1", "EMP#1");
  Call("TransactWriteItems", R"({"TransactItems":[
    {"Put":{"TableName":"hrt","Item":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#9"}}}},
    {"Update":{"TableName":"hrt","Key":{"PK":{"S":"ORG#1"},"SK":{"S":"#METADATA"}},
      "UpdateExpression":"ADD headcount :one","ExpressionAttributeValues":{":one":{"N":"1"}}}}]})");
  const AuditFinding* f = FindingOf(Findings(), "missing-attribute");
  ASSERT_NE(f, nullptr);
  auto report = db_->Audit();
  std::vector<std::string> operations;
  for (const AuditShape& s : report->shapes) operations.push_back(s.operation);
  EXPECT_EQ(operations, (std::vector<std::string>{"PutItem", "TransactWriteItems:Put",
                                                  "TransactWriteItems:Update"}));
  EXPECT_EQ(f->shapes, std::vector<std::string>{report->shapes[1].id});
}

TEST_F(RequestAuditTest, LargeItemsAreFound) {
  Put("ORG#1", "DOC#1", R"(,"body":{"S":")" + std::string(320 * 1024, 'x') + R"("})");
  Put("ORG#1", "DOC#2", R"(,"body":{"S":"small"})");
  const AuditFinding* f = FindingOf(Findings(), "large-item");
  ASSERT_NE(f, nullptr);
  EXPECT_NE(f->summary.find("321 KB"), std::string::npos) << f->summary;
}

TEST_F(RequestAuditTest, GrowingItemCollectionIsFound) {
  for (int i = 0; i < 60; ++i) Put("JOB#1", "APP#" + std::to_string(i));
  AuditThresholds t;
  t.collection_items = 40;
  const AuditFinding* f = FindingOf(Findings(t), "growing-collection");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->key, R"({"PK":{"S":"JOB#1"}})");
  EXPECT_EQ(FindingOf(Findings(), "growing-collection"), nullptr);  // default threshold 1000
}

TEST_F(RequestAuditTest, ThrottledHotKeyIsFoundWithItsShape) {
  CapacityOverrides caps;
  caps.partition_write_units = 5;
  ASSERT_TRUE(db_->SetCapacityOverrides("hrt", caps).ok());
  int throttled = 0;
  for (int i = 0; i < 20; ++i) {
    Response r = db_->Call("PutItem", R"({"TableName":"hrt","Item":{"PK":{"S":"COUNTER"},
      "SK":{"S":"x"},"type":{"S":"counter"}}})");
    if (r.http_status != 200) ++throttled;
  }
  ASSERT_GT(throttled, 0);
  const AuditFinding* f = FindingOf(Findings(), "hot-key");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->key, R"({"PK":{"S":"COUNTER"}})");
  EXPECT_EQ(f->severity, "warning");
  ASSERT_EQ(f->shapes.size(), 1u);
  auto report = db_->Audit();
  EXPECT_EQ(report->shapes[0].throttles, throttled);
}

// SearchVectors is a shape of its own (condition, TopK, vectors compared, bytes), its answer
// unchanged by the audit; a search comparing many vectors per request is a finding, one that
// names a partition of few vectors is not.
TEST_F(RequestAuditTest, WideVectorSearchIsFoundAndAPartitionedOneIsNot) {
  Call("CreateTable", R"({"TableName":"vec","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"org","AttributeType":"S"}],
      "VectorIndexes":[{"IndexName":"emb","VectorAttribute":{"AttributeName":"v"},
        "SearchSchema":[{"AttributeName":"org","SearchSchemaElementType":"HASH"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"},"Dimensions":2,"DistanceFunction":"EUCLIDEAN"}]})");
  for (int i = 0; i < 30; ++i) {
    const std::string org = i < 25 ? "big" : "small";
    Call("PutItem", R"({"TableName":"vec","Item":{"pk":{"S":"p)" + std::to_string(i) +
                        R"("},"org":{"S":")" + org + R"("},"v":{"L":[{"N":")" + std::to_string(i) +
                        R"("},{"N":"0"}]}}})");
  }
  auto search = [&](const std::string& org) {
    return Call("SearchVectors", R"({"TableName":"vec","IndexName":"emb",
        "SearchVector":[{"N":"0"},{"N":"0"}],"TopK":3,
        "SearchConditionExpression":"org = :o","ExpressionAttributeValues":{":o":{"S":")" +
                                     org + R"("}}})");
  };
  const Response answer = search("big");
  EXPECT_EQ(answer.body.find("ConsumedCapacity"), std::string::npos) << answer.body;
  search("big");
  search("small");
  AuditThresholds t;
  t.vector_search_examined = 20;  // "big" holds 25 vectors, "small" 5
  auto report = db_->Audit({}, t);
  ASSERT_TRUE(report.ok());
  const AuditShape* shape = nullptr;
  for (const AuditShape& s : report->shapes) {
    if (s.operation == "SearchVectors") shape = &s;
  }
  ASSERT_NE(shape, nullptr);
  EXPECT_EQ(shape->index, "emb");
  EXPECT_EQ(shape->key_condition, "org = ?");
  EXPECT_EQ(shape->limit, 3);
  EXPECT_EQ(shape->requests, 3);
  EXPECT_EQ(shape->items_read, 25 + 25 + 5);
  EXPECT_EQ(shape->items_returned, 9);
  EXPECT_GT(shape->vector_search_bytes, 0);
  // 55 / 3 = 18 per request: under 20, no finding; one more "big" search makes it 20.
  EXPECT_EQ(FindingOf(report->findings, "wide-vector-search"), nullptr);
  search("big");
  const AuditFinding* f = FindingOf(Findings(t), "wide-vector-search");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->index, "emb");
  EXPECT_NE(f->summary.find("compared 20 vectors each"), std::string::npos) << f->summary;
}

TEST(RequestAuditOff, NothingIsRecordedWhenTheAuditIsOff) {
  Options options;
  options.in_memory = true;
  auto db = std::move(Database::Open(options)).value();
  ASSERT_EQ(db->Call("CreateTable", kTable).http_status, 200);
  ASSERT_EQ(db->Call("Scan", R"({"TableName":"hrt"})").http_status, 200);
  auto report = db->Audit();
  ASSERT_TRUE(report.ok());
  EXPECT_FALSE(report->enabled);
  EXPECT_TRUE(report->shapes.empty());
}

}  // namespace request_audit_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
