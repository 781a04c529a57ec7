// The two McpBackends (mcp_backend.h). The local one calls the Database through the same JSON
// path as the server's connections (DatabaseAccess::CallInto) and the admin endpoints through
// AdminEndpoints::Handle, so an MCP tool and an SDK see the same answers. The remote one sends
// the same requests to a running ddb-local over the emulator's HTTP transport.
#include <cstdlib>
#include <ctime>

#include "admin_endpoints.h"
#include "database_access.h"
#include "http_client/transport/connection_pool.h"
#include "http_client/transport/http_transport.h"
#include "mcp/mcp_backend.h"

namespace ddblocal {
namespace {

using ddbemu::ApiError;
using ddbemu::client::ConnectionPool;
using ddbemu::client::Credentials;
using ddbemu::client::HttpResponse;
using ddbemu::client::HttpTransport;
using ddbemu::client::SendFailure;
using ddbemu::client::SigV4Signer;

std::string JsonQuoted(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
  }
  return out + "\"";
}

BackendAnswer AnswerOfError(const ApiError& error) {
  std::string_view type = error.type_name(), message = error.message();
  // An error type the client has no ErrorCode for (the signature checks' InvalidSignature...)
  // arrives as UnknownServiceError "<type>: <message>" (http_client/json_client.h): the agent
  // is told the service's own type.
  if (error.code() == ddbemu::ErrorCode::kUnknownServiceError) {
    const std::size_t colon = message.find(": ");
    if (colon != std::string_view::npos &&
        message.substr(0, colon).find(' ') == std::string_view::npos) {
      type = message.substr(0, colon);
      message.remove_prefix(colon + 2);
    }
  }
  return BackendAnswer{error.http_status(), "{\"__type\":" + JsonQuoted(type) +
                                                ",\"message\":" + JsonQuoted(message) + "}"};
}

class LocalBackend final : public McpBackend {
 public:
  LocalBackend(ddbemu::Database& database, AdminEndpoints& admin, ddbemu::RequestContext caller)
      : database_(database), admin_(admin), caller_(std::move(caller)) {}

  BackendAnswer Call(std::string_view operation, std::string_view body) override {
    ddbemu::Response response;
    ddbemu::detail::DatabaseAccess::CallInto(database_, operation, body, caller_, response);
    return BackendAnswer{response.http_status, std::move(response.body)};
  }

  BackendAnswer Admin(std::string_view method, std::string_view target) override {
    const std::string operation = std::string(method) + " " + std::string(target);
    ddbemu::Response response = admin_.Handle(operation, "", caller_);
    return BackendAnswer{response.http_status, std::move(response.body)};
  }

 private:
  ddbemu::Database& database_;
  AdminEndpoints& admin_;
  ddbemu::RequestContext caller_;
};

class RemoteBackend final : public McpBackend {
 public:
  RemoteBackend(std::unique_ptr<HttpTransport> transport, std::unique_ptr<ConnectionPool> pool,
                Credentials credentials, std::string region)
      : transport_(std::move(transport)),
        pool_(std::move(pool)),
        credentials_(std::move(credentials)),
        signer_(std::move(region), "dynamodb") {}

  BackendAnswer Call(std::string_view operation, std::string_view body) override {
    auto answer = transport_->Call(operation, body);
    if (!answer.ok()) return AnswerOfError(answer.error());
    return BackendAnswer{200, std::move(*answer)};
  }

  // Signed like an operation, so that the server knows the caller (the snapshot endpoints act
  // as the Authorization header's caller). Not retried: none of these is throttled.
  BackendAnswer Admin(std::string_view method, std::string_view target) override {
    const std::string amz_date =
        ddbemu::client::AmzDate(static_cast<long long>(std::time(nullptr)));
    const std::size_t question = target.find('?');
    ddbemu::client::SigningRequest signing;
    signing.method = method;
    signing.path = target.substr(0, question);
    signing.query = question == std::string_view::npos ? "" : target.substr(question + 1);
    signing.headers = {{"Host", transport_->endpoint().host_header()}, {"X-Amz-Date", amz_date}};
    const auto signature = signer_.Sign(signing, credentials_, amz_date);
    std::vector<std::pair<std::string, std::string>> headers = std::move(signing.headers);
    headers.emplace_back("Authorization", signature.authorization);
    auto sent = pool_->Send(method, target, headers, "");
    if (auto* failure = std::get_if<SendFailure>(&sent)) {
      return AnswerOfError(ApiError(ddbemu::ErrorCode::kTransport, failure->message));
    }
    HttpResponse& response = std::get<HttpResponse>(sent);
    return BackendAnswer{response.status, std::move(response.body)};
  }

 private:
  std::unique_ptr<HttpTransport> transport_;
  std::unique_ptr<ConnectionPool> pool_;
  Credentials credentials_;
  SigV4Signer signer_;
};

std::string FromEnvironment(const char* name, std::string fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

}  // namespace

std::unique_ptr<McpBackend> MakeLocalBackend(ddbemu::Database& database, AdminEndpoints& admin,
                                             ddbemu::RequestContext caller) {
  return std::make_unique<LocalBackend>(database, admin, std::move(caller));
}

ddbemu::Result<std::unique_ptr<McpBackend>> MakeRemoteBackend(const RemoteOptions& options) {
  // DynamoDB Local and ddb-local take any key when they do not verify signatures; "local" is
  // the conventional one, so that `--endpoint URL` alone works.
  Credentials credentials;
  credentials.access_key_id = options.access_key_id.empty()
                                  ? FromEnvironment("AWS_ACCESS_KEY_ID", "local")
                                  : options.access_key_id;
  credentials.secret_access_key = options.secret_access_key.empty()
                                      ? FromEnvironment("AWS_SECRET_ACCESS_KEY", "local")
                                      : options.secret_access_key;
  std::string region = options.region;
  if (region.empty()) {
    region = FromEnvironment("AWS_REGION", FromEnvironment("AWS_DEFAULT_REGION", "us-east-1"));
  }
  ddbemu::client::HttpTransportOptions transport_options;
  transport_options.endpoint = options.endpoint;
  transport_options.region = region;
  transport_options.credentials = credentials;
  transport_options.user_agent = "ddb-local-mcp";
  auto transport = HttpTransport::Create(std::move(transport_options));
  if (!transport.ok()) return transport.error();
  ddbemu::client::ConnectionPoolOptions pool_options;
  pool_options.endpoint = (*transport)->endpoint();
  auto pool = ConnectionPool::Create(std::move(pool_options));
  if (!pool.ok()) return pool.error();
  return std::unique_ptr<McpBackend>(std::make_unique<RemoteBackend>(
      std::move(*transport), std::move(*pool), std::move(credentials), std::move(region)));
}

}  // namespace ddblocal
