// A blocking HTTP/1.1 GET over a plain socket: one request, no keep-alive, no library. The
// server's GET / answer is AWS's ("healthy: dynamodb.<region>.amazonaws.com", status 200).
#include "health_check.h"

#include <netdb.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdio>
#include <string_view>

namespace ddblocal {
namespace {

struct Url {
  std::string host;
  std::string port = "80";
  std::string path = "/";
};

bool ParseUrl(std::string_view text, Url& url) {
  constexpr std::string_view kScheme = "http://";
  if (!text.starts_with(kScheme)) return false;
  text.remove_prefix(kScheme.size());
  const std::size_t slash = text.find('/');
  std::string_view authority = text.substr(0, slash);
  if (slash != std::string_view::npos) url.path = std::string(text.substr(slash));
  if (authority.starts_with('[')) {  // [::1]:8000
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return false;
    url.host = std::string(authority.substr(1, close - 1));
    authority.remove_prefix(close + 1);
    if (authority.starts_with(':')) url.port = std::string(authority.substr(1));
  } else {
    const std::size_t colon = authority.rfind(':');
    url.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) url.port = std::string(authority.substr(colon + 1));
  }
  return !url.host.empty() && !url.port.empty();
}

// A connected socket with five-second send and receive timeouts, or -1.
int Connect(const Url& url) {
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(url.host.c_str(), url.port.c_str(), &hints, &found) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    const timeval timeout{.tv_sec = 5, .tv_usec = 0};
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  return fd;
}

bool SendAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The whole answer (the server closes after it: Connection: close), at most 64 KiB.
std::string ReceiveAll(int fd) {
  std::string answer;
  char buffer[4096];
  while (answer.size() < 65536) {
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  return answer;
}

}  // namespace

int CheckHealth(const std::string& url_text) {
  Url url;
  if (!ParseUrl(url_text, url)) {
    std::fprintf(stderr, "ddb-local: --health: not an http:// URL: %s\n", url_text.c_str());
    return 1;
  }
  const int fd = Connect(url);
  if (fd < 0) {
    std::fprintf(stderr, "ddb-local: --health: cannot connect to %s:%s\n", url.host.c_str(),
                 url.port.c_str());
    return 1;
  }
  const std::string request = "GET " + url.path + " HTTP/1.1\r\nHost: " + url.host + ":" +
                              url.port + "\r\nConnection: close\r\n\r\n";
  const std::string answer = SendAll(fd, request) ? ReceiveAll(fd) : std::string();
  close(fd);
  const std::size_t body = answer.find("\r\n\r\n");
  const bool healthy = answer.starts_with("HTTP/1.1 200") && body != std::string::npos &&
                       std::string_view(answer).substr(body + 4).starts_with("healthy: ");
  if (!healthy) {
    const std::string status = answer.substr(0, answer.find("\r\n"));
    std::fprintf(stderr, "ddb-local: --health: %s answered %s\n", url_text.c_str(),
                 status.empty() ? "nothing" : ("'" + status + "'").c_str());
    return 1;
  }
  std::printf("%s\n", answer.c_str() + body + 4);
  return 0;
}

}  // namespace ddblocal
