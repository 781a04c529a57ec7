// How cost grows with the data (issue 36): for each size of an HR table (employee items as
// hrcore writes them, with GSI1 by email), the load rate, GetItem and Query latencies, Scan
// throughput, start-up time and memory with the data present, and bytes on disk per byte of
// item; then the table-per-test pattern's CreateTable, DescribeTable, ListTables and DeleteTable
// rates, and 1,000 idle and 1,000 busy connections. In process (a Database through the embedded
// Client) and over HTTP (a ddb-local on the same data directory, the typed HTTP Client, 1 and
// 16 connections); with --server both, Amazon DynamoDB Local beside it over HTTP, each size
// within --budget-s.
//
//   scale_bench [--sizes 10000,100000,1000000] [--dir /tmp/ddbemu-scale] [--json FILE]
//               [--http-load-max N] [--tables 1000] [--reads 20000]
//               [--server ddb-local|dynamodb-local|both] [--dynamodb-local DIR]
//               [--budget-s 600] [--connections 1000] [--busy-seconds 5] [--keep-dirs 1]
//
// Prints a text table (with Local / ddb-local ratios when both ran); --json writes the same
// figures. ddb-local's sizes load a fresh data directory in process with throttling off and
// durability none, which is what a fixture's load uses; DynamoDB Local's load over HTTP (it
// has no other way in). Figures are only figures on a quiet machine (docs/performance.md).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "ddbemu/embedded_client.h"
#include "ddbemu/paginate.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "hrcore/table.h"
#include "scale_bench.h"

namespace {

using namespace scale;

struct BenchOptions {
  std::vector<std::int64_t> sizes{10000, 100000, 1000000};
  std::filesystem::path dir = "/tmp/ddbemu-scale";
  std::string json_path;
  std::int64_t http_load_max = 1'000'000;
  int tables = 1000;
  int reads = 20'000;  // calls of each kind in process; a quarter over one connection, a 20th
                       // per thread over 16
  std::vector<ServerKind> servers{ServerKind::kDdbLocal};
  ServerPaths paths;
  double budget_s = 600;
  int connections = 1000;
  double busy_seconds = 5;
  bool keep_dirs = false;  // leave each size's ddb-local directory (start-up profiling)
};

bool Runs(const BenchOptions& options, ServerKind kind) {
  return std::find(options.servers.begin(), options.servers.end(), kind) != options.servers.end();
}

struct Section {
  std::string name;
  Figures figures;
};

// The reads, the Scan and the memory over HTTP against a server that has the data; on the
// first size, the connection figures too (into `connections`).
void MeasureServedData(Figures& f, const Endpoint& server, std::int64_t items,
                       std::int64_t table_bytes, const BenchOptions& options,
                       Figures* connections) {
  const std::string url = server.url();
  AddReads(f, "http_1",
           Reads([&] { return HttpClient(url); }, items, 1, std::max(1, options.reads / 4)));
  AddReads(f, "http_16",
           Reads([&] { return HttpClient(url); }, items, 16, std::max(1, options.reads / 20)));
  AddMemory(f, "after_reads_", server.pid());
  f.Add("scan_mb_per_s_http", ScanThroughput(*HttpClient(url), table_bytes));
  AddMemory(f, "", server.pid());
  // What stays once requests go on: the allocator hands back the Scan's pages lazily, as later
  // frees in the same arenas trim them.
  (void)Reads([&] { return HttpClient(url); }, items, 1, std::max(1, options.reads / 4));
  AddMemory(f, "settled_", server.pid());
  if (connections != nullptr && options.connections > 0) {
    *connections = MeasureConnections(server, {.connections = options.connections,
                                               .busy_seconds = options.busy_seconds,
                                               .idle_probe_reads = std::max(20, options.reads / 10),
                                               .items = items});
  }
}

// Start-up with the data present: the median (and the best) of several starts, after a sync,
// so that neither the first spawn of the run nor the kernel's write-back of the load's dirty
// pages is what gets measured. Each start ends before the next begins, and each is followed by
// one on an empty directory beside it (startup_ms_empty_beside), so that the two are compared
// in the same state of the machine: after a load of 10^7 items the page cache holds 14 GB, and
// a start measured at the beginning of the run is not a fair "empty" for it.
void AddStartups(Figures& f, ServerKind kind, const BenchOptions& options,
                 const std::string& data_dir) {
  const int starts = kind == ServerKind::kDdbLocal ? 7 : 3;
  const std::string empty_dir = data_dir + "-empty";
  std::filesystem::remove_all(empty_dir);
  std::filesystem::create_directories(empty_dir);
  ::sync();
  std::vector<double> ms, empty_ms;
  auto start = [&](const std::string& dir, std::vector<double>& into) {
    auto server = StartServer(kind, options.paths, dir, false);
    if (!server->started()) Die(std::string(ServerName(kind)) + " did not start on " + dir);
    into.push_back(server->startup_ms());
  };
  for (int i = 0; i < starts; ++i) {
    start(data_dir, ms);
    start(empty_dir, empty_ms);
  }
  std::filesystem::remove_all(empty_dir);
  std::sort(ms.begin(), ms.end());
  std::sort(empty_ms.begin(), empty_ms.end());
  f.Add("startup_ms_first_answer", ms[ms.size() / 2]);
  f.Add("startup_ms_first_answer_best", ms.front());
  f.Add("startup_ms_empty_beside", empty_ms[empty_ms.size() / 2]);
}

// ddb-local at one size: the load and the reads in process, the disk, the reopen; then a
// ddb-local on the directory (start-up, reads over HTTP, memory), and a load over HTTP into a
// second directory. Returns the table's TableSizeBytes for DynamoDB Local's Scan figure.
std::int64_t MeasureDdbLocal(Figures& f, std::int64_t items, const std::filesystem::path& dir,
                             const BenchOptions& options, Figures* connections) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ddbemu::Options db;
  db.path = dir.string();
  db.durability = ddbemu::Durability::kNone;
  db.shared_db = true;  // the tables ddb-local -sharedDb serves from the same directory
  db.throttle = false;
  std::int64_t table_bytes = 0, index_bytes = 0;
  {
    auto opened = ddbemu::OpenEmbeddedClient(db);
    if (!opened.ok()) Die(std::string(opened.error().message()));
    ddbemu::Client& client = opened->client();
    if (auto s = hrcore::CreateHrTable(client, kTable, false); !s.ok()) Die("CreateHrTable failed");
    f.Add("load_items_per_s_in_process", Load(client, 0, items).items_per_s);
    auto described = client.DescribeTable({.table_name = kTable});
    if (!described.ok()) Die("DescribeTable failed");
    table_bytes = described->table.table_size_bytes;
    for (const auto& gsi : described->table.global_secondary_indexes)
      index_bytes += gsi.index_size_bytes;
    // The load's dirty pages are written back first (10^7 items leave gigabytes): reads timed
    // while the kernel flushes them measure the flush (p99 9.5 us at 10^7 without, see
    // docs/performance.md), not the lookups.
    ::sync();
    AddReads(f, "in_process",
             Reads([&] { return ddbemu::MakeEmbeddedClient(opened->database()); }, items, 1,
                   options.reads));
    f.Add("scan_mb_per_s_in_process", ScanThroughput(client, table_bytes));
  }
  const auto disk = static_cast<double>(FileBytes(DataFile(ServerKind::kDdbLocal, dir.string())));
  f.Add("table_size_bytes", static_cast<double>(table_bytes));
  f.Add("item_and_gsi_bytes", static_cast<double>(table_bytes + index_bytes));
  f.Add("disk_bytes", disk);
  f.Add("disk_per_table_byte", disk / static_cast<double>(table_bytes));
  f.Add("disk_per_item_and_gsi_byte", disk / static_cast<double>(table_bytes + index_bytes));
  {
    const auto start = Clock::now();
    auto reopened = ddbemu::OpenEmbeddedClient(db);
    if (!reopened.ok()) Die(std::string(reopened.error().message()));
    auto got =
        reopened->client().GetItem({.table_name = kTable,
                                    .key = {{"PK", ddbemu::AttributeValue::S("ORG#" + OrgId(0))},
                                            {"SK", ddbemu::AttributeValue::S("EMP#" + EmpId(0))}}});
    if (!got.ok() || !got->item) Die("GetItem after reopening found nothing");
    f.Add("open_ms_in_process", SecondsSince(start) * 1e3);
  }
  if (options.paths.ddb_local.empty() || !Runs(options, ServerKind::kDdbLocal)) return table_bytes;
  {
    AddStartups(f, ServerKind::kDdbLocal, options, dir.string());
    auto server = StartServer(ServerKind::kDdbLocal, options.paths, dir.string(), false);
    if (!server->started()) Die("ddb-local did not start on " + dir.string());
    MeasureServedData(f, *server, items, table_bytes, options, connections);
  }
  const std::filesystem::path http_dir = dir.string() + "-http";
  std::filesystem::remove_all(http_dir);
  std::filesystem::create_directories(http_dir);
  {
    auto server = StartServer(ServerKind::kDdbLocal, options.paths, http_dir.string(), true);
    if (!server->started()) Die("ddb-local did not start on " + http_dir.string());
    auto client = HttpClient(server->url());
    if (auto s = hrcore::CreateHrTable(*client, kTable, false); !s.ok())
      Die("CreateHrTable over HTTP failed");
    f.Add("load_items_per_s_http",
          Load(*client, 0, std::min(items, options.http_load_max)).items_per_s);
  }
  std::filesystem::remove_all(http_dir);
  return table_bytes;
}

// How far over the budget a first slice's estimate may be before the size is skipped on it alone
// (else the load runs until the budget ends): the JVM's first slice runs before its JIT has
// warmed up, at a seventh of its later rate on this machine.
constexpr double kWarmUpAllowance = 10;

// DynamoDB Local at one size, within the budget: a first slice of the load says how long the
// whole would take; a size it cannot load in the budget is skipped with the reason. Then a
// restart on its -dbPath (start-up with the data present) and the same reads as ddb-local's.

void MeasureDynamoDbLocal(Figures& f, std::int64_t items, const std::filesystem::path& dir,
                          std::int64_t table_bytes, const BenchOptions& options,
                          Figures* connections) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto budget_end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(options.budget_s));
  {
    auto server = StartServer(ServerKind::kDynamoDbLocal, options.paths, dir.string(), false);
    if (!server->started()) Die("DynamoDB Local did not start on " + dir.string());
    auto client = HttpClient(server->url());
    if (auto s = hrcore::CreateHrTable(*client, kTable, false); !s.ok())
      Die("CreateHrTable on DynamoDB Local failed");
    const auto start = Clock::now();
    const std::int64_t slice = std::min<std::int64_t>(items, 500);
    const LoadResult first = Load(*client, 0, slice, budget_end);
    const double estimate_s = static_cast<double>(items) / first.items_per_s;
    std::string skipped;
    LoadResult rest;
    if (estimate_s > kWarmUpAllowance * options.budget_s) {
      skipped = "loading " + std::to_string(items) + " items at " +
                std::to_string(static_cast<std::int64_t>(first.items_per_s)) +
                " items/s would take " + std::to_string(static_cast<std::int64_t>(estimate_s)) +
                " s, over " + std::to_string(static_cast<int>(kWarmUpAllowance)) +
                " times the budget of " +
                std::to_string(static_cast<std::int64_t>(options.budget_s)) + " s";
    } else {
      rest = Load(*client, slice, items, budget_end);
      if (first.written + rest.written < items)
        skipped = "the budget of " + std::to_string(static_cast<std::int64_t>(options.budget_s)) +
                  " s ran out after " + std::to_string(first.written + rest.written) + " of " +
                  std::to_string(items) + " items";
    }
    const std::int64_t written = first.written + rest.written;
    if (!skipped.empty()) {
      f.Note("skipped", skipped);
      f.Add("load_items_per_s_http", static_cast<double>(written) / SecondsSince(start));
      // The connections need only some items to read: measured on what was loaded.
      if (connections != nullptr && options.connections > 0 && written > 0) {
        *connections =
            MeasureConnections(*server, {.connections = options.connections,
                                         .busy_seconds = options.busy_seconds,
                                         .idle_probe_reads = std::max(20, options.reads / 10),
                                         .items = written});
        connections->Add("items_loaded", static_cast<double>(written));
      }
      return;
    }
    f.Add("load_items_per_s_http", static_cast<double>(items) / SecondsSince(start));
  }
  const auto disk =
      static_cast<double>(FileBytes(DataFile(ServerKind::kDynamoDbLocal, dir.string())));
  f.Add("disk_bytes", disk);
  f.Add("disk_per_table_byte", disk / static_cast<double>(table_bytes));
  AddStartups(f, ServerKind::kDynamoDbLocal, options, dir.string());
  auto server = StartServer(ServerKind::kDynamoDbLocal, options.paths, dir.string(), false);
  if (!server->started()) Die("DynamoDB Local did not restart on " + dir.string());
  MeasureServedData(f, *server, items, table_bytes, options, connections);
}

// The table-per-test pattern against a fresh in-memory server: `tables` CreateTables, then as
// many DescribeTables, a whole ListTables, and the DeleteTables; each in calls per second.
Figures MeasureTables(ServerKind kind, const BenchOptions& options) {
  Figures f;
  auto server = StartServer(kind, options.paths, "", false);
  if (!server->started()) Die(std::string(ServerName(kind)) + " did not start in memory");
  f.Add("startup_ms_in_memory", server->startup_ms());
  auto client = HttpClient(server->url());
  auto name = [](int i) { return "table-per-test-" + std::to_string(i); };
  auto rate = [&](const char* what, const std::function<void(int)>& call) {
    const auto start = Clock::now();
    for (int i = 0; i < options.tables; ++i) call(i);
    f.Add(what, options.tables / SecondsSince(start));
  };
  rate("create_table_per_s", [&](int i) {
    auto r =
        client->CreateTable({.table_name = name(i),
                             .attribute_definitions = {{"pk", ddbemu::ScalarAttributeType::kS}},
                             .key_schema = {{"pk", ddbemu::KeyType::kHash}},
                             .billing_mode = ddbemu::BillingMode::kPayPerRequest});
    if (!r.ok()) Die("CreateTable: " + std::string(r.error().message()));
  });
  rate("describe_table_per_s", [&](int i) {
    if (!client->DescribeTable({.table_name = name(i)}).ok()) Die("DescribeTable failed");
  });
  {
    const auto start = Clock::now();
    int listed = 0;
    auto pages = ddbemu::ListTablesPages(*client);
    for (const auto& page : pages) listed += static_cast<int>(page.table_names.size());
    if (listed != options.tables) Die("ListTables listed " + std::to_string(listed));
    f.Add("list_all_tables_ms", SecondsSince(start) * 1e3);
  }
  rate("delete_table_per_s", [&](int i) {
    if (!client->DeleteTable({.table_name = name(i)}).ok()) Die("DeleteTable failed");
  });
  return f;
}

std::vector<Section> RunAll(const BenchOptions& options) {
  std::vector<Section> sections;
  std::vector<Section> connection_sections;
  const auto local = std::string("_") + ServerName(ServerKind::kDynamoDbLocal);
  // The reference for start-up with the data present: the same starts on an empty directory.
  for (ServerKind kind : options.servers) {
    if (kind == ServerKind::kDdbLocal && options.paths.ddb_local.empty()) continue;
    const auto dir = options.dir / (std::string("empty_") + ServerName(kind));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    Section empty{kind == ServerKind::kDdbLocal ? "empty" : "empty" + local, {}};
    AddStartups(empty.figures, kind, options, dir.string());
    std::filesystem::remove_all(dir);
    sections.push_back(std::move(empty));
  }
  for (std::size_t s = 0; s < options.sizes.size(); ++s) {
    const std::int64_t items = options.sizes[s];
    const std::string size = "items_" + std::to_string(items);
    const std::string connections = "connections_" + std::to_string(options.connections);
    Section ours{size, {}};
    Figures ours_connections;
    const std::int64_t table_bytes = MeasureDdbLocal(
        ours.figures, items, options.dir / std::to_string(items), options,
        s == 0 && Runs(options, ServerKind::kDdbLocal) ? &ours_connections : nullptr);
    if (!options.keep_dirs) std::filesystem::remove_all(options.dir / std::to_string(items));
    sections.push_back(std::move(ours));
    if (!ours_connections.values.empty())
      connection_sections.push_back({connections, std::move(ours_connections)});
    if (Runs(options, ServerKind::kDynamoDbLocal)) {
      Section theirs{size + local, {}};
      Figures their_connections;
      const auto dir = options.dir / (std::to_string(items) + local);
      MeasureDynamoDbLocal(theirs.figures, items, dir, table_bytes, options,
                           s == 0 ? &their_connections : nullptr);
      std::filesystem::remove_all(dir);
      sections.push_back(std::move(theirs));
      if (!their_connections.values.empty())
        connection_sections.push_back({connections + local, std::move(their_connections)});
    }
  }
  for (Section& c : connection_sections) sections.push_back(std::move(c));
  if (options.tables > 0) {
    const std::string tables = "tables_" + std::to_string(options.tables);
    if (!options.paths.ddb_local.empty() && Runs(options, ServerKind::kDdbLocal))
      sections.push_back({tables, MeasureTables(ServerKind::kDdbLocal, options)});
    if (Runs(options, ServerKind::kDynamoDbLocal))
      sections.push_back({tables + local, MeasureTables(ServerKind::kDynamoDbLocal, options)});
  }
  return sections;
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void Report(const std::vector<Section>& sections, const std::string& json_path,
            std::int64_t client_descriptors) {
  std::ostringstream json;
  json << "{\"client_descriptor_limit\":" << client_descriptors;
  for (const Section& s : sections) {
    std::printf("%s\n", s.name.c_str());
    json << "," << JsonString(s.name) << ":{";
    bool first = true;
    for (const auto& [name, value] : s.figures.values) {
      std::printf("  %-32s %14.2f\n", name.c_str(), value);
      json << (first ? "" : ",") << JsonString(name) << ":" << value;
      first = false;
    }
    for (const auto& [name, text] : s.figures.notes) {
      std::printf("  %-32s %s\n", name.c_str(), text.c_str());
      json << (first ? "" : ",") << JsonString(name) << ":" << JsonString(text);
      first = false;
    }
    json << "}";
  }
  json << "}\n";
  // Local / ddb-local, figure by figure, for every section both servers measured.
  const std::string local = std::string("_") + ServerName(ServerKind::kDynamoDbLocal);
  for (const Section& theirs : sections) {
    if (!theirs.name.ends_with(local)) continue;
    const std::string ours_name = theirs.name.substr(0, theirs.name.size() - local.size());
    const auto ours = std::find_if(sections.begin(), sections.end(),
                                   [&](const Section& s) { return s.name == ours_name; });
    if (ours == sections.end()) continue;
    std::printf("\n%s: %-26s %14s %14s %11s\n", ours_name.c_str(), "", "ddb-local",
                "DynamoDB Local", "Local/ours");
    for (const auto& [name, value] : theirs.figures.values) {
      const auto mine = ours->figures.Get(name);
      if (!mine) continue;
      std::printf("  %-*s %14.2f %14.2f %10.3gx\n", static_cast<int>(ours_name.size() + 26),
                  name.c_str(), *mine, value, *mine != 0 ? value / *mine : 0.0);
    }
    for (const auto& [name, text] : theirs.figures.notes)
      std::printf("  DynamoDB Local %s: %s\n", name.c_str(), text.c_str());
  }
  if (!json_path.empty()) std::ofstream(json_path) << json.str();
}

std::vector<std::int64_t> ParseSizes(const std::string& text) {
  std::vector<std::int64_t> sizes;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) sizes.push_back(std::atoll(part.c_str()));
  return sizes;
}

BenchOptions ParseFlags(int argc, char** argv) {
  BenchOptions o;
  if (const char* d = std::getenv("DYNAMODB_LOCAL_DIR")) o.paths.dynamodb_local_dir = d;
  std::string server = "ddb-local";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--sizes")
      o.sizes = ParseSizes(value);
    else if (flag == "--dir")
      o.dir = value;
    else if (flag == "--json")
      o.json_path = value;
    else if (flag == "--http-load-max")
      o.http_load_max = std::atoll(value.c_str());
    else if (flag == "--tables")
      o.tables = std::atoi(value.c_str());
    else if (flag == "--reads")
      o.reads = std::max(20, std::atoi(value.c_str()));
    else if (flag == "--server")
      server = value;
    else if (flag == "--dynamodb-local")
      o.paths.dynamodb_local_dir = value;
    else if (flag == "--budget-s")
      o.budget_s = std::atof(value.c_str());
    else if (flag == "--connections")
      o.connections = std::atoi(value.c_str());
    else if (flag == "--keep-dirs")
      o.keep_dirs = value == "1";
    else if (flag == "--busy-seconds")
      o.busy_seconds = std::atof(value.c_str());
    else
      Die("unknown flag " + flag);
  }
  if (server == "both")
    o.servers = {ServerKind::kDdbLocal, ServerKind::kDynamoDbLocal};
  else if (server == "dynamodb-local")
    o.servers = {ServerKind::kDynamoDbLocal};
  else if (server != "ddb-local")
    Die("--server is ddb-local, dynamodb-local or both, not " + server);
  o.paths.ddb_local = ddbemu::testing::DdbLocalBinary();
  if (Runs(o, ServerKind::kDynamoDbLocal) &&
      !std::filesystem::exists(std::filesystem::path(o.paths.dynamodb_local_dir) /
                               "DynamoDBLocal.jar"))
    Die("DynamoDB Local not found: --dynamodb-local DIR (or DYNAMODB_LOCAL_DIR) must hold "
        "DynamoDBLocal.jar");
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const std::int64_t descriptors = RaiseOwnDescriptorLimit();
  const BenchOptions options = ParseFlags(argc, argv);
  Report(RunAll(options), options.json_path, descriptors);
  return 0;
}
