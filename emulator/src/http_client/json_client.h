// The typed clients over the DynamoDB JSON protocol: ddbemu::Client and ddbemu::StreamsClient,
// every operation of ddbemu/operations.h as: typed request -> the body an AWS SDK sends
// (ToJson, json_codec.h) -> a JsonTransport -> the typed response (FromJson); errors are the
// transport's ApiError, the service's own. The transport decides where the body goes: an HTTP
// endpoint (OpenHttpClient in ddbemu/http_client.h) or a Database in this process (the
// loopback transport of the tests), so every path of the conformance suite runs one codec, the
// server's one validator and the server's one dispatch table.
#pragma once

#include <memory>
#include <string_view>

#include "ddbemu/client.h"
#include "ddbemu/streams_client.h"
#include "http_client/json_transport.h"

namespace ddbemu::http_client {

// The X-Amz-Target prefix of DynamoDB Streams. A JsonTransport receives a Streams operation as
// "DynamoDBStreams_20120810.GetRecords" (the form Database::Call takes); a bare name is
// DynamoDB's.
inline constexpr std::string_view kStreamsOperationPrefix = "DynamoDBStreams_20120810.";

std::unique_ptr<Client> MakeHttpClient(std::unique_ptr<JsonTransport> transport);
std::unique_ptr<StreamsClient> MakeHttpStreamsClient(std::unique_ptr<JsonTransport> transport);

}  // namespace ddbemu::http_client
