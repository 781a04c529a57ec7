// StreamsClient: the DynamoDB Streams API as one C++ interface, as the AWS SDKs keep it on a
// client of its own. Same contract as ddbemu::Client (ddbemu/client.h): the service's checks and
// errors, the service's response shapes, thread-safe, nothing throws.
//
//   auto streams = ddbemu::MakeEmbeddedStreamsClient(*database);          // in process
//   auto streams = ddbemu::OpenHttpStreamsClient({.endpoint = "http://127.0.0.1:8000"});
//
//   auto listed = streams->ListStreams({.table_name = "Music"});
//   auto shards = streams->DescribeStream({.stream_arn = listed->streams[0].stream_arn});
//   auto it = streams->GetShardIterator({.stream_arn = ..., .shard_id = ...,
//                                        .shard_iterator_type = ShardIteratorType::kTrimHorizon});
//   auto page = streams->GetRecords({.shard_iterator = *it->shard_iterator});
#pragma once

#include "ddbemu/error.h"
#include "ddbemu/model/streams.h"

namespace ddbemu {

class StreamsClient {
 public:
  virtual ~StreamsClient() = default;

  // One page of the streams of one table, or of every table; follow last_evaluated_stream_arn.
  virtual Result<ListStreamsResponse> ListStreams(const ListStreamsRequest& request) = 0;
  // A stream and one page of its shards; follow last_evaluated_shard_id.
  virtual Result<DescribeStreamResponse> DescribeStream(const DescribeStreamRequest& request) = 0;
  virtual Result<GetShardIteratorResponse> GetShardIterator(
      const GetShardIteratorRequest& request) = 0;
  // Records after the iterator's position; continue with next_shard_iterator.
  virtual Result<GetRecordsResponse> GetRecords(const GetRecordsRequest& request) = 0;
};

}  // namespace ddbemu
