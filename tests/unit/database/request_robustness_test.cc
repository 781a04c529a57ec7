// Bad input never crashes the process and is always answered with a well-formed DynamoDB
// response: 24,000 mutated requests (byte-level and structural), deterministic seeds so a
// failure reproduces. The coverage-guided fuzzers live in tests/fuzz; this runs in every CI.
#include <gtest/gtest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace request_robustness_test {

struct Seed {
  const char* operation;
  const char* body;
};

// Valid requests of every implemented family: the starting points of mutation.
const std::vector<Seed>& Seeds() {
  static const std::vector<Seed> seeds = {
      {"CreateTable",
       R"j({"TableName":"t2","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"B"}],"GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["x"]}}],"BillingMode":"PAY_PER_REQUEST","Tags":[{"Key":"k","Value":"v"}]})j"},
      {"PutItem",
       R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"m":{"M":{"l":{"L":[{"N":"1.5"},{"SS":["x","y"]},{"BS":["AQ=="]}]}}},"b":{"BOOL":false},"z":{"NULL":true}},"ConditionExpression":"attribute_not_exists(#p) OR size(m.l) < :n","ExpressionAttributeNames":{"#p":"pk"},"ExpressionAttributeValues":{":n":{"N":"3"}},"ReturnValues":"ALL_OLD"})j"},
      {"GetItem",
       R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ProjectionExpression":"m.l[0], #b","ExpressionAttributeNames":{"#b":"b"},"ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES"})j"},
      {"UpdateItem",
       R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"SET m.l[1] = list_append(:l, m.l) ADD c :one REMOVE b DELETE s :s","ConditionExpression":"c BETWEEN :lo AND :hi OR attribute_not_exists(c)","ExpressionAttributeValues":{":l":{"L":[{"S":"q"}]},":one":{"N":"1"},":s":{"SS":["x"]},":lo":{"N":"0"},":hi":{"N":"9"}},"ReturnValues":"UPDATED_NEW"})j"},
      {"DeleteItem",
       R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"Expected":{"c":{"ComparisonOperator":"GT","AttributeValueList":[{"N":"0"}]}},"ReturnValues":"ALL_OLD"})j"},
      {"Query",
       R"j({"TableName":"items","KeyConditionExpression":"pk = :p AND sk BETWEEN :a AND :b","FilterExpression":"contains(m.l, :x)","ExpressionAttributeValues":{":p":{"S":"a"},":a":{"N":"0"},":b":{"N":"9"},":x":{"S":"q"}},"Limit":5,"ScanIndexForward":false})j"},
      {"Scan",
       R"j({"TableName":"items","Segment":0,"TotalSegments":2,"ScanFilter":{"c":{"ComparisonOperator":"NOT_NULL"}},"Select":"COUNT"})j"},
      {"BatchWriteItem",
       R"j({"RequestItems":{"items":[{"PutRequest":{"Item":{"pk":{"S":"b"},"sk":{"N":"2"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"N":"1"}}}}]}})j"},
      {"TransactWriteItems",
       R"j({"TransactItems":[{"Put":{"TableName":"items","Item":{"pk":{"S":"c"},"sk":{"N":"3"}},"ConditionExpression":"attribute_not_exists(pk)"}},{"Update":{"TableName":"items","Key":{"pk":{"S":"b"},"sk":{"N":"2"}},"UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"S":"v"}}}}],"ClientRequestToken":"tok"})j"},
      {"ListTables", R"j({"Limit":2,"ExclusiveStartTableName":"aaa"})j"},
      {"UpdateTable",
       R"j({"TableName":"items","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})j"},
  };
  return seeds;
}

// A random JSON value of any type, up to `depth` levels deep.
void RandomJson(std::mt19937& rng, int depth, rapidjson::Value* out,
                rapidjson::Document::AllocatorType& a) {
  static const char* kStrings[] = {"",   "S",  "N",     "B",  "M",    "L",        "SS",    "pk",
                                   "#p", ":v", "1e400", "-0", "AQ==", "\xff\xfe", "a.b[3]"};
  switch (depth <= 0 ? rng() % 5 : rng() % 7) {
    case 0:
      out->SetNull();
      break;
    case 1:
      out->SetBool(rng() % 2);
      break;
    case 2:
      out->SetInt64(static_cast<std::int64_t>(rng()) - (1LL << 31));
      break;
    case 3:
      out->SetDouble(std::ldexp(static_cast<double>(rng()), static_cast<int>(rng() % 200) - 100));
      break;
    case 4:
      out->SetString(kStrings[rng() % std::size(kStrings)], a);
      break;
    case 5: {
      out->SetArray();
      for (unsigned i = rng() % 4; i > 0; --i) {
        rapidjson::Value v;
        RandomJson(rng, depth - 1, &v, a);
        out->PushBack(v, a);
      }
      break;
    }
    default: {
      out->SetObject();
      for (unsigned i = rng() % 4; i > 0; --i) {
        rapidjson::Value v;
        RandomJson(rng, depth - 1, &v, a);
        out->AddMember(rapidjson::Value(kStrings[rng() % std::size(kStrings)], a), v, a);
      }
    }
  }
}

// Replaces one randomly chosen node of `doc` by a random value.
void MutateStructure(std::mt19937& rng, rapidjson::Value* node,
                     rapidjson::Document::AllocatorType& a) {
  while (true) {
    if (node->IsObject() && node->MemberCount() > 0 && rng() % 3 != 0) {
      auto it = node->MemberBegin() + static_cast<long>(rng() % node->MemberCount());
      node = &it->value;
    } else if (node->IsArray() && node->Size() > 0 && rng() % 3 != 0) {
      node = &(*node)[static_cast<rapidjson::SizeType>(rng() % node->Size())];
    } else {
      RandomJson(rng, 3, node, a);
      return;
    }
  }
}

std::string Serialize(const rapidjson::Value& v) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  v.Accept(w);
  return {buffer.GetString(), buffer.GetSize()};
}

void MutateBytes(std::mt19937& rng, std::string* body) {
  static const char kBytes[] = "{}[]\":,\\0123456789eE+-.tfnul \x00\xff";
  for (unsigned n = 1 + rng() % 4; n > 0 && !body->empty(); --n) {
    const std::size_t at = rng() % body->size();
    switch (rng() % 4) {
      case 0:
        (*body)[at] = kBytes[rng() % (sizeof(kBytes) - 1)];
        break;
      case 1:
        body->erase(at, 1 + rng() % 8);
        break;
      case 2:
        body->insert(at, 1, kBytes[rng() % (sizeof(kBytes) - 1)]);
        break;
      default:
        body->resize(at);
        break;
    }
  }
}

// Every answer is a DynamoDB response: 200 with a JSON object, or 400 with an error envelope.
void ExpectWellFormed(const Response& r, const std::string& op, const std::string& body) {
  ASSERT_TRUE(r.http_status == 200 || r.http_status == 400)
      << op << " " << body << " -> " << r.http_status << " " << r.body;
  rapidjson::Document doc;
  doc.Parse(r.body.c_str(), r.body.size());
  ASSERT_FALSE(doc.HasParseError()) << r.body;
  ASSERT_TRUE(doc.IsObject());
  if (r.http_status == 400) {
    ASSERT_TRUE(doc.HasMember("__type")) << r.body;
  }
}

class RequestRobustnessTest : public ::testing::TestWithParam<unsigned> {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
  }
  std::unique_ptr<Database> db_;
};

TEST_P(RequestRobustnessTest, MutatedRequestsGetWellFormedAnswers) {
  std::mt19937 rng(GetParam());
  int accepted = 0;
  for (int i = 0; i < 6000; ++i) {
    const Seed& seed = Seeds()[rng() % Seeds().size()];
    std::string body = seed.body;
    if (rng() % 2 == 0) {
      MutateBytes(rng, &body);
    } else {
      rapidjson::Document doc;
      doc.Parse(body.c_str());
      for (unsigned n = 1 + rng() % 3; n > 0; --n) MutateStructure(rng, &doc, doc.GetAllocator());
      body = Serialize(doc);
    }
    // DDB_ROBUSTNESS_TRACE=1 prints each request first, to find the one that crashes.
    if (std::getenv("DDB_ROBUSTNESS_TRACE") != nullptr) {
      std::fprintf(stderr, "%s %s\n", seed.operation, body.c_str());
    }
    Response r = db_->Call(seed.operation, body);
    ExpectWellFormed(r, seed.operation, body);
    if (::testing::Test::HasFatalFailure()) return;
    accepted += r.http_status == 200;
  }
  // The mutations must reach past validation into the operations, not only bounce off the
  // JSON parser: a share of mutated requests stays valid and is executed.
  EXPECT_GT(accepted, 100);
}

INSTANTIATE_TEST_SUITE_P(Seeds, RequestRobustnessTest, ::testing::Values(1u, 2u, 3u, 4u));

}  // namespace request_robustness_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
