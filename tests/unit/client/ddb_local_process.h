// Starts build/tools/ddb-local in memory on a port it picks itself (-port 0) and stops it:
// the port is read from its start-up banner ("Port:\t<n>"), so there is no free-port race.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace ddbemu::client::testing {

class DdbLocalProcess {
 public:
  explicit DdbLocalProcess(std::vector<std::string> extra_args = {}) {
    int out[2];
    if (::pipe(out) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], STDOUT_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      std::vector<std::string> args = {DDB_LOCAL_BIN, "-inMemory", "-port", "0"};
      args.insert(args.end(), extra_args.begin(), extra_args.end());
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    // The banner is printed once the port is bound; EOF first means it failed to start.
    FILE* in = ::fdopen(out[0], "r");
    char line[512];
    while (std::fgets(line, sizeof line, in) != nullptr) {
      const std::string l(line);
      if (l.rfind("Port:\t", 0) == 0) port_ = std::stoi(l.substr(6));
      if (l.rfind("Listening:", 0) == 0) break;
    }
    stdout_ = in;  // kept open so that the server never writes to a closed pipe
  }
  ~DdbLocalProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (stdout_ != nullptr) std::fclose(stdout_);
  }
  DdbLocalProcess(const DdbLocalProcess&) = delete;
  DdbLocalProcess& operator=(const DdbLocalProcess&) = delete;

  bool started() const { return port_ > 0; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  FILE* stdout_ = nullptr;
};

}  // namespace ddbemu::client::testing
