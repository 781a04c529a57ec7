// The order of checks follows what AWS answers (recorded by dynalite's tests against the
// service): method and content type first (a 404 with an XML body, as AWS's front door sends),
// then X-Amz-Target, then the Authorization header, then the operation itself. Where DynamoDB
// Local deviates (it answers a missing target or a non-SigV4 header with a 500 InternalFailure)
// AWS's behaviour is the one kept.
#include "server/request_router.h"

#include <charconv>
#include <exception>

#include "api_json/error_envelope.h"
#include "server/content_encoding.h"
#include "server/http_text.h"
#include "server/sigv4_auth.h"
#include "server/sigv4_verifier.h"
#include "value/digests.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {

// AWS's answer to a malformed or foreign X-Amz-Target: the type and no message, as
// Database::Call answers an operation it does not know (dynalite's test/connection.js,
// recorded against DynamoDB, pins the body and its CRC32).
constexpr std::string_view kUnknownOperationType =
    "com.amazon.coral.service#UnknownOperationException";

constexpr std::string_view kInternalServerErrorType =
    "com.amazonaws.dynamodb.v20120810#InternalServerError";

// AWS answers anything that is not a DynamoDB call (GET of another path, PUT, DELETE, a body
// that is not JSON-typed) with this body and status 404.
constexpr std::string_view kNotAnOperationBody = "<UnknownOperationException/>\n";

// What AWS answers to GET / — load balancers and `curl` health checks rely on a 200 here:
// "healthy: " and the host name the request reached ("healthy: dynamodb.us-east-1.amazonaws.com"
// from us-east-1's endpoint). DynamoDB Local answers it with MissingAuthenticationToken; AWS's
// answer is more useful. Ours names the request's Host, or AWS's us-east-1 host without one
// (HTTP/1.0).
constexpr std::string_view kHealthPrefix = "healthy: ";
constexpr std::string_view kDefaultHealthHost = "dynamodb.us-east-1.amazonaws.com";

std::string HealthBody(const HttpRequestView& request) {
  std::string_view host;
  for (const auto& [name, value] : request.headers) {
    if (EqualsIgnoreCase(name, "host")) {
      host = TrimBlanks(value);
      break;
    }
  }
  std::string body(kHealthPrefix);
  body += host.empty() ? kDefaultHealthHost : host;
  return body;
}

// {"__type": ..., "message": ...}: the AWS error envelope, for errors the server raises itself
// (without "message" when there is none), written by the codec's one envelope writer. Header
// values the messages quote (Authorization, Content-Encoding) may hold any bytes; it keeps the
// body UTF-8.
std::string ErrorEnvelope(std::string_view type, std::string_view message = {}) {
  return api::json::RenderErrorEnvelope(type, message);
}

// ASCII case folding, as HTTP's tokens are compared (RFC 9110 section 5.1): inline, where
// std::tolower is a libc call per byte (some 500 instructions per request for the content
// type) and would depend on the process's locale.
// The media type without parameters ("application/json; charset=utf-8" -> "application/json").
std::string_view MediaType(std::string_view content_type) {
  content_type = content_type.substr(0, content_type.find(';'));
  while (!content_type.empty() && content_type.back() == ' ') content_type.remove_suffix(1);
  while (!content_type.empty() && content_type.front() == ' ') content_type.remove_prefix(1);
  return content_type;
}

// The content type of a successful dispatch's reply, or "" when the request's is refused.
// AWS takes application/x-amz-json-1.0 (what every SDK sends) and application/json (and then
// answers application/json). 1.1 is DynamoDB's sibling protocol version; DynamoDB Local takes
// it and so do we. An empty body is not checked: AWS lets it through to a SerializationException.
std::string_view ReplyContentType(std::string_view request_content_type, bool has_body) {
  // What every SDK sends, exactly: one comparison instead of the trims and case folds below
  // (which find the same for it).
  if (request_content_type == RequestRouter::kJsonContentType) {
    return RequestRouter::kJsonContentType;
  }
  const std::string_view media = MediaType(request_content_type);
  if (EqualsIgnoreCase(media, "application/json")) return "application/json";
  if (EqualsIgnoreCase(media, RequestRouter::kJsonContentType) ||
      EqualsIgnoreCase(media, "application/x-amz-json-1.1") || !has_body) {
    return RequestRouter::kJsonContentType;
  }
  return {};
}

std::string_view PathOf(std::string_view target) { return target.substr(0, target.find('?')); }

}  // namespace

std::string_view HttpReply::Header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (key == name) return value;
  }
  return {};
}

namespace {

// Fills a reply's headers in order, reusing the name and value strings (and their capacity)
// of the headers it held before: a reply object kept by a connection answers request after
// request without allocating for its headers. The headers past the last one added are dropped.
class HeaderSlots {
 public:
  explicit HeaderSlots(HttpReply& reply) : headers_(reply.headers) {}
  ~HeaderSlots() { headers_.resize(used_); }
  HeaderSlots(const HeaderSlots&) = delete;
  HeaderSlots& operator=(const HeaderSlots&) = delete;

  void Add(std::string_view name, std::string_view value) {
    auto& header = Next();
    header.first.assign(name);
    header.second.assign(value);
  }
  // x-amzn-RequestId, generated straight into its slot.
  void AddRequestId(RequestIdGenerator& ids) {
    auto& header = Next();
    header.first.assign("x-amzn-RequestId");
    ids.NextInto(header.second);
  }

 private:
  std::pair<std::string, std::string>& Next() {
    if (used_ == headers_.size()) headers_.emplace_back();
    return headers_[used_++];
  }

  std::vector<std::pair<std::string, std::string>>& headers_;
  std::size_t used_ = 0;
};

}  // namespace

void RequestRouter::Finish(const HttpRequestView& request, int status,
                           std::string_view content_type, std::string body,
                           HttpReply& reply) const {
  reply.status = status;
  HeaderSlots headers(reply);
  headers.Add("Server", kServerHeader);
  headers.AddRequestId(ids_);
  if (!content_type.empty()) headers.Add("Content-Type", content_type);
  if (body.size() >= kResponseCompressionThreshold && !request.accept_encoding.empty()) {
    const ResponseEncoding encoding = ChooseResponseEncoding(request.accept_encoding);
    if (encoding != ResponseEncoding::kIdentity) {
      if (std::string compressed = CompressBody(body, encoding); !compressed.empty()) {
        body = std::move(compressed);
        headers.Add("Content-Encoding", EncodingName(encoding));
      }
    }
  }
  // Of the bytes sent: over the compressed body when there is one, as AWS computes it.
  char crc[16];
  const auto crc_end = std::to_chars(crc, crc + sizeof crc, Crc32(body)).ptr;
  headers.Add("x-amz-crc32", std::string_view(crc, static_cast<std::size_t>(crc_end - crc)));
  if (auto allow = cors_.AllowOrigin(request.origin)) {
    headers.Add("Access-Control-Allow-Origin", *allow);
    headers.Add("Access-Control-Expose-Headers", CorsPolicy::kExposeHeaders);
  }
  reply.body = std::move(body);
}

void RequestRouter::Preflight(const HttpRequestView& request, HttpReply& reply) const {
  reply.status = 200;
  reply.body.clear();
  HeaderSlots headers(reply);
  headers.Add("Server", kServerHeader);
  headers.AddRequestId(ids_);
  for (const auto& [name, value] :
       cors_.PreflightHeaders(request.origin, request.access_control_request_method,
                              request.access_control_request_headers)) {
    headers.Add(name, value);
  }
}

HttpReply RequestRouter::Route(const HttpRequestView& request) const {
  HttpReply reply;
  reply.headers.reserve(8);
  Route(request, reply);
  return reply;
}

void RequestRouter::Route(const HttpRequestView& request, HttpReply& reply) const {
  RequestContext caller;
  Route(request, reply, caller);
}

void RequestRouter::Route(const HttpRequestView& request, HttpReply& reply,
                          RequestContext& caller) const {
  if (request.method == "OPTIONS" && !request.origin.empty() && cors_.enabled()) {
    return Preflight(request, reply);
  }
  if ((request.method == "GET" || request.method == "HEAD") && PathOf(request.target) == "/") {
    return Finish(request, 200, "text/plain", HealthBody(request), reply);
  }
  if ((request.method == "GET" || request.method == "POST" || request.method == "DELETE") &&
      PathOf(request.target).starts_with(kAdminPathPrefix)) {
    return Admin(request, reply);
  }
  // DynamoDB ignores the path of a POST (SDKs always send "/"; DynamoDB Local ignores it too).
  const std::string_view content_type =
      ReplyContentType(request.content_type, !request.body.empty());
  if (request.method != "POST" || content_type.empty()) {
    return Finish(request, 404, {}, std::string(kNotAnOperationBody), reply);
  }
  Dispatch(request, content_type, reply, caller);
}

void RequestRouter::Dispatch(const HttpRequestView& request, std::string_view content_type,
                             HttpReply& reply, RequestContext& caller) const {
  std::string_view target = request.amz_target;
  while (!target.empty() && target.back() == ' ') target.remove_suffix(1);
  while (!target.empty() && target.front() == ' ') target.remove_prefix(1);
  // DynamoDB Streams shares the endpoint: its operations reach the handler with their
  // prefix ("DynamoDBStreams_20120810.GetRecords"), DynamoDB's without.
  const bool streams = target.size() > kStreamsTargetPrefix.size() &&
                       target.substr(0, kStreamsTargetPrefix.size()) == kStreamsTargetPrefix;
  if (!streams && (target.size() <= kTargetPrefix.size() ||
                   target.substr(0, kTargetPrefix.size()) != kTargetPrefix)) {
    return Finish(request, 400, content_type, ErrorEnvelope(kUnknownOperationType), reply);
  }
  const std::string_view operation = streams ? target : target.substr(kTargetPrefix.size());

  // Verified signatures give their own context; the shape check reads the caller into the
  // connection's (ParseAuthorizationInto).
  std::optional<AuthResult> verified;
  std::optional<AuthError> refused;
  if (verifier_) {
    verified = verifier_->Verify(request);
    if (!verified->context) refused = std::move(verified->error);
  } else {
    refused = ParseAuthorizationInto(request.authorization, caller);
  }
  if (refused) {
    return Finish(request, 400, content_type, ErrorEnvelope(refused->type, refused->message),
                  reply);
  }
  const RequestContext& context = verified ? *verified->context : caller;

  // Content-Encoding: AWS takes gzip and deflate bodies and answers 500 to a body it cannot
  // decode, and to any other coding (Alternator's test_compressed_request.py, run against
  // DynamoDB). A body that inflates past the request limit is answered as a body sent that
  // large: 413.
  std::string inflated;
  std::string_view body = request.body;
  if (!request.content_encoding.empty() &&
      !EqualsIgnoreCase(request.content_encoding, "identity")) {
    const bool gzip = EqualsIgnoreCase(request.content_encoding, "gzip");
    if (!gzip && !EqualsIgnoreCase(request.content_encoding, "deflate")) {
      return Finish(
          request, 500, content_type,
          ErrorEnvelope(kInternalServerErrorType,
                        "Unsupported Content-Encoding: " + std::string(request.content_encoding)),
          reply);
    }
    const InflateOutcome outcome =
        gzip ? GunzipBody(request.body, max_inflated_bytes_, inflated)
             : InflateDeflateBody(request.body, max_inflated_bytes_, inflated);
    switch (outcome) {
      case InflateOutcome::kOk:
        body = inflated;
        break;
      case InflateOutcome::kCorrupt:
        return Finish(request, 500, content_type,
                      ErrorEnvelope(kInternalServerErrorType,
                                    gzip ? "The request body is not valid gzip data"
                                         : "The request body is not valid deflate data"),
                      reply);
      case InflateOutcome::kTooLarge:
        reply = PayloadTooLarge(request, 0, max_inflated_bytes_);
        return;
    }
  }

  // The reply's body is spent (the connection has sent it): the handler may write into it.
  Response response;
  response.body = std::move(reply.body);
  try {
    handler_(operation, body, context, response);
  } catch (const std::exception& e) {
    // The handler promises not to throw on input; anything else (e.g. bad_alloc) must still
    // leave the client with a well-formed 500 and the server running.
    response = Response{500, ErrorEnvelope("com.amazonaws.dynamodb.v20120810#InternalServerError",
                                           std::string("Internal server error: ") + e.what())};
  } catch (...) {
    response = Response{500, ErrorEnvelope("com.amazonaws.dynamodb.v20120810#InternalServerError",
                                           "Internal server error")};
  }
  return Finish(request, response.http_status, content_type, std::move(response.body), reply);
}

void RequestRouter::Admin(const HttpRequestView& request, HttpReply& reply) const {
  // With a verifier (--credentials-file), a caller that names itself must prove it, as for any
  // operation: the snapshot endpoints check that caller's policy on every table, and the MCP
  // endpoint runs DynamoDB operations as it, so a header naming another tenant's key without
  // its secret is refused. The MCP endpoint needs a caller; the others serve an unnamed one
  // (the fixtures' clock and snapshot calls), which tenant policies treat as no tenant.
  const bool named = !request.authorization.empty();
  if (verifier_ && (named || PathOf(request.target) == kMcpPath)) {
    AuthResult verified = verifier_->Verify(request);
    if (!verified.context) {
      return Finish(request, 400, "application/json",
                    ErrorEnvelope(verified.error->type, verified.error->message), reply);
    }
    return AdminAs(request, *verified.context, reply);
  }
  AuthResult auth = ParseAuthorization(request.authorization);
  AdminAs(request, auth.context ? *auth.context : RequestContext{}, reply);
}

void RequestRouter::AdminAs(const HttpRequestView& request, const RequestContext& context,
                            HttpReply& reply) const {
  std::string operation(request.method);
  operation += ' ';
  operation += request.target;
  Response response;
  try {
    handler_(operation, request.body, context, response);
  } catch (const std::exception& e) {
    response = Response{500, ErrorEnvelope("com.amazonaws.dynamodb.v20120810#InternalServerError",
                                           std::string("Internal server error: ") + e.what())};
  }
  const std::string_view content_type =
      response.content_type.empty() ? std::string_view("application/json") : response.content_type;
  Finish(request, response.http_status, content_type, std::move(response.body), reply);
}

HttpReply RequestRouter::PayloadTooLarge(const HttpRequestView& request, std::size_t declared,
                                         std::size_t limit) const {
  // AWS does not document its answer to an oversized request. DynamoDB Local 1.25 answers 413
  // with {"Message":""}; the same status with a real envelope, which the SDKs parse (and do not
  // retry), tells the caller what happened.
  std::string message = "Request body";
  if (declared > 0) message += " of " + std::to_string(declared) + " bytes";
  message += " exceeds the maximum request size of " + std::to_string(limit) + " bytes";
  HttpReply reply;
  Finish(request, 413, kJsonContentType,
         ErrorEnvelope("com.amazon.coral.service#RequestEntityTooLargeException", message), reply);
  return reply;
}

HttpReply RequestRouter::MalformedHttp() const {
  // AWS's front door answers a request line or header section over its limit as any other
  // request it cannot read: 400 Bad Request (not RFC 6585's 431, which DynamoDB Local's Jetty
  // sends). The SDKs treat both as final; 400 is what they meet in production.
  HttpReply reply;
  reply.status = 400;
  reply.body = "Bad Request\n";
  reply.headers.emplace_back("Server", kServerHeader);
  reply.headers.emplace_back("x-amzn-RequestId", ids_.Next());
  reply.headers.emplace_back("Content-Type", "text/plain");
  return reply;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
