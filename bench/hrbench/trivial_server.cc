// The trivial keep-alive server: async accept, then per connection read a request, write the
// fixed response, repeat.
#include "trivial_server.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

namespace hrbench {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

class Session : public std::enable_shared_from_this<Session> {
 public:
  explicit Session(tcp::socket socket) : socket_(std::move(socket)) {
    response_.result(http::status::ok);
    response_.set(http::field::content_type, "application/x-amz-json-1.0");
    response_.body() = R"({"TableNames":[]})";
    response_.prepare_payload();
  }
  void Read() {
    request_ = {};
    http::async_read(socket_, buffer_, request_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (ec) return;  // the client went away
                       self->Write();
                     });
  }

 private:
  void Write() {
    response_.keep_alive(request_.keep_alive());
    http::async_write(socket_, response_,
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        if (ec || !self->response_.keep_alive()) return;
                        self->Read();
                      });
  }
  tcp::socket socket_;
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
  http::response<http::string_body> response_;
};

void Accept(tcp::acceptor& acceptor) {
  acceptor.async_accept([&acceptor](beast::error_code ec, tcp::socket socket) {
    if (!ec) {
      socket.set_option(tcp::no_delay(true), ec);
      std::make_shared<Session>(std::move(socket))->Read();
    }
    Accept(acceptor);
  });
}

}  // namespace

int ListenLoopback(int port, int* bound_port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  socklen_t len = sizeof addr;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || listen(fd, 1024) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    close(fd);
    return -1;
  }
  *bound_port = ntohs(addr.sin_port);
  return fd;
}

int RunTrivialServer(int listen_fd, int threads) {
  asio::io_context ioc;
  tcp::acceptor acceptor(ioc);
  beast::error_code ec;
  acceptor.assign(tcp::v4(), listen_fd, ec);
  if (ec) {
    std::fprintf(stderr, "trivial server: %s\n", ec.message().c_str());
    return 1;
  }
  Accept(acceptor);
  std::vector<std::thread> extra;
  for (int t = 1; t < threads; ++t) extra.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& t : extra) t.join();
  return 0;
}

}  // namespace hrbench
