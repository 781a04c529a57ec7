// OpenHttpClient (ddbemu/http_client.h): the typed JsonClient (http_client/json_client.h) over
// the HTTP transport (http_client/transport/http_transport.h: SigV4, keep-alive pool, standard
// retries, x-amz-crc32). The only file that joins the two, so that the typed layer stays free of
// Beast and the transport free of the model.
#include <utility>

#include "ddbemu/http_client.h"
#include "http_client/json_client.h"
#include "http_client/transport/http_transport.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

class HttpJsonTransport final : public http_client::JsonTransport {
 public:
  explicit HttpJsonTransport(std::unique_ptr<client::HttpTransport> transport)
      : transport_(std::move(transport)) {}
  Result<std::string> Call(std::string_view operation, std::string_view body) override {
    // A Streams operation comes as "DynamoDBStreams_20120810.<Operation>" (json_client.h).
    if (operation.starts_with(http_client::kStreamsOperationPrefix)) {
      const std::string_view prefix = http_client::kStreamsOperationPrefix;
      return transport_->Call(operation.substr(prefix.size()), body,
                              prefix.substr(0, prefix.size() - 1));
    }
    return transport_->Call(operation, body);
  }

 private:
  std::unique_ptr<client::HttpTransport> transport_;
};

}  // namespace

namespace {

Result<std::unique_ptr<http_client::JsonTransport>> OpenTransport(HttpClientOptions options) {
  client::HttpTransportOptions transport;
  transport.endpoint = std::move(options.endpoint);
  transport.region = std::move(options.region);
  transport.profile = std::move(options.profile);
  if (options.credentials) {
    transport.credentials = client::Credentials{std::move(options.credentials->access_key_id),
                                                std::move(options.credentials->secret_access_key),
                                                std::move(options.credentials->session_token)};
  }
  transport.connect_timeout = options.connect_timeout;
  transport.request_timeout = options.request_timeout;
  transport.retry.max_attempts = options.max_attempts;
  transport.max_connections = options.max_connections;
  DDBEMU_ASSIGN_OR_RETURN(std::unique_ptr<client::HttpTransport> http,
                          client::HttpTransport::Create(std::move(transport)));
  return std::unique_ptr<http_client::JsonTransport>(
      std::make_unique<HttpJsonTransport>(std::move(http)));
}

}  // namespace

Result<std::unique_ptr<Client>> OpenHttpClient(HttpClientOptions options) {
  DDBEMU_ASSIGN_OR_RETURN(auto transport, OpenTransport(std::move(options)));
  return http_client::MakeHttpClient(std::move(transport));
}

Result<std::unique_ptr<StreamsClient>> OpenHttpStreamsClient(HttpClientOptions options) {
  DDBEMU_ASSIGN_OR_RETURN(auto transport, OpenTransport(std::move(options)));
  return http_client::MakeHttpStreamsClient(std::move(transport));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
