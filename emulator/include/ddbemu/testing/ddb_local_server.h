// A ddb-local server started as a child process, for tests and benchmarks that need a real
// endpoint: it listens on a port it picks itself (-port 0) and prints in its start-up banner
// ("Port:\t<n>"), so there is no free-port race and no polling. The child dies with its parent
// (PR_SET_PDEATHSIG) and is killed when the object goes: what it committed is on disk already,
// or was in memory by choice ("-inMemory").
//
//   ddbemu::testing::DdbLocalServer server(ddbemu::testing::DdbLocalBinary(),
//                                          {"-inMemory", "--virtual-clock"});
//   ASSERT_TRUE(server.started());
//   auto client = ddbemu::OpenHttpClient({.endpoint = server.url(), ...});
//   ASSERT_TRUE(server.AdvanceClock(std::chrono::seconds(1)));  // --virtual-clock only
//   server.Admin("POST", "/_ddblocal/ttl/sweep");              // any admin endpoint
//
// Linux only (fork, execv, prctl); header only, so it needs no library of its own.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {

// Where the ddb-local binary is: $DDB_LOCAL_BIN when set; else the one this build made (the
// in-tree ddbemu::gtest target defines DDBEMU_DDB_LOCAL_PATH); else the first `ddb-local` on
// PATH (the ddb-local package installs /usr/bin/ddb-local). Empty when there is none.
inline std::string DdbLocalBinary() {
  const auto executable = [](const std::string& path) { return ::access(path.c_str(), X_OK) == 0; };
  if (const char* env = std::getenv("DDB_LOCAL_BIN"); env != nullptr && *env != '\0') return env;
#ifdef DDBEMU_DDB_LOCAL_PATH
  if (executable(DDBEMU_DDB_LOCAL_PATH)) return DDBEMU_DDB_LOCAL_PATH;
#endif
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin";
  while (!dirs.empty()) {
    const std::size_t colon = dirs.find(':');
    const std::string_view dir = dirs.substr(0, colon);
    if (!dir.empty() && executable(std::string(dir) + "/ddb-local"))
      return std::string(dir) + "/ddb-local";
    dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
  }
  return {};
}

class DdbLocalServer {
 public:
  // Starts `binary` with `args` ("-inMemory", or a data directory, and flags); started() says
  // whether it came up.
  DdbLocalServer(const std::string& binary, std::vector<std::string> args) {
    int out[2];
    if (binary.empty() || ::pipe(out) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      ::dup2(out[1], STDOUT_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      args.insert(args.begin(), {binary, "-port", "0"});
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    if (pid_ < 0) {
      ::close(out[0]);
      return;
    }
    // The banner is printed once the port is bound; EOF first means the server did not start.
    FILE* in = ::fdopen(out[0], "r");
    char line[512];
    while (std::fgets(line, sizeof line, in) != nullptr) {
      const std::string l(line);
      if (l.rfind("Port:\t", 0) == 0) port_ = std::stoi(l.substr(6));
      if (l.rfind("Listening:", 0) == 0) break;
    }
    stdout_ = in;  // kept open so that the server never writes to a closed pipe
  }
  ~DdbLocalServer() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (stdout_ != nullptr) std::fclose(stdout_);
  }
  DdbLocalServer(const DdbLocalServer&) = delete;
  DdbLocalServer& operator=(const DdbLocalServer&) = delete;

  bool started() const { return port_ > 0; }
  // The server's process id (for its /proc entries: memory, descriptors); -1 when none.
  int pid() const { return static_cast<int>(pid_); }
  int port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

  // What an admin endpoint answered: the HTTP status (0 when nothing answered) and the body.
  struct AdminResponse {
    int status = 0;
    std::string body;
  };

  // Calls one of ddb-local's admin endpoints (docs/ddb-local.md), e.g.
  // Admin("POST", "/_ddblocal/clock/advance?us=1000") or Admin("GET", "/_ddblocal/clock").
  AdminResponse Admin(std::string_view method, std::string_view path_and_query) const {
    AdminResponse response;
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return response;
    const timeval timeout{5, 0};  // a server that hangs fails the caller instead of hanging it
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::string reply;
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) {
      std::string request(method);
      request += ' ';
      request.append(path_and_query);
      request += " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
      if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
          static_cast<ssize_t>(request.size())) {
        char buffer[4096];  // Connection: close, so the reply ends where the stream does
        for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) reply.append(buffer, n);
      }
    }
    ::close(fd);
    // "HTTP/1.1 200 OK\r\n...\r\n\r\n{body}"
    const std::size_t body = reply.find("\r\n\r\n");
    if (reply.size() < 12 || reply.compare(0, 5, "HTTP/") != 0 || body == std::string::npos)
      return response;
    response.status = std::atoi(reply.substr(9, 3).c_str());
    response.body = reply.substr(body + 4);
    return response;
  }

  // Moves a --virtual-clock server's clock forward; false when the server refused (a real
  // clock) or did not answer.
  bool AdvanceClock(std::chrono::microseconds delta) const {
    return Admin("POST", "/_ddblocal/clock/advance?us=" + std::to_string(delta.count())).status ==
           200;
  }

  // The server's clock, in microseconds since the epoch; -1 when it did not answer.
  std::int64_t ClockMicros() const {
    const AdminResponse r = Admin("GET", "/_ddblocal/clock");  // {"ClockMicros":N,"Virtual":..}
    const std::size_t at = r.body.find("\"ClockMicros\":");
    if (r.status != 200 || at == std::string::npos) return -1;
    return std::strtoll(r.body.c_str() + at + 14, nullptr, 10);
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  FILE* stdout_ = nullptr;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
