#include "loopback/loopback_transport.h"

#include <string>
#include <utility>

#include "http_client/json_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

class LoopbackTransport final : public JsonTransport {
 public:
  LoopbackTransport(Database& database, RequestContext context)
      : database_(database), context_(std::move(context)) {}

  Result<std::string> Call(std::string_view operation, std::string_view body) override {
    Response response = database_.Call(operation, body, context_);
    if (response.http_status == 200) return std::move(response.body);
    // The error envelope, read back exactly as a transport over HTTP reads it.
    return ApiErrorFromEnvelope(response.http_status, response.body);
  }

 private:
  Database& database_;
  RequestContext context_;
};

}  // namespace

std::unique_ptr<JsonTransport> MakeLoopbackTransport(Database& database, RequestContext context) {
  return std::make_unique<LoopbackTransport>(database, std::move(context));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
