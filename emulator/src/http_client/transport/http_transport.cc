#include "http_client/transport/http_transport.h"

#include <ctime>
#include <utility>
#include <variant>
#include <vector>

#include "http_client/json_client.h"
#include "http_client/transport/connection_pool.h"
#include "value/digests.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace {

constexpr std::string_view kContentType = "application/x-amz-json-1.0";

// The x-amz-crc32 check: the header carries the body's CRC32 in decimal. A missing header is
// accepted (botocore does the same; some DynamoDB-compatible servers do not send it).
bool Crc32Matches(const HttpResponse& response) {
  const std::string* header = response.Header("x-amz-crc32");
  if (header == nullptr) return true;
  std::uint64_t expected = 0;
  for (char c : *header) {
    if (c < '0' || c > '9') return false;
    expected = expected * 10 + static_cast<std::uint64_t>(c - '0');
    if (expected > 0xffffffffull) return false;
  }
  return expected == Crc32(response.body);
}

}  // namespace

Result<HttpTransport::Route> HttpTransport::OpenRoute(const HttpTransportOptions& options,
                                                      const std::string& url) {
  DDBEMU_ASSIGN_OR_RETURN(Endpoint endpoint, ParseEndpoint(url));
  ConnectionPoolOptions pool_options;
  pool_options.endpoint = endpoint;
  pool_options.connect_timeout = options.connect_timeout;
  pool_options.request_timeout = options.request_timeout;
  pool_options.max_connections = options.max_connections;
  pool_options.ca_file = options.ca_file;
  pool_options.verify_peer = options.verify_tls;
  DDBEMU_ASSIGN_OR_RETURN(auto pool, ConnectionPool::Create(std::move(pool_options)));
  std::string host_header = endpoint.host_header();
  return Route{std::move(endpoint), std::move(host_header), std::move(pool)};
}

Result<std::unique_ptr<HttpTransport>> HttpTransport::Create(HttpTransportOptions options) {
  const AwsEnvironment env = options.environment ? *options.environment : AwsEnvironment::Process();
  const std::string profile = ResolveProfile(options.profile, env);
  DDBEMU_ASSIGN_OR_RETURN(std::string region, ResolveRegion(options.region, profile, env));
  Credentials credentials;
  if (options.credentials) {
    credentials = *options.credentials;
  } else {
    DDBEMU_ASSIGN_OR_RETURN(credentials, ResolveCredentials(profile, env));
  }
  DDBEMU_ASSIGN_OR_RETURN(
      Route main, OpenRoute(options, ResolveEndpointUrl(options.endpoint, region, profile, env)));
  std::optional<Route> search;
  if (auto url = ResolveSearchEndpointUrl(options.endpoint, region, profile, env)) {
    DDBEMU_ASSIGN_OR_RETURN(search, OpenRoute(options, *url));
  }
  return std::unique_ptr<HttpTransport>(new HttpTransport(std::move(options), std::move(main),
                                                          std::move(search), std::move(region),
                                                          std::move(credentials)));
}

HttpTransport::HttpTransport(HttpTransportOptions options, Route main, std::optional<Route> search,
                             std::string region, Credentials credentials)
    : options_(std::move(options)),
      main_(std::move(main)),
      search_(std::move(search)),
      credentials_(std::move(credentials)),
      signer_(std::move(region), "dynamodb"),
      retry_(options_.retry) {}

HttpTransport::~HttpTransport() = default;

std::uint64_t HttpTransport::connections_opened() const {
  return main_.pool->connections_opened() + (search_ ? search_->pool->connections_opened() : 0);
}

const HttpTransport::Route& HttpTransport::RouteFor(std::string_view operation) const {
  return search_ && operation == "SearchVectors" ? *search_ : main_;
}

Result<std::string> HttpTransport::Call(std::string_view operation, std::string_view json_body,
                                        std::string_view target_prefix) {
  const std::string target = std::string(target_prefix) + "." + std::string(operation);
  const Route& route = RouteFor(operation);
  RetryPolicy::CallState state;
  for (;;) {
    ++state.attempts;
    // Signed anew for every attempt, as the SDKs do: a retry after a long backoff must not
    // carry a stale X-Amz-Date.
    const std::string amz_date = AmzDate(static_cast<long long>(std::time(nullptr)));
    SigningRequest signing;
    signing.payload = json_body;
    signing.headers = {{"Content-Type", std::string(kContentType)},
                       {"Host", route.host_header},
                       {"X-Amz-Date", amz_date},
                       {"X-Amz-Target", target}};
    if (!credentials_.session_token.empty()) {
      signing.headers.emplace_back("X-Amz-Security-Token", credentials_.session_token);
    }
    const Signature signature = signer_.Sign(signing, credentials_, amz_date);
    std::vector<std::pair<std::string, std::string>> headers = std::move(signing.headers);
    headers.emplace_back("Authorization", signature.authorization);
    headers.emplace_back("User-Agent", options_.user_agent);

    auto sent = route.pool->Post(headers, json_body);
    AttemptOutcome outcome;
    std::optional<ApiError> error;
    if (auto* failure = std::get_if<SendFailure>(&sent)) {
      outcome.transport = failure->kind == SendFailure::Kind::kTimeout
                              ? AttemptOutcome::Transport::kTimeout
                              : AttemptOutcome::Transport::kConnectionError;
      error.emplace(ErrorCode::kTransport, std::move(failure->message));
    } else {
      HttpResponse& response = std::get<HttpResponse>(sent);
      if (!Crc32Matches(response)) {
        outcome.transport = AttemptOutcome::Transport::kCrc32Mismatch;
        error.emplace(ErrorCode::kTransport, "x-amz-crc32 " + *response.Header("x-amz-crc32") +
                                                 " does not match the response body (CRC32 " +
                                                 std::to_string(Crc32(response.body)) + ")");
      } else if (response.status >= 200 && response.status < 300) {
        retry_.OnSuccess(state);
        return std::move(response.body);
      } else {
        outcome.http_status = response.status;
        std::string type;
        error.emplace(http_client::ApiErrorFromEnvelope(response.status, response.body, &type));
        outcome.error_code = type.substr(type.find('#') + 1);
      }
    }
    const auto delay = retry_.NextDelay(state, outcome);
    if (!delay) return std::move(*error);
    retry_.Sleep(*delay);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
