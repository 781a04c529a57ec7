// Keep-alive HTTP/1.1 connections to one endpoint, plain or TLS, with connect and request
// timeouts: the only code of the client that includes Boost.Beast (connection_pool.cc), so
// that Beast's compile time stays in one translation unit.
//
// Each connection owns a small io_context and is driven by the calling thread while it is
// checked out, so the pool needs no background thread. At most `max_connections` are open at
// once; a caller that finds all busy waits for one. An idle connection the server has closed
// (readable while idle) is discarded before reuse, and a request that fails on a reused
// connection before any byte of the answer arrives is sent once more on a fresh connection -
// the keep-alive race every HTTP client handles - without counting as a retry.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "http_client/transport/aws_config.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {

struct ConnectionPoolOptions {
  Endpoint endpoint;
  std::chrono::milliseconds connect_timeout{2'000};   // TCP connect plus TLS handshake
  std::chrono::milliseconds request_timeout{10'000};  // writing the request, reading the answer
  std::size_t max_connections = 16;
  // https: certificates are verified against the system's trust store (OpenSSL's default
  // paths) plus `ca_file` when set, and the name against the endpoint's host.
  std::string ca_file;
  bool verify_peer = true;  // false only for tests against self-signed servers
};

struct HttpResponse {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
  std::string body;
  // The first value of `lower_case_name`, or nullptr.
  const std::string* Header(std::string_view lower_case_name) const;
};

// Why no response arrived.
struct SendFailure {
  enum class Kind { kConnect, kTimeout, kConnection };
  Kind kind;
  std::string message;
};

class ConnectionPool {
 public:
  // Fails (ValidationException) only when TLS cannot be set up (e.g. an unreadable ca_file);
  // connections open lazily.
  static Result<std::unique_ptr<ConnectionPool>> Create(ConnectionPoolOptions options);
  ~ConnectionPool();
  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;

  // POSTs `body` to "/" with `headers` (Host included by the caller; Content-Length is added)
  // and returns the whole response, or why there is none. Thread-safe; blocks while all
  // connections are busy.
  std::variant<HttpResponse, SendFailure> Post(
      const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body);
  // The same for any `method` ("GET", "POST", "DELETE") and request-target ("/path?query"):
  // ddb-local's admin endpoints (tools/ddb-local/mcp/ reaches them). An unknown method is sent
  // as written.
  std::variant<HttpResponse, SendFailure> Send(
      std::string_view method, std::string_view target,
      const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body);

  // Connections opened since creation (a test of reuse counts them), and idle ones now.
  std::uint64_t connections_opened() const;
  std::size_t idle_connections() const;

 private:
  struct Impl;
  explicit ConnectionPool(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
