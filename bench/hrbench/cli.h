// hrbench's command line (cli.cc) and what it runs (run.cc).
#pragma once

#include <string>
#include <vector>

namespace hrbench {

struct Cli {
  std::string endpoint;   // --endpoint URL
  bool embedded = false;  // --embedded
  std::string data_dir;   // --data-dir D (embedded; default in memory)
  bool throttle = true;   // --throttle on|off (embedded; an endpoint has its own flag)
  std::string vs;         // --vs URL
  std::string label = "endpoint", vs_label = "vs";  // names in the report
  bool vs_trivial = false;                          // --vs-trivial
  std::string trivial_url;                          // set by main when the trivial server runs
  int trivial_pid = 0;  // set by main: the forked trivial server, for its CPU per request
  std::vector<std::string> mixes{"read", "write"};
  int connections = 16;
  double duration = 5;  // seconds per run (soak: the whole soak)
  double warmup = 0.5;  // seconds before each run, not counted
  int rounds = 3;       // A, B, A, B ...
  int threads = 1;      // io_context threads of the load
  int orgs = 32;
  int employees = 200;
  int seed_threads = 4;
  std::string table = "hrbench";
  std::string access_key = "hrbench";
  std::string secret_key;  // --secret-key: sign every request at send time (wire_signature.h)
  std::string region = "us-east-1";
  std::string json;  // --json FILE
  double wait = 60;  // --wait S: for the endpoints to answer at start
  bool soak = false;
  double interval = 10;
  int server_pid = 0;     // --server-pid: the endpoint's process (soak: RSS; runs: CPU)
  int vs_server_pid = 0;  // --vs-server-pid: the --vs endpoint's process (CPU per request)
  int trivial_threads = 2;
  int serve_trivial = -1;  // --serve-trivial PORT
  std::size_t read_variants = 256;
  bool help = false;
};

bool ParseCli(int argc, char** argv, Cli* cli, std::string* error);
const char* Usage();
int RunCli(const Cli& cli);

}  // namespace hrbench
