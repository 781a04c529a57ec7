// HttpClient: ddbemu::Client over the DynamoDB JSON protocol. Each call renders the typed
// request as the body an AWS SDK sends (request_json.h), hands it to a JsonTransport, and reads
// the answer back into the typed response (response_json.h); errors are the transport's
// ApiError, the service's own. The transport decides where the body goes: an HTTP endpoint
// (OpenHttpClient in ddbemu/http_client.h) or a Database in this process (loopback_transport.h).
#pragma once

#include <memory>

#include "ddbemu/client.h"
#include "ddbemu/streams_client.h"
#include "http_client/json_transport.h"

namespace ddbemu::http_client {

std::unique_ptr<Client> MakeHttpClient(std::unique_ptr<JsonTransport> transport);
// The DynamoDB Streams client over `transport` (json_client.h).
std::unique_ptr<StreamsClient> MakeHttpStreamsClient(std::unique_ptr<JsonTransport> transport);

}  // namespace ddbemu::http_client
