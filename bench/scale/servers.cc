// The servers scale_bench measures over HTTP (scale_bench.h): ddb-local, started as the tests
// start it (DdbLocalServer: -port 0, the port from its banner), and Amazon DynamoDB Local, the
// JVM reference (java -jar DynamoDBLocal.jar on a free port). Both are ready once they have
// answered a ListTables, so the start-up each reports is to its first answered request.
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>

#include "ddbemu/http_client.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "scale_bench.h"

namespace scale {
namespace {

// Waits until `url` answers a ListTables, or `give_up` passes, or `alive` says the process is
// gone; true when it answered.
bool AwaitFirstAnswer(const std::string& url, Clock::time_point give_up,
                      const std::function<bool()>& alive) {
  ddbemu::HttpClientOptions options = ClientOptions(url);
  options.connect_timeout = std::chrono::milliseconds(1000);
  options.max_attempts = 1;
  auto client = ddbemu::OpenHttpClient(std::move(options));
  if (!client.ok()) return false;
  while (Clock::now() < give_up && alive()) {
    if ((*client)->ListTables({}).ok()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));  // a poll of a port, not a sync
  }
  return false;
}

class DdbLocalEndpoint final : public Endpoint {
 public:
  DdbLocalEndpoint(const std::string& binary, std::vector<std::string> args) {
    const auto start = Clock::now();
    server_ = std::make_unique<ddbemu::testing::DdbLocalServer>(binary, std::move(args));
    if (!server_->started()) return;
    ready_ =
        AwaitFirstAnswer(server_->url(), start + std::chrono::seconds(60), [] { return true; });
    startup_ms_ = SecondsSince(start) * 1e3;
  }
  bool started() const override { return ready_; }
  int pid() const override { return server_->pid(); }
  std::string url() const override { return server_->url(); }

 private:
  std::unique_ptr<ddbemu::testing::DdbLocalServer> server_;
  bool ready_ = false;
};

// A port nobody listens on now (bound and released: DynamoDB Local cannot be told -port 0).
int FreeLoopbackPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
    port = ntohs(address.sin_port);
  ::close(fd);
  return port;
}

class DynamoDbLocalEndpoint final : public Endpoint {
 public:
  DynamoDbLocalEndpoint(const std::string& jar_dir, const std::string& data_dir) {
    port_ = FreeLoopbackPort();
    std::vector<std::string> args = {"java",  "-Djava.library.path=DynamoDBLocal_lib",
                                     "-jar",  "DynamoDBLocal.jar",
                                     "-port", std::to_string(port_)};
    if (data_dir.empty()) {
      args.emplace_back("-inMemory");
    } else {
      args.insert(args.end(), {"-sharedDb", "-dbPath", data_dir});
    }
    const auto start = Clock::now();
    pid_ = ::fork();
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      const int null = ::open("/dev/null", O_RDWR);
      ::dup2(null, STDIN_FILENO);
      ::dup2(null, STDOUT_FILENO);
      ::dup2(null, STDERR_FILENO);
      if (::chdir(jar_dir.c_str()) != 0) ::_exit(126);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execvp(argv[0], argv.data());
      ::_exit(127);
    }
    if (pid_ < 0) return;
    ready_ = AwaitFirstAnswer(url(), start + std::chrono::seconds(120),
                              [this] { return ::waitpid(pid_, nullptr, WNOHANG) == 0; });
    startup_ms_ = SecondsSince(start) * 1e3;
  }
  ~DynamoDbLocalEndpoint() override {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  bool started() const override { return ready_; }
  int pid() const override { return static_cast<int>(pid_); }
  std::string url() const override { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  bool ready_ = false;
};

// Lowers this process's soft descriptor limit for the life of the object, so that a server
// forked meanwhile starts where a default Linux login starts (1,024) and has to raise its own.
class ScopedSoftDescriptorLimit {
 public:
  explicit ScopedSoftDescriptorLimit(rlim_t soft) {
    if (::getrlimit(RLIMIT_NOFILE, &saved_) != 0) return;
    rlimit lowered = saved_;
    lowered.rlim_cur = std::min(soft, saved_.rlim_max);
    active_ = ::setrlimit(RLIMIT_NOFILE, &lowered) == 0;
  }
  ~ScopedSoftDescriptorLimit() {
    if (active_) ::setrlimit(RLIMIT_NOFILE, &saved_);
  }
  ScopedSoftDescriptorLimit(const ScopedSoftDescriptorLimit&) = delete;
  ScopedSoftDescriptorLimit& operator=(const ScopedSoftDescriptorLimit&) = delete;

 private:
  rlimit saved_{};
  bool active_ = false;
};

}  // namespace

const char* ServerName(ServerKind kind) {
  return kind == ServerKind::kDdbLocal ? "ddb_local" : "dynamodb_local";
}

std::unique_ptr<Endpoint> StartServer(ServerKind kind, const ServerPaths& paths,
                                      const std::string& data_dir, bool fast_writes) {
  const ScopedSoftDescriptorLimit login_default(1024);
  if (kind == ServerKind::kDynamoDbLocal)
    return std::make_unique<DynamoDbLocalEndpoint>(paths.dynamodb_local_dir, data_dir);
  std::vector<std::string> args;
  if (data_dir.empty()) {
    args = {"-inMemory"};
  } else {
    args = {"-dbPath", data_dir, "-sharedDb"};
  }
  if (fast_writes) args.insert(args.end(), {"--throttle", "off", "--durability", "none"});
  return std::make_unique<DdbLocalEndpoint>(paths.ddb_local, std::move(args));
}

std::string DataFile(ServerKind kind, const std::string& data_dir) {
  return (std::filesystem::path(data_dir) /
          (kind == ServerKind::kDdbLocal ? "data.mdb" : "shared-local-instance.db"))
      .string();
}

std::int64_t SoftDescriptorLimitOf(int pid) {
  std::ifstream limits("/proc/" + std::to_string(pid) + "/limits");
  for (std::string line; std::getline(limits, line);) {
    if (line.rfind("Max open files", 0) == 0) return std::atoll(line.c_str() + 26);
  }
  return -1;
}

std::int64_t RaiseOwnDescriptorLimit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
  if (limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
    ::getrlimit(RLIMIT_NOFILE, &limit);
  }
  return static_cast<std::int64_t>(limit.rlim_cur);
}

}  // namespace scale
