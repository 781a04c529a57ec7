// The DynamoDB Streams API (X-Amz-Target "DynamoDBStreams_20120810."): ListStreams,
// DescribeStream, GetShardIterator and GetRecords, on typed requests (api/stream_requests.h
// reads and writes the JSON). Streams are those of the caller's namespace; their data is in
// storage/stream_store.h, written with the changes themselves.
//
// Shard iterators are self-contained strings ("<stream ARN>|1|<hex payload>"): the position, the
// shard and the creation time. They expire 15 minutes after GetShardIterator (on the engine's
// clock) with ExpiredIteratorException; GetRecords' NextShardIterator is a fresh one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/stream_store.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams {

inline constexpr std::int64_t kIteratorLifetimeMicros = 15LL * 60 * 1'000'000;

struct ListStreamsRequest {
  std::optional<std::string> table_name;
  int limit = 100;
  std::optional<std::string> exclusive_start_stream_arn;
};
struct StreamSummary {
  std::string stream_arn;
  std::string table_name;
  std::string stream_label;
};
struct ListStreamsResponse {
  std::vector<StreamSummary> streams;
  std::optional<std::string> last_evaluated_stream_arn;
};

struct DescribeStreamRequest {
  std::string stream_arn;
  int limit = 100;
  std::optional<std::string> exclusive_start_shard_id;
  std::optional<std::string> child_shards_of;  // ShardFilter {Type: CHILD_SHARDS, ShardId}
};
struct ShardDescription {
  std::string shard_id;
  std::string parent_shard_id;  // empty: none
  std::string starting_sequence_number;
  std::optional<std::string> ending_sequence_number;  // closed shards only
};
struct DescribeStreamResponse {
  storage::StreamInfo stream;
  std::string stream_arn;
  std::string status;  // ENABLED or DISABLED
  std::vector<ShardDescription> shards;
  std::optional<std::string> last_evaluated_shard_id;
};

enum class IteratorType { kTrimHorizon, kLatest, kAtSequenceNumber, kAfterSequenceNumber };
struct GetShardIteratorRequest {
  std::string stream_arn;
  std::string shard_id;
  IteratorType type = IteratorType::kTrimHorizon;
  std::optional<std::string> sequence_number;
};

struct GetRecordsRequest {
  std::string shard_iterator;
  int limit = 1000;
};
struct RecordOut {
  storage::StreamRecord record;
  std::string event_id;
  std::string region;
  StreamViewType view_type = StreamViewType::kKeysOnly;
};
struct GetRecordsResponse {
  std::vector<RecordOut> records;
  std::optional<std::string> next_shard_iterator;  // absent once a closed shard is read out
};

Result<ListStreamsResponse> ListStreams(Engine& engine, const Caller& caller,
                                        const ListStreamsRequest& request);
Result<DescribeStreamResponse> DescribeStream(Engine& engine, const Caller& caller,
                                              const DescribeStreamRequest& request);
Result<std::string> GetShardIterator(Engine& engine, const Caller& caller,
                                     const GetShardIteratorRequest& request);
Result<GetRecordsResponse> GetRecords(Engine& engine, const Caller& caller,
                                      const GetRecordsRequest& request);

std::string_view ViewTypeName(StreamViewType type);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams
