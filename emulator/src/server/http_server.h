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
#include "ddbemu/version.h"
#include "server/cors_policy.h"
#include "server/credential_store.h"
#include "server/request_handler.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

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
  unsigned threads = 0;       // I/O threads; 0: one per core, less the write thread's
  // Item writes (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems) run on
  // one thread of their own, so that reads never wait behind a write's commit.
  bool write_thread = true;
  std::size_t max_body_bytes = kDefaultMaxBodyBytes;
  // SigV4 headers with a session token are ~2 KB; leave room for proxies' additions.
  std::size_t max_header_bytes = 64 * 1024;
  CorsPolicy cors;  // off by default (see cors_policy.h)
  // How long Wait() lets in-flight requests finish after Stop() before closing their sockets.
  std::chrono::milliseconds drain_timeout{10'000};

  // Open connections at most. When full, a new connection closes the one that has waited
  // longest for its client (idle keep-alive, or a slow header); if every one is executing a
  // request, the new one is closed at once. 0: derived from the file-descriptor limit
  // (DefaultMaxConnections), so that a flood of idle clients cannot exhaust descriptors.
  std::size_t max_connections = 0;
  // A connection waiting this long for the first byte of a request is closed. Longer than the
  // SDKs' own idle-connection timeouts, so a client rarely reuses a connection we just closed.
  // 0: never.
  std::chrono::milliseconds idle_timeout{120'000};
  // A request's header and body must arrive within this from its first byte, and its reply
  // must be taken within this; else the connection is closed. 0: never.
  std::chrono::milliseconds read_timeout{60'000};
  // After an accept fails for lack of descriptors or memory (EMFILE, ENFILE, ENOBUFS, ENOMEM)
  // the server pauses accepting this long instead of retrying at once (which spins a core).
  std::chrono::milliseconds accept_backoff{100};

  // Opt-in SigV4 verification (--credentials-file): every DynamoDB request must be signed with
  // one of these keys. Null (the default, as DynamoDB Local): signatures are not checked.
  std::shared_ptr<const CredentialStore> credentials;
};

// The descriptor limit (RLIMIT_NOFILE, soft) less 64 for the database, the listener and
// the process's own files: 960 under the common limit of 1,024; at most 65,536.
std::size_t DefaultMaxConnections();

// Counters of a running server, for tests and diagnostics.
struct ServerStats {
  std::size_t open_connections = 0;
  std::size_t waiting_connections = 0;  // of those, waiting for their client
  std::size_t max_connections = 0;      // the bound in force
  std::uint64_t accept_errors = 0;
  std::uint64_t evicted = 0;    // closed to make room (longest waiting first)
  std::uint64_t refused = 0;    // closed on arrival: full and every connection busy
  std::uint64_t timed_out = 0;  // closed by the idle or read timeout
};

class HttpServer {
 public:
  // Binds, listens and starts the I/O threads; the server is accepting when this returns.
  // Fails with InternalServerError naming the address when it cannot listen (port in use,
  // bad host).
  static Result<std::unique_ptr<HttpServer>> Start(ServerOptions options, RequestHandler handler);
  // The same with a handler that answers into each connection's spent reply body.
  static Result<std::unique_ptr<HttpServer>> Start(ServerOptions options,
                                                   ReusingRequestHandler handler);
  ~HttpServer();  // Stop() and Wait()
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  std::uint16_t port() const;   // the bound port (the real one when options.port was 0)
  std::string address() const;  // "[::]:8000", "127.0.0.1:8000"
  unsigned threads() const;
  ServerStats stats() const;

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

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
