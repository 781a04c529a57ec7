// keepalive_load: a closed-loop HTTP/1.1 keep-alive load generator for the speed figures of
// the server (issue 11 point 4), and the trivial server they are compared with.
//
//   build/bench/keepalive_load serve PORT [THREADS]
//       A trivial Beast keep-alive server: every POST gets a fixed small JSON reply, on one
//       io_context per thread (the same architecture as ddb-local, doing no work).
//   build/bench/keepalive_load run PORT CONNECTIONS SECONDS BODIES_FILE
//       CONNECTIONS threads, one keep-alive connection each, each sending the next request
//       as soon as the previous reply is read. BODIES_FILE holds one request per line:
//       "<Operation><TAB><JSON body>"; connection i starts at line i and walks the file.
//       Prints requests/s, non-200 replies and p50/p90/p99/p99.9 latency.
//
// It uses plain blocking sockets on the client side so that the client's own cost per
// request is small and constant (a write and one or two reads).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// ---- the trivial server ------------------------------------------------------------------

class TrivialSession : public std::enable_shared_from_this<TrivialSession> {
 public:
  explicit TrivialSession(tcp::socket socket) : stream_(std::move(socket)) {}
  void Read() {
    request_ = {};
    http::async_read(stream_, buffer_, request_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (ec) return;
                       self->Write();
                     });
  }

 private:
  void Write() {
    response_ = {};
    response_.version(request_.version());
    response_.result(http::status::ok);
    response_.set(http::field::content_type, "application/x-amz-json-1.0");
    response_.body() = R"({"Item":{"pk":{"S":"k1"},"name":{"S":"Ada Lovelace"}}})";
    response_.prepare_payload();
    response_.keep_alive(request_.keep_alive());
    http::async_write(stream_, response_,
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        if (ec) return;
                        self->Read();
                      });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  http::response<http::string_body> response_;
};

int Serve(unsigned short port, unsigned threads) {
  std::vector<std::unique_ptr<asio::io_context>> ios;
  for (unsigned i = 0; i < threads; ++i) ios.push_back(std::make_unique<asio::io_context>(1));
  tcp::acceptor acceptor(*ios[0], tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  std::size_t next = 0;
  std::function<void()> accept = [&] {
    acceptor.async_accept(ios[next++ % ios.size()]->get_executor(),
                          [&](beast::error_code ec, tcp::socket socket) {
                            if (!ec) {
                              socket.set_option(tcp::no_delay(true));
                              std::make_shared<TrivialSession>(std::move(socket))->Read();
                            }
                            accept();
                          });
  };
  accept();
  std::vector<std::thread> pool;
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> guards;
  for (auto& io : ios) guards.push_back(asio::make_work_guard(*io));
  for (auto& io : ios) pool.emplace_back([&io] { io->run(); });
  for (auto& t : pool) t.join();
  return 0;
}

// ---- the load generator --------------------------------------------------------------------

struct Request {
  std::string bytes;  // the whole HTTP request
};

std::vector<Request> LoadRequests(const char* path) {
  std::ifstream in(path);
  std::vector<Request> out;
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const std::string op = line.substr(0, tab), body = line.substr(tab + 1);
    std::string r = "POST / HTTP/1.1\r\nHost: localhost\r\n";
    r += "Content-Type: application/x-amz-json-1.0\r\n";
    r += "X-Amz-Target: DynamoDB_20120810." + op + "\r\n";
    r += "Authorization: AWS4-HMAC-SHA256 Credential=AKIDLOAD/20260101/us-east-1/dynamodb/"
         "aws4_request, SignedHeaders=host;x-amz-date, Signature=0123456789abcdef\r\n";
    r += "X-Amz-Date: 20260101T000000Z\r\n";
    r += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    out.push_back({std::move(r)});
  }
  return out;
}

int Connect(unsigned short port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    std::perror("connect");
    std::exit(1);
  }
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

// Reads one reply; returns its status, or -1 when the connection failed.
int ReadReply(int fd, std::string& buf) {
  std::size_t header_end;
  for (;;) {
    header_end = buf.find("\r\n\r\n");
    if (header_end != std::string::npos) break;
    char chunk[16384];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) return -1;
    buf.append(chunk, static_cast<std::size_t>(n));
  }
  const int status = std::atoi(buf.c_str() + 9);
  std::size_t length = 0;
  for (std::size_t p = buf.find("\r\n"); p < header_end; p = buf.find("\r\n", p + 2)) {
    if (strncasecmp(buf.c_str() + p + 2, "content-length:", 15) == 0) {
      length = std::strtoul(buf.c_str() + p + 17, nullptr, 10);
      break;
    }
  }
  const std::size_t total = header_end + 4 + length;
  while (buf.size() < total) {
    char chunk[16384];
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) return -1;
    buf.append(chunk, static_cast<std::size_t>(n));
  }
  if (status != 200) {
    static std::atomic<bool> shown{false};  // the first failure's body, for diagnosis
    if (!shown.exchange(true)) {
      std::fprintf(stderr, "first non-200 reply: %.*s\n", static_cast<int>(length),
                   buf.c_str() + header_end + 4);
    }
  }
  buf.erase(0, total);
  return status;
}

int Run(unsigned short port, int connections, double seconds, const char* bodies) {
  const std::vector<Request> requests = LoadRequests(bodies);
  if (requests.empty()) {
    std::fprintf(stderr, "no requests in %s\n", bodies);
    return 1;
  }
  std::atomic<bool> stop{false};
  std::vector<std::vector<std::uint32_t>> latencies(connections);  // microseconds
  std::vector<std::uint64_t> errors(connections, 0);
  std::vector<std::thread> threads;
  for (int c = 0; c < connections; ++c) {
    threads.emplace_back([&, c] {
      const int fd = Connect(port);
      std::string buf;
      std::size_t next = static_cast<std::size_t>(c);
      auto& mine = latencies[c];
      mine.reserve(1 << 20);
      while (!stop.load(std::memory_order_relaxed)) {
        const std::string& r = requests[next++ % requests.size()].bytes;
        const auto t0 = std::chrono::steady_clock::now();
        if (::write(fd, r.data(), r.size()) != static_cast<ssize_t>(r.size())) break;
        const int status = ReadReply(fd, buf);
        if (status < 0) break;
        if (status != 200) ++errors[c];
        mine.push_back(
            static_cast<std::uint32_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                           std::chrono::steady_clock::now() - t0)
                                           .count()));
      }
      ::close(fd);
    });
  }
  const auto start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));  // the run's duration
  stop = true;
  for (auto& t : threads) t.join();
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::uint32_t> all;
  std::uint64_t errs = 0;
  for (int c = 0; c < connections; ++c) {
    all.insert(all.end(), latencies[c].begin(), latencies[c].end());
    errs += errors[c];
  }
  std::sort(all.begin(), all.end());
  auto pct = [&](double p) {
    return all.empty() ? 0u
                       : all[std::min(all.size() - 1, static_cast<std::size_t>(p * all.size()))];
  };
  std::printf("requests %zu  req/s %.0f  non-200 %llu  p50 %uus p90 %uus p99 %uus p99.9 %uus\n",
              all.size(), all.size() / elapsed, static_cast<unsigned long long>(errs), pct(0.5),
              pct(0.9), pct(0.99), pct(0.999));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && std::strcmp(argv[1], "serve") == 0) {
    return Serve(static_cast<unsigned short>(std::atoi(argv[2])),
                 argc > 3 ? static_cast<unsigned>(std::atoi(argv[3]))
                          : std::max(1u, std::thread::hardware_concurrency()));
  }
  if (argc == 6 && std::strcmp(argv[1], "run") == 0) {
    return Run(static_cast<unsigned short>(std::atoi(argv[2])), std::atoi(argv[3]),
               std::atof(argv[4]), argv[5]);
  }
  std::fprintf(stderr,
               "usage: keepalive_load serve PORT [THREADS]\n"
               "       keepalive_load run PORT CONNECTIONS SECONDS BODIES_FILE\n");
  return 2;
}
