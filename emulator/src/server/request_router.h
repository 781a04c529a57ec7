// RequestRouter: the DynamoDB JSON 1.0 protocol over HTTP, without any HTTP library. It maps
// one parsed HTTP request to the HTTP reply the service would send: health check, method and
// content-type checks, X-Amz-Target, SigV4 shape, then the RequestHandler; and it decorates
// every reply with x-amzn-RequestId, x-amz-crc32 and CORS headers. The connection code only
// moves bytes, so every protocol rule is here and testable without sockets.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/version.h"
#include "server/cors_policy.h"
#include "server/request_handler.h"
#include "server/request_id.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

class SigV4Verifier;

// What the router reads of a request. Views into the connection's buffers; absent headers
// are empty.
struct HttpRequestView {
  std::string_view method;  // "POST"
  std::string_view target;  // the request-target: "/" or "/path?query"
  std::string_view content_type;
  std::string_view amz_target;     // X-Amz-Target
  std::string_view authorization;  // Authorization
  std::string_view origin;         // Origin (CORS)
  std::string_view access_control_request_method;
  std::string_view access_control_request_headers;
  std::string_view content_encoding;  // Content-Encoding: gzip and deflate bodies are inflated
  std::string_view accept_encoding;   // the last Accept-Encoding: large replies are compressed
  std::string_view body;
  // Every header as received (name, value), for signature verification.
  std::vector<std::pair<std::string_view, std::string_view>> headers;
};

// The reply to send. The connection adds Content-Length, Date and Connection.
struct HttpReply {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;  // in sending order
  std::string body;

  // The value of header `name` (exact spelling), or "" — for tests.
  std::string_view Header(std::string_view name) const;
};

class RequestRouter {
 public:
  // The DynamoDB target prefix: X-Amz-Target is "DynamoDB_20120810.<Operation>".
  static constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
  // DynamoDB Streams on the same endpoint: "DynamoDBStreams_20120810.<Operation>", passed to
  // the handler with its prefix.
  static constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";
  static constexpr std::string_view kJsonContentType = "application/x-amz-json-1.0";
  // ddb-local's admin endpoints (capacity report, virtual clock, snapshots...): a GET, POST or
  // DELETE whose path starts with this reaches the handler as the operation
  // "<METHOD> <request-target>", e.g. "GET /_ddblocal/capacity?table=T", with the caller of the
  // Authorization header if it has one (none needed; its signature is not verified, even with
  // a verifier, but on kMcpPath: the console names its caller with an unsigned header). No
  // DynamoDB operation name contains a space, so the two never meet; a handler that serves no
  // admin calls answers them as unknown operations.
  static constexpr std::string_view kAdminPathPrefix = "/_ddblocal/";
  // The one admin path whose signature is verified when the router has a verifier: ddb-local's
  // MCP endpoint, which runs DynamoDB operations as its caller.
  static constexpr std::string_view kMcpPath = "/_ddblocal/mcp";
  // A compressed request body may not inflate beyond the request limit (a zip bomb must not
  // exhaust memory, and a request is judged by its size whether or not it came compressed):
  // by default the server's default body limit (http_server.h), else set_max_inflated_bytes.
  static constexpr std::size_t kMaxInflatedBodyBytes = std::size_t{17} << 20;
  // The Server header AWS sends on every DynamoDB response.
  static constexpr std::string_view kServerHeader = "Server";

  // `verifier`: when set, every DynamoDB request must carry a valid SigV4 signature of a key
  // it knows (sigv4_verifier.h); when null, only the Authorization header's shape is checked.
  RequestRouter(RequestHandler handler, CorsPolicy cors,
                std::shared_ptr<const SigV4Verifier> verifier = nullptr)
      : RequestRouter(Reusing(std::move(handler)), std::move(cors), std::move(verifier)) {}
  // With a handler that answers into the reply's spent body (request_handler.h).
  RequestRouter(ReusingRequestHandler handler, CorsPolicy cors,
                std::shared_ptr<const SigV4Verifier> verifier = nullptr)
      : handler_(std::move(handler)), cors_(std::move(cors)), verifier_(std::move(verifier)) {}

  // Answers one request. Thread-safe (the handler must be too). Never throws: a handler that
  // throws becomes a 500 InternalServerError reply.
  HttpReply Route(const HttpRequestView& request) const;
  // The same into `reply`, replacing what it held but reusing its headers' storage, and its
  // body's for a ReusingRequestHandler: a connection that keeps one reply object answers with
  // no allocation for the headers (nor, through ddb-local's handler, for a read's body).
  void Route(const HttpRequestView& request, HttpReply& reply) const;
  // The same with the caller read from the request into `caller`, which a connection keeps:
  // its strings keep their capacity, so that reading an SDK's access key id and region
  // allocates nothing.
  void Route(const HttpRequestView& request, HttpReply& reply, RequestContext& caller) const;

  // 413 for a body over `limit` bytes (`declared` is its Content-Length, 0 when unknown).
  HttpReply PayloadTooLarge(const HttpRequestView& request, std::size_t declared,
                            std::size_t limit) const;
  // A request that is not HTTP the parser accepts, or whose request line or headers exceed
  // the limit: 400.
  HttpReply MalformedHttp() const;

  const CorsPolicy& cors() const { return cors_; }

  // The size a gzip or deflate request body may inflate to; beyond it the answer is 413, as
  // for a body sent that large. The server sets its own body limit here.
  void set_max_inflated_bytes(std::size_t bytes) { max_inflated_bytes_ = bytes; }

 private:
  void Preflight(const HttpRequestView& request, HttpReply& reply) const;
  void Dispatch(const HttpRequestView& request, std::string_view content_type, HttpReply& reply,
                RequestContext& caller) const;
  void Admin(const HttpRequestView& request, HttpReply& reply) const;
  void AdminAs(const HttpRequestView& request, const RequestContext& context,
               HttpReply& reply) const;
  // `reply` becomes a reply with the headers every response carries (request id, checksum,
  // CORS).
  void Finish(const HttpRequestView& request, int status, std::string_view content_type,
              std::string body, HttpReply& reply) const;

  ReusingRequestHandler handler_;
  CorsPolicy cors_;
  std::shared_ptr<const SigV4Verifier> verifier_;
  std::size_t max_inflated_bytes_ = kMaxInflatedBodyBytes;
  mutable RequestIdGenerator ids_;  // thread-safe
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
