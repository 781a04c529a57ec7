// A deliberately dumb HTTP/1.1 client over a plain POSIX socket, for the server tests: it
// sends exactly the bytes a test writes and parses replies itself, so the tests exercise the
// server's HTTP handling rather than a shared library's. Every read times out (5 s) so that a
// server bug fails a test instead of hanging it.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::testing {

struct RawResponse {
  int status = 0;
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;

  std::string Header(std::string name) const {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
};

inline constexpr std::string_view kTestAuthorization =
    "AWS4-HMAC-SHA256 Credential=AKIDTEST/20240101/eu-west-1/dynamodb/aws4_request, "
    "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0123abcd";

// A DynamoDB call as an SDK sends it (minus a real signature).
inline std::string DynamoRequest(std::string_view operation, std::string_view body,
                                 std::string_view extra_headers = "",
                                 std::string_view authorization = kTestAuthorization) {
  std::string r = "POST / HTTP/1.1\r\nHost: localhost\r\n";
  r += "Content-Type: application/x-amz-json-1.0\r\n";
  r += "X-Amz-Target: DynamoDB_20120810.";
  r += operation;
  r += "\r\nX-Amz-Date: 20240101T000000Z\r\n";
  if (!authorization.empty()) {
    r += "Authorization: ";
    r += authorization;
    r += "\r\n";
  }
  r += extra_headers;
  r += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  r += body;
  return r;
}

class RawHttpClient {
 public:
  explicit RawHttpClient(std::uint16_t port) : RawHttpClient() { Connect(port); }
  // A socket not yet connected (so that a test can take a descriptor now and connect later).
  RawHttpClient() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    timeval tv{5, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  bool Connect(std::uint16_t port) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    return connected_;
  }
  ~RawHttpClient() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawHttpClient(const RawHttpClient&) = delete;
  RawHttpClient& operator=(const RawHttpClient&) = delete;

  bool connected() const { return connected_; }

  bool Send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }

  // Reads one response; nullopt on timeout, reset or a close before a whole response.
  // `head`: the reply to a HEAD request (Content-Length without a body).
  std::optional<RawResponse> Read(bool head = false) {
    std::size_t header_end;
    while ((header_end = buffer_.find("\r\n\r\n")) == std::string::npos) {
      if (!Fill()) return std::nullopt;
    }
    RawResponse response;
    std::string_view head_text(buffer_.data(), header_end);
    const std::size_t line_end = head_text.find("\r\n");
    const std::string_view status_line = head_text.substr(0, line_end);
    if (status_line.substr(0, 9) != "HTTP/1.1 " && status_line.substr(0, 9) != "HTTP/1.0 ") {
      return std::nullopt;
    }
    response.status = std::stoi(std::string(status_line.substr(9, 3)));
    std::string_view rest =
        line_end == std::string_view::npos ? std::string_view{} : head_text.substr(line_end + 2);
    while (!rest.empty()) {
      const std::size_t eol = rest.find("\r\n");
      std::string_view line = rest.substr(0, eol);
      rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 2);
      const std::size_t colon = line.find(':');
      if (colon == std::string_view::npos) continue;
      std::string name(line.substr(0, colon));
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      std::string_view value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      response.headers[name] = std::string(value);
    }
    buffer_.erase(0, header_end + 4);
    if (response.status == 100) return response;
    const std::string content_length = response.Header("content-length");
    const std::size_t length =
        head || content_length.empty() ? 0 : static_cast<std::size_t>(std::stoull(content_length));
    while (buffer_.size() < length) {
      if (!Fill()) return std::nullopt;
    }
    response.body = buffer_.substr(0, length);
    buffer_.erase(0, length);
    return response;
  }

  // True when the server has closed the connection (and sent nothing more); false when it
  // sends more or stays silent (read timeout).
  bool PeerClosed() {
    if (!buffer_.empty()) return false;
    char byte;
    const ssize_t n = ::recv(fd_, &byte, 1, 0);
    return n == 0 || (n < 0 && errno == ECONNRESET);
  }

 private:
  bool Fill() {
    char chunk[64 * 1024];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return true;
  }

  int fd_ = -1;
  bool connected_ = false;
  std::string buffer_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::testing
