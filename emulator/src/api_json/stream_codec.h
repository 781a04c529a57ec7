// The DynamoDB Streams API's JSON face (stream_codec.cc): Parse* reads a request body into the
// typed request of stream_ops.h, checking the Streams model's constraints as the service words
// them; Render* writes the answer. operation_table.cc lists them with stream_ops.h's functions.
#pragma once

#include <rapidjson/document.h>

#include <string>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/streams/stream_ops.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json::streams {

// The typed requests and responses are ops/streams' own (stream_ops.h).
using ops::streams::DescribeStreamRequest;
using ops::streams::DescribeStreamResponse;
using ops::streams::GetRecordsRequest;
using ops::streams::GetRecordsResponse;
using ops::streams::GetShardIteratorRequest;
using ops::streams::ListStreamsRequest;
using ops::streams::ListStreamsResponse;

Result<ListStreamsRequest> ParseListStreams(const rapidjson::Value& body);
std::string RenderListStreams(const ListStreamsRequest& request,
                              const ListStreamsResponse& response);

Result<DescribeStreamRequest> ParseDescribeStream(const rapidjson::Value& body);
std::string RenderDescribeStream(const DescribeStreamRequest& request,
                                 const DescribeStreamResponse& response);

Result<GetShardIteratorRequest> ParseGetShardIterator(const rapidjson::Value& body);
std::string RenderGetShardIterator(const GetShardIteratorRequest& request,
                                   const std::string& iterator);

Result<GetRecordsRequest> ParseGetRecords(const rapidjson::Value& body);
std::string RenderGetRecords(const GetRecordsRequest& request, const GetRecordsResponse& response);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json::streams
