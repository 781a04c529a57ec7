// DynamoDB Streams through Database::Call, exact on a virtual clock: StreamSpecification on
// CreateTable/UpdateTable, DescribeTable's stream members, the four Streams operations, the
// record shape, shard rollover, retention and iterator expiry, and "no record for a write that
// changed nothing".
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace streams_test {

constexpr std::string_view kStreams = "DynamoDBStreams_20120810.";

class StreamsTest : public ::testing::Test {
 protected:
  void SetUp() override { Open(0); }

  void Open(std::uint64_t shard_max_records) {
    db_.reset();
    clock_ = std::make_shared<VirtualClock>();
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    options.stream_shard_max_records = shard_max_records;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
  }

  rapidjson::Document Ok(std::string_view op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return ParseJson(r.body);
  }
  rapidjson::Document Streams(std::string_view op, const std::string& body) {
    return Ok(std::string(kStreams) + std::string(op), body);
  }
  ErrorOf Fails(std::string_view op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_NE(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return ParseError(r);
  }

  std::string CreateStreamTable(std::string_view view = "NEW_AND_OLD_IMAGES") {
    rapidjson::Document d = Ok("CreateTable", R"({"TableName":"tab",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "BillingMode":"PAY_PER_REQUEST",
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":")" +
                                                  std::string(view) + R"("}})");
    return d["TableDescription"]["LatestStreamArn"].GetString();
  }

  std::vector<std::string> ShardIds(const std::string& arn) {
    rapidjson::Document d = Streams("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
    std::vector<std::string> ids;
    for (const auto& s : d["StreamDescription"]["Shards"].GetArray()) {
      ids.push_back(s["ShardId"].GetString());
    }
    return ids;
  }

  std::string Iterator(const std::string& arn, const std::string& shard,
                       std::string_view type = "TRIM_HORIZON", std::string_view seq = "") {
    std::string body = R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard +
                       R"(","ShardIteratorType":")" + std::string(type) + "\"";
    if (!seq.empty()) body += R"(,"SequenceNumber":")" + std::string(seq) + "\"";
    return Streams("GetShardIterator", body + "}")["ShardIterator"].GetString();
  }

  rapidjson::Document Records(const std::string& iterator) {
    return Streams("GetRecords", R"({"ShardIterator":")" + iterator + R"("})");
  }

  void Put(const std::string& pk, const std::string& v) {
    Ok("PutItem",
       R"({"TableName":"tab","Item":{"pk":{"S":")" + pk + R"("},"v":{"S":")" + v + R"("}}})");
  }

  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(StreamsTest, DescribeTableShowsTheStreamAndListStreamsFindsIt) {
  const std::string arn = CreateStreamTable();
  // 1700000000 s is 2023-11-14T22:13:20 UTC: the label is the creation time.
  EXPECT_EQ(arn,
            "arn:aws:dynamodb:us-east-1:000000000000:table/tab/stream/2023-11-14T22:13:20.000");
  rapidjson::Document d = Ok("DescribeTable", R"({"TableName":"tab"})");
  EXPECT_TRUE(d["Table"]["StreamSpecification"]["StreamEnabled"].GetBool());
  EXPECT_STREQ(d["Table"]["StreamSpecification"]["StreamViewType"].GetString(),
               "NEW_AND_OLD_IMAGES");
  EXPECT_STREQ(d["Table"]["LatestStreamLabel"].GetString(), "2023-11-14T22:13:20.000");
  rapidjson::Document list = Streams("ListStreams", "{}");
  ASSERT_EQ(list["Streams"].Size(), 1u);
  EXPECT_EQ(list["Streams"][0]["StreamArn"].GetString(), arn);
  EXPECT_STREQ(list["Streams"][0]["TableName"].GetString(), "tab");
  rapidjson::Document desc = Streams("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  const auto& sd = desc["StreamDescription"];
  EXPECT_STREQ(sd["StreamStatus"].GetString(), "ENABLED");
  EXPECT_STREQ(sd["StreamViewType"].GetString(), "NEW_AND_OLD_IMAGES");
  EXPECT_STREQ(sd["KeySchema"][0]["AttributeName"].GetString(), "pk");
  ASSERT_EQ(sd["Shards"].Size(), 1u);
  EXPECT_STREQ(sd["Shards"][0]["SequenceNumberRange"]["StartingSequenceNumber"].GetString(),
               "400000000000000000001");
  EXPECT_FALSE(sd["Shards"][0]["SequenceNumberRange"].HasMember("EndingSequenceNumber"));
}

TEST_F(StreamsTest, RecordsHaveTheServiceShapeAndOnlyRealChangesAppear) {
  const std::string arn = CreateStreamTable();
  Put("a", "1");                                                       // INSERT
  Put("a", "1");                                                       // identical: no record
  Put("a", "2");                                                       // MODIFY
  Ok("DeleteItem", R"({"TableName":"tab","Key":{"pk":{"S":"zz"}}})");  // nothing: no record
  Ok("DeleteItem", R"({"TableName":"tab","Key":{"pk":{"S":"a"}}})");   // REMOVE
  rapidjson::Document r = Records(Iterator(arn, ShardIds(arn)[0]));
  ASSERT_EQ(r["Records"].Size(), 3u);
  const auto& insert = r["Records"][0];
  EXPECT_STREQ(insert["eventName"].GetString(), "INSERT");
  EXPECT_STREQ(insert["eventVersion"].GetString(), "1.1");
  EXPECT_STREQ(insert["eventSource"].GetString(), "aws:dynamodb");
  EXPECT_STREQ(insert["awsRegion"].GetString(), "us-east-1");
  EXPECT_EQ(std::string(insert["eventID"].GetString()).size(), 32u);
  EXPECT_EQ(insert["dynamodb"]["ApproximateCreationDateTime"].GetInt64(), 1700000000);
  EXPECT_STREQ(insert["dynamodb"]["Keys"]["pk"]["S"].GetString(), "a");
  EXPECT_STREQ(insert["dynamodb"]["NewImage"]["v"]["S"].GetString(), "1");
  EXPECT_FALSE(insert["dynamodb"].HasMember("OldImage"));
  EXPECT_STREQ(insert["dynamodb"]["SequenceNumber"].GetString(), "400000000000000000001");
  EXPECT_EQ(insert["dynamodb"]["SizeBytes"].GetInt(), 3 + 5);  // keys "pk"+"a"; item adds "v"+"1"
  EXPECT_FALSE(insert.HasMember("userIdentity"));
  const auto& modify = r["Records"][1];
  EXPECT_STREQ(modify["eventName"].GetString(), "MODIFY");
  EXPECT_STREQ(modify["dynamodb"]["OldImage"]["v"]["S"].GetString(), "1");
  EXPECT_STREQ(modify["dynamodb"]["NewImage"]["v"]["S"].GetString(), "2");
  EXPECT_STREQ(modify["dynamodb"]["SequenceNumber"].GetString(), "400000000000000000002");
  const auto& remove = r["Records"][2];
  EXPECT_STREQ(remove["eventName"].GetString(), "REMOVE");
  EXPECT_STREQ(remove["dynamodb"]["OldImage"]["v"]["S"].GetString(), "2");
  EXPECT_FALSE(remove["dynamodb"].HasMember("NewImage"));
  EXPECT_TRUE(r.HasMember("NextShardIterator"));  // the shard is open
}

TEST_F(StreamsTest, KeysOnlyStreamsCarryNoImages) {
  const std::string arn = CreateStreamTable("KEYS_ONLY");
  Put("a", "1");
  rapidjson::Document r = Records(Iterator(arn, ShardIds(arn)[0]));
  ASSERT_EQ(r["Records"].Size(), 1u);
  EXPECT_FALSE(r["Records"][0]["dynamodb"].HasMember("NewImage"));
  EXPECT_STREQ(r["Records"][0]["dynamodb"]["StreamViewType"].GetString(), "KEYS_ONLY");
}

TEST_F(StreamsTest, ATransactionWritesOneRecordPerItemAndAFailedOneNone) {
  const std::string arn = CreateStreamTable();
  Ok("TransactWriteItems", R"({"TransactItems":[
    {"Put":{"TableName":"tab","Item":{"pk":{"S":"x"}}}},
    {"Put":{"TableName":"tab","Item":{"pk":{"S":"y"}}}}]})");
  Fails("TransactWriteItems", R"J({"TransactItems":[
    {"Put":{"TableName":"tab","Item":{"pk":{"S":"z"}}}},
    {"ConditionCheck":{"TableName":"tab","Key":{"pk":{"S":"none"}},
      "ConditionExpression":"attribute_exists(pk)"}}]})J");
  rapidjson::Document r = Records(Iterator(arn, ShardIds(arn)[0]));
  ASSERT_EQ(r["Records"].Size(), 2u);
  EXPECT_STREQ(r["Records"][0]["dynamodb"]["Keys"]["pk"]["S"].GetString(), "x");
  EXPECT_STREQ(r["Records"][1]["dynamodb"]["Keys"]["pk"]["S"].GetString(), "y");
}

TEST_F(StreamsTest, IteratorTypesStartWhereTheServiceSays) {
  const std::string arn = CreateStreamTable();
  Put("a", "1");
  Put("b", "1");
  const std::string shard = ShardIds(arn)[0];
  EXPECT_EQ(Records(Iterator(arn, shard, "LATEST"))["Records"].Size(), 0u);
  rapidjson::Document at =
      Records(Iterator(arn, shard, "AT_SEQUENCE_NUMBER", "400000000000000000002"));
  ASSERT_EQ(at["Records"].Size(), 1u);
  EXPECT_STREQ(at["Records"][0]["dynamodb"]["Keys"]["pk"]["S"].GetString(), "b");
  rapidjson::Document after =
      Records(Iterator(arn, shard, "AFTER_SEQUENCE_NUMBER", "400000000000000000001"));
  ASSERT_EQ(after["Records"].Size(), 1u);
  // LATEST then a write: the iterator sees the write.
  const std::string latest = Iterator(arn, shard, "LATEST");
  Put("c", "1");
  rapidjson::Document next = Records(latest);
  ASSERT_EQ(next["Records"].Size(), 1u);
  EXPECT_STREQ(next["Records"][0]["dynamodb"]["Keys"]["pk"]["S"].GetString(), "c");
}

TEST_F(StreamsTest, ShardsRollOverWithParentIdsAndClosedShardsEnd) {
  Open(2);  // two records per shard
  const std::string arn = CreateStreamTable();
  for (int i = 0; i < 5; ++i) Put("k" + std::to_string(i), "v");
  rapidjson::Document d = Streams("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  const auto& shards = d["StreamDescription"]["Shards"];
  ASSERT_EQ(shards.Size(), 3u);
  EXPECT_STREQ(shards[0]["SequenceNumberRange"]["EndingSequenceNumber"].GetString(),
               "400000000000000000002");
  EXPECT_STREQ(shards[1]["ParentShardId"].GetString(), shards[0]["ShardId"].GetString());
  EXPECT_STREQ(shards[2]["ParentShardId"].GetString(), shards[1]["ShardId"].GetString());
  EXPECT_FALSE(shards[2]["SequenceNumberRange"].HasMember("EndingSequenceNumber"));
  // A closed shard read to its end gives no NextShardIterator.
  rapidjson::Document first = Records(Iterator(arn, shards[0]["ShardId"].GetString()));
  EXPECT_EQ(first["Records"].Size(), 2u);
  EXPECT_FALSE(first.HasMember("NextShardIterator"));
  // ShardFilter CHILD_SHARDS finds the child.
  rapidjson::Document children =
      Streams("DescribeStream", R"({"StreamArn":")" + arn +
                                    R"(","ShardFilter":{"Type":"CHILD_SHARDS","ShardId":")" +
                                    shards[0]["ShardId"].GetString() + R"("}})");
  ASSERT_EQ(children["StreamDescription"]["Shards"].Size(), 1u);
}

TEST_F(StreamsTest, ShardsRollOverAfterFourHours) {
  const std::string arn = CreateStreamTable();
  Put("a", "1");
  clock_->AdvanceMicros(4LL * 3600 * 1'000'000);
  Put("b", "1");
  EXPECT_EQ(ShardIds(arn).size(), 2u);
}

TEST_F(StreamsTest, IteratorsExpireAfterFifteenMinutes) {
  const std::string arn = CreateStreamTable();
  const std::string it = Iterator(arn, ShardIds(arn)[0]);
  clock_->AdvanceMicros(15LL * 60 * 1'000'000);
  Records(it);  // exactly 15 minutes: still valid
  clock_->AdvanceMicros(1);
  ErrorOf e = Fails(std::string(kStreams) + "GetRecords", R"({"ShardIterator":")" + it + R"("})");
  EXPECT_EQ(e.type, "ExpiredIteratorException");
}

TEST_F(StreamsTest, RecordsOlderThanADayAreTrimmed) {
  const std::string arn = CreateStreamTable();
  Put("old", "1");
  clock_->AdvanceMicros(24LL * 3600 * 1'000'000 + 1);
  Put("new", "1");
  rapidjson::Document r = Records(Iterator(arn, ShardIds(arn).back()));
  ASSERT_EQ(r["Records"].Size(), 1u);
  EXPECT_STREQ(r["Records"][0]["dynamodb"]["Keys"]["pk"]["S"].GetString(), "new");
  ErrorOf e = Fails(
      std::string(kStreams) + "GetShardIterator",
      R"({"StreamArn":")" + arn + R"(","ShardId":")" + ShardIds(arn).back() +
          R"(","ShardIteratorType":"AT_SEQUENCE_NUMBER","SequenceNumber":"400000000000000000001"})");
  EXPECT_TRUE(e.type == "TrimmedDataAccessException" || e.type == "ValidationException") << e.type;
}

TEST_F(StreamsTest, DisableAndReenableMakesANewStream) {
  const std::string first = CreateStreamTable();
  Put("a", "1");
  Ok("UpdateTable", R"({"TableName":"tab","StreamSpecification":{"StreamEnabled":false}})");
  rapidjson::Document d = Ok("DescribeTable", R"({"TableName":"tab"})");
  EXPECT_FALSE(d["Table"].HasMember("StreamSpecification"));
  EXPECT_EQ(d["Table"]["LatestStreamArn"].GetString(), first);
  Put("b", "1");  // no stream: no record anywhere
  ErrorOf again =
      Fails("UpdateTable", R"({"TableName":"tab","StreamSpecification":{"StreamEnabled":false}})");
  EXPECT_EQ(again.message, "Table has no stream to disable: TableName: tab");
  rapidjson::Document u = Ok(
      "UpdateTable",
      R"({"TableName":"tab","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})");
  const std::string second = u["TableDescription"]["LatestStreamArn"].GetString();
  EXPECT_NE(second, first);
  ErrorOf twice = Fails(
      "UpdateTable",
      R"({"TableName":"tab","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})");
  EXPECT_EQ(twice.message, "Table already has an enabled stream: TableName: tab");
  rapidjson::Document old = Streams("DescribeStream", R"({"StreamArn":")" + first + R"("})");
  EXPECT_STREQ(old["StreamDescription"]["StreamStatus"].GetString(), "DISABLED");
  EXPECT_TRUE(old["StreamDescription"]["Shards"][0]["SequenceNumberRange"].HasMember(
      "EndingSequenceNumber"));
  EXPECT_EQ(Records(Iterator(first, ShardIds(first)[0]))["Records"].Size(), 1u);
  EXPECT_EQ(Streams("ListStreams", R"({"TableName":"tab"})")["Streams"].Size(), 2u);
}

TEST_F(StreamsTest, ValidationErrorsInTheServiceWords) {
  ErrorOf e = Fails("CreateTable", R"({"TableName":"tab",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "BillingMode":"PAY_PER_REQUEST","StreamSpecification":{"StreamEnabled":true}})");
  EXPECT_EQ(e.message,
            "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling "
            "streams.");
  const std::string arn = CreateStreamTable();
  e = Fails(std::string(kStreams) + "DescribeStream", R"({"StreamArn":"short"})");
  EXPECT_EQ(e.message,
            "1 validation error detected: Value 'short' at 'streamArn' failed to satisfy "
            "constraint: Member must have length greater than or equal to 37");
  e = Fails(std::string(kStreams) + "DescribeStream",
            R"({"StreamArn":"arn:aws:dynamodb:us-east-1:000000000000:table/x/stream/2020"})");
  EXPECT_EQ(e.type, "ResourceNotFoundException");
  e = Fails(std::string(kStreams) + "GetRecords", R"({"ShardIterator":"nonsense"})");
  EXPECT_EQ(e.message, "Invalid ShardIterator");
  e = Fails(
      std::string(kStreams) + "GetShardIterator",
      R"({"StreamArn":")" + arn +
          R"(","ShardId":"shardId-00000000000000000000-00000000","ShardIteratorType":"LATEST"})");
  EXPECT_EQ(e.type, "ResourceNotFoundException");
  e = Fails(std::string(kStreams) + "GetShardIterator", R"({"StreamArn":")" + arn +
                                                            R"(","ShardId":")" + ShardIds(arn)[0] +
                                                            R"(","ShardIteratorType":"SIDEWAYS"})");
  EXPECT_EQ(e.type, "ValidationException");
  // A DynamoDB operation name under the streams prefix is unknown there, and vice versa.
  EXPECT_EQ(Fails(std::string(kStreams) + "ListTables", "{}").type, "UnknownOperationException");
  EXPECT_EQ(Fails("ListStreams", "{}").type, "UnknownOperationException");
}

// DescribeStream's ShardFilter: both members needed, CHILD_SHARDS the one type, a shard the
// stream has (issue 32, point 2).
TEST_F(StreamsTest, ShardFilterIsValidatedAndNamesAShardOfTheStream) {
  const std::string arn = CreateStreamTable();
  const std::string shard = ShardIds(arn)[0];
  const std::string describe = std::string(kStreams) + "DescribeStream";
  const auto with_filter = [&](const std::string& filter) {
    return R"({"StreamArn":")" + arn + R"(","ShardFilter":)" + filter + "}";
  };
  ErrorOf e = Fails(describe, with_filter(R"({"Type":"CHILD_SHARDS"})"));
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message,
            "1 validation error detected: Value null at 'shardFilter.shardId' failed to satisfy "
            "constraint: Member must not be null");
  e = Fails(describe, with_filter(R"({"ShardId":")" + shard + R"("})"));
  EXPECT_EQ(e.message,
            "1 validation error detected: Value null at 'shardFilter.type' failed to satisfy "
            "constraint: Member must not be null");
  e = Fails(describe, with_filter(R"({"Type":"PARENT_SHARDS","ShardId":")" + shard + R"("})"));
  EXPECT_EQ(e.message,
            "1 validation error detected: Value 'PARENT_SHARDS' at 'shardFilter.type' failed to "
            "satisfy constraint: Member must satisfy enum value set: [CHILD_SHARDS]");
  e = Fails(describe, with_filter(R"({"Type":"CHILD_SHARDS","ShardId":"short"})"));
  EXPECT_EQ(e.message,
            "1 validation error detected: Value 'short' at 'shardFilter.shardId' failed to "
            "satisfy constraint: Member must have length greater than or equal to 28");
  EXPECT_EQ(Fails(describe, with_filter(R"({"Type":7,"ShardId":")" + shard + R"("})")).type,
            "SerializationException");
  EXPECT_EQ(Fails(describe, with_filter(R"("CHILD_SHARDS")")).type, "SerializationException");
  const std::string unknown = "shardId-00000000000000000000-00000000";
  e = Fails(describe, with_filter(R"({"Type":"CHILD_SHARDS","ShardId":")" + unknown + R"("})"));
  EXPECT_EQ(e.type, "ResourceNotFoundException");
  EXPECT_EQ(e.message, "Requested resource not found: Shard: " + unknown + " in Stream: " + arn +
                           " not found");
  // The open shard has no children yet: an empty, valid answer.
  rapidjson::Document none = Streams(
      "DescribeStream", with_filter(R"({"Type":"CHILD_SHARDS","ShardId":")" + shard + R"("})"));
  EXPECT_EQ(none["StreamDescription"]["Shards"].Size(), 0u);
}

TEST_F(StreamsTest, LimitsAboveTheDocumentedUpperLimitsAreRefused) {
  const std::string arn = CreateStreamTable();
  ErrorOf e = Fails(std::string(kStreams) + "ListStreams", R"({"Limit":101})");
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message,
            "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: "
            "Member must have value less than or equal to 100");
  EXPECT_EQ(Streams("ListStreams", R"({"Limit":100})")["Streams"].Size(), 1u);
  const std::string iterator = Iterator(arn, ShardIds(arn)[0]);
  e = Fails(std::string(kStreams) + "GetRecords",
            R"({"ShardIterator":")" + iterator + R"(","Limit":1001})");
  EXPECT_EQ(e.message,
            "1 validation error detected: Value '1001' at 'limit' failed to satisfy constraint: "
            "Member must have value less than or equal to 1000");
  EXPECT_EQ(Streams("GetRecords", R"({"ShardIterator":")" + iterator + R"(","Limit":1000})")
                .HasMember("Records"),
            true);
}

TEST_F(StreamsTest, ListStreamsRefusesAStartThatIsNoStreamOfTheCaller) {
  const std::string arn = CreateStreamTable();
  ErrorOf e = Fails(std::string(kStreams) + "ListStreams",
                    R"({"ExclusiveStartStreamArn":"kossaapaaasdafsdaasdasdasdasasdasfadfadfas"})");
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message, "Invalid ExclusiveStartStreamArn");
  const std::string gone = "arn:aws:dynamodb:us-east-1:000000000000:table/other/stream/2020";
  e = Fails(std::string(kStreams) + "ListStreams",
            R"({"ExclusiveStartStreamArn":")" + gone + R"("})");
  EXPECT_EQ(e.type, "ResourceNotFoundException");
  EXPECT_EQ(e.message, "Requested resource not found: Stream: " + gone + " not found");
  // The caller's own stream is a start: the page after it is empty.
  EXPECT_EQ(
      Streams("ListStreams", R"({"ExclusiveStartStreamArn":")" + arn + R"("})")["Streams"].Size(),
      0u);
}

TEST_F(StreamsTest, SequenceIteratorsTakeAnyNumberTheShardHolds) {
  // DescribeStream's StartingSequenceNumber, before any record is written, is a number the
  // shard holds: AT_ and AFTER_SEQUENCE_NUMBER take it (as the service does).
  const std::string arn = CreateStreamTable();
  rapidjson::Document d = Streams("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  const auto& shard = d["StreamDescription"]["Shards"][0];
  const std::string shard_id = shard["ShardId"].GetString();
  const std::string start = shard["SequenceNumberRange"]["StartingSequenceNumber"].GetString();
  const std::string at = Iterator(arn, shard_id, "AT_SEQUENCE_NUMBER", start);
  const std::string after = Iterator(arn, shard_id, "AFTER_SEQUENCE_NUMBER", start);
  Put("a", "1");
  Put("b", "1");
  rapidjson::Document from_at = Records(at);
  ASSERT_EQ(from_at["Records"].Size(), 2u);
  EXPECT_STREQ(from_at["Records"][0]["dynamodb"]["SequenceNumber"].GetString(), start.c_str());
  ASSERT_EQ(Records(after)["Records"].Size(), 1u);
  // Every record's own number, and nothing past the last.
  for (const auto& record : from_at["Records"].GetArray()) {
    const std::string seq = record["dynamodb"]["SequenceNumber"].GetString();
    rapidjson::Document one = Records(Iterator(arn, shard_id, "AT_SEQUENCE_NUMBER", seq));
    ASSERT_GE(one["Records"].Size(), 1u);
    EXPECT_EQ(std::string(one["Records"][0]["dynamodb"]["SequenceNumber"].GetString()), seq);
  }
  ErrorOf e = Fails(std::string(kStreams) + "GetShardIterator",
                    R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard_id +
                        R"(","ShardIteratorType":"AT_SEQUENCE_NUMBER",)" +
                        R"("SequenceNumber":"400000000000000000099"})");
  EXPECT_EQ(e.type, "ValidationException");
}

}  // namespace streams_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
