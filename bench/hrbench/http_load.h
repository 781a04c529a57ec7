// The closed-loop HTTP load: N keep-alive connections to one endpoint, each sending its next
// call as soon as the previous one is answered, on one io_context run by a thread or two.
// Requests are pre-rendered bytes (recording.h); a write's fresh values are patched into a
// per-connection copy; responses are parsed with Beast into per-connection buffers. Every
// response is checked: status 200 and a body of the expected shape (GetItem: an Item; Query:
// Items), else it counts as a throttle, a transaction conflict or an error of its pattern.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "recording.h"
#include "stats.h"

namespace hrbench {

struct HttpLoadOptions {
  std::string host = "127.0.0.1";
  std::string port;
  int connections = 16;
  int threads = 1;
  // A trivial server answers every request with the same small body: only the status is
  // checked, and no capacity is read.
  bool trivial = false;
  // The server's process, when it runs on this machine: its CPU time per request is the
  // figure that stays honest when the load generator shares the cores (0: not measured).
  int server_pid = 0;
  // Signs the requests rendered for signing (WireRequest::signing); must outlive the load.
  const WireSigner* signer = nullptr;
};

// A process's CPU time so far (user + system, /proc/PID/stat), in seconds; 0 when unreadable.
double ProcessCpuSeconds(int pid);

class HttpLoad {
 public:
  // `patterns` and `schedule` must outlive the load. Connects every connection (fails with a
  // message when one cannot connect).
  static std::unique_ptr<HttpLoad> Connect(const HttpLoadOptions& options,
                                           const std::vector<WirePattern>& patterns,
                                           const std::vector<std::uint16_t>& schedule,
                                           std::string* error);
  ~HttpLoad();

  // Runs the loop for `warmup` (not counted) then `duration`; the connections stay open for
  // the next run, and each keeps its place in the schedule and its per-pattern turns.
  RunStats Run(std::chrono::duration<double> warmup, std::chrono::duration<double> duration);

  struct Impl;

 private:
  explicit HttpLoad(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Checks one response: status and body shape; adds its capacity to `stats`. `what` gets a
// description of a failure.
Failure CheckResponse(unsigned status, std::string_view body, Expect expect, std::string* what);
// Sum of the "CapacityUnits" numbers of a response's ConsumedCapacity (TOTAL: one per table).
double CapacityUnits(std::string_view body);

}  // namespace hrbench
