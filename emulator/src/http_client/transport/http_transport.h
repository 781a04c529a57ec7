// HttpTransport: one DynamoDB JSON-protocol call over HTTP(S), as the AWS SDKs make it. The
// typed HTTP client (ddbemu::Client over HTTP) is a thin layer that encodes a request to JSON,
// calls Call(), and decodes the body; everything about the wire lives here:
//  - the request: POST / with X-Amz-Target "<target_prefix>.<operation>" and Content-Type
//    application/x-amz-json-1.0, signed with SigV4 (service "dynamodb") with the credentials
//    and region resolved as the SDKs resolve them (aws_config.h);
//  - a pool of keep-alive connections, plain or TLS with certificate verification
//    (connection_pool.h), with connect and request timeouts;
//  - x-amz-crc32 checked on every response that carries it (AWS and ddb-local always do);
//  - the SDKs' standard retry mode (retry_policy.h);
//  - an error response read back into the ApiError the embedded database returns: the same
//    ErrorCode and message, with Item, CancellationReasons and ThrottlingReasons
//    (http_client/json_client.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "http_client/transport/aws_config.h"
#include "http_client/transport/retry_policy.h"
#include "http_client/transport/sigv4_signer.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {

class ConnectionPool;

struct HttpTransportOptions {
  // "http://127.0.0.1:8000", "https://dynamodb.us-east-1.amazonaws.com". Empty: from
  // AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL / the profile's endpoint_url, else AWS's
  // regional endpoint.
  std::string endpoint;
  // Default: AWS_REGION, AWS_DEFAULT_REGION, then the profile's region in ~/.aws/config.
  std::optional<std::string> region;
  // Default: AWS_PROFILE, else "default".
  std::optional<std::string> profile;
  // Default: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, then the profile
  // in ~/.aws/credentials (AWS_SHARED_CREDENTIALS_FILE), then in ~/.aws/config.
  std::optional<Credentials> credentials;
  std::chrono::milliseconds connect_timeout{2'000};   // TCP connect plus TLS handshake
  std::chrono::milliseconds request_timeout{10'000};  // one attempt: send and receive
  std::size_t max_connections = 16;                   // keep-alive pool size
  RetryOptions retry;   // max_attempts 3, backoff base 1 s capped at 20 s, quota 500/5/10
  std::string ca_file;  // extra trusted CAs (PEM) for https, beside the system's
  bool verify_tls = true;
  std::string user_agent = "ddbemu-client/0.1";
  // Where defaults are read from; tests replace it. Default: the process environment.
  std::optional<AwsEnvironment> environment;
};

class HttpTransport {
 public:
  // Resolves endpoint, region and credentials (a ValidationException naming what is missing
  // or malformed) and prepares the pool; no connection is opened yet.
  static Result<std::unique_ptr<HttpTransport>> Create(HttpTransportOptions options);
  ~HttpTransport();
  HttpTransport(const HttpTransport&) = delete;
  HttpTransport& operator=(const HttpTransport&) = delete;

  // Sends one request and returns the 200 response's body (JSON).
  // Failure:
  //  - the service's error response: its ApiError (ErrorCodeFromTypeName of `__type`, the
  //    message, and the payload fields), after the retries the standard mode allows;
  //  - no usable response (connection refused or dropped, TLS failure, connect or request
  //    timeout, x-amz-crc32 mismatch) after the allowed retries: ErrorCode::kTransport with a
  //    message saying what happened.
  // Thread-safe: concurrent calls share the pool and the retry quota.
  Result<std::string> Call(std::string_view operation, std::string_view json_body,
                           std::string_view target_prefix = "DynamoDB_20120810");

  const Endpoint& endpoint() const { return main_.endpoint; }
  // Where SearchVectors goes when it is not endpoint(): AWS's search endpoint, used when the
  // endpoint is AWS's regional one (aws_config.h, ResolveSearchEndpointUrl); else null.
  const Endpoint* search_endpoint() const { return search_ ? &search_->endpoint : nullptr; }
  const std::string& region() const { return signer_.region(); }
  // Observability for tests and benchmarks.
  std::uint64_t connections_opened() const;
  int retry_quota_available() const { return retry_.quota().available(); }

 private:
  // One endpoint and its keep-alive connections.
  struct Route {
    Endpoint endpoint;
    std::string host_header;
    std::unique_ptr<ConnectionPool> pool;
  };
  static Result<Route> OpenRoute(const HttpTransportOptions& options, const std::string& url);

  HttpTransport(HttpTransportOptions options, Route main, std::optional<Route> search,
                std::string region, Credentials credentials);
  const Route& RouteFor(std::string_view operation) const;

  HttpTransportOptions options_;
  Route main_;
  std::optional<Route> search_;
  Credentials credentials_;
  SigV4Signer signer_;
  RetryPolicy retry_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
