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
#include "ddbemu/operations.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

class StreamsClient {
 public:
  virtual ~StreamsClient() = default;

  // One virtual function per operation of DDBEMU_STREAMS_OPERATIONS (ddbemu/operations.h):
  //   ListStreams       one page of the streams of one table, or of every table; follow
  //                     last_evaluated_stream_arn.
  //   DescribeStream    a stream and one page of its shards; follow last_evaluated_shard_id.
  //   GetShardIterator  a position in a shard.
  //   GetRecords        records after the iterator's position; continue with
  //                     next_shard_iterator.
#define DDBEMU_DECLARE_STREAMS(Op) virtual Result<Op##Response> Op(const Op##Request& request) = 0;
  DDBEMU_STREAMS_OPERATIONS(DDBEMU_DECLARE_STREAMS)
#undef DDBEMU_DECLARE_STREAMS
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
