// What the files of scale_bench share (bench/scale/): the HR workload (employee items, the load,
// the reads, the Scan), the servers under test over HTTP (ddb-local and Amazon DynamoDB Local,
// behind one Endpoint), the connection load generator, and the figures they all report.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ddbemu/client.h"
#include "ddbemu/http_client.h"

namespace scale {

using Clock = std::chrono::steady_clock;

constexpr const char* kTable = "hr-scale";

double SecondsSince(Clock::time_point start);
[[noreturn]] void Die(const std::string& what);

// Figures of one section of the report (a size, a server at a size, the table pattern): named
// numbers, and named notes (why a section was skipped).
struct Figures {
  std::vector<std::pair<std::string, double>> values;
  std::vector<std::pair<std::string, std::string>> notes;
  void Add(std::string name, double value) { values.emplace_back(std::move(name), value); }
  void Note(std::string name, std::string text) {
    notes.emplace_back(std::move(name), std::move(text));
  }
  std::optional<double> Get(const std::string& name) const;
};

// --- The HR workload (scale_workload.cc) ---------------------------------------------------

std::string OrgId(std::int64_t i);
std::string EmpId(std::int64_t i);
// Employee `i` as hrcore writes it (docs/hr-schema.md): ORG#<org> / EMP#<emp>, GSI1 by email.
ddbemu::Item Employee(std::int64_t i);

// Writes items [first, last) in BatchWriteItems of 25; stops early once `deadline` has passed.
// Returns how many items were written and at what rate.
struct LoadResult {
  std::int64_t written = 0;
  double items_per_s = 0;
};
LoadResult Load(ddbemu::Client& client, std::int64_t first, std::int64_t last,
                Clock::time_point deadline = Clock::time_point::max());

// Latencies in microseconds; quantiles by rank.
struct Latencies {
  std::vector<double> micros;
  double Quantile(double q);
  void Merge(const Latencies& other);
};

struct ReadFigures {
  double get_p50 = 0, get_p99 = 0, query_p50 = 0, query_p99 = 0;
};
// GetItems of random employees and Queries of a random organisation's first 25 employees, from
// `threads` threads each with its own client (`make_client`), `per_thread` calls of each.
ReadFigures Reads(const std::function<std::unique_ptr<ddbemu::Client>()>& make_client,
                  std::int64_t items, int threads, int per_thread);
void AddReads(Figures& f, const std::string& where, const ReadFigures& r);

// Scans the whole table; returns MB of item (TableSizeBytes) per second.
double ScanThroughput(ddbemu::Client& client, std::int64_t table_bytes);

// The benchmark's HTTP client settings: one keep-alive connection, a fixed test identity, and
// three attempts (AwaitFirstAnswer takes one, with a short connect timeout).
ddbemu::HttpClientOptions ClientOptions(const std::string& url);

// The typed HTTP client with ClientOptions.
std::unique_ptr<ddbemu::Client> HttpClient(const std::string& url);

// VmRSS, RssAnon (heap and stacks) and RssFile (mapped files) of a process, in KiB.
std::map<std::string, std::int64_t> Memory(int pid);
// Adds <prefix>rss_kib, <prefix>heap_kib and <prefix>mapped_kib.
void AddMemory(Figures& f, const std::string& prefix, int pid);

// Bytes a file takes on disk (its blocks, not its length: LMDB's map is sparse).
std::int64_t FileBytes(const std::string& path);

// --- The servers under test (servers.cc) ---------------------------------------------------

enum class ServerKind { kDdbLocal, kDynamoDbLocal };
const char* ServerName(ServerKind kind);  // "ddb_local", "dynamodb_local": the JSON's names

// Where the servers are: the ddb-local binary, and DynamoDB Local's directory (holding
// DynamoDBLocal.jar); either may be empty (that server is not measured).
struct ServerPaths {
  std::string ddb_local;
  std::string dynamodb_local_dir;
};

// A server process on a loopback port; killed when the object goes. `data_dir` empty: in memory.
// Ready once it has answered a ListTables; startup_ms() is the time from the fork to that
// answer (the JVM's start, DynamoDB Local's SQLite open, ddb-local's LMDB open and banner).
class Endpoint {
 public:
  virtual ~Endpoint() = default;
  virtual bool started() const = 0;
  virtual int pid() const = 0;
  virtual std::string url() const = 0;
  double startup_ms() const { return startup_ms_; }

 protected:
  double startup_ms_ = 0;
};

// `fast_writes`: ddb-local with throttling off and durability none (a fixture's load); DynamoDB
// Local has neither. Both start under a soft descriptor limit of 1,024, a default login's: each
// raises its own (ddb-local at start, the JVM by its MaxFDLimit default).
std::unique_ptr<Endpoint> StartServer(ServerKind kind, const ServerPaths& paths,
                                      const std::string& data_dir, bool fast_writes);
// The file the server keeps its data in, under `data_dir`.
std::string DataFile(ServerKind kind, const std::string& data_dir);

// A process's soft descriptor limit (/proc/PID/limits); -1 when unknown.
std::int64_t SoftDescriptorLimitOf(int pid);

// Raises this process's soft descriptor limit to the hard one (the client side of 1,000
// connections needs it as much as the server does); returns the soft limit then in force.
std::int64_t RaiseOwnDescriptorLimit();

// --- Many connections (connections.cc) -----------------------------------------------------

struct ConnectionOptions {
  int connections = 1000;
  double busy_seconds = 5;
  int idle_probe_reads = 2000;  // GetItems on one more connection while the others idle
  std::int64_t items = 0;       // employees 0..items-1 are in kTable
};
// Opens `connections` keep-alive connections, each answering one GetItem, and leaves them idle:
// the server's memory with them open (idle_rss_kib...), GetItem p50/p99 on one more connection
// meanwhile, and how many were still open after; then every connection sends GetItems in a loop
// (one outstanding each) for busy_seconds: calls per second, p50/p99/p99.9, errors.
Figures MeasureConnections(const Endpoint& server, const ConnectionOptions& options);

}  // namespace scale
