// https: the transport verifies the server's certificate against the trust store plus
// `ca_file` and checks that it names the endpoint's host. The server is a small Asio TLS
// server with a self-signed certificate for "localhost" (testdata/tls_test_cert.pem, made with
// `openssl req -x509 -newkey rsa:2048 -nodes -days 36500 -subj /CN=localhost
// -addext subjectAltName=DNS:localhost`).
#include <gtest/gtest.h>
#include <sys/socket.h>

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <thread>

#include "http_client/transport/http_transport.h"
#include "value/digests.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace https_transport_test {

namespace asio = boost::asio;
namespace http = boost::beast::http;
namespace ssl = boost::asio::ssl;
using tcp = asio::ip::tcp;

constexpr std::string_view kBody = R"({"TableNames":[]})";

class TlsServer {
 public:
  TlsServer() : acceptor_(ioc_, tcp::endpoint(asio::ip::address_v4::loopback(), 0)) {
    ctx_.use_certificate_chain_file(DDBEMU_CLIENT_TESTDATA "/tls_test_cert.pem");
    ctx_.use_private_key_file(DDBEMU_CLIENT_TESTDATA "/tls_test_key.pem", ssl::context::pem);
    thread_ = std::thread([this] { Serve(); });
  }
  ~TlsServer() {
    ::shutdown(acceptor_.native_handle(), SHUT_RDWR);  // wakes the blocked accept
    thread_.join();
  }
  int port() const { return acceptor_.local_endpoint().port(); }
  int requests() const { return requests_; }
  int handshakes() const { return handshakes_; }

 private:
  void Serve() {
    for (;;) {
      boost::system::error_code ec;
      tcp::socket socket(ioc_);
      acceptor_.accept(socket, ec);
      if (ec) return;
      ssl::stream<tcp::socket> stream(std::move(socket), ctx_);
      stream.handshake(ssl::stream_base::server, ec);
      if (ec) continue;  // the client refused our certificate
      ++handshakes_;
      boost::beast::flat_buffer buffer;
      for (;;) {
        http::request<http::string_body> request;
        http::read(stream, buffer, request, ec);
        if (ec) break;
        ++requests_;
        http::response<http::string_body> response{http::status::ok, 11};
        response.set("x-amz-crc32", std::to_string(Crc32(kBody)));
        response.body() = std::string(kBody);
        response.prepare_payload();
        http::write(stream, response, ec);
        if (ec) break;
      }
    }
  }

  asio::io_context ioc_;
  ssl::context ctx_{ssl::context::tls_server};
  tcp::acceptor acceptor_;
  std::atomic<int> requests_{0};
  std::atomic<int> handshakes_{0};
  std::thread thread_;
};

std::unique_ptr<HttpTransport> Connect(const std::string& url, std::string ca_file) {
  HttpTransportOptions o;
  o.endpoint = url;
  o.region = "us-east-1";
  o.credentials = Credentials{"AKID", "secret", ""};
  o.ca_file = std::move(ca_file);
  o.retry.max_attempts = 1;
  auto t = HttpTransport::Create(std::move(o));
  EXPECT_TRUE(t.ok()) << t.error().message();
  return std::move(*t);
}

TEST(HttpsTransportTest, TrustedCertificateForTheHostWorksOverOneConnection) {
  TlsServer server;
  auto t = Connect("https://localhost:" + std::to_string(server.port()),
                   DDBEMU_CLIENT_TESTDATA "/tls_test_cert.pem");
  for (int i = 0; i < 3; ++i) {
    const auto r = t->Call("ListTables", "{}");
    ASSERT_TRUE(r.ok()) << r.error().message();
    EXPECT_EQ(*r, kBody);
  }
  EXPECT_EQ(server.requests(), 3);
  EXPECT_EQ(server.handshakes(), 1);
  EXPECT_EQ(t->connections_opened(), 1u);
}

TEST(HttpsTransportTest, UntrustedCertificateIsRefused) {
  TlsServer server;
  auto t = Connect("https://localhost:" + std::to_string(server.port()), "");
  const auto r = t->Call("ListTables", "{}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kTransport);
  EXPECT_NE(r.error().message().find("TLS handshake"), std::string::npos) << r.error().message();
  EXPECT_EQ(server.requests(), 0);
}

TEST(HttpsTransportTest, CertificateForAnotherNameIsRefused) {
  TlsServer server;  // its certificate names "localhost" only
  auto t = Connect("https://127.0.0.1:" + std::to_string(server.port()),
                   DDBEMU_CLIENT_TESTDATA "/tls_test_cert.pem");
  const auto r = t->Call("ListTables", "{}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kTransport);
  EXPECT_EQ(server.requests(), 0);
}

TEST(HttpsTransportTest, UnreadableCaFileFailsAtCreate) {
  HttpTransportOptions o;
  o.endpoint = "https://localhost:1";
  o.region = "us-east-1";
  o.credentials = Credentials{"AKID", "secret", ""};
  o.ca_file = "/nonexistent/ca.pem";
  const auto t = HttpTransport::Create(std::move(o));
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().code(), ErrorCode::kValidation);
}

}  // namespace https_transport_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
