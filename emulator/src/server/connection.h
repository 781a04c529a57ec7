// One client connection (HTTP/1.1 with keep-alive and pipelining) and the set of live
// connections a server keeps for a graceful shutdown. Only connection.cc includes Beast.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

class RequestRouter;
class Connection;  // defined in connection.cc

struct ConnectionLimits {
  std::size_t max_body_bytes = 0;    // larger bodies get 413
  std::size_t max_header_bytes = 0;  // a larger request line and headers get 400
  // Waiting for the first byte of a request (a new or a keep-alive connection); then closed.
  std::chrono::milliseconds idle_timeout{0};
  // A request's header and body, from its first byte, and the writing of its reply; then
  // closed (a Content-Length larger than the body, a slowloris client, a client not reading).
  std::chrono::milliseconds read_timeout{0};
};

// What the server counts about its connections (for tests and diagnostics).
struct ConnectionCounters {
  std::uint64_t accept_errors = 0;  // failed accepts (EMFILE, ENFILE, ECONNABORTED, ...)
  std::uint64_t evicted = 0;        // closed to make room for a new one (longest waiting first)
  std::uint64_t refused = 0;        // new ones closed at once: full, and every one busy
  std::uint64_t timed_out = 0;      // closed by the idle or read timeout
};

// The live connections of one server. Thread-safe.
class ConnectionSet {
 public:
  // Registers a new connection; if the set is stopping it is told to stop at once.
  void Add(const std::shared_ptr<Connection>& connection);
  // Called by a connection's destructor.
  void Remove(const Connection* connection, bool was_evicted);

  // Closes the connection that has waited longest for its client (idle, or still receiving a
  // request's header); one executing a request or writing a reply is never chosen. False when
  // every connection is busy. The connection ends asynchronously; until then it no longer
  // counts in admitted().
  bool EvictLongestWaiting();
  // Live connections not already being evicted.
  std::size_t admitted() const;
  // Live connections waiting for their client (idle, or receiving a request's header).
  std::size_t waiting() const;

  // Graceful stop: idle connections close now, busy ones after sending their current reply.
  void StopAll();
  // Forced stop: every socket is closed; requests in progress lose their replies.
  void CloseAll();
  // Blocks until no connection is left or `deadline` passes; true when none is left.
  bool WaitEmptyUntil(std::chrono::steady_clock::time_point deadline);

  std::size_t size() const;

  void CountAcceptError() { accept_errors_.fetch_add(1, std::memory_order_relaxed); }
  void CountRefused() { refused_.fetch_add(1, std::memory_order_relaxed); }
  void CountTimeout() { timed_out_.fetch_add(1, std::memory_order_relaxed); }
  ConnectionCounters counters() const;

 private:
  std::vector<std::shared_ptr<Connection>> Snapshot() EXCLUDES(mutex_);

  mutable sync::Mutex mutex_;
  sync::CondVar empty_;
  bool stopping_ GUARDED_BY(mutex_) = false;
  std::unordered_map<const Connection*, std::weak_ptr<Connection>> live_ GUARDED_BY(mutex_);
  std::size_t evicting_ GUARDED_BY(mutex_) = 0;  // evicted, not yet removed
  std::atomic<std::uint64_t> accept_errors_{0}, evicted_{0}, refused_{0}, timed_out_{0};
};

// Takes over an accepted socket (whose executor is one thread's io_context) and serves
// requests on it until the client closes it or the set stops it. With `writer`, the item
// writes (IsItemWrite) are routed on that io_context's thread instead of the socket's, and the
// reply is written back on the socket's: see http_server.cc for why.
void StartConnection(boost::asio::ip::tcp::socket socket, const RequestRouter& router,
                     const ConnectionLimits& limits, ConnectionSet& set,
                     boost::asio::io_context* writer = nullptr);

// PutItem, UpdateItem, DeleteItem, BatchWriteItem and TransactWriteItems, by X-Amz-Target.
bool IsItemWrite(std::string_view amz_target);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
