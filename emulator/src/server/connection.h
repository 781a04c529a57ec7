// One client connection (HTTP/1.1 with keep-alive and pipelining) and the set of live
// connections a server keeps for a graceful shutdown. Only connection.cc includes Beast.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace ddbemu::server {

class RequestRouter;
class Connection;  // defined in connection.cc

struct ConnectionLimits {
  std::size_t max_body_bytes = 0;    // larger bodies get 413
  std::size_t max_header_bytes = 0;  // larger headers get 431
};

// The live connections of one server. Thread-safe.
class ConnectionSet {
 public:
  // Registers a new connection; if the set is stopping it is told to stop at once.
  void Add(const std::shared_ptr<Connection>& connection);
  // Called by a connection's destructor.
  void Remove(const Connection* connection);

  // Graceful stop: idle connections close now, busy ones after sending their current reply.
  void StopAll();
  // Forced stop: every socket is closed; requests in progress lose their replies.
  void CloseAll();
  // Blocks until no connection is left or `deadline` passes; true when none is left.
  bool WaitEmptyUntil(std::chrono::steady_clock::time_point deadline);

  std::size_t size() const;

 private:
  std::vector<std::shared_ptr<Connection>> Snapshot();

  mutable std::mutex mutex_;
  std::condition_variable empty_;
  bool stopping_ = false;                                                  // guarded by mutex_
  std::unordered_map<const Connection*, std::weak_ptr<Connection>> live_;  // guarded by mutex_
};

// Takes over an accepted socket (whose executor is a strand) and serves requests on it until
// the client closes it or the set stops it.
void StartConnection(boost::asio::ip::tcp::socket socket, const RequestRouter& router,
                     const ConnectionLimits& limits, ConnectionSet& set);

}  // namespace ddbemu::server
