// A small HTTP/1.1 server for the transport's tests that answers each request with the next
// step of a script (the last step repeats): a reply (any status and body, with a right or
// wrong x-amz-crc32), a dropped connection, or no answer at all. It counts requests and
// connections and keeps the request headers, so tests assert exact attempts and reuse.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ddbemu/version.h"
#include "value/digests.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client::testing {

struct FaultStep {
  enum class Kind { kReply, kDrop, kHang };
  Kind kind = Kind::kReply;
  int status = 200;
  std::string body = "{}";
  bool bad_crc = false;
  bool close_after = false;  // reply, then close the connection (an idle timeout)

  static FaultStep Ok(std::string body = "{}") { return {Kind::kReply, 200, std::move(body)}; }
  static FaultStep Error(int status, const std::string& type, const std::string& message) {
    return {Kind::kReply, status, R"({"__type":")" + type + R"(","message":")" + message + R"("})"};
  }
  static FaultStep Throttle() {
    return Error(400, "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
                 "The level of configured provisioned throughput for the table was exceeded.");
  }
  static FaultStep Drop() { return {Kind::kDrop}; }
  static FaultStep Hang() { return {Kind::kHang}; }
  static FaultStep BadCrc(std::string body = "{}") {
    FaultStep s = Ok(std::move(body));
    s.bad_crc = true;
    return s;
  }
};

class FaultServer {
 public:
  explicit FaultServer(std::vector<FaultStep> script) : script_(std::move(script)) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::listen(listen_fd_, 64);
    socklen_t len = sizeof addr;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    acceptor_ = std::thread([this] { AcceptLoop(); });
  }

  ~FaultServer() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      for (int fd : open_fds_) ::shutdown(fd, SHUT_RDWR);
    }
    hang_.notify_all();
    ::shutdown(listen_fd_, SHUT_RDWR);
    ::close(listen_fd_);
    acceptor_.join();
    for (std::thread& t : workers_) t.join();
  }

  std::uint16_t port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int requests() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(requests_.size());
  }
  int connections() const {
    std::lock_guard lock(mutex_);
    return connections_;
  }
  int peak_connections() const {
    std::lock_guard lock(mutex_);
    return peak_;
  }
  // Headers (names lower-cased) of request `i`, in arrival order.
  std::map<std::string, std::string> request(int i) const {
    std::lock_guard lock(mutex_);
    return requests_.at(static_cast<std::size_t>(i));
  }

 private:
  void AcceptLoop() {
    for (;;) {
      const int fd = ::accept(listen_fd_, nullptr, nullptr);
      if (fd < 0) return;
      std::lock_guard lock(mutex_);
      if (stopping_) {
        ::close(fd);
        return;
      }
      open_fds_.push_back(fd);
      ++connections_;
      peak_ = std::max(peak_, static_cast<int>(open_fds_.size()));
      workers_.emplace_back([this, fd] { Serve(fd); });
    }
  }

  void Serve(int fd) {
    std::string buffer;
    for (;;) {
      std::map<std::string, std::string> headers;
      if (!ReadRequest(fd, buffer, headers)) break;
      FaultStep step;
      {
        std::lock_guard lock(mutex_);
        step = script_[std::min(requests_.size(), script_.size() - 1)];
        requests_.push_back(std::move(headers));
      }
      if (step.kind == FaultStep::Kind::kDrop) break;
      if (step.kind == FaultStep::Kind::kHang) {
        std::unique_lock lock(mutex_);
        hang_.wait(lock, [this] { return stopping_; });
        break;
      }
      std::uint32_t crc = Crc32(step.body);
      if (step.bad_crc) crc ^= 1;
      const std::string reply = "HTTP/1.1 " + std::to_string(step.status) +
                                " X\r\nContent-Type: application/x-amz-json-1.0\r\n"
                                "x-amz-crc32: " +
                                std::to_string(crc) +
                                "\r\nContent-Length: " + std::to_string(step.body.size()) +
                                "\r\n\r\n" + step.body;
      if (::send(fd, reply.data(), reply.size(), MSG_NOSIGNAL) < 0 || step.close_after) break;
    }
    std::lock_guard lock(mutex_);
    open_fds_.erase(std::find(open_fds_.begin(), open_fds_.end(), fd));
    ::close(fd);
  }

  // Reads one request (header and Content-Length body); false at EOF or error.
  static bool ReadRequest(int fd, std::string& buffer,
                          std::map<std::string, std::string>& headers) {
    std::size_t end;
    while ((end = buffer.find("\r\n\r\n")) == std::string::npos) {
      if (!Fill(fd, buffer)) return false;
    }
    std::size_t pos = buffer.find("\r\n") + 2;
    while (pos < end) {
      const std::size_t eol = buffer.find("\r\n", pos);
      const std::string line = buffer.substr(pos, eol - pos);
      const std::size_t colon = line.find(':');
      std::string name = line.substr(0, colon);
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
      pos = eol + 2;
    }
    const std::size_t length = std::stoul("0" + headers["content-length"]);
    while (buffer.size() < end + 4 + length) {
      if (!Fill(fd, buffer)) return false;
    }
    headers[":body"] = buffer.substr(end + 4, length);
    buffer.erase(0, end + 4 + length);
    return true;
  }

  static bool Fill(int fd, std::string& buffer) {
    char chunk[16384];
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    buffer.append(chunk, static_cast<std::size_t>(n));
    return true;
  }

  const std::vector<FaultStep> script_;
  int listen_fd_ = -1;
  std::uint16_t port_ = 0;
  std::thread acceptor_;
  mutable std::mutex mutex_;
  std::condition_variable hang_;
  bool stopping_ = false;
  std::vector<int> open_fds_;
  std::vector<std::thread> workers_;
  std::vector<std::map<std::string, std::string>> requests_;
  int connections_ = 0;
  int peak_ = 0;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client::testing
