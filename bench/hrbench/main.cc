// hrbench: the HR workload (docs/hr-schema.md) as a closed-loop load against a DynamoDB endpoint or
// the embedded database, with ratios against a second endpoint and a trivial HTTP server.
//
//   hrbench --endpoint http://127.0.0.1:8000 --vs http://127.0.0.1:8001 --vs-trivial
//   hrbench --embedded [--data-dir D] --mix read --connections 4
//   hrbench --endpoint URL --soak --server-pid PID --duration 180 --interval 10
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "cli.h"
#include "trivial_server.h"

int main(int argc, char** argv) {
  hrbench::Cli cli;
  std::string error;
  if (!hrbench::ParseCli(argc, argv, &cli, &error)) {
    std::fprintf(stderr, "hrbench: %s\n\n%s", error.c_str(), hrbench::Usage());
    return 2;
  }
  if (cli.help) {
    std::fputs(hrbench::Usage(), stdout);
    return 0;
  }
  if (cli.serve_trivial >= 0) {
    int port = 0;
    int fd = hrbench::ListenLoopback(cli.serve_trivial, &port);
    if (fd < 0) {
      std::perror("hrbench: listen");
      return 1;
    }
    std::printf("trivial server on 127.0.0.1:%d\n", port);
    std::fflush(stdout);
    return hrbench::RunTrivialServer(fd, cli.trivial_threads);
  }
  // The trivial server runs in a child process, forked before any thread exists, so that it
  // is scheduled as a server of its own (as ddb-local and DynamoDB Local are).
  pid_t trivial = -1;
  if (cli.vs_trivial) {
    int port = 0;
    int fd = hrbench::ListenLoopback(0, &port);
    if (fd < 0) {
      std::perror("hrbench: listen");
      return 1;
    }
    trivial = fork();
    if (trivial == 0) _exit(hrbench::RunTrivialServer(fd, cli.trivial_threads));
    close(fd);
    cli.trivial_pid = trivial;  // its CPU per request is the network floor every server pays
    cli.trivial_url = "http://127.0.0.1:" + std::to_string(port);
  }
  int rc = hrbench::RunCli(cli);
  if (trivial > 0) {
    kill(trivial, SIGTERM);
    waitpid(trivial, nullptr, 0);
  }
  return rc;
}
