// DynamoDB Streams through every client's StreamsClient: a table created with a stream, its
// changes read back as records (INSERT, MODIFY, REMOVE with both images), the stream in
// ListStreams and DescribeStream and in DescribeTable, and the Streams API's errors.
#include <gtest/gtest.h>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_streams_test {

using client_test::N;
using client_test::S;

class StreamsConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created = client_->CreateTable(
        {.table_name = "events",
         .attribute_definitions = {{"id", ScalarAttributeType::kS}},
         .key_schema = {{"id", KeyType::kHash}},
         .billing_mode = BillingMode::kPayPerRequest,
         .stream_specification = StreamSpecification{true, StreamViewType::kNewAndOldImages}});
    ASSERT_TRUE(created.ok()) << created.error().message();
    ASSERT_TRUE(created->table_description.latest_stream_arn.has_value());
    stream_arn_ = *created->table_description.latest_stream_arn;
    EXPECT_EQ(created->table_description.stream_specification,
              (StreamSpecification{true, StreamViewType::kNewAndOldImages}));
  }
  std::string stream_arn_;
};

TEST_P(StreamsConformance, ChangesComeBackAsRecords) {
  const Item key = {{"id", S("e1")}};
  ASSERT_TRUE(
      client_->PutItem({.table_name = "events", .item = {{"id", S("e1")}, {"v", N("1")}}}).ok());
  ASSERT_TRUE(client_
                  ->UpdateItem({.table_name = "events",
                                .key = key,
                                .update_expression = "SET v = :v",
                                .expression_attribute_values = {{":v", N("2")}}})
                  .ok());
  ASSERT_TRUE(client_->DeleteItem({.table_name = "events", .key = key}).ok());

  auto listed = streams_->ListStreams({.table_name = "events"});
  ASSERT_TRUE(listed.ok()) << listed.error().message();
  ASSERT_EQ(listed->streams.size(), 1u);
  EXPECT_EQ(listed->streams[0].stream_arn, stream_arn_);
  EXPECT_EQ(listed->streams[0].table_name, "events");

  auto described = streams_->DescribeStream({.stream_arn = stream_arn_});
  ASSERT_TRUE(described.ok()) << described.error().message();
  const StreamDescription& d = described->stream_description;
  EXPECT_EQ(d.stream_arn, stream_arn_);
  EXPECT_EQ(d.stream_status, StreamStatus::kEnabled);
  EXPECT_EQ(d.stream_view_type, StreamViewType::kNewAndOldImages);
  EXPECT_EQ(d.table_name, "events");
  EXPECT_EQ(d.key_schema, (std::vector<KeySchemaElement>{{"id", KeyType::kHash}}));
  ASSERT_EQ(d.shards.size(), 1u);
  EXPECT_TRUE(d.shards[0].sequence_number_range.starting_sequence_number.has_value());

  auto iterator =
      streams_->GetShardIterator({.stream_arn = stream_arn_,
                                  .shard_id = d.shards[0].shard_id,
                                  .shard_iterator_type = ShardIteratorType::kTrimHorizon});
  ASSERT_TRUE(iterator.ok()) << iterator.error().message();
  ASSERT_TRUE(iterator->shard_iterator.has_value());
  auto page = streams_->GetRecords({.shard_iterator = *iterator->shard_iterator});
  ASSERT_TRUE(page.ok()) << page.error().message();
  ASSERT_EQ(page->records.size(), 3u);
  EXPECT_TRUE(page->next_shard_iterator.has_value()) << "an open shard goes on";
  const Record& insert = page->records[0];
  EXPECT_EQ(insert.event_name, OperationType::kInsert);
  EXPECT_EQ(insert.event_source, "aws:dynamodb");
  EXPECT_EQ(insert.event_version, "1.1");
  EXPECT_EQ(insert.aws_region, "us-east-1");
  EXPECT_EQ(insert.dynamodb.keys, key);
  EXPECT_EQ(insert.dynamodb.new_image, (Item{{"id", S("e1")}, {"v", N("1")}}));
  EXPECT_FALSE(insert.dynamodb.old_image.has_value());
  EXPECT_EQ(insert.dynamodb.stream_view_type, StreamViewType::kNewAndOldImages);
  EXPECT_FALSE(insert.user_identity.has_value());
  const Record& modify = page->records[1];
  EXPECT_EQ(modify.event_name, OperationType::kModify);
  EXPECT_EQ(modify.dynamodb.old_image, (Item{{"id", S("e1")}, {"v", N("1")}}));
  EXPECT_EQ(modify.dynamodb.new_image, (Item{{"id", S("e1")}, {"v", N("2")}}));
  // Sequence numbers are fixed-width decimal strings that grow with each change.
  EXPECT_EQ(insert.dynamodb.sequence_number.size(), modify.dynamodb.sequence_number.size());
  EXPECT_LT(insert.dynamodb.sequence_number, modify.dynamodb.sequence_number);
  const Record& remove = page->records[2];
  EXPECT_EQ(remove.event_name, OperationType::kRemove);
  EXPECT_EQ(remove.dynamodb.old_image, (Item{{"id", S("e1")}, {"v", N("2")}}));
  EXPECT_FALSE(remove.dynamodb.new_image.has_value());

  // Nothing new: an empty page and an iterator to go on with.
  auto next = streams_->GetRecords({.shard_iterator = *page->next_shard_iterator});
  ASSERT_TRUE(next.ok()) << next.error().message();
  EXPECT_TRUE(next->records.empty());
}

TEST_P(StreamsConformance, DisablingKeepsTheLatestStreamInDescribeTable) {
  auto disabled = client_->UpdateTable(
      {.table_name = "events", .stream_specification = StreamSpecification{false, std::nullopt}});
  ASSERT_TRUE(disabled.ok()) << disabled.error().message();
  auto described = client_->DescribeTable({.table_name = "events"});
  ASSERT_TRUE(described.ok()) << described.error().message();
  EXPECT_FALSE(described->table.stream_specification.has_value());
  EXPECT_EQ(described->table.latest_stream_arn, stream_arn_);
}

TEST_P(StreamsConformance, Errors) {
  auto short_shard =
      streams_->GetShardIterator({.stream_arn = stream_arn_,
                                  .shard_id = "x",
                                  .shard_iterator_type = ShardIteratorType::kLatest});
  DDB_EXPECT_API_ERROR(short_shard, ErrorCode::kValidation,
                       "1 validation error detected: Value 'x' at 'shardId' failed to satisfy "
                       "constraint: Member must have length greater than or equal to 28");
  auto bad_iterator = streams_->GetRecords({.shard_iterator = ""});
  ASSERT_FALSE(bad_iterator.ok());
  EXPECT_EQ(bad_iterator.error().code(), ErrorCode::kValidation);
  const std::string other =
      stream_arn_.substr(0, stream_arn_.rfind('/') + 1) + "2000-01-01T00:00:00.000";
  auto missing = streams_->DescribeStream({.stream_arn = other});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code(), ErrorCode::kResourceNotFound);
  auto no_view = client_->CreateTable({.table_name = "noview",
                                       .attribute_definitions = {{"id", ScalarAttributeType::kS}},
                                       .key_schema = {{"id", KeyType::kHash}},
                                       .billing_mode = BillingMode::kPayPerRequest,
                                       .stream_specification = StreamSpecification{true}});
  ASSERT_FALSE(no_view.ok());
  EXPECT_EQ(no_view.error().code(), ErrorCode::kValidation);
}

DDB_INSTANTIATE_CLIENT_SUITE(StreamsConformance);

}  // namespace client_streams_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
