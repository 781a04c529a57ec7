// The HR workload of scale_bench (scale_bench.h): employee items, the BatchWriteItem load, the
// GetItem and Query latencies, the Scan, and the process memory the report shows.
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <thread>

#include "ddbemu/batch_all.h"
#include "ddbemu/http_client.h"
#include "ddbemu/paginate.h"
#include "scale_bench.h"

namespace scale {

using ddbemu::AttributeValue;
using ddbemu::Item;

namespace {

constexpr int kEmployeesPerOrg = 1000;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

template <class F>
void Time(Latencies& out, F call) {
  const auto start = Clock::now();
  call();
  out.micros.push_back(SecondsSince(start) * 1e6);
}

}  // namespace

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void Die(const std::string& what) {
  std::fprintf(stderr, "scale_bench: %s\n", what.c_str());
  std::exit(1);
}

std::optional<double> Figures::Get(const std::string& name) const {
  for (const auto& [n, v] : values)
    if (n == name) return v;
  return std::nullopt;
}

std::string OrgId(std::int64_t i) {
  return "01JORG" + std::to_string(100000 + i / kEmployeesPerOrg);
}
std::string EmpId(std::int64_t i) { return "01JEMP" + std::to_string(10000000 + i); }

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

LoadResult Load(ddbemu::Client& client, std::int64_t first, std::int64_t last,
                Clock::time_point deadline) {
  const auto start = Clock::now();
  std::int64_t i = first;
  for (; i < last && Clock::now() < deadline; i += 25) {
    ddbemu::BatchWriteItemRequest batch;
    auto& writes = batch.request_items[kTable];
    for (std::int64_t j = i; j < std::min(last, i + 25); ++j) {
      writes.push_back(ddbemu::WriteRequest{ddbemu::PutRequest{.item = Employee(j)}});
    }
    auto written = ddbemu::BatchWriteAll(client, std::move(batch));
    if (!written.ok()) Die("BatchWriteItem: " + std::string(written.error().message()));
  }
  const std::int64_t written = std::min(i, last) - first;
  return {written, static_cast<double>(written) / SecondsSince(start)};
}

double Latencies::Quantile(double q) {
  if (micros.empty()) return 0;
  std::sort(micros.begin(), micros.end());
  const auto rank = static_cast<std::size_t>(q * static_cast<double>(micros.size() - 1));
  return micros[rank];
}

void Latencies::Merge(const Latencies& other) {
  micros.insert(micros.end(), other.micros.begin(), other.micros.end());
}

ReadFigures Reads(const std::function<std::unique_ptr<ddbemu::Client>()>& make_client,
                  std::int64_t items, int threads, int per_thread) {
  std::vector<Latencies> gets(static_cast<std::size_t>(threads)),
      queries(static_cast<std::size_t>(threads));
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      std::unique_ptr<ddbemu::Client> client = make_client();
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
  for (const auto& l : gets) all_gets.Merge(l);
  for (const auto& l : queries) all_queries.Merge(l);
  return {all_gets.Quantile(0.5), all_gets.Quantile(0.99), all_queries.Quantile(0.5),
          all_queries.Quantile(0.99)};
}

void AddReads(Figures& f, const std::string& where, const ReadFigures& r) {
  f.Add("get_p50_us_" + where, r.get_p50);
  f.Add("get_p99_us_" + where, r.get_p99);
  f.Add("query_p50_us_" + where, r.query_p50);
  f.Add("query_p99_us_" + where, r.query_p99);
}

double ScanThroughput(ddbemu::Client& client, std::int64_t table_bytes) {
  const auto start = Clock::now();
  std::int64_t count = 0;
  auto pages = ddbemu::ScanPages(client, {.table_name = kTable});
  for (const ddbemu::ScanResponse& page : pages) count += page.count;
  if (!pages.status().ok() || count == 0) Die("Scan failed or found nothing");
  return static_cast<double>(table_bytes) / 1e6 / SecondsSince(start);
}

ddbemu::HttpClientOptions ClientOptions(const std::string& url) {
  return {.endpoint = url,
          .region = "us-east-1",
          .credentials =
              ddbemu::AwsCredentials{
                  .access_key_id = "AKIDSCALE", .secret_access_key = "x", .session_token = ""},
          .max_attempts = 3,
          .max_connections = 1};
}

std::unique_ptr<ddbemu::Client> HttpClient(const std::string& url) {
  auto client = ddbemu::OpenHttpClient(ClientOptions(url));
  if (!client.ok()) Die(std::string(client.error().message()));
  return std::move(client).value();
}

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

void AddMemory(Figures& f, const std::string& prefix, int pid) {
  const auto memory = Memory(pid);
  const auto kib = [&](const char* key) {
    const auto at = memory.find(key);
    return static_cast<double>(at == memory.end() ? 0 : at->second);
  };
  f.Add(prefix + "rss_kib", kib("VmRSS"));
  f.Add(prefix + "heap_kib", kib("RssAnon"));
  f.Add(prefix + "mapped_kib", kib("RssFile"));
}

std::int64_t FileBytes(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::int64_t>(st.st_blocks) * 512 : 0;
}

}  // namespace scale
