// HttpServer: the DynamoDB wire protocol on a TCP port (what ddb-local runs). It accepts
// connections on an Asio io_context run by a pool of threads, parses HTTP/1.1 with Beast, and
// passes each DynamoDB request to a RequestHandler. This header is free of Asio and Beast so
// that including it costs nothing.
//
//   auto server = HttpServer::Start({.port = 0}, handler);   // port 0: any free port
//   ... (*server)->port() ...
//   (*server)->Stop(); (*server)->Wait();
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "ddbemu/error.h"
#include "server/cors_policy.h"
#include "server/request_handler.h"

namespace ddbemu::server {

// DynamoDB's largest request is a 16 MB batch (BatchWriteItem: "The total request size exceeds
// 16 MB" is a rejection reason). The limit sits a little above so that every request the
// service accepts is read whole and judged by the operation itself; beyond it the server
// answers 413 without reading the body.
inline constexpr std::size_t kDefaultMaxBodyBytes = std::size_t{17} << 20;

struct ServerOptions {
  // Address to listen on. Empty: every interface, IPv6 and IPv4 ("[::]" dual-stack, falling
  // back to 0.0.0.0 where IPv6 is off) — what DynamoDB Local does, and what a container needs.
  // "127.0.0.1" keeps the server private to the machine.
  std::string host;
  std::uint16_t port = 8000;  // 0: any free port; see HttpServer::port()
  unsigned threads = 0;       // I/O threads; 0: one per core
  std::size_t max_body_bytes = kDefaultMaxBodyBytes;
  // SigV4 headers with a session token are ~2 KB; leave room for proxies' additions.
  std::size_t max_header_bytes = 64 * 1024;
  CorsPolicy cors;  // off by default (see cors_policy.h)
  // How long Wait() lets in-flight requests finish after Stop() before closing their sockets.
  std::chrono::milliseconds drain_timeout{10'000};
};

class HttpServer {
 public:
  // Binds, listens and starts the I/O threads; the server is accepting when this returns.
  // Fails with InternalServerError naming the address when it cannot listen (port in use,
  // bad host).
  static Result<std::unique_ptr<HttpServer>> Start(ServerOptions options, RequestHandler handler);
  ~HttpServer();  // Stop() and Wait()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  std::uint16_t port() const;   // the bound port (the real one when options.port was 0)
  std::string address() const;  // "[::]:8000", "127.0.0.1:8000"
  unsigned threads() const;

  // Starts a graceful stop: no new connections; idle keep-alive connections close at once;
  // requests in progress finish and get their replies, then their connections close.
  // Thread-safe, idempotent, returns immediately.
  void Stop();
  // Blocks until Stop() was called and every connection and thread has ended (connections
  // still busy after drain_timeout are closed). After Wait() the handler is no longer called.
  void Wait();

  struct Impl;

 private:
  explicit HttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddbemu::server
