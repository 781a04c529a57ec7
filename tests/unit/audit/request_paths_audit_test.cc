// Every way a data request reaches the engine is audited: PartiQL (ExecuteStatement,
// BatchExecuteStatement, ExecuteTransaction), the batches and transactions item by item with
// their share of the capacity, and the embedded Client as well as Database::Call.
#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <map>
#include <memory>
#include <string>

#include "ddbemu/clock.h"
#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace request_paths_audit_test {

constexpr const char* kTable = R"({"TableName":"hrt",
  "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},
    {"AttributeName":"SK","AttributeType":"S"}],
  "BillingMode":"PAY_PER_REQUEST"})";

class RequestPathsAuditTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.audit = true;
    options.clock = std::make_shared<VirtualClock>(1'700'000'000'000'000);
    db_ = std::move(Database::Open(options)).value();
    ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
  }
  rapidjson::Document Call(const char* op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    rapidjson::Document d;
    d.Parse(r.body.c_str());
    return d;
  }
  void Put(const std::string& pk, const std::string& sk, const std::string& extra = "") {
    Call("PutItem", R"({"TableName":"hrt","Item":{"PK":{"S":")" + pk + R"("},"SK":{"S":")" + sk +
                        R"("},"type":{"S":"emp"})" + extra + "}}");
  }
  // The shapes of one operation, summed (requests, items, units).
  AuditShape Sum(const std::string& operation) {
    AuditShape sum;
    auto report = db_->Audit();
    EXPECT_TRUE(report.ok());
    for (const AuditShape& s : report->shapes) {
      if (s.operation != operation) continue;
      sum.operation = s.operation;
      sum.key_condition = s.key_condition;
      sum.filter = s.filter;
      sum.requests += s.requests;
      sum.items_read += s.items_read;
      sum.items_returned += s.items_returned;
      sum.read_units += s.read_units;
      sum.write_units += s.write_units;
      sum.throttles += s.throttles;
      sum.errors += s.errors;
    }
    return sum;
  }
  const AuditFinding* FindingOf(const std::string& kind) {
    auto report = db_->Audit();
    for (const AuditFinding& f : report->findings) {
      if (f.kind == kind) {
        last_ = f;
        return &last_;
      }
    }
    return nullptr;
  }
  // The CapacityUnits of a multi-table ConsumedCapacity list, summed.
  static double Units(const rapidjson::Document& d) {
    double units = 0;
    for (const auto& t : d["ConsumedCapacity"].GetArray()) units += t["CapacityUnits"].GetDouble();
    return units;
  }
  void PutThirtyWithThreeAdmins() {
    for (int i = 0; i < 30; ++i) {
      Put("ORG#1", "EMP#" + std::to_string(i), i < 3 ? R"(,"role":{"S":"admin"})" : "");
    }
  }
  std::unique_ptr<Database> db_;
  AuditFinding last_;
};

TEST_F(RequestPathsAuditTest, PartiqlSelectWithoutKeyIsAScanWhoseFilterDiscardsMostReads) {
  PutThirtyWithThreeAdmins();
  const auto r =
      Call("ExecuteStatement", R"({"Statement":"SELECT * FROM hrt WHERE role = 'admin'"})");
  ASSERT_EQ(r["Items"].Size(), 3u);
  const AuditShape s = Sum("ExecuteStatement:Scan");
  EXPECT_EQ(s.requests, 1);
  EXPECT_EQ(s.key_condition, "");
  EXPECT_EQ(s.filter, "(role = ?)");  // the rest of the WHERE, one conjunct
  EXPECT_EQ(s.items_read, 30);
  EXPECT_EQ(s.items_returned, 3);
  EXPECT_GT(s.read_units, 0);
  const AuditFinding* scan = FindingOf("scan");
  ASSERT_NE(scan, nullptr);
  EXPECT_NE(scan->summary.find("1 Scan request(s) of table hrt read 30 items"), std::string::npos)
      << scan->summary;
  const AuditFinding* filter = FindingOf("filter-discards");
  ASSERT_NE(filter, nullptr);
  EXPECT_NE(filter->summary.find("ExecuteStatement:Scan with FilterExpression `(role = ?)` read 30 "
                                 "items and returned 3"),
            std::string::npos)
      << filter->summary;
}

TEST_F(RequestPathsAuditTest, PartiqlSelectOnThePartitionKeyIsAQueryAndOnTheFullKeyAGet) {
  PutThirtyWithThreeAdmins();
  Call(
      "ExecuteStatement",
      R"({"Statement":"SELECT * FROM hrt WHERE PK = ? AND role = ?","Parameters":[{"S":"ORG#1"},{"S":"admin"}]})");
  const AuditShape query = Sum("ExecuteStatement:Query");
  EXPECT_EQ(query.key_condition, "PK = ?");
  EXPECT_EQ(query.filter, "(role = ?)");
  EXPECT_EQ(query.items_read, 30);
  EXPECT_EQ(query.items_returned, 3);
  EXPECT_NE(FindingOf("filter-discards"), nullptr);
  EXPECT_EQ(FindingOf("scan"), nullptr);

  Call("ExecuteStatement",
       R"({"Statement":"SELECT * FROM hrt WHERE PK = 'ORG#1' AND SK = 'EMP#1'"})");
  const AuditShape get = Sum("ExecuteStatement:Get");
  EXPECT_EQ(get.requests, 1);
  EXPECT_EQ(get.items_read, 1);
  EXPECT_EQ(get.items_returned, 1);
  EXPECT_EQ(get.read_units, 0.5);
}

TEST_F(RequestPathsAuditTest, PartiqlWritesAreAuditedAsTheWritesTheyRunAs) {
  Call("ExecuteStatement",
       R"({"Statement":"INSERT INTO hrt VALUE {'PK':'ORG#1','SK':'EMP#1','type':'emp'}"})");
  Call("ExecuteStatement",
       R"({"Statement":"UPDATE hrt SET name = 'Ada' WHERE PK = 'ORG#1' AND SK = 'EMP#1'"})");
  EXPECT_EQ(Sum("ExecuteStatement:Put").write_units, 1);
  EXPECT_EQ(Sum("ExecuteStatement:Update").write_units, 1);
  EXPECT_EQ(Sum("ExecuteStatement:Update").filter, "condition: attribute_exists(PK)");

  const auto batch =
      Call("BatchExecuteStatement", R"({"ReturnConsumedCapacity":"TOTAL","Statements":[
    {"Statement":"INSERT INTO hrt VALUE {'PK':'ORG#2','SK':'EMP#1','type':'emp'}"},
    {"Statement":"INSERT INTO hrt VALUE {'PK':'ORG#2','SK':'EMP#2'}"},
    {"Statement":"DELETE FROM hrt WHERE PK = 'ORG#1' AND SK = 'EMP#1'"}]})");
  const AuditShape puts = Sum("BatchExecuteStatement:Put");
  const AuditShape deletes = Sum("BatchExecuteStatement:Delete");
  EXPECT_EQ(puts.requests, 2);
  EXPECT_EQ(deletes.requests, 1);
  EXPECT_DOUBLE_EQ(puts.write_units + deletes.write_units, Units(batch));
  EXPECT_NE(FindingOf("missing-attribute"), nullptr);  // the put without `type`

  const auto txn =
      Call("ExecuteTransaction", R"({"ReturnConsumedCapacity":"TOTAL","TransactStatements":[
    {"Statement":"UPDATE hrt SET n = 1 WHERE PK = 'ORG#2' AND SK = 'EMP#1'"},
    {"Statement":"UPDATE hrt SET n = 2 WHERE PK = 'ORG#2' AND SK = 'EMP#2'"}]})");
  const AuditShape updates = Sum("ExecuteTransaction:Update");
  EXPECT_EQ(updates.requests, 2);
  EXPECT_EQ(updates.errors, 0);
  EXPECT_DOUBLE_EQ(updates.write_units, Units(txn));
  EXPECT_EQ(updates.write_units, 4);  // 2 WCU per transactional write of an item under 1 KB
}

TEST_F(RequestPathsAuditTest, PartiqlReadBatchAndReadTransactionCountEachStatement) {
  Put("ORG#1", "EMP#1");
  const auto batch =
      Call("BatchExecuteStatement", R"({"ReturnConsumedCapacity":"TOTAL","Statements":[
    {"Statement":"SELECT * FROM hrt WHERE PK = 'ORG#1' AND SK = 'EMP#1'"},
    {"Statement":"SELECT * FROM hrt WHERE PK = 'ORG#1' AND SK = 'EMP#9'"}]})");
  const AuditShape gets = Sum("BatchExecuteStatement:Get");
  EXPECT_EQ(gets.requests, 2);
  EXPECT_EQ(gets.items_read, 2);
  EXPECT_EQ(gets.items_returned, 1);
  EXPECT_DOUBLE_EQ(gets.read_units, Units(batch));

  const auto txn =
      Call("ExecuteTransaction", R"({"ReturnConsumedCapacity":"TOTAL","TransactStatements":[
    {"Statement":"SELECT * FROM hrt WHERE PK = 'ORG#1' AND SK = 'EMP#1'"},
    {"Statement":"SELECT * FROM hrt WHERE PK = 'ORG#1' AND SK = 'EMP#9'"}]})");
  const AuditShape reads = Sum("ExecuteTransaction:Get");
  EXPECT_EQ(reads.requests, 2);
  EXPECT_EQ(reads.items_returned, 1);
  EXPECT_DOUBLE_EQ(reads.read_units, Units(txn));
  EXPECT_EQ(reads.read_units, 4);  // 2 RCU per transactional read of an item under 4 KB
}

TEST_F(RequestPathsAuditTest, BatchGetItemCountsEveryKeyAndSharesItsCapacity) {
  Put("ORG#1", "EMP#1");
  Put("ORG#1", "EMP#2");
  const auto r = Call("BatchGetItem", R"({"ReturnConsumedCapacity":"TOTAL","RequestItems":{"hrt":{
    "ConsistentRead":true,"Keys":[{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#1"}},
    {"PK":{"S":"ORG#1"},"SK":{"S":"EMP#2"}},{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#3"}}]}}})");
  const AuditShape s = Sum("BatchGetItem:Get");
  EXPECT_EQ(s.requests, 3);
  EXPECT_EQ(s.items_read, 3);
  EXPECT_EQ(s.items_returned, 2);
  EXPECT_DOUBLE_EQ(s.read_units, Units(r));
  EXPECT_EQ(s.read_units, 3);  // strongly consistent: 1 RCU a key
}

TEST_F(RequestPathsAuditTest, BatchWriteItemCountsEveryItemAndSharesItsCapacity) {
  const auto r = Call("BatchWriteItem", R"({"ReturnConsumedCapacity":"TOTAL","RequestItems":{"hrt":[
    {"PutRequest":{"Item":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#1"},"type":{"S":"emp"}}}},
    {"PutRequest":{"Item":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#2"},"type":{"S":"emp"}}}},
    {"DeleteRequest":{"Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#3"}}}}]}})");
  const AuditShape puts = Sum("BatchWriteItem:Put");
  const AuditShape deletes = Sum("BatchWriteItem:Delete");
  EXPECT_EQ(puts.requests, 2);
  EXPECT_EQ(deletes.requests, 1);
  EXPECT_DOUBLE_EQ(puts.write_units + deletes.write_units, Units(r));
  EXPECT_EQ(Units(r), 3);
}

TEST_F(RequestPathsAuditTest, UnprocessedAndRefusedBatchItemsCountAsThrottled) {
  CapacityOverrides caps;
  caps.partition_write_units = 2;
  caps.partitions = 8;  // so that cold keys live in partitions other than the hot key's
  ASSERT_TRUE(db_->SetCapacityOverrides("hrt", caps).ok());
  auto put = [](const std::string& pk, int sk) {
    return R"({"PutRequest":{"Item":{"PK":{"S":")" + pk + R"("},"SK":{"S":")" + std::to_string(sk) +
           R"("},"type":{"S":"x"}}}})";
  };
  // Each batch's outcome as the service reports it: refused whole (400), or some items left
  // in UnprocessedItems.
  std::int64_t requests = 0, throttled = 0, partial = 0;
  auto batch = [&](const std::vector<std::string>& items) {
    std::string body = R"({"RequestItems":{"hrt":[)";
    for (std::size_t i = 0; i < items.size(); ++i) body += (i ? "," : "") + items[i];
    const Response r = db_->Call("BatchWriteItem", body + "]}}");
    requests += static_cast<std::int64_t>(items.size());
    if (r.http_status == 400) {
      EXPECT_NE(r.body.find("ProvisionedThroughputExceeded"), std::string::npos) << r.body;
      throttled += static_cast<std::int64_t>(items.size());
      return;
    }
    ASSERT_EQ(r.http_status, 200) << r.body;
    rapidjson::Document d;
    d.Parse(r.body.c_str());
    if (d["UnprocessedItems"].HasMember("hrt")) {
      const std::int64_t n = d["UnprocessedItems"]["hrt"].Size();
      throttled += n;
      partial += n < static_cast<std::int64_t>(items.size()) ? 1 : 0;
    }
  };
  // The hot key goes into debt (admitted on its balance, charged after)...
  std::vector<std::string> hot;
  for (int i = 0; i < 10; ++i) hot.push_back(put("HOT", i));
  batch(hot);
  batch(hot);
  // ... then a batch mixing it with cold keys writes (some of) the cold ones only.
  std::vector<std::string> mixed;
  for (int i = 0; i < 8; ++i) mixed.push_back(put("COLD#" + std::to_string(i), 1));
  mixed.push_back(put("HOT", 20));
  batch(mixed);
  ASSERT_GT(throttled, 0);
  ASSERT_EQ(partial, 1) << "the mixed batch should be processed in part";
  const AuditShape puts = Sum("BatchWriteItem:Put");
  EXPECT_EQ(puts.requests, requests);
  EXPECT_EQ(puts.throttles, throttled);
  EXPECT_EQ(puts.write_units, static_cast<double>(requests - throttled));  // 1 WCU an item
}

// A conditional write's shape is its condition, normalised: the same condition under other
// placeholders is one shape, another condition or none another, each with its own count.
TEST_F(RequestPathsAuditTest, ConditionalWritesAreShapedByTheirNormalisedCondition) {
  auto put = [&](int i, const std::string& expression, const std::string& names) {
    std::string body = R"({"TableName":"hrt","Item":{"PK":{"S":"ORG#9"},"SK":{"S":"EMP#)" +
                       std::to_string(i) + R"("},"type":{"S":"emp"}})";
    if (!expression.empty()) {
      body += R"(,"ConditionExpression":")" + expression + '"';
      if (!names.empty()) body += R"(,"ExpressionAttributeNames":)" + names;
    }
    Call("PutItem", body + "}");
  };
  for (int round = 0; round < 3; ++round) {  // a raw form's first sight, then found again
    put(10 * round + 1, "attribute_not_exists(#p)", R"({"#p":"PK"})");
    put(10 * round + 2, "  attribute_not_exists(#k) ", R"({"#k":"PK"})");
    put(10 * round + 3, "attribute_not_exists(#p)", R"({"#p":"SK"})");
    put(10 * round + 4, "", "");
  }
  auto report = db_->Audit();
  ASSERT_TRUE(report.ok());
  std::map<std::string, std::int64_t> requests;  // filter -> requests, of the PutItem shapes
  for (const AuditShape& s : report->shapes) {
    if (s.operation == "PutItem") requests[s.filter] += s.requests;
  }
  const std::map<std::string, std::int64_t> expected{{"condition: attribute_not_exists(PK)", 6},
                                                     {"condition: attribute_not_exists(SK)", 3},
                                                     {"", 3}};
  EXPECT_EQ(requests, expected);
}

TEST_F(RequestPathsAuditTest, TransactionsCountEveryActionAndShareTheirCapacity) {
  Put("ORG#1", "EMP#1");
  const auto w = Call("TransactWriteItems", R"j({"ReturnConsumedCapacity":"TOTAL","TransactItems":[
    {"Put":{"TableName":"hrt","Item":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#2"},"type":{"S":"emp"}}}},
    {"ConditionCheck":{"TableName":"hrt","Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#1"}},
      "ConditionExpression":"attribute_exists(PK)"}}]})j");
  const AuditShape put = Sum("TransactWriteItems:Put");
  const AuditShape check = Sum("TransactWriteItems:ConditionCheck");
  EXPECT_EQ(put.requests, 1);
  EXPECT_EQ(check.requests, 1);
  EXPECT_EQ(check.filter, "condition: attribute_exists(PK)");
  EXPECT_DOUBLE_EQ(put.write_units + check.write_units + put.read_units + check.read_units,
                   Units(w));

  const auto g = Call("TransactGetItems", R"({"ReturnConsumedCapacity":"TOTAL","TransactItems":[
    {"Get":{"TableName":"hrt","Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#1"}}}},
    {"Get":{"TableName":"hrt","Key":{"PK":{"S":"ORG#1"},"SK":{"S":"EMP#7"}}}}]})");
  const AuditShape gets = Sum("TransactGetItems:Get");
  EXPECT_EQ(gets.requests, 2);
  EXPECT_EQ(gets.items_read, 2);
  EXPECT_EQ(gets.items_returned, 1);
  EXPECT_DOUBLE_EQ(gets.read_units, Units(g));
}

TEST_F(RequestPathsAuditTest, EmbeddedClientRequestsAreAuditedLikeHttpOnes) {
  auto client = MakeEmbeddedClient(*db_);
  PutItemRequest put;
  put.table_name = "hrt";
  put.item = {{"PK", AttributeValue::S("ORG#1")},
              {"SK", AttributeValue::S("EMP#1")},
              {"type", AttributeValue::S("emp")}};
  ASSERT_TRUE(client->PutItem(put).ok());
  GetItemRequest get;
  get.table_name = "hrt";
  get.key = {{"PK", AttributeValue::S("ORG#1")}, {"SK", AttributeValue::S("EMP#1")}};
  auto got = client->GetItem(get);
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(got->consumed_capacity.has_value()) << "the audit's capacity is not handed back";
  ScanRequest scan;
  scan.table_name = "hrt";
  ASSERT_TRUE(client->Scan(scan).ok());

  EXPECT_EQ(Sum("PutItem").write_units, 1);
  const AuditShape g = Sum("GetItem");
  EXPECT_EQ(g.requests, 1);
  EXPECT_EQ(g.items_returned, 1);
  EXPECT_EQ(g.read_units, 0.5);
  EXPECT_EQ(Sum("Scan").items_read, 1);
  EXPECT_NE(FindingOf("scan"), nullptr);
}

}  // namespace request_paths_audit_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
