#include "http_client/transport/connection_pool.h"

#include <openssl/ssl.h>
#include <poll.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <optional>

#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace ssl = boost::asio::ssl;
using tcp = asio::ip::tcp;
using boost::system::error_code;

namespace {

// DynamoDB answers are at most a few MB (a 16 MB BatchGetItem plus JSON overhead); the limit
// only guards against a runaway peer.
constexpr std::uint64_t kMaxResponseBody = 256ull << 20;

// One connection, used by one thread at a time (while checked out of the pool).
struct Connection {
  asio::io_context ioc{1};
  std::optional<beast::tcp_stream> plain;
  std::optional<beast::ssl_stream<beast::tcp_stream>> tls;
  beast::flat_buffer buffer;
  bool reused = false;  // has answered a request before

  beast::tcp_stream& lowest() { return plain ? *plain : beast::get_lowest_layer(*tls); }

  // Runs the io_context until the started operation completes.
  void Run() {
    ioc.restart();
    ioc.run();
  }

  // Closed by the peer (or sent unsolicited bytes) while idle: not worth a request.
  bool LooksDead() {
    pollfd p{lowest().socket().native_handle(), POLLIN, 0};
    return ::poll(&p, 1, 0) != 0;
  }
};

SendFailure Failure(const error_code& ec, SendFailure::Kind otherwise, std::string_view what) {
  const bool timeout = ec == beast::error::timeout;
  return SendFailure{timeout ? SendFailure::Kind::kTimeout : otherwise,
                     std::string(what) + ": " + (timeout ? "timed out" : ec.message())};
}

}  // namespace

const std::string* HttpResponse::Header(std::string_view name) const {
  for (const auto& [n, v] : headers) {
    if (n == name) return &v;
  }
  return nullptr;
}

struct ConnectionPool::Impl {
  ConnectionPoolOptions options;
  std::optional<ssl::context> tls_context;

  mutable sync::Mutex mutex;
  sync::CondVar available;
  std::vector<std::unique_ptr<Connection>> idle GUARDED_BY(mutex);  // most recent last
  std::size_t open GUARDED_BY(mutex) = 0;                           // idle + checked out
  std::uint64_t opened GUARDED_BY(mutex) = 0;

  // A connection to use: an idle one that still looks alive, else a new slot (nullptr: the
  // caller connects). Blocks while `max_connections` are checked out.
  std::unique_ptr<Connection> Acquire() EXCLUDES(mutex) {
    sync::MutexLock lock(mutex);
    for (;;) {
      while (!idle.empty()) {
        std::unique_ptr<Connection> c = std::move(idle.back());
        idle.pop_back();
        if (!c->LooksDead()) return c;
        --open;  // dropped: its slot is free again
      }
      if (open < options.max_connections) {
        ++open;
        ++opened;
        return nullptr;
      }
      available.Wait(mutex);
    }
  }

  void Release(std::unique_ptr<Connection> c) EXCLUDES(mutex) {
    sync::MutexLock lock(mutex);
    if (c) {
      idle.push_back(std::move(c));
    } else {
      --open;
    }
    available.NotifyOne();
  }

  // Opens a connection (TCP, then TLS when https) within connect_timeout.
  std::variant<std::unique_ptr<Connection>, SendFailure> Connect() {
    auto c = std::make_unique<Connection>();
    error_code ec;
    tcp::resolver resolver(c->ioc);
    const auto results = resolver.resolve(options.endpoint.host, options.endpoint.port, ec);
    if (ec) {
      return SendFailure{SendFailure::Kind::kConnect,
                         "cannot resolve " + options.endpoint.host + ": " + ec.message()};
    }
    beast::tcp_stream* stream;
    if (tls_context) {
      c->tls.emplace(c->ioc, *tls_context);
      stream = &beast::get_lowest_layer(*c->tls);
    } else {
      c->plain.emplace(c->ioc);
      stream = &*c->plain;
    }
    stream->expires_after(options.connect_timeout);
    stream->async_connect(results, [&](const error_code& e, const tcp::endpoint&) { ec = e; });
    c->Run();
    if (ec) return Failure(ec, SendFailure::Kind::kConnect, "connect to " + HostPort());
    stream->socket().set_option(tcp::no_delay(true), ec);
    if (c->tls) {
      // SNI and the name check: the certificate must name the endpoint's host.
      if (!SSL_set_tlsext_host_name(c->tls->native_handle(), options.endpoint.host.c_str())) {
        return SendFailure{SendFailure::Kind::kConnect, "cannot set TLS server name"};
      }
      if (options.verify_peer) {
        c->tls->set_verify_callback(ssl::host_name_verification(options.endpoint.host));
      }
      c->tls->async_handshake(ssl::stream_base::client, [&](const error_code& e) { ec = e; });
      c->Run();
      if (ec) return Failure(ec, SendFailure::Kind::kConnect, "TLS handshake with " + HostPort());
    }
    return c;
  }

  std::string HostPort() const { return options.endpoint.host + ":" + options.endpoint.port; }

  // One request/response exchange on `c` within request_timeout. `got_some` tells whether
  // any byte of the answer arrived (a failure before that on a reused connection is the
  // keep-alive race). `keep_alive` whether the connection may serve another request.
  template <class Stream>
  std::variant<HttpResponse, SendFailure> Exchange(Connection& c, Stream& stream,
                                                   http::request<http::string_body>& request,
                                                   bool& got_some, bool& keep_alive) {
    c.lowest().expires_after(options.request_timeout);
    http::response_parser<http::string_body> parser;
    parser.body_limit(kMaxResponseBody);
    error_code ec;
    http::async_write(stream, request, [&](const error_code& e, std::size_t) {
      ec = e;
      if (e) return;
      http::async_read(stream, c.buffer, parser,
                       [&](const error_code& e2, std::size_t) { ec = e2; });
    });
    c.Run();
    got_some = parser.got_some();
    if (ec) {
      keep_alive = false;
      return Failure(ec, SendFailure::Kind::kConnection, "request to " + HostPort());
    }
    c.lowest().expires_never();
    auto& message = parser.get();
    keep_alive = message.keep_alive();
    HttpResponse response;
    response.status = static_cast<int>(message.result_int());
    for (const auto& field : message) {
      std::string name(field.name_string());
      for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      response.headers.emplace_back(std::move(name), std::string(field.value()));
    }
    response.body = std::move(message.body());
    return response;
  }

  std::variant<HttpResponse, SendFailure> Send(
      std::string_view method, std::string_view target,
      const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body) {
    http::request<http::string_body> request;
    request.version(11);
    request.method_string(boost::beast::string_view(method.data(), method.size()));
    request.target(boost::beast::string_view(target.data(), target.size()));
    for (const auto& [name, value] : headers) request.insert(name, value);
    request.body() = std::string(body);
    request.prepare_payload();

    // At most two tries: the second only after the keep-alive race on a reused connection.
    for (int tries = 0;; ++tries) {
      std::unique_ptr<Connection> c = Acquire();
      if (!c) {
        auto connected = Connect();
        if (auto* failure = std::get_if<SendFailure>(&connected)) {
          Release(nullptr);
          return std::move(*failure);
        }
        c = std::move(std::get<std::unique_ptr<Connection>>(connected));
      }
      bool got_some = false;
      bool keep_alive = false;
      auto result = c->tls ? Exchange(*c, *c->tls, request, got_some, keep_alive)
                           : Exchange(*c, *c->plain, request, got_some, keep_alive);
      const bool stale = c->reused && !got_some && std::holds_alternative<SendFailure>(result) &&
                         std::get<SendFailure>(result).kind == SendFailure::Kind::kConnection;
      if (keep_alive) {
        c->reused = true;
        Release(std::move(c));
      } else {
        c.reset();  // closes the socket
        Release(nullptr);
      }
      if (stale && tries == 0) continue;
      return result;
    }
  }
};

ConnectionPool::ConnectionPool(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ConnectionPool::~ConnectionPool() = default;

Result<std::unique_ptr<ConnectionPool>> ConnectionPool::Create(ConnectionPoolOptions options) {
  auto impl = std::make_unique<Impl>();
  if (options.max_connections == 0) options.max_connections = 1;
  if (options.endpoint.https) {
    impl->tls_context.emplace(ssl::context::tls_client);
    ssl::context& ctx = *impl->tls_context;
    error_code ec;
    SSL_CTX_set_min_proto_version(ctx.native_handle(), TLS1_2_VERSION);
    ctx.set_default_verify_paths(ec);
    if (!options.ca_file.empty()) {
      ctx.load_verify_file(options.ca_file, ec);
      if (ec) {
        return ApiError::Validation("cannot read CA file " + options.ca_file + ": " + ec.message());
      }
    }
    ctx.set_verify_mode(options.verify_peer ? ssl::verify_peer : ssl::verify_none);
  }
  impl->options = std::move(options);
  return std::unique_ptr<ConnectionPool>(new ConnectionPool(std::move(impl)));
}

std::variant<HttpResponse, SendFailure> ConnectionPool::Post(
    const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body) {
  return impl_->Send("POST", "/", headers, body);
}

std::variant<HttpResponse, SendFailure> ConnectionPool::Send(
    std::string_view method, std::string_view target,
    const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body) {
  return impl_->Send(method, target, headers, body);
}

std::uint64_t ConnectionPool::connections_opened() const {
  sync::MutexLock lock(impl_->mutex);
  return impl_->opened;
}

std::size_t ConnectionPool::idle_connections() const {
  sync::MutexLock lock(impl_->mutex);
  return impl_->idle.size();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
