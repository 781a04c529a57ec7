// A ddb-local child process for the tools, benchmarks and tests that need a real server, on a
// port the server picks itself (-port 0) and prints in its start-up banner ("Port:\t<n>"), so
// there is no free-port race and no polling. `args` say the rest: "-inMemory", or a data
// directory and flags. The child dies with its parent (PR_SET_PDEATHSIG) and is killed when
// this object goes: what it committed is on disk already (or was in memory by choice).
#pragma once

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::tools {

class LocalServerProcess {
 public:
  LocalServerProcess(const std::string& binary, std::vector<std::string> args) {
    int out[2];
    if (::pipe(out) != 0) return;
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
  ~LocalServerProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (stdout_ != nullptr) std::fclose(stdout_);
  }
  LocalServerProcess(const LocalServerProcess&) = delete;
  LocalServerProcess& operator=(const LocalServerProcess&) = delete;

  bool started() const { return port_ > 0; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  FILE* stdout_ = nullptr;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::tools
