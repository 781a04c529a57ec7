// The HTTP side of a connection: read a request (header first, so an oversized body is
// refused before it is received), hand it to the RequestRouter, write the reply, repeat. A
// plain request that arrived whole (an SDK's usually does) is read in place by
// ParsePlainRequest (http_head.h); any other is fed to Beast's parser from the connection's
// buffer (Parse).
// Each connection runs on one worker thread's io_context (http_server.cc), from parse to reply,
// so its state needs no lock; pipelined requests are answered in order because the next read
// starts only after the previous reply is written (bytes of the next request wait in the read
// buffer meanwhile).
#include "server/connection.h"

#include <array>
#include <atomic>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/read_size.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <limits>
#include <memory_resource>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/beast_request_view.h"
#include "server/http_head.h"
#include "server/request_router.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;

namespace {

// After refusing a request whose body is still arriving, keep reading (and discarding) for a
// while before closing: closing a socket with unread data makes the kernel send RST, which can
// destroy the reply before the client reads it.
constexpr auto kLingerTime = std::chrono::milliseconds(2000);
constexpr std::size_t kMaxLingerBytes = std::size_t{64} << 20;
// The first read of a request (under the idle timeout) takes what has arrived, up to this.
constexpr std::size_t kFirstReadBytes = 8 * 1024;
// Later reads of a request (the rest of its header or body) take up to this at a time.
constexpr std::size_t kMaxReadBytes = 64 * 1024;
// A request's header fields and body are allocated from an arena the connection keeps and
// rewinds for each request: an SDK's request (about ten header fields and a body of a few
// hundred bytes) fits in this, so parsing it reaches malloc not once where Beast's default
// allocator made one allocation per field and one for the body. A larger request continues on
// the heap, which the rewind returns.
constexpr std::size_t kRequestArenaBytes = 4 * 1024;

// The parsed request: its fields and its body in the connection's arena.
using ArenaAllocator = std::pmr::polymorphic_allocator<char>;
using RequestBody = http::basic_string_body<char, std::char_traits<char>, ArenaAllocator>;
using RequestParser = http::request_parser<RequestBody, ArenaAllocator>;
using Request = RequestParser::value_type;

}  // namespace

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, const RequestRouter& router, const ConnectionLimits& limits,
             ConnectionSet& set, asio::io_context* writer)
      : socket_(std::move(socket)),
        timer_(socket_.get_executor()),
        router_(router),
        limits_(limits),
        set_(set),
        writer_(writer) {}
  ~Connection() { set_.Remove(this, evicted_.load()); }

  void Start() {
    asio::post(socket_.get_executor(), [self = shared_from_this()] { self->ReadHeader(); });
  }

  // Graceful: close now if waiting for a request, else after the current reply.
  void Stop() {
    // Set at once (not on the strand) so that a reply being computed right now already
    // says "Connection: close".
    stopping_.store(true);
    asio::post(socket_.get_executor(), [self = shared_from_this()] {
      if (self->state_ == State::kIdle || self->state_ == State::kReadingHeader) {
        beast::error_code ec;
        self->socket_.cancel(ec);
      }
    });
  }

  void Close() {
    asio::post(socket_.get_executor(), [self = shared_from_this()] {
      beast::error_code ec;
      self->socket_.close(ec);
    });
  }

  // Since when this connection has been waiting for its client (steady-clock ticks), or
  // kNotWaiting while it executes a request or writes a reply. Read by ConnectionSet from
  // other threads to pick whom to evict.
  static constexpr std::int64_t kNotWaiting = std::numeric_limits<std::int64_t>::max();
  std::int64_t waiting_since() const { return waiting_since_.load(std::memory_order_relaxed); }
  // True the first time only: the caller then closes it and counts it as evicted.
  bool MarkEvicted() { return !evicted_.exchange(true); }
  bool evicted() const { return evicted_.load(); }

 private:
  enum class State { kIdle, kReadingHeader, kBusy, kClosing };
  using Clock = std::chrono::steady_clock;

  // The connection's deadline: the socket is closed when it passes (zero: no timeout). One
  // timer per connection, armed only when a deadline comes earlier than the pending wait: the
  // deadlines of a request (idle, read, write) each come later than the one before, so a busy
  // connection sets them without touching the timer, and the timer, on waking, only re-arms
  // for the current deadline. (Beast's tcp_stream armed and cancelled a timer around every
  // read and write: two timer-queue operations, two handler allocations and a cancelled
  // handler's completion per operation.)
  void ExpireAfter(std::chrono::milliseconds timeout) {
    deadline_ = timeout.count() > 0 ? Clock::now() + timeout : Clock::time_point::max();
    if (deadline_ < armed_) Arm(deadline_);
  }

  void Arm(Clock::time_point at) {
    armed_ = at;
    timer_.expires_at(at);  // a pending wait completes with operation_aborted
    // A weak reference: a pending wait must not keep a connection alive that has no I/O left.
    timer_.async_wait([weak = weak_from_this(), at](beast::error_code ec) {
      if (auto self = weak.lock()) self->OnTimer(ec, at);
    });
  }

  void OnTimer(beast::error_code ec, Clock::time_point at) {
    if (ec == asio::error::operation_aborted || at != armed_) return;  // re-armed since
    armed_ = Clock::time_point::max();
    if (deadline_ == Clock::time_point::max()) return;  // no deadline now; ExpireAfter re-arms
    if (Clock::now() < deadline_) return Arm(deadline_);
    // Expired: the pending read or write completes with an error (counted in OnReadError).
    timed_out_ = true;
    beast::error_code ignored;
    socket_.close(ignored);
  }

  static std::int64_t Now() { return std::chrono::steady_clock::now().time_since_epoch().count(); }

  // Waiting counts from the connection's start or from its last reply being sent, not from
  // when the write completed: clients see replies in that order, and a completion handler
  // delayed on a busy machine must not make an older connection look younger.
  void SetWaiting(bool waiting) {
    waiting_since_.store(waiting ? idle_since_ : kNotWaiting, std::memory_order_relaxed);
  }

  // Waits for the next request under the idle timeout. Bytes of a pipelined request already
  // in the buffer start it at once.
  void ReadHeader() {
    if (stopping_) return Shutdown();
    // The previous request is answered: its memory goes back before the connection idles.
    if (plain_) {
      buffer_.consume(plain_->consumed);  // the view pointed into these bytes until now
      plain_.reset();
    }
    parser_.reset();  // before the arena it allocated from is rewound
    arena_.release();
    state_ = State::kIdle;
    SetWaiting(true);
    if (buffer_.size() > 0) return StartRequest();
    ExpireAfter(limits_.idle_timeout);
    socket_.async_read_some(buffer_.prepare(kFirstReadBytes),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              if (ec) return self->OnReadError(ec);
                              self->buffer_.commit(n);
                              self->StartRequest();
                            });
  }

  // The request's first bytes are here: its header and body must arrive within read_timeout.
  void StartRequest() {
    state_ = State::kReadingHeader;
    if (ReadPlainRequest()) return;
    parser_.emplace(std::piecewise_construct, std::make_tuple(ArenaAllocator(&arena_)),
                    std::make_tuple(ArenaAllocator(&arena_)));
    parser_->header_limit(static_cast<std::uint32_t>(limits_.max_header_bytes));
    // The body limit is applied after the header is read (see OnHeader): with it set here the
    // parser would fail a large Content-Length before we can read the rest of the header.
    // (Not boost::none: Boost 1.74's parser compares the length with the optional and fails.)
    parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
    header_checked_ = false;
    ExpireAfter(limits_.read_timeout);
    Parse();
  }

  // Feeds the parser the bytes the buffer holds, in this handler, and reads more only when it
  // needs more: a request that arrived whole (an SDK's request usually is one segment) is
  // parsed and answered in the read's completion handler. (Beast's async_read_header and
  // async_read each completed through a posted handler even when the bytes were already here.)
  // The parser is not eager: it stops after the header, so the header is checked (OnHeader)
  // before any of the body is taken.
  void Parse() {
    for (;;) {
      beast::error_code ec;
      std::size_t used = 0;
      if (buffer_.size() > 0) {
        used = parser_->put(buffer_.data(), ec);
        buffer_.consume(used);
      }
      if (ec && ec != http::error::need_more) return OnParseError(ec);
      if (!header_checked_ && parser_->is_header_done()) {
        header_checked_ = true;
        if (!OnHeader()) return;  // refused, or writing "100 Continue"
        continue;                 // now the body, if any
      }
      if (parser_->is_done()) return OnRequest();
      if (ec || used == 0) return ReadMore();  // nothing more to parse in the buffer
    }
  }

  // A plain request that is all in the buffer is answered without Beast's parser: the view
  // points into buffer_, whose bytes stay in place until the reply is written (nothing is
  // read, so nothing is prepared, before ReadHeader, which consumes them first). False when
  // the request is for Beast: partial, or anything but plain (see http_head.h).
  bool ReadPlainRequest() {
    const auto bytes = buffer_.data();
    plain_ = ParsePlainRequest({static_cast<const char*>(bytes.data()), bytes.size()},
                               static_cast<std::uint32_t>(limits_.max_header_bytes),
                               limits_.max_body_bytes, view_);
    if (!plain_) return false;
    state_ = State::kBusy;
    SetWaiting(false);
    Route(view_);
    return true;
  }

  void ReadMore() {
    socket_.async_read_some(buffer_.prepare(beast::read_size(buffer_, kMaxReadBytes)),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              // At the end of the stream no request can be complete: one
                              // without a length has no body, so it was done at its header.
                              if (ec) return self->OnReadError(ec);
                              self->buffer_.commit(n);
                              self->Parse();
                            });
  }

  // A read that ended without a request: the client closed, vanished or was too slow, or we
  // are stopping or evicting it.
  void OnReadError(beast::error_code ec) {
    if (timed_out_) set_.CountTimeout();
    Shutdown();
  }

  void OnParseError(beast::error_code ec) {
    if (!header_checked_) {
      // Bytes that are not an HTTP request, or a header larger than the limit.
      return Refuse(router_.MalformedHttp(), 0);
    }
    if (ec == http::error::body_limit) {
      return Refuse(router_.PayloadTooLarge(ViewOf(parser_->get(), {}), 0, limits_.max_body_bytes),
                    kMaxLingerBytes);
    }
    OnReadError(ec);  // a malformed chunked body: the stream cannot be parsed further
  }

  // The header is in: refuses a declared body over the limit, answers "Expect: 100-continue".
  // False when Parse must stop (a refusal or the 100 Continue is being written).
  bool OnHeader() {
    state_ = State::kBusy;
    SetWaiting(false);
    const auto& request = parser_->get();
    const auto declared = parser_->content_length();
    if (declared && *declared > limits_.max_body_bytes) {
      Refuse(router_.PayloadTooLarge(ViewOf(request, {}), *declared, limits_.max_body_bytes),
             *declared);
      return false;
    }
    parser_->body_limit(limits_.max_body_bytes);  // bounds a chunked body
    if (beast::iequals(request[http::field::expect], "100-continue")) {
      // curl and some SDKs wait for this before sending a large body.
      static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      asio::async_write(socket_, asio::buffer(kContinue.data(), kContinue.size()),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                          if (ec) return self->Shutdown();
                          self->Parse();
                        });
      return false;
    }
    return true;
  }

  void OnRequest() {
    auto& request = parser_->get();
    Route(ViewOf(request, request.body()));
  }

  // Hands the request in view_ (`view`) to the router, here or on the writer's thread.
  void Route(const HttpRequestView& view) {
    ExpireAfter({});  // the operation may take long; that is not the client's fault
    if (writer_ != nullptr && IsItemWrite(view.amz_target)) {
      // The parser, the buffer, the view and the reply stay untouched by this thread until the
      // reply is back: the connection reads nothing more before it has answered. The two posts
      // order the writer's use of them between this thread's.
      asio::post(*writer_, [self = shared_from_this(), home = socket_.get_executor()] {
        self->router_.Route(self->view_, self->reply_, self->caller_);
        asio::post(home, [self] { self->Answer(); });
      });
      return;
    }
    router_.Route(view, reply_, caller_);
    Answer();
  }

  // Writes the reply the router has put in reply_ to the request plain_ or the parser holds.
  void Answer() {
    // Status 0: the handler asks for a dropped connection (fault injection, "drop").
    if (reply_.status == 0) return Shutdown();
    if (plain_) {
      return Write(plain_->version, plain_->head, plain_->keep_alive && !stopping_,
                   /*linger_bytes=*/0);
    }
    auto& request = parser_->get();
    const bool keep_alive = request.keep_alive() && !stopping_;
    Write(request.version(), request.method() == http::verb::head, keep_alive,
          /*linger_bytes=*/0);
  }

  // The router's view of a request Beast has read: views into the parser's buffers, in a view
  // object the connection keeps (its header list reuses its capacity from one request to the
  // next).
  const HttpRequestView& ViewOf(const Request& request, std::string_view body) {
    FillViewFromBeast(request, body, view_);
    return view_;
  }

  // Answers a request that cannot be read to its end and closes the connection: the stream
  // can no longer be parsed reliably.
  void Refuse(HttpReply reply, std::size_t linger_bytes) {
    state_ = State::kBusy;
    SetWaiting(false);
    reply_ = std::move(reply);
    Write(11, false, /*keep_alive=*/false, linger_bytes);
  }

  // Writes reply_'s head into a buffer the connection keeps (its capacity is reused from
  // one reply to the next) and sends head and body in one gathered write: no per-header
  // allocation, no serializer state, the body is never copied. The write is tried at once on
  // the non-blocking socket (StartConnection): a reply of a few kilobytes fits the socket's
  // send buffer, and then no write operation is queued, no deadline set and no completion
  // handler run through the io_context. What the socket does not take (a large reply, a client
  // that does not read) is written by async_write under the read timeout.
  void Write(unsigned version, bool head, bool keep_alive, std::size_t linger_bytes) {
    idle_since_ = Now();
    WriteReplyHead(head_, version, reply_, reply_.body.size(), keep_alive, date_);
    // The body goes out from body_; reply_ keeps body_'s spent string, whose storage the
    // next reply's body is written into (RequestRouter::Route).
    body_.swap(reply_.body);
    reply_.body.clear();
    if (head) body_.clear();  // HEAD: the length, not the bytes
    std::array<asio::const_buffer, 2> buffers{asio::buffer(head_), asio::buffer(body_)};
    beast::error_code ec;
    const std::size_t sent = socket_.write_some(buffers, ec);
    if (ec && ec != asio::error::would_block && ec != asio::error::try_again) {
      body_.clear();
      return OnReadError(ec);
    }
    if (!ec && sent == head_.size() + body_.size()) return Written(keep_alive, linger_bytes);
    const std::size_t done = ec ? 0 : sent;  // what the socket took; the rest goes async
    if (done < head_.size()) {
      buffers[0] = asio::buffer(head_) + done;
    } else {
      buffers[0] = asio::const_buffer();
      buffers[1] = asio::buffer(body_) + (done - head_.size());
    }
    ExpireAfter(limits_.read_timeout);  // a client that does not read its reply
    asio::async_write(
        socket_, buffers,
        [self = shared_from_this(), keep_alive, linger_bytes](beast::error_code ec, std::size_t) {
          if (ec) {
            self->body_.clear();
            return self->OnReadError(ec);
          }
          self->Next(keep_alive, linger_bytes);
        });
  }

  // The reply went out whole within Write: the next request is read from the io_context, after
  // the handlers already queued there (other connections' requests). A read started here would
  // find nothing yet, the client having had no time to answer, and cost a recv that fails with
  // EAGAIN before the wait; started after them, it more often finds the request already there
  // (strace -c under hrbench's read mix: 0.95 failed recv per request from here, 0.6 posted).
  // Posting also keeps a pipelining client's next request from nesting Write in Write.
  void Written(bool keep_alive, std::size_t linger_bytes) {
    if (keep_alive) {
      body_.clear();
      asio::post(socket_.get_executor(),
                 [self = shared_from_this(), linger_bytes] { self->Next(true, linger_bytes); });
      return;
    }
    Next(keep_alive, linger_bytes);
  }

  // After a reply is written: the next request, or the end of the connection.
  void Next(bool keep_alive, std::size_t linger_bytes) {
    body_.clear();
    if (!keep_alive) return Linger(linger_bytes);
    ReadHeader();
  }

  // Half-closes, then discards what the client still sends (up to `bytes`, for a bounded
  // time) so that the reply is not lost to a reset; then the connection ends.
  void Linger(std::size_t bytes) {
    state_ = State::kClosing;
    beast::error_code ec;
    socket_.shutdown(tcp::socket::shutdown_send, ec);
    if (ec || bytes == 0) return;
    linger_left_ = bytes;
    linger_buffer_.resize(16 * 1024);
    ExpireAfter(kLingerTime);
    DiscardSome();
  }

  void DiscardSome() {
    socket_.async_read_some(asio::buffer(linger_buffer_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              if (ec || n >= self->linger_left_) return;  // done: drop the socket
                              self->linger_left_ -= n;
                              self->DiscardSome();
                            });
  }

  void Shutdown() {
    state_ = State::kClosing;
    SetWaiting(false);
    beast::error_code ec;
    socket_.shutdown(tcp::socket::shutdown_send, ec);
    // The socket closes when the last handler lets go of this object.
  }

  tcp::socket socket_;
  asio::steady_timer timer_;  // see ExpireAfter
  Clock::time_point deadline_ = Clock::time_point::max();
  Clock::time_point armed_ = Clock::time_point::max();  // the pending wait's; max: none
  bool timed_out_ = false;
  beast::flat_buffer buffer_;
  // Declared before parser_, which allocates from it (and is destroyed first).
  std::array<std::byte, kRequestArenaBytes> arena_bytes_;
  std::pmr::monotonic_buffer_resource arena_{arena_bytes_.data(), arena_bytes_.size()};
  std::optional<RequestParser> parser_;
  std::optional<PlainRequest> plain_;  // the request being answered, when it was plain
  bool header_checked_ = false;        // OnHeader has run for the request being parsed
  HttpRequestView view_;               // the request being answered, as the router reads it
  HttpReply reply_;                    // the router's reply, kept: its headers' storage is reused
  RequestContext caller_;              // the request's caller, kept: its strings' storage is reused
  std::string head_;                   // the reply being written: status line and headers
  std::string body_;                   // ... and its body
  HttpDateCache date_;
  const RequestRouter& router_;
  const ConnectionLimits limits_;
  ConnectionSet& set_;
  asio::io_context* const writer_;  // where item writes are routed; null: on this thread
  State state_ = State::kIdle;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> evicted_{false};
  std::atomic<std::int64_t> waiting_since_{kNotWaiting};
  std::int64_t idle_since_ = Now();  // on the strand; see SetWaiting
  std::size_t linger_left_ = 0;
  std::vector<char> linger_buffer_;
};

bool IsItemWrite(std::string_view amz_target) {
  if (!amz_target.starts_with(RequestRouter::kTargetPrefix)) return false;
  const std::string_view op = amz_target.substr(RequestRouter::kTargetPrefix.size());
  return op == "PutItem" || op == "UpdateItem" || op == "DeleteItem" || op == "BatchWriteItem" ||
         op == "TransactWriteItems";
}

void StartConnection(tcp::socket socket, const RequestRouter& router,
                     const ConnectionLimits& limits, ConnectionSet& set, asio::io_context* writer) {
  beast::error_code ec;
  socket.set_option(tcp::no_delay(true), ec);  // replies are written whole; don't wait for ACKs
  // Connection::Write tries each reply's write at once; a blocking socket would stall the
  // thread on a client that does not read. (Asio's own operations work either way.)
  socket.non_blocking(true, ec);
  auto connection = std::make_shared<Connection>(std::move(socket), router, limits, set, writer);
  set.Add(connection);
  connection->Start();
}

void ConnectionSet::Add(const std::shared_ptr<Connection>& connection) {
  bool stop_now;
  {
    sync::MutexLock lock(mutex_);
    live_.emplace(connection.get(), connection);
    stop_now = stopping_;
  }
  if (stop_now) connection->Stop();
}

void ConnectionSet::Remove(const Connection* connection, bool was_evicted) {
  sync::MutexLock lock(mutex_);
  live_.erase(connection);
  if (was_evicted) --evicting_;
  if (live_.empty()) empty_.NotifyAll();
}

bool ConnectionSet::EvictLongestWaiting() {
  std::shared_ptr<Connection> victim;
  {
    sync::MutexLock lock(mutex_);
    const Connection* oldest = nullptr;
    std::int64_t oldest_since = Connection::kNotWaiting;
    // A connection in live_ is alive or blocked in its destructor on this mutex (before its
    // members are destroyed), so reading its atomics through the raw pointer is safe here.
    for (const auto& [ptr, weak] : live_) {
      if (ptr->evicted()) continue;
      const std::int64_t since = ptr->waiting_since();
      if (since < oldest_since) {
        oldest_since = since;
        oldest = ptr;
      }
    }
    if (oldest == nullptr) return false;
    victim = live_[oldest].lock();
    if (!victim || !victim->MarkEvicted()) return false;
    ++evicting_;
  }
  // Outside the lock: releasing the last reference runs ~Connection, which calls Remove().
  evicted_.fetch_add(1, std::memory_order_relaxed);
  victim->Close();
  return true;
}

std::size_t ConnectionSet::admitted() const {
  sync::MutexLock lock(mutex_);
  return live_.size() - evicting_;
}

std::size_t ConnectionSet::waiting() const {
  sync::MutexLock lock(mutex_);
  std::size_t n = 0;
  for (const auto& [ptr, weak] : live_) {
    if (ptr->waiting_since() != Connection::kNotWaiting) ++n;
  }
  return n;
}

ConnectionCounters ConnectionSet::counters() const {
  return {accept_errors_.load(), evicted_.load(), refused_.load(), timed_out_.load()};
}

std::vector<std::shared_ptr<Connection>> ConnectionSet::Snapshot() {
  std::vector<std::shared_ptr<Connection>> connections;
  sync::MutexLock lock(mutex_);
  connections.reserve(live_.size());
  for (auto& [ptr, weak] : live_) {
    if (auto connection = weak.lock()) connections.push_back(std::move(connection));
  }
  return connections;
}

void ConnectionSet::StopAll() {
  {
    sync::MutexLock lock(mutex_);
    stopping_ = true;
  }
  // Outside the lock: dropping the last reference runs ~Connection, which calls Remove().
  for (const auto& connection : Snapshot()) connection->Stop();
}

void ConnectionSet::CloseAll() {
  for (const auto& connection : Snapshot()) connection->Close();
}

bool ConnectionSet::WaitEmptyUntil(std::chrono::steady_clock::time_point deadline) {
  sync::MutexLock lock(mutex_);
  while (!live_.empty()) {
    if (empty_.WaitUntil(mutex_, deadline) == std::cv_status::timeout) return live_.empty();
  }
  return true;
}

std::size_t ConnectionSet::size() const {
  sync::MutexLock lock(mutex_);
  return live_.size();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
