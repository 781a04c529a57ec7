// The HTTP Client: any DynamoDB endpoint — ddb-local, Amazon DynamoDB Local, ScyllaDB
// Alternator, or AWS itself over https — through the JSON protocol, signed with SigV4, over a
// pool of keep-alive connections, retried as the AWS SDKs' "standard" retry mode retries
// (throttling, 5xx, TransactionConflict, dropped connections; exponential backoff with jitter
// and a retry quota). Errors come back as the same ApiError the embedded client returns.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "ddbemu/client.h"
#include "ddbemu/streams_client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct AwsCredentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // empty: none
};

struct HttpClientOptions {
  // "http://127.0.0.1:8000", "https://dynamodb.eu-west-1.amazonaws.com". Empty: AWS's endpoint
  // for the region.
  std::string endpoint;
  // Default: AWS_REGION, AWS_DEFAULT_REGION, then the profile's region in ~/.aws/config.
  std::optional<std::string> region;
  // Default: AWS_PROFILE, then "default".
  std::optional<std::string> profile;
  // Default: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, then the profile in
  // ~/.aws/credentials (AWS_SHARED_CREDENTIALS_FILE).
  std::optional<AwsCredentials> credentials;
  std::chrono::milliseconds connect_timeout{2'000};
  std::chrono::milliseconds request_timeout{10'000};
  int max_attempts = 3;              // the first try included; 1 disables retries
  std::size_t max_connections = 16;  // keep-alive connections kept per client
};

// Fails with a ValidationException naming the problem when the endpoint cannot be parsed or no
// credentials are found; connects lazily.
Result<std::unique_ptr<Client>> OpenHttpClient(HttpClientOptions options);

// The DynamoDB Streams API at the same endpoint (ddb-local and DynamoDB Local serve both on one
// port; for AWS itself pass the streams endpoint, https://streams.dynamodb.REGION.amazonaws.com).
// Signed, pooled and retried as OpenHttpClient's; fails as OpenHttpClient does.
Result<std::unique_ptr<StreamsClient>> OpenHttpStreamsClient(HttpClientOptions options);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
