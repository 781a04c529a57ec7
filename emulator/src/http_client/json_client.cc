// The Client and the StreamsClient over a JsonTransport; see json_client.h.
#include "http_client/json_client.h"

#include <exception>
#include <string>
#include <utility>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

// Render, send, read back. The Client contract says nothing throws: an allocation failure or a
// bug becomes InternalServerError, as in the embedded client.
template <class Response, class Request>
Result<Response> Call(JsonTransport& transport, std::string_view operation,
                      const Request& request) {
  try {
    Result<std::string> body = transport.Call(operation, ToJson(request));
    if (!body.ok()) return std::move(body).error();
    Response out;
    DDBEMU_RETURN_IF_ERROR(FromJson(*body, out));
    return out;
  } catch (const std::exception& e) {
    return ApiError::InternalServerError(std::string("Internal client error: ") + e.what());
  }
}

class JsonClient final : public Client {
 public:
  explicit JsonClient(std::unique_ptr<JsonTransport> transport)
      : transport_(std::move(transport)) {}

#define DDBEMU_JSON_CALL(Op)                                     \
  Result<Op##Response> Op(const Op##Request& request) override { \
    return Call<Op##Response>(*transport_, #Op, request);        \
  }
  DDBEMU_OPERATIONS(DDBEMU_JSON_CALL)
#undef DDBEMU_JSON_CALL

 private:
  std::unique_ptr<JsonTransport> transport_;
};

class JsonStreamsClient final : public StreamsClient {
 public:
  explicit JsonStreamsClient(std::unique_ptr<JsonTransport> transport)
      : transport_(std::move(transport)) {}

#define DDBEMU_JSON_STREAMS_CALL(Op)                                                  \
  Result<Op##Response> Op(const Op##Request& request) override {                      \
    return Call<Op##Response>(*transport_, "DynamoDBStreams_20120810." #Op, request); \
  }
  DDBEMU_STREAMS_OPERATIONS(DDBEMU_JSON_STREAMS_CALL)
#undef DDBEMU_JSON_STREAMS_CALL

 private:
  std::unique_ptr<JsonTransport> transport_;
};

}  // namespace

std::unique_ptr<Client> MakeHttpClient(std::unique_ptr<JsonTransport> transport) {
  return std::make_unique<JsonClient>(std::move(transport));
}

std::unique_ptr<StreamsClient> MakeHttpStreamsClient(std::unique_ptr<JsonTransport> transport) {
  return std::make_unique<JsonStreamsClient>(std::move(transport));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
