// How cost grows with the data (issue 36): for each size of an HR table (employee items as
// hrcore writes them, with GSI1 by email), the load rate, GetItem and Query latencies, Scan
// throughput, start-up time and memory with the data present, and bytes on disk per byte of
// item; then the table-per-test pattern's CreateTable, DescribeTable, ListTables and DeleteTable
// rates. In process (a Database through the embedded Client) and over HTTP (a ddb-local on the
// same data directory, the typed HTTP Client, 1 and 16 connections).
//
//   scale_bench [--sizes 10000,100000,1000000] [--dir /tmp/ddbemu-scale] [--json FILE]
//               [--http-load-max N] [--tables 1000] [--reads 20000]
//
// Prints a text table; --json writes the same figures. Each size loads a fresh data directory
// with throttling off (a load at full speed, not a capacity test) and durability none, which is
// what a fixture's load uses. Figures are only figures on a quiet machine (docs/performance.md).
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "ddbemu/batch_all.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/http_client.h"
#include "ddbemu/paginate.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "hrcore/table.h"

namespace {

using Clock = std::chrono::steady_clock;
using ddbemu::AttributeValue;
using ddbemu::Client;
using ddbemu::Item;

constexpr const char* kTable = "hr-scale";
constexpr int kEmployeesPerOrg = 1000;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "scale_bench: %s\n", what.c_str());
  std::exit(1);
}

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
std::string OrgId(std::int64_t i) {
  return "01JORG" + std::to_string(100000 + i / kEmployeesPerOrg);
}
std::string EmpId(std::int64_t i) { return "01JEMP" + std::to_string(10000000 + i); }

// Employee `i` as hrcore writes it (docs/hr-schema.md): ORG#<org> / EMP#<emp>, GSI1 by email.
Item Employee(std::int64_t i) {
  const std::string email = "emp" + std::to_string(i) + "@corp" + OrgId(i) + ".example";
  return Item{{"PK", S("ORG#" + OrgId(i))},
              {"SK", S("EMP#" + EmpId(i))},
              {"GSI1PK", S("EMAIL#" + email)},
              {"GSI1SK", S("EMP#" + EmpId(i))},
              {"type", S("emp")},
              {"empId", S(EmpId(i))},
              {"orgId", S(OrgId(i))},
              {"email", S(email)},
              {"firstName", S("First" + std::to_string(i))},
              {"lastName", S("Last" + std::to_string(i))},
              {"departmentId", S("01JDEP" + std::to_string(i % 37))},
              {"role", S("employee")},
              {"status", S("active")},
              {"hiredAt", S("2026-11-01T09:00:00Z")},
              {"version", AttributeValue::N(std::int64_t{1})}};
}

// Latencies in microseconds; quantiles by rank.
struct Latencies {
  std::vector<double> micros;
  double Quantile(double q) {
    if (micros.empty()) return 0;
    std::sort(micros.begin(), micros.end());
    const auto rank = static_cast<std::size_t>(q * static_cast<double>(micros.size() - 1));
    return micros[rank];
  }
};

template <class F>
void Time(Latencies& out, F call) {
  const auto start = Clock::now();
  call();
  out.micros.push_back(SecondsSince(start) * 1e6);
}

// Writes items [first, last) in BatchWriteItems of 25; returns items per second.
double Load(Client& client, std::int64_t first, std::int64_t last) {
  const auto start = Clock::now();
  for (std::int64_t i = first; i < last; i += 25) {
    ddbemu::BatchWriteItemRequest batch;
    auto& writes = batch.request_items[kTable];
    for (std::int64_t j = i; j < std::min(last, i + 25); ++j) {
      writes.push_back(ddbemu::WriteRequest{ddbemu::PutRequest{.item = Employee(j)}});
    }
    auto written = ddbemu::BatchWriteAll(client, std::move(batch));
    if (!written.ok()) Die("BatchWriteItem: " + std::string(written.error().message()));
  }
  return static_cast<double>(last - first) / SecondsSince(start);
}

struct ReadFigures {
  double get_p50 = 0, get_p99 = 0, query_p50 = 0, query_p99 = 0;
};

// GetItems of random employees and Queries of a random organisation's first 25 employees, from
// `threads` threads each with its own client (`make_client`), `per_thread` calls of each.
ReadFigures Reads(const std::function<std::unique_ptr<Client>()>& make_client, std::int64_t items,
                  int threads, int per_thread) {
  std::vector<Latencies> gets(static_cast<std::size_t>(threads)),
      queries(static_cast<std::size_t>(threads));
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      std::unique_ptr<Client> client = make_client();
      std::mt19937_64 rng(static_cast<std::uint64_t>(t) + 1);
      std::uniform_int_distribution<std::int64_t> pick(0, items - 1);
      for (int n = 0; n < per_thread; ++n) {
        const std::int64_t i = pick(rng);
        Time(gets[static_cast<std::size_t>(t)], [&] {
          auto got = client->GetItem(
              {.table_name = kTable,
               .key = {{"PK", S("ORG#" + OrgId(i))}, {"SK", S("EMP#" + EmpId(i))}}});
          if (!got.ok()) Die("GetItem: " + std::string(got.error().message()));
          if (!got->item) Die("GetItem found nothing: employee " + std::to_string(i));
        });
        Time(queries[static_cast<std::size_t>(t)], [&] {
          auto page = client->Query({.table_name = kTable,
                                     .key_condition_expression = "PK = :pk",
                                     .expression_attribute_values = {{":pk", S("ORG#" + OrgId(i))}},
                                     .limit = 25});
          if (!page.ok() || page->items.empty()) Die("Query found nothing");
        });
      }
    });
  }
  for (std::thread& w : workers) w.join();
  Latencies all_gets, all_queries;
  for (auto& l : gets)
    all_gets.micros.insert(all_gets.micros.end(), l.micros.begin(), l.micros.end());
  for (auto& l : queries)
    all_queries.micros.insert(all_queries.micros.end(), l.micros.begin(), l.micros.end());
  return {all_gets.Quantile(0.5), all_gets.Quantile(0.99), all_queries.Quantile(0.5),
          all_queries.Quantile(0.99)};
}

// Scans the whole table; returns MB of item (TableSizeBytes) per second.
double ScanThroughput(Client& client, std::int64_t table_bytes) {
  const auto start = Clock::now();
  std::int64_t count = 0;
  auto pages = ddbemu::ScanPages(client, {.table_name = kTable});
  for (const ddbemu::ScanResponse& page : pages) count += page.count;
  if (!pages.status().ok() || count == 0) Die("Scan failed or found nothing");
  return static_cast<double>(table_bytes) / 1e6 / SecondsSince(start);
}

std::int64_t FileBytes(const std::filesystem::path& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 ? static_cast<std::int64_t>(st.st_blocks) * 512 : 0;
}

// VmRSS, RssAnon (heap and stacks) and RssFile (LMDB's mapped pages) of a process, in KiB.
std::map<std::string, std::int64_t> Memory(int pid) {
  std::map<std::string, std::int64_t> out;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    for (const char* key : {"VmRSS", "RssAnon", "RssFile"}) {
      if (line.rfind(std::string(key) + ":", 0) == 0)
        out[key] = std::atoll(line.c_str() + std::strlen(key) + 1);
    }
  }
  return out;
}

std::unique_ptr<Client> HttpClient(const std::string& url) {
  auto client =
      ddbemu::OpenHttpClient({.endpoint = url,
                              .region = "us-east-1",
                              .credentials = ddbemu::AwsCredentials{.access_key_id = "AKIDSCALE",
                                                                    .secret_access_key = "x",
                                                                    .session_token = ""},
                              .max_attempts = 3,
                              .max_connections = 1});
  if (!client.ok()) Die(std::string(client.error().message()));
  return std::move(client).value();
}

using Figures = std::vector<std::pair<std::string, double>>;

void AddReads(Figures& f, const std::string& where, const ReadFigures& r) {
  f.emplace_back("get_p50_us_" + where, r.get_p50);
  f.emplace_back("get_p99_us_" + where, r.get_p99);
  f.emplace_back("query_p50_us_" + where, r.query_p50);
  f.emplace_back("query_p99_us_" + where, r.query_p99);
}

Figures MeasureSize(std::int64_t items, const std::filesystem::path& dir,
                    const std::string& ddb_local, std::int64_t http_load_max, int reads_count) {
  Figures f;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ddbemu::Options options;
  options.path = dir.string();
  options.durability = ddbemu::Durability::kNone;
  options.shared_db = true;  // the tables ddb-local -sharedDb serves from the same directory
  options.throttle = false;
  std::int64_t table_bytes = 0, index_bytes = 0;
  {
    auto opened = ddbemu::OpenEmbeddedClient(options);
    if (!opened.ok()) Die(std::string(opened.error().message()));
    Client& client = opened->client();
    if (auto s = hrcore::CreateHrTable(client, kTable, false); !s.ok()) Die("CreateHrTable failed");
    f.emplace_back("load_items_per_s_in_process", Load(client, 0, items));
    auto described = client.DescribeTable({.table_name = kTable});
    if (!described.ok()) Die("DescribeTable failed");
    table_bytes = described->table.table_size_bytes;
    for (const auto& gsi : described->table.global_secondary_indexes)
      index_bytes += gsi.index_size_bytes;
    const ReadFigures reads = Reads([&] { return ddbemu::MakeEmbeddedClient(opened->database()); },
                                    items, 1, reads_count);
    AddReads(f, "in_process", reads);
    f.emplace_back("scan_mb_per_s_in_process", ScanThroughput(client, table_bytes));
  }
  const std::int64_t disk = FileBytes(dir / "data.mdb");
  f.emplace_back("table_size_bytes", static_cast<double>(table_bytes));
  f.emplace_back("disk_bytes", static_cast<double>(disk));
  f.emplace_back("disk_per_table_byte",
                 static_cast<double>(disk) / static_cast<double>(table_bytes));
  f.emplace_back("disk_per_item_and_gsi_byte",
                 static_cast<double>(disk) / static_cast<double>(table_bytes + index_bytes));
  {
    const auto start = Clock::now();
    auto reopened = ddbemu::OpenEmbeddedClient(options);
    if (!reopened.ok()) Die(std::string(reopened.error().message()));
    auto got = reopened->client().GetItem(
        {.table_name = kTable,
         .key = {{"PK", S("ORG#" + OrgId(0))}, {"SK", S("EMP#" + EmpId(0))}}});
    if (!got.ok() || !got->item) Die("GetItem after reopening found nothing");
    f.emplace_back("open_ms_in_process", SecondsSince(start) * 1e3);
  }
  if (ddb_local.empty()) return f;
  {
    const auto start = Clock::now();
    ddbemu::testing::DdbLocalServer server(ddb_local, {"-dbPath", dir.string(), "-sharedDb"});
    if (!server.started()) Die("ddb-local did not start on " + dir.string());
    f.emplace_back("startup_ms_ddb_local", SecondsSince(start) * 1e3);
    const std::string url = server.url();
    const ReadFigures one =
        Reads([&] { return HttpClient(url); }, items, 1, std::max(1, reads_count / 4));
    AddReads(f, "http_1", one);
    const ReadFigures sixteen =
        Reads([&] { return HttpClient(url); }, items, 16, std::max(1, reads_count / 20));
    AddReads(f, "http_16", sixteen);
    f.emplace_back("scan_mb_per_s_http", ScanThroughput(*HttpClient(url), table_bytes));
    const auto memory = Memory(server.pid());
    f.emplace_back("ddb_local_rss_kib",
                   static_cast<double>(memory.count("VmRSS") ? memory.at("VmRSS") : 0));
    f.emplace_back("ddb_local_heap_kib",
                   static_cast<double>(memory.count("RssAnon") ? memory.at("RssAnon") : 0));
    f.emplace_back("ddb_local_mapped_kib",
                   static_cast<double>(memory.count("RssFile") ? memory.at("RssFile") : 0));
  }
  {
    // Loading over HTTP, into a second fresh directory (up to --http-load-max items).
    const std::filesystem::path http_dir = dir.string() + "-http";
    std::filesystem::remove_all(http_dir);
    std::filesystem::create_directories(http_dir);
    ddbemu::testing::DdbLocalServer server(
        ddb_local,
        {"-dbPath", http_dir.string(), "-sharedDb", "--throttle", "off", "--durability", "none"});
    if (!server.started()) Die("ddb-local did not start on " + http_dir.string());
    auto client = HttpClient(server.url());
    if (auto s = hrcore::CreateHrTable(*client, kTable, false); !s.ok())
      Die("CreateHrTable over HTTP failed");
    f.emplace_back("load_items_per_s_http", Load(*client, 0, std::min(items, http_load_max)));
    std::filesystem::remove_all(http_dir);
  }
  return f;
}

// The table-per-test pattern against a fresh in-memory ddb-local: `tables` CreateTables, then
// as many DescribeTables, a whole ListTables, and the DeleteTables; each in calls per second.
Figures MeasureTables(const std::string& ddb_local, int tables) {
  Figures f;
  ddbemu::testing::DdbLocalServer server(ddb_local, {"-inMemory"});
  if (!server.started()) Die("ddb-local did not start");
  auto client = HttpClient(server.url());
  auto name = [](int i) { return "table-per-test-" + std::to_string(i); };
  auto rate = [&](const char* what, const std::function<void(int)>& call) {
    const auto start = Clock::now();
    for (int i = 0; i < tables; ++i) call(i);
    f.emplace_back(what, tables / SecondsSince(start));
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
    if (listed != tables) Die("ListTables listed " + std::to_string(listed));
    f.emplace_back("list_all_tables_ms", SecondsSince(start) * 1e3);
  }
  rate("delete_table_per_s", [&](int i) {
    if (!client->DeleteTable({.table_name = name(i)}).ok()) Die("DeleteTable failed");
  });
  return f;
}

std::vector<std::int64_t> ParseSizes(const std::string& text) {
  std::vector<std::int64_t> sizes;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) sizes.push_back(std::atoll(part.c_str()));
  return sizes;
}

}  // namespace

int main(int argc, char** argv) {
  std::string sizes_text = "10000,100000,1000000", dir = "/tmp/ddbemu-scale", json_path;
  std::int64_t http_load_max = 1'000'000;
  int tables = 1000;
  int reads = 20'000;  // calls of each kind in process; a quarter over one connection, a 20th per
                       // thread over 16
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--sizes")
      sizes_text = value;
    else if (flag == "--dir")
      dir = value;
    else if (flag == "--json")
      json_path = value;
    else if (flag == "--http-load-max")
      http_load_max = std::atoll(value.c_str());
    else if (flag == "--tables")
      tables = std::atoi(value.c_str());
    else if (flag == "--reads")
      reads = std::max(20, std::atoi(value.c_str()));
    else
      Die("unknown flag " + flag);
  }
  const std::string ddb_local = ddbemu::testing::DdbLocalBinary();
  std::vector<std::pair<std::string, Figures>> results;
  for (std::int64_t items : ParseSizes(sizes_text)) {
    results.emplace_back("items_" + std::to_string(items),
                         MeasureSize(items, std::filesystem::path(dir) / std::to_string(items),
                                     ddb_local, http_load_max, reads));
    std::filesystem::remove_all(std::filesystem::path(dir) / std::to_string(items));
  }
  if (!ddb_local.empty() && tables > 0)
    results.emplace_back("tables_" + std::to_string(tables), MeasureTables(ddb_local, tables));
  std::ostringstream json;
  json << "{";
  for (std::size_t r = 0; r < results.size(); ++r) {
    std::printf("%s\n", results[r].first.c_str());
    json << (r ? "," : "") << "\"" << results[r].first << "\":{";
    for (std::size_t k = 0; k < results[r].second.size(); ++k) {
      const auto& [name, value] = results[r].second[k];
      std::printf("  %-32s %14.2f\n", name.c_str(), value);
      json << (k ? "," : "") << "\"" << name << "\":" << value;
    }
    json << "}";
  }
  json << "}\n";
  if (!json_path.empty()) std::ofstream(json_path) << json.str();
  return 0;
}
