// DynamoDB Streams: ListStreams, DescribeStream, GetShardIterator and GetRecords, shaped as the
// Streams API reference's requests and responses. A separate service on the same endpoint (the
// "DynamoDBStreams_20120810." target), so these calls live on ddbemu::StreamsClient
// (ddbemu/streams_client.h), as the AWS SDKs keep them on a client of their own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/model/stream_view_type.h"
#include "ddbemu/model/tables.h"  // KeySchemaElement
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

enum class StreamStatus : std::uint8_t { kEnabling, kEnabled, kDisabling, kDisabled };
enum class ShardIteratorType : std::uint8_t {
  kTrimHorizon,
  kLatest,
  kAtSequenceNumber,
  kAfterSequenceNumber
};
enum class OperationType : std::uint8_t { kInsert, kModify, kRemove };

struct StreamSummary {
  std::string stream_arn;
  std::string table_name;
  std::string stream_label;
  friend bool operator==(const StreamSummary&, const StreamSummary&) = default;
};

struct ListStreamsRequest {
  std::optional<std::string> table_name;  // absent: every table's streams
  std::optional<std::int64_t> limit;      // >= 1; at most 100 are returned
  std::optional<std::string> exclusive_start_stream_arn;
};
struct ListStreamsResponse {
  std::vector<StreamSummary> streams;
  std::optional<std::string> last_evaluated_stream_arn;  // present when more follow
};

struct SequenceNumberRange {
  std::optional<std::string> starting_sequence_number;
  std::optional<std::string> ending_sequence_number;  // set once the shard is closed
  friend bool operator==(const SequenceNumberRange&, const SequenceNumberRange&) = default;
};

struct Shard {
  std::string shard_id;
  SequenceNumberRange sequence_number_range;
  std::optional<std::string> parent_shard_id;
  friend bool operator==(const Shard&, const Shard&) = default;
};

struct StreamDescription {
  std::string stream_arn;
  std::string stream_label;
  StreamStatus stream_status = StreamStatus::kEnabled;
  StreamViewType stream_view_type = StreamViewType::kNewAndOldImages;
  std::int64_t creation_request_date_time_micros = 0;
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<Shard> shards;
  std::optional<std::string> last_evaluated_shard_id;  // present when more shards follow
};

// DescribeStream's ShardFilter: only the children of `shard_id` (type CHILD_SHARDS).
struct ShardFilter {
  std::string shard_id;
};

struct DescribeStreamRequest {
  std::string stream_arn;
  std::optional<std::int64_t> limit;  // shards per page, >= 1; at most 100
  std::optional<std::string> exclusive_start_shard_id;
  std::optional<ShardFilter> shard_filter;
};
struct DescribeStreamResponse {
  StreamDescription stream_description;
};

struct GetShardIteratorRequest {
  std::string stream_arn;
  std::string shard_id;
  ShardIteratorType shard_iterator_type = ShardIteratorType::kTrimHorizon;
  std::optional<std::string> sequence_number;  // with AT_ and AFTER_SEQUENCE_NUMBER
};
struct GetShardIteratorResponse {
  std::optional<std::string> shard_iterator;  // valid for 15 minutes
};

struct GetRecordsRequest {
  std::string shard_iterator;
  std::optional<std::int64_t> limit;  // >= 1; at most 1000 are returned
};

// The change itself (the API's StreamRecord).
struct StreamRecord {
  std::int64_t approximate_creation_date_time_seconds = 0;
  Item keys;
  std::optional<Item> new_image;
  std::optional<Item> old_image;
  std::string sequence_number;
  std::int64_t size_bytes = 0;
  StreamViewType stream_view_type = StreamViewType::kNewAndOldImages;
};

// Who made the change: set for the service's own deletions (Time to Live).
struct Identity {
  std::string principal_id;  // "dynamodb.amazonaws.com"
  std::string type;          // "Service"
};

struct Record {
  std::string event_id;
  OperationType event_name = OperationType::kInsert;
  std::string event_version;  // "1.1"
  std::string event_source;   // "aws:dynamodb"
  std::string aws_region;
  StreamRecord dynamodb;
  std::optional<Identity> user_identity;
};

struct GetRecordsResponse {
  std::vector<Record> records;
  std::optional<std::string> next_shard_iterator;  // absent once a closed shard is read to its end
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
