// The typed clients over the DynamoDB JSON protocol: ddbemu::Client and ddbemu::StreamsClient,
// every operation of ddbemu/operations.h as: typed request -> the body an AWS SDK sends
// (ToJson, json_codec.h) -> a JsonTransport -> the typed response (FromJson); errors are the
// transport's ApiError, the service's own. The transport decides where the body goes: an HTTP
// endpoint (OpenHttpClient in ddbemu/http_client.h) or a Database in this process (the
// loopback transport of the tests), so every path of the conformance suite runs one codec, the
// server's one validator and the server's one dispatch table.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ddbemu/client.h"
#include "ddbemu/error.h"
#include "ddbemu/operations.h"
#include "ddbemu/streams_client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

// The X-Amz-Target prefix of DynamoDB Streams. A JsonTransport receives a Streams operation as
// "DynamoDBStreams_20120810.GetRecords" (the form Database::Call takes); a bare name is
// DynamoDB's.
inline constexpr std::string_view kStreamsOperationPrefix = "DynamoDBStreams_20120810.";

// ---- transport ----------------------------------------------------------------------------------
// JsonTransport: how the typed HTTP client reaches a DynamoDB endpoint. One call sends one
// operation's JSON-protocol body and returns the 200 response's body, or the service's error as the
// ApiError the embedded client would return. Kept abstract so the typed layer has no network code:
// HTTP (http_client/transport/http_transport.h, adapted in open_http_client.cc) and the in-process
// loopback over Database::Call (tests/support/loopback/loopback_transport.h, a test aid) both
// implement it.

class JsonTransport {
 public:
  virtual ~JsonTransport() = default;
  // `operation` is the bare name ("PutItem"), `body` the request JSON. Thread-safe.
  virtual Result<std::string> Call(std::string_view operation, std::string_view body) = 0;
};

// The typed clients over `transport`.
std::unique_ptr<Client> MakeHttpClient(std::unique_ptr<JsonTransport> transport);
std::unique_ptr<StreamsClient> MakeHttpStreamsClient(std::unique_ptr<JsonTransport> transport);

// ---- codec --------------------------------------------------------------------------------------
// The HTTP client's codec of every operation (ddbemu/operations.h), in the DynamoDB JSON protocol.
//
// ToJson writes the body an AWS SDK sends, member for member: members the request leaves unset
// (nullopt, empty maps and lists, enums at NONE, booleans at the service's default) are absent;
// attribute values go through the value codec's writer (value_json/json_codec.h). No checks
// here: the endpoint validates, so a bad request gets the service's own error.
//
// FromJson reads the service's answer into the typed response. Every member the model has is
// read; members the body leaves out stay at the model's "absent" (nullopt, empty). Numbers
// arrive in canonical text and binaries as raw bytes, exactly as the embedded client returns
// them. A body that is not the operation's output shape is an InternalServerError naming the
// operation and what is wrong: the endpoint broke the protocol.
//
// Defined by family: request_items_json.cc and request_tables_json.cc (ToJson of the items,
// reads, batches, transactions and tables), response_items_json.cc and response_tables_json.cc
// (their FromJson), ttl_tags_json.cc, backups_json.cc, control_json.cc, partiql_json.cc and
// streams_json.cc (both directions).

// Query and Scan share their response type, so FromJson(QueryResponse&) is declared twice.
#define DDBEMU_JSON_CODEC(Op)                     \
  std::string ToJson(const Op##Request& request); \
  Status FromJson(std::string_view body, Op##Response& out);
DDBEMU_OPERATIONS(DDBEMU_JSON_CODEC)
DDBEMU_STREAMS_OPERATIONS(DDBEMU_JSON_CODEC)
#undef DDBEMU_JSON_CODEC

// ---- errors -------------------------------------------------------------------------------------
// The service's error body back into an ApiError: the inverse of api_json/error_envelope.cc's
// RenderError. {"__type": "<prefix>#<Exception>", "message" (or the Coral layer's "Message"),
// "Item", "CancellationReasons": [...], "ThrottlingReasons": [...]} becomes the ApiError with
// the same ErrorCode, message and payload, so an error that crossed the wire compares equal to
// the one the embedded client returns. Beast-free, for any JsonTransport.

// `http_status` is the response's status, `body` its text. Never fails (the mapping of names
// to codes is ErrorCodeFromTypeName): a body that is not an envelope is InternalServerError (5xx)
// or UnknownServiceError naming the status; a `__type` no ErrorCode names is UnknownServiceError
// "<type>: <message>". `type`, when given, receives the `__type` as sent (empty when the body has
// none): the HTTP transport's retry rules need it. The one reader of error bodies, for the typed
// client's codec and the HTTP transport (http_client/transport/http_transport.cc) alike.
ApiError ApiErrorFromEnvelope(int http_status, std::string_view body, std::string* type = nullptr);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
