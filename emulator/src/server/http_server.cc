// The accept loop and the threads. Connections are served in connection.cc; this file decides
// where to listen, runs the io_contexts, and orders the shutdown.
//
// One io_context per thread, each run by its own thread: a connection is placed on one of them
// (round robin) when accepted and stays there, so a request is read, executed and answered by
// one thread with no hand-over between threads (with one shared io_context the completions of
// one connection hopped between threads, and the wake-ups that cost were ~15% of the CPU under
// load). The price: a long request delays the other connections of its thread. Item writes are
// the exception (ServerOptions::write_thread): one write thread routes them all and hands the
// reply back, so that reads do not wait behind a commit, and writes, which LMDB runs one at a
// time, do not queue on its lock from every thread (on two cores with the load generator
// beside it, against two I/O threads: the read mix +18% with 0.4x the p99, the write mix +25%
// with 0.5x the p99 and 22% less CPU per request). Accepting
// runs on a thread of its own, so that a new connection is admitted (or refused when every one
// is busy) even while every worker is executing a request.
#include "server/http_server.h"

#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ip/v6_only.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <cstdio>
#include <thread>
#include <vector>

#include "server/connection.h"
#include "server/request_router.h"
#include "server/sigv4_verifier.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

struct HttpServer::Impl {
  Impl(ServerOptions opts, ReusingRequestHandler handler)
      : options(std::move(opts)),
        router(
            std::move(handler), options.cors,
            options.credentials ? std::make_shared<SigV4Verifier>(options.credentials) : nullptr),
        limits{options.max_body_bytes, options.max_header_bytes, options.idle_timeout,
               options.read_timeout},
        max_connections(options.max_connections > 0 ? options.max_connections
                                                    : DefaultMaxConnections()),
        ios(MakeContexts(ThreadCount(options.threads))),
        accept_io(1),
        acceptor(asio::make_strand(accept_io)),
        backoff(acceptor.get_executor()) {
    router.set_max_inflated_bytes(options.max_body_bytes);
  }

  static std::vector<std::unique_ptr<asio::io_context>> MakeContexts(unsigned n) {
    std::vector<std::unique_ptr<asio::io_context>> contexts;
    contexts.reserve(n);
    // Concurrency hint 1: each is run by one thread only, so Asio can skip its locking.
    for (unsigned i = 0; i < n; ++i) contexts.push_back(std::make_unique<asio::io_context>(1));
    return contexts;
  }

  unsigned ThreadCount(unsigned requested) const {
    if (requested > 0) return requested;
    const unsigned cores = std::thread::hardware_concurrency();
    // The write thread takes a core of its own.
    if (options.write_thread) return cores > 2 ? cores - 1 : 1;
    return cores > 0 ? cores : 1;
  }

  Status Listen();
  // Opens, binds and listens; the error of the first step that fails.
  boost::system::error_code Bind(const tcp::endpoint& endpoint, bool dual_stack);
  void Accept();
  void OnAccept(boost::system::error_code ec, tcp::socket socket);
  void Run(asio::io_context& io);

  const ServerOptions options;
  RequestRouter router;
  const ConnectionLimits limits;
  const std::size_t max_connections;
  // Declared before `ios`: pending handlers own connections, whose destructors reach the set
  // when an io_context is destroyed.
  ConnectionSet connections;
  std::vector<std::unique_ptr<asio::io_context>> ios;  // one per worker thread
  asio::io_context writer_io{1};                       // the item writes' thread
  asio::io_context accept_io;                          // the acceptor's thread
  // Keep each io_context running while it has no connection; released by Wait().
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> keep_running
      GUARDED_BY(mutex);
  std::size_t next_context = 0;  // on the acceptor's strand: where the next connection goes
  tcp::acceptor acceptor;        // on a strand: Accept() and Stop() touch it from different threads
  asio::steady_timer backoff;    // on the acceptor's strand
  tcp::endpoint bound;
  std::vector<std::thread> threads;  // the workers', then the acceptor's

  sync::Mutex mutex;
  sync::CondVar stop_requested_cv;
  bool stop_requested GUARDED_BY(mutex) = false;
  std::chrono::steady_clock::time_point stop_time GUARDED_BY(mutex);
};

boost::system::error_code HttpServer::Impl::Bind(const tcp::endpoint& endpoint, bool dual_stack) {
  boost::system::error_code ec;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec && dual_stack) acceptor.set_option(asio::ip::v6_only(false), ec);
  // Restarting right after a stop must not fail on the old connections' TIME_WAIT.
  if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (!ec) bound = acceptor.local_endpoint(ec);
  if (ec) {
    boost::system::error_code ignored;
    acceptor.close(ignored);
  }
  return ec;
}

namespace {

ApiError ListenError(const tcp::endpoint& endpoint, const boost::system::error_code& ec) {
  std::string where = endpoint.address().to_string();
  if (endpoint.address().is_v6()) where = "[" + where + "]";
  return ApiError::InternalServerError("Cannot listen on " + where + ":" +
                                       std::to_string(endpoint.port()) + ": " + ec.message());
}

}  // namespace

Status HttpServer::Impl::Listen() {
  const std::uint16_t port = options.port;
  if (options.host.empty()) {
    // Every interface: dual-stack IPv6 also takes IPv4 (mapped) connections, so "localhost"
    // works whether a client resolves it to ::1 or 127.0.0.1 (Node 17+ prefers ::1).
    const tcp::endpoint any6(asio::ip::address_v6::any(), port);
    const boost::system::error_code ec = Bind(any6, /*dual_stack=*/true);
    if (!ec) return Status::Ok();
    if (ec != boost::system::errc::address_family_not_supported &&
        ec != boost::system::errc::address_not_available) {
      return ListenError(any6, ec);  // e.g. the port is in use
    }
    // No IPv6 on this machine (disabled in the kernel or the container): IPv4 only.
    const tcp::endpoint any4(asio::ip::address_v4::any(), port);
    const boost::system::error_code ec4 = Bind(any4, false);
    if (ec4) return ListenError(any4, ec4);
    return Status::Ok();
  }
  boost::system::error_code ec;
  std::string host = options.host;
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  tcp::endpoint endpoint;
  const asio::ip::address address = asio::ip::make_address(host, ec);
  if (!ec) {
    endpoint = tcp::endpoint(address, port);
  } else {
    // A name ("localhost"): listen on the first address it resolves to.
    tcp::resolver resolver(accept_io);
    const auto results = resolver.resolve(host, std::to_string(port), ec);
    if (ec || results.empty()) {
      return ApiError::InternalServerError("Cannot resolve host '" + options.host +
                                           "': " + (ec ? ec.message() : "no address"));
    }
    endpoint = results.begin()->endpoint();
  }
  ec = Bind(endpoint, false);
  if (ec) return ListenError(endpoint, ec);
  return Status::Ok();
}

void HttpServer::Impl::Accept() {
  // The new socket's executor is its thread's io_context; run by one thread, it needs no strand.
  asio::io_context& io = *ios[next_context++ % ios.size()];
  acceptor.async_accept(io.get_executor(),
                        [this](boost::system::error_code ec, tcp::socket socket) {
                          OnAccept(ec, std::move(socket));
                        });
}

namespace {

// Accept errors that retrying at once cannot cure: the process or the system is out of
// descriptors or buffers, and the listening socket stays readable, so an immediate retry
// fails again at once (a busy loop on one core).
bool IsResourceExhaustion(const boost::system::error_code& ec) {
  return ec == asio::error::no_descriptors || ec == boost::system::errc::too_many_files_open ||
         ec == boost::system::errc::too_many_files_open_in_system ||
         ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
}

}  // namespace

// Runs on the acceptor's strand.
void HttpServer::Impl::OnAccept(boost::system::error_code ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;  // stopping
  if (ec) {
    connections.CountAcceptError();
    if (IsResourceExhaustion(ec)) {
      // Make room (the longest-idle connection gives its descriptor back) and pause: the
      // clients wait in the listen backlog meanwhile instead of being refused.
      connections.EvictLongestWaiting();
      backoff.expires_after(options.accept_backoff);
      backoff.async_wait([this](boost::system::error_code wait_ec) {
        if (wait_ec || !acceptor.is_open()) return;  // stopping
        Accept();
      });
      return;
    }
    // Others (ECONNABORTED: the client gave up before we accepted) concern one connection.
    return Accept();
  }
  if (connections.admitted() >= max_connections && !connections.EvictLongestWaiting()) {
    // Full, and every connection is executing a request: refusing this one keeps the bound.
    connections.CountRefused();
    boost::system::error_code ignored;
    socket.close(ignored);
  } else {
    StartConnection(std::move(socket), router, limits, connections,
                    options.write_thread ? &writer_io : nullptr);
  }
  Accept();
}

void HttpServer::Impl::Run(asio::io_context& io) {
  for (;;) {
    try {
      io.run();
      return;
    } catch (const std::exception& e) {
      // Handlers do not throw by design; if one does, log it and keep serving.
      std::fprintf(stderr, "ddb-local: unexpected error in I/O thread: %s\n", e.what());
    }
  }
}

Result<std::unique_ptr<HttpServer>> HttpServer::Start(ServerOptions options,
                                                      RequestHandler handler) {
  return Start(std::move(options), Reusing(std::move(handler)));
}

Result<std::unique_ptr<HttpServer>> HttpServer::Start(ServerOptions options,
                                                      ReusingRequestHandler handler) {
  auto impl = std::make_unique<Impl>(std::move(options), std::move(handler));
  DDBEMU_RETURN_IF_ERROR(impl->Listen());
  impl->Accept();
  impl->threads.reserve(impl->ios.size() + 1);
  {
    sync::MutexLock lock(impl->mutex);  // keep_running's (uncontended: Wait() comes later)
    for (auto& io : impl->ios) {
      impl->keep_running.push_back(asio::make_work_guard(*io));
      impl->threads.emplace_back([p = impl.get(), io = io.get()] { p->Run(*io); });
    }
    if (impl->options.write_thread) {
      impl->keep_running.push_back(asio::make_work_guard(impl->writer_io));
      impl->threads.emplace_back([p = impl.get()] { p->Run(p->writer_io); });
    }
    impl->keep_running.push_back(asio::make_work_guard(impl->accept_io));
    impl->threads.emplace_back([p = impl.get()] { p->Run(p->accept_io); });
  }
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(impl)));
}

HttpServer::HttpServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

HttpServer::~HttpServer() {
  Stop();
  Wait();
}

std::uint16_t HttpServer::port() const { return impl_->bound.port(); }

std::string HttpServer::address() const {
  const auto& address = impl_->bound.address();
  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  return host + ":" + std::to_string(impl_->bound.port());
}

unsigned HttpServer::threads() const { return static_cast<unsigned>(impl_->ios.size()); }

ServerStats HttpServer::stats() const {
  const ConnectionCounters counters = impl_->connections.counters();
  ServerStats stats;
  stats.open_connections = impl_->connections.size();
  stats.waiting_connections = impl_->connections.waiting();
  stats.max_connections = impl_->max_connections;
  stats.accept_errors = counters.accept_errors;
  stats.evicted = counters.evicted;
  stats.refused = counters.refused;
  stats.timed_out = counters.timed_out;
  return stats;
}

std::size_t DefaultMaxConnections() {
  constexpr std::size_t kReserved = 64;
  constexpr std::size_t kCeiling = 65'536;
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kCeiling;
  const auto soft = static_cast<std::size_t>(limit.rlim_cur);
  if (soft <= 2 * kReserved) return std::max<std::size_t>(soft / 2, 1);
  return std::min(soft - kReserved, kCeiling);
}

void HttpServer::Stop() {
  {
    sync::MutexLock lock(impl_->mutex);
    if (impl_->stop_requested) return;
    impl_->stop_requested = true;
    impl_->stop_time = std::chrono::steady_clock::now();
  }
  impl_->stop_requested_cv.NotifyAll();
  asio::post(impl_->acceptor.get_executor(), [impl = impl_.get()] {
    boost::system::error_code ignored;
    impl->acceptor.close(ignored);
    impl->backoff.cancel();
  });
  impl_->connections.StopAll();
}

void HttpServer::Wait() {
  std::chrono::steady_clock::time_point deadline;
  {
    sync::MutexLock lock(impl_->mutex);
    while (!impl_->stop_requested) impl_->stop_requested_cv.Wait(impl_->mutex);
    deadline = impl_->stop_time + impl_->options.drain_timeout;
  }
  if (!impl_->connections.WaitEmptyUntil(deadline)) impl_->connections.CloseAll();
  // With the acceptor closed, the guards released and no connection left, io.run() runs out
  // of work in every thread.
  {
    sync::MutexLock lock(impl_->mutex);
    impl_->keep_running.clear();
  }
  for (std::thread& thread : impl_->threads) {
    if (thread.joinable()) thread.join();
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
