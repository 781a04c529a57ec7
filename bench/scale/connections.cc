// Many connections at once (scale_bench.h, MeasureConnections): a load generator on raw
// sockets and one epoll loop, so that a thousand connections cost the client a thousand
// descriptors and buffers, not a thousand threads. Each connection is HTTP/1.1 keep-alive with
// at most one request outstanding, as an SDK's pooled connection is.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fcntl.h>

#include <cerrno>
#include <cstring>
#include <random>

#include "scale_bench.h"

namespace scale {
namespace {

// Signatures are not verified by either server by default; the credential scope still names
// the account (the same as HttpClient's, so -sharedDb or not, the same tables).
constexpr const char* kConnectionAuth =
    "AWS4-HMAC-SHA256 Credential=AKIDSCALE/20260101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host, Signature=0";

std::string GetItemHttpRequest(int port, std::int64_t employee) {
  const std::string body = std::string(R"({"TableName":")") + kTable +
                           R"(","Key":{"PK":{"S":"ORG#)" + OrgId(employee) +
                           R"("},"SK":{"S":"EMP#)" + EmpId(employee) + R"("}}})";
  return "POST / HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nContent-Type: application/x-amz-json-1.0\r\n"
         "X-Amz-Target: DynamoDB_20120810.GetItem\r\nX-Amz-Date: 20260101T000000Z\r\n"
         "Authorization: " +
         kConnectionAuth + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

int PortOf(const std::string& url) { return std::atoi(url.substr(url.rfind(':') + 1).c_str()); }

// One HTTP response parsed off the front of `in`: 0 while incomplete, else its length, with
// `status` and whether the body holds an item.
std::size_t CompleteResponse(const std::string& in, int& status, bool& has_item, bool& throttled) {
  const std::size_t head_end = in.find("\r\n\r\n");
  if (head_end == std::string::npos || in.size() < 12) return 0;
  status = std::atoi(in.c_str() + 9);
  std::string head = in.substr(0, head_end);
  for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::size_t end = 0;
  if (const std::size_t at = head.find("\r\ncontent-length:"); at != std::string::npos) {
    end = head_end + 4 + std::strtoull(head.c_str() + at + 17, nullptr, 10);
    if (in.size() < end) return 0;
  } else if (head.find("transfer-encoding: chunked") != std::string::npos) {
    const std::size_t last = in.find("\r\n0\r\n\r\n", head_end);  // the last chunk, no trailers
    if (last == std::string::npos) return 0;
    end = last + 7;
  } else {
    end = head_end + 4;
  }
  throttled = status == 400 && (in.find("ThrottlingException", head_end) < end ||
                                in.find("ProvisionedThroughputExceeded", head_end) < end);
  has_item = in.compare(head_end + 4, 8, R"({"Item")") == 0 || in.find(R"("Item")", head_end) < end;
  return end;
}

struct Connection {
  int fd = -1;
  std::string out, in;
  Clock::time_point sent_at;
  bool waiting = false;
  bool open = true;
};

int ConnectLoopback(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  return fd;
}

// The connections and the epoll loop driving them.
class ConnectionSwarm {
 public:
  ConnectionSwarm(int port, std::int64_t items)
      : port_(port), pick_(0, std::max<std::int64_t>(items, 1) - 1) {
    epoll_ = ::epoll_create1(0);
  }
  ~ConnectionSwarm() {
    for (Connection& c : connections_)
      if (c.fd >= 0) ::close(c.fd);
    ::close(epoll_);
  }

  // Opens `n` connections; returns how many opened.
  int Open(int n) {
    connections_.resize(static_cast<std::size_t>(n));
    int opened = 0;
    for (std::size_t i = 0; i < connections_.size(); ++i) {
      Connection& c = connections_[i];
      c.fd = ConnectLoopback(port_);
      if (c.fd < 0) {
        c.open = false;
        continue;
      }
      epoll_event event{};
      event.events = EPOLLIN;
      event.data.u64 = i;
      ::epoll_ctl(epoll_, EPOLL_CTL_ADD, c.fd, &event);
      ++opened;
    }
    return opened;
  }

  // Sends GetItems until `stop`, then waits (up to `grace`) for the outstanding answers: one
  // request per connection when `once`, else a new one as each answer comes.
  void Run(bool once, Clock::time_point stop, std::chrono::seconds grace) {
    for (std::size_t i = 0; i < connections_.size(); ++i) Send(i);
    const Clock::time_point give_up = stop + grace;
    std::vector<epoll_event> events(256);
    while (Outstanding() > 0 && Clock::now() < give_up) {
      const int n = ::epoll_wait(epoll_, events.data(), static_cast<int>(events.size()), 100);
      for (int e = 0; e < n; ++e) {
        const std::size_t i = events[static_cast<std::size_t>(e)].data.u64;
        if (Receive(i) && !once && Clock::now() < stop) Send(i);
      }
    }
    unanswered_ += Outstanding();
  }

  // Connections the server has not closed: none readable (an EOF or a reset would be).
  int StillOpen() const {
    int open = 0;
    for (const Connection& c : connections_) {
      if (!c.open) continue;
      pollfd p{c.fd, POLLIN, 0};
      if (::poll(&p, 1, 0) == 0) ++open;
    }
    return open;
  }

  Latencies& latencies() { return latencies_; }
  std::int64_t answered() const { return answered_; }
  std::int64_t errors() const { return errors_ + unanswered_; }
  std::int64_t closed() const { return closed_; }
  std::int64_t throttled() const { return throttled_; }

 private:
  int Outstanding() const {
    int n = 0;
    for (const Connection& c : connections_) n += c.open && c.waiting ? 1 : 0;
    return n;
  }

  void Send(std::size_t i) {
    Connection& c = connections_[i];
    if (!c.open) return;
    c.out = GetItemHttpRequest(port_, pick_(rng_));
    c.sent_at = Clock::now();
    c.waiting = true;
    std::size_t sent = 0;
    while (sent < c.out.size()) {
      const ssize_t n = ::send(c.fd, c.out.data() + sent, c.out.size() - sent, MSG_NOSIGNAL);
      if (n > 0) {
        sent += static_cast<std::size_t>(n);
      } else if (n < 0 && errno == EAGAIN) {
        pollfd p{c.fd, POLLOUT, 0};
        ::poll(&p, 1, 1000);  // a request of 300 bytes: the send buffer frees at once
      } else {
        Close(c);
        return;
      }
    }
  }

  // Reads what arrived; true when a whole answer did.
  bool Receive(std::size_t i) {
    Connection& c = connections_[i];
    char buffer[16384];
    for (;;) {
      const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
      if (n > 0) {
        c.in.append(buffer, static_cast<std::size_t>(n));
        continue;
      }
      if (n == 0 || errno != EAGAIN) {
        Close(c);
        return false;
      }
      break;
    }
    int status = 0;
    bool has_item = false, throttled = false;
    const std::size_t length = CompleteResponse(c.in, status, has_item, throttled);
    if (length == 0) return false;
    c.in.erase(0, length);
    c.waiting = false;
    latencies_.micros.push_back(SecondsSince(c.sent_at) * 1e6);
    if (status == 200 && has_item) {
      ++answered_;
    } else if (throttled) {
      ++throttled_;  // the service's answer to a burst (throttling is on by default): no error
    } else {
      ++errors_;
    }
    return true;
  }

  void Close(Connection& c) {
    if (c.waiting) ++errors_;
    c.waiting = false;
    c.open = false;
    ::epoll_ctl(epoll_, EPOLL_CTL_DEL, c.fd, nullptr);
    ++closed_;
  }

  int port_;
  int epoll_ = -1;
  std::vector<Connection> connections_;
  std::mt19937_64 rng_{7};
  std::uniform_int_distribution<std::int64_t> pick_;
  Latencies latencies_;
  std::int64_t answered_ = 0, errors_ = 0, throttled_ = 0, unanswered_ = 0, closed_ = 0;
};

}  // namespace

Figures MeasureConnections(const Endpoint& server, const ConnectionOptions& options) {
  Figures f;
  f.Add("connections", options.connections);
  f.Add("server_soft_descriptor_limit", static_cast<double>(SoftDescriptorLimitOf(server.pid())));
  {
    ConnectionSwarm idle(PortOf(server.url()), options.items);
    f.Add("idle_opened", idle.Open(options.connections));
    // One GetItem on each, so each is an HTTP connection the server has parsed and keeps.
    idle.Run(true, Clock::now(), std::chrono::seconds(30));
    f.Add("idle_first_answers", static_cast<double>(idle.answered()));
    AddMemory(f, "idle_", server.pid());
    const ReadFigures probe =
        Reads([&] { return HttpClient(server.url()); }, options.items, 1, options.idle_probe_reads);
    f.Add("idle_probe_get_p50_us", probe.get_p50);
    f.Add("idle_probe_get_p99_us", probe.get_p99);
    f.Add("idle_still_open", idle.StillOpen());
  }
  ConnectionSwarm busy(PortOf(server.url()), options.items);
  f.Add("busy_opened", busy.Open(options.connections));
  const auto start = Clock::now();
  busy.Run(false,
           start + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(options.busy_seconds)),
           std::chrono::seconds(30));
  const double elapsed = SecondsSince(start);
  AddMemory(f, "busy_", server.pid());
  Latencies& l = busy.latencies();
  f.Add("busy_calls_per_s", static_cast<double>(busy.answered()) / elapsed);
  f.Add("busy_get_p50_us", l.Quantile(0.5));
  f.Add("busy_get_p99_us", l.Quantile(0.99));
  f.Add("busy_get_p999_us", l.Quantile(0.999));
  f.Add("busy_answered", static_cast<double>(busy.answered()));
  f.Add("busy_throttled", static_cast<double>(busy.throttled()));
  f.Add("busy_errors", static_cast<double>(busy.errors()));
  f.Add("busy_closed_by_server", static_cast<double>(busy.closed()));
  return f;
}

}  // namespace scale
