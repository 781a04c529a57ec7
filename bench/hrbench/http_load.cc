// HttpLoad: async Beast keep-alive connections in a closed loop.
#include "http_load.h"

#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

namespace hrbench {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

// Where `what` first occurs in `s` at or after `from`, or npos. glibc's memmem skips ahead by
// pairs of bytes; string_view::find stops at every byte equal to the needle's first, and a
// quoted key's first byte is the quote that every JSON string starts with.
std::size_t Find(std::string_view s, std::string_view what, std::size_t from = 0) {
  if (from > s.size()) return std::string_view::npos;
  const void* at = memmem(s.data() + from, s.size() - from, what.data(), what.size());
  return at == nullptr ? std::string_view::npos
                       : static_cast<std::size_t>(static_cast<const char*>(at) - s.data());
}

// Position just after `"key"` and a colon (JSON may have spaces around it), or npos.
std::size_t ValueOf(std::string_view body, std::string_view quoted_key, std::size_t from = 0) {
  for (std::size_t at = Find(body, quoted_key, from); at != std::string_view::npos;
       at = Find(body, quoted_key, at + 1)) {
    std::size_t p = at + quoted_key.size();
    while (p < body.size() && std::isspace(static_cast<unsigned char>(body[p]))) ++p;
    if (p < body.size() && body[p] == ':') {
      ++p;
      while (p < body.size() && std::isspace(static_cast<unsigned char>(body[p]))) ++p;
      return p;
    }
  }
  return std::string_view::npos;
}

bool Contains(std::string_view s, std::string_view what) {
  return Find(s, what) != std::string_view::npos;
}

}  // namespace

double CapacityUnits(std::string_view body) {
  double sum = 0;
  for (std::size_t p = ValueOf(body, "\"CapacityUnits\""); p != std::string_view::npos;
       p = ValueOf(body, "\"CapacityUnits\"", p)) {
    sum += std::strtod(body.data() + p, nullptr);  // the body ends in '}': strtod stops there
  }
  return sum;
}

Failure CheckResponse(unsigned status, std::string_view body, Expect expect, std::string* what) {
  if (status == 200) {
    if (body.empty() || body.front() != '{' || body.back() != '}') {
      *what = "200 with a body that is not a JSON object";
      return Failure::kError;
    }
    if (expect == Expect::kItem && ValueOf(body, "\"Item\"") == std::string_view::npos) {
      *what = "GetItem answered 200 without an Item";
      return Failure::kError;
    }
    if (expect == Expect::kItems && ValueOf(body, "\"Items\"") == std::string_view::npos) {
      *what = "Query answered 200 without Items";
      return Failure::kError;
    }
    return Failure::kNone;
  }
  std::string_view type;
  if (std::size_t p = ValueOf(body, "\"__type\""); p != std::string_view::npos) {
    std::size_t end = body.find('"', p + 1);
    if (end != std::string_view::npos) type = body.substr(p + 1, end - p - 1);
  }
  *what = std::to_string(status) + " " + std::string(body.substr(0, 240));
  if (Contains(type, "ThrottlingException") || Contains(type, "ProvisionedThroughputExceeded") ||
      Contains(type, "RequestLimitExceeded")) {
    return Failure::kThrottled;
  }
  if (Contains(type, "TransactionConflict")) return Failure::kConflict;
  if (Contains(type, "TransactionCanceled")) {
    if (Contains(body, "TransactionConflict")) return Failure::kConflict;
    if (Contains(body, "ThrottlingError") || Contains(body, "ProvisionedThroughputExceeded")) {
      return Failure::kThrottled;
    }
  }
  return Failure::kError;
}

struct Conn {
  Conn(asio::io_context& ioc, int i, std::uint64_t salt) : socket(ioc), filler(salt, i), index(i) {}
  tcp::socket socket;
  beast::flat_buffer buffer;
  std::optional<http::response_parser<http::string_body>> parser;
  std::string scratch;  // a write's request with its fresh values
  SlotFiller filler;
  RunStats stats;
  std::vector<std::uint64_t> uses;  // per pattern: calls so far (picks the next variant)
  std::size_t position = 0;         // in the schedule
  int index;
  bool dead = false;
  // The call in flight.
  std::size_t pattern = 0;
  const WireCall* call = nullptr;
  std::size_t step = 0;
  Clock::time_point start;
  double read_units = 0, write_units = 0;
};

struct HttpLoad::Impl {
  asio::io_context ioc;
  HttpLoadOptions options;
  const std::vector<WirePattern>* patterns = nullptr;
  const std::vector<std::uint16_t>* schedule = nullptr;
  tcp::resolver::results_type endpoints;
  std::vector<std::unique_ptr<Conn>> conns;
  Clock::time_point measure_from, deadline;

  void Next(Conn& c);
  void Send(Conn& c);
  void Receive(Conn& c);
  void OnResponse(Conn& c);
  void Broken(Conn& c, const std::string& what);
  bool Counting(const Conn& c) const { return c.start >= measure_from; }
};

void HttpLoad::Impl::Next(Conn& c) {
  Clock::time_point now = Clock::now();
  if (c.dead || now >= deadline) return;  // this connection's loop ends: io_context drains
  c.pattern = (*schedule)[c.position++ % schedule->size()];
  const WirePattern& wp = (*patterns)[c.pattern];
  // A connection's writes move on to their next variant only once one succeeded: a job whose
  // close was throttled is closed again, not reopened.
  std::uint64_t use = wp.per_connection ? c.uses[c.pattern] : c.uses[c.pattern]++;
  std::size_t v = VariantFor(wp.per_connection, wp.per_variants, c.index, use, options.connections);
  c.call = &wp.variants[v % wp.variants.size()];
  c.step = 0;
  c.start = now;
  c.read_units = c.write_units = 0;
  c.filler.NewCall(wp.ulid_groups);
  Send(c);
}

void HttpLoad::Impl::Send(Conn& c) {
  const WireRequest& r = (*c.call)[c.step];
  asio::const_buffer out;
  const bool sign = r.signing && options.signer != nullptr;
  if (r.slots.empty() && !sign) {
    out = asio::buffer(r.bytes);
  } else {
    c.scratch.assign(r.bytes);  // keeps its capacity: no allocation after the first call
    c.filler.Fill(c.scratch.data(), r.slots);
    if (sign) options.signer->Sign(c.scratch, *r.signing);  // over the fresh values
    out = asio::buffer(c.scratch);
  }
  asio::async_write(c.socket, out, [this, &c](const boost::system::error_code& ec, std::size_t) {
    if (ec) return Broken(c, "write: " + ec.message());
    Receive(c);
  });
}

void HttpLoad::Impl::Receive(Conn& c) {
  c.parser.emplace();
  c.parser->body_limit(64 << 20);
  http::async_read(c.socket, c.buffer, *c.parser,
                   [this, &c](const boost::system::error_code& ec, std::size_t) {
                     if (ec) return Broken(c, "read: " + ec.message());
                     OnResponse(c);
                   });
}

void HttpLoad::Impl::OnResponse(Conn& c) {
  auto& res = c.parser->get();
  PatternStats& ps = c.stats.patterns[c.pattern];
  const WireRequest& r = (*c.call)[c.step];
  bool counting = Counting(c);
  if (counting) ++ps.requests;
  std::string what;
  unsigned status = res.result_int();
  Failure f = options.trivial ? (status == 200 ? Failure::kNone : Failure::kError)
                              : CheckResponse(status, res.body(), r.expect, &what);
  if (f == Failure::kError && what.empty()) what = "status " + std::to_string(status);
  if (f != Failure::kNone) {
    if (counting) ps.Count(f, what);
  } else if (!options.trivial) {
    double cu = CapacityUnits(res.body());
    (r.is_read ? c.read_units : c.write_units) += cu;
  }
  if (!res.keep_alive()) {
    boost::system::error_code ignored;
    c.socket.close(ignored);
    c.buffer.clear();
    asio::connect(c.socket, endpoints, ignored);
    if (ignored) {
      c.dead = true;
      if (counting) ps.Count(Failure::kError, "reconnect: " + ignored.message());
      return;
    }
  }
  if (f != Failure::kNone) return Next(c);  // the call failed: the loop goes on
  if (++c.step < c.call->size()) return Send(c);
  if ((*patterns)[c.pattern].per_connection) ++c.uses[c.pattern];
  Clock::time_point end = Clock::now();
  if (counting && end <= deadline) {
    ++ps.ok;
    ps.latency.Record(static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(end - c.start).count()));
    ps.read_units += c.read_units;
    ps.write_units += c.write_units;
  }
  Next(c);
}

void HttpLoad::Impl::Broken(Conn& c, const std::string& what) {
  if (Counting(c)) c.stats.patterns[c.pattern].Count(Failure::kError, what);
  boost::system::error_code ec;
  c.socket.close(ec);
  c.buffer.clear();
  asio::connect(c.socket, endpoints, ec);
  if (ec) {
    c.dead = true;  // counted above; the run reports it
    return;
  }
  Next(c);
}

HttpLoad::HttpLoad(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
HttpLoad::~HttpLoad() = default;

std::unique_ptr<HttpLoad> HttpLoad::Connect(const HttpLoadOptions& options,
                                            const std::vector<WirePattern>& patterns,
                                            const std::vector<std::uint16_t>& schedule,
                                            std::string* error) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->patterns = &patterns;
  impl->schedule = &schedule;
  boost::system::error_code ec;
  tcp::resolver resolver(impl->ioc);
  impl->endpoints = resolver.resolve(options.host, options.port, ec);
  if (ec) {
    *error = "resolve " + options.host + ":" + options.port + ": " + ec.message();
    return nullptr;
  }
  std::uint64_t salt = std::random_device{}() ^ (std::uint64_t{std::random_device{}()} << 32);
  for (int i = 0; i < options.connections; ++i) {
    auto c = std::make_unique<Conn>(impl->ioc, i, salt);
    asio::connect(c->socket, impl->endpoints, ec);
    if (ec) {
      *error = "connect " + options.host + ":" + options.port + ": " + ec.message();
      return nullptr;
    }
    c->socket.set_option(tcp::no_delay(true));
    c->uses.assign(patterns.size(), 0);
    c->position = static_cast<std::size_t>(i) * 61;  // different places in the schedule
    c->scratch.reserve(16 << 10);
    // Beast reads max(512, free capacity) at a time, and the parser moves each chunk's body
    // out, so a buffer that starts small stays at 512 bytes: a 2 KB answer took four recv
    // calls. Room for a large page makes it one.
    c->buffer.reserve(64 << 10);
    impl->conns.push_back(std::move(c));
  }
  return std::unique_ptr<HttpLoad>(new HttpLoad(std::move(impl)));
}

double ProcessCpuSeconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields after the command name, which is in parentheses and may hold spaces: state is
  // field 3, utime and stime are fields 14 and 15 (proc(5)).
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 1));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int n = 3; n <= 15 && fields >> field; ++n) {
    if (n == 14) utime = std::strtoull(field.c_str(), nullptr, 10);
    if (n == 15) stime = std::strtoull(field.c_str(), nullptr, 10);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

RunStats HttpLoad::Run(std::chrono::duration<double> warmup,
                       std::chrono::duration<double> duration) {
  Impl& m = *impl_;
  auto cpu = [] {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
  };
  double cpu0 = cpu();
  const int pid = m.options.server_pid;
  const double server0 = pid > 0 ? ProcessCpuSeconds(pid) : 0;
  Clock::time_point t0 = Clock::now();
  m.measure_from = t0 + std::chrono::duration_cast<Clock::duration>(warmup);
  m.deadline = m.measure_from + std::chrono::duration_cast<Clock::duration>(duration);
  for (auto& c : m.conns) {
    c->stats = RunStats{};
    c->stats.patterns.resize(m.patterns->size());
    asio::post(m.ioc, [&m, conn = c.get()] { m.Next(*conn); });
  }
  m.ioc.restart();
  std::vector<std::thread> extra;
  for (int t = 1; t < m.options.threads; ++t) extra.emplace_back([&m] { m.ioc.run(); });
  m.ioc.run();
  for (auto& t : extra) t.join();
  RunStats out;
  out.patterns.resize(m.patterns->size());
  for (auto& c : m.conns) out.Merge(c->stats);
  out.seconds = duration.count();
  // Over the warm-up too: the share of a core is taken over warm-up + window.
  const double window_share = duration.count() / (duration + warmup).count();
  out.generator_cpu_s = (cpu() - cpu0) * window_share;
  if (pid > 0) out.server_cpu_s = (ProcessCpuSeconds(pid) - server0) * window_share;
  return out;
}

}  // namespace hrbench
