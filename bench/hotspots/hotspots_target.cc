#include "hotspots_target.h"

#include <rapidjson/document.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/http_client.h"

namespace hrhot {
namespace {

constexpr const char* kAccessKey = "hrhot";
constexpr const char* kRegion = "us-east-1";

std::vector<PartitionRange> RangesOf(const ddbemu::KeyspaceCapacity& keyspace) {
  std::vector<PartitionRange> out;
  for (const auto& p : keyspace.partitions) out.push_back({p.first_hash, p.last_hash});
  std::sort(out.begin(), out.end());
  return out;
}

std::int64_t PartitionsIn(const ddbemu::TableCapacityReport& report, const std::string& index) {
  if (index.empty()) return static_cast<std::int64_t>(report.table.partitions.size());
  for (const auto& gsi : report.global_secondary_indexes) {
    if (gsi.name == index) return static_cast<std::int64_t>(gsi.partitions.size());
  }
  return 1;
}

class EmbeddedTarget final : public Target {
 public:
  EmbeddedTarget()
      : clock_(std::make_shared<ddbemu::VirtualClock>()), pacer_(MakeVirtualPacer(*clock_)) {}

  hrcore::Result<std::string> Fresh(const std::string& run_name,
                                    const DatabaseSettings& settings) override {
    client_.reset();
    database_.reset();
    ddbemu::Options options;
    options.in_memory = true;
    options.durability = ddbemu::Durability::kNone;
    options.throttle = true;
    options.clock = clock_;
    if (settings.on_demand_scale_delay_ms) {
      options.on_demand_scale_delay_ms = *settings.on_demand_scale_delay_ms;
    }
    if (settings.split_for_heat_seconds) {
      options.split_for_heat_seconds = *settings.split_for_heat_seconds;
    }
    if (settings.split_for_heat_percent) {
      options.split_for_heat_percent = *settings.split_for_heat_percent;
    }
    auto db = ddbemu::Database::Open(options);
    if (!db.ok()) return hrcore::Error::Backend(db.error());
    database_ = std::move(db).value();
    client_ = ddbemu::MakeEmbeddedClient(*database_);
    table_ = "acme-hr-" + run_name;
    return table_;
  }
  ddbemu::Client& client() override { return *client_; }
  Pacer& pacer() override { return *pacer_; }
  const ddbemu::Clock& clock() override { return *clock_; }
  std::int64_t Partitions(const std::string& index) override {
    auto report = database_->CapacityReport(table_, 0);
    return report.ok() ? PartitionsIn(*report, index) : 1;
  }
  std::string CapacityReportJson() override {
    auto report = database_->CapacityReport(table_, 20);
    return report.ok() ? ddbemu::ToJson(*report) : "{}";
  }
  hrcore::Result<std::string> CallJson(const std::string& operation,
                                       const std::string& body) override {
    ddbemu::Response r = database_->Call(operation, body);
    if (r.http_status != 200) {
      return hrcore::Error(hrcore::ErrorKind::kBackend, operation + ": " + r.body);
    }
    return r.body;
  }
  std::vector<PartitionRange> PartitionRanges() override {
    auto report = database_->CapacityReport(table_, 0);
    return report.ok() ? RangesOf(report->table) : std::vector<PartitionRange>{};
  }
  std::string Describe() const override {
    return "in process (embedded ddbemu::Client), virtual clock";
  }
  bool is_virtual() const override { return true; }

 private:
  std::shared_ptr<ddbemu::VirtualClock> clock_;
  std::unique_ptr<Pacer> pacer_;
  std::unique_ptr<ddbemu::Database> database_;
  std::unique_ptr<ddbemu::Client> client_;
  std::string table_;
};

// GET `target` from host:port (the admin endpoints answer plain HTTP/1.1).
std::string HttpGet(const std::string& host, const std::string& port, const std::string& target) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  boost::asio::io_context io;
  boost::asio::ip::tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  beast::error_code ec;
  auto endpoints = resolver.resolve(host, port, ec);
  if (ec) return "";
  stream.connect(endpoints, ec);
  if (ec) return "";
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, host);
  http::write(stream, req, ec);
  if (ec) return "";
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res, ec);
  if (ec) return "";
  return res.body();
}

// POST a DynamoDB operation's JSON to host:port, unsigned: ddb-local (as DynamoDB Local) checks
// only that the Authorization header has SigV4's shape unless it verifies signatures
// (--credentials-file), which this target does not support. Returns (status, body).
std::pair<int, std::string> HttpPostOperation(const std::string& host, const std::string& port,
                                              const std::string& operation,
                                              const std::string& body) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  boost::asio::io_context io;
  boost::asio::ip::tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  beast::error_code ec;
  auto endpoints = resolver.resolve(host, port, ec);
  if (ec) return {0, ec.message()};
  stream.connect(endpoints, ec);
  if (ec) return {0, ec.message()};
  http::request<http::string_body> req{http::verb::post, "/", 11};
  req.set(http::field::host, host);
  req.set(http::field::content_type, "application/x-amz-json-1.0");
  req.set("X-Amz-Target", "DynamoDB_20120810." + operation);
  req.set("X-Amz-Date", "20260101T000000Z");
  req.set(http::field::authorization,
          std::string("AWS4-HMAC-SHA256 Credential=") + kAccessKey + "/20260101/" + kRegion +
              "/dynamodb/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, "
              "Signature=0000000000000000000000000000000000000000000000000000000000000000");
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req, ec);
  if (ec) return {0, ec.message()};
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res, ec);
  if (ec) return {0, ec.message()};
  return {static_cast<int>(res.result_int()), res.body()};
}

std::uint64_t ParseHex(const rapidjson::Value& v) {
  return v.IsString() ? std::strtoull(v.GetString(), nullptr, 16) : 0;
}

class HttpTarget final : public Target {
 public:
  HttpTarget(std::string endpoint, std::unique_ptr<ddbemu::Client> client,
             std::optional<DatabaseSettings> server_settings)
      : endpoint_(std::move(endpoint)),
        client_(std::move(client)),
        pacer_(MakeRealPacer()),
        server_settings_(std::move(server_settings)) {
    std::string rest = endpoint_.substr(endpoint_.find("://") + 3);
    const auto slash = rest.find('/');
    if (slash != std::string::npos) rest = rest.substr(0, slash);
    const auto colon = rest.rfind(':');
    host_ = colon == std::string::npos ? rest : rest.substr(0, colon);
    port_ = colon == std::string::npos ? "80" : rest.substr(colon + 1);
  }
  ~HttpTarget() override { DropTable(); }

  hrcore::Result<std::string> Fresh(const std::string& run_name,
                                    const DatabaseSettings& settings) override {
    if (server_settings_ && !(*server_settings_ == settings) && !settings.is_default()) {
      return hrcore::Error(hrcore::ErrorKind::kInvalidArgument,
                           run_name + " needs a server started with " + settings.Describe() +
                               "; this one was started with " + server_settings_->Describe());
    }
    if (!server_settings_ && !settings.is_default() && !(settings == announced_)) {
      // An endpoint's options cannot be read or changed from here: say what the run assumes.
      std::cerr << "hrctl hotspots: " << run_name << " assumes " << endpoint_
                << " was started with " << settings.Describe() << "\n";
      announced_ = settings;
    }
    DropTable();
    table_ = "acme-hr-hot-" + run_name + "-" + std::to_string(::getpid());
    return table_;
  }
  ddbemu::Client& client() override { return *client_; }
  Pacer& pacer() override { return *pacer_; }
  const ddbemu::Clock& clock() override { return clock_; }
  std::int64_t Partitions(const std::string& index) override {
    rapidjson::Document doc;
    doc.Parse(CapacityReportJson().c_str());
    if (doc.HasParseError() || !doc.IsObject()) return 4;  // docs/capacity.md §2's default
    auto count = [](const rapidjson::Value& keyspace) -> std::int64_t {
      if (!keyspace.IsObject() || !keyspace.HasMember("Partitions")) return 4;
      return static_cast<std::int64_t>(keyspace["Partitions"].Size());
    };
    if (index.empty()) return doc.HasMember("Table") ? count(doc["Table"]) : 4;
    if (doc.HasMember("GlobalSecondaryIndexes")) {
      for (const auto& gsi : doc["GlobalSecondaryIndexes"].GetArray()) {
        if (gsi.HasMember("IndexName") && index == gsi["IndexName"].GetString()) return count(gsi);
      }
    }
    return 4;
  }
  std::string CapacityReportJson() override {
    return HttpGet(host_, port_,
                   "/_ddblocal/capacity?table=" + table_ + "&top=20&access_key_id=" + kAccessKey +
                       "&region=" + kRegion);
  }
  hrcore::Result<std::string> CallJson(const std::string& operation,
                                       const std::string& body) override {
    auto [status, text] = HttpPostOperation(host_, port_, operation, body);
    if (status != 200) {
      return hrcore::Error(hrcore::ErrorKind::kBackend,
                           operation + ": HTTP " + std::to_string(status) + " " + text);
    }
    return text;
  }
  std::vector<PartitionRange> PartitionRanges() override {
    std::vector<PartitionRange> out;
    rapidjson::Document doc;
    doc.Parse(CapacityReportJson().c_str());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("Table")) return out;
    const auto& table = doc["Table"];
    if (!table.IsObject() || !table.HasMember("Partitions")) return out;
    for (const auto& p : table["Partitions"].GetArray()) {
      if (!p.HasMember("FirstHash") || !p.HasMember("LastHash")) continue;
      out.push_back({ParseHex(p["FirstHash"]), ParseHex(p["LastHash"])});
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  std::string Describe() const override { return endpoint_ + ", real clock"; }
  bool is_virtual() const override { return false; }

 private:
  void DropTable() {
    if (table_.empty()) return;
    (void)client_->DeleteTable({.table_name = table_});
    table_.clear();
  }

  std::string endpoint_;
  std::string host_, port_;
  std::unique_ptr<ddbemu::Client> client_;
  std::unique_ptr<Pacer> pacer_;
  ddbemu::SystemClock clock_;
  std::optional<DatabaseSettings> server_settings_;
  DatabaseSettings announced_;
  std::string table_;
};

}  // namespace

std::vector<std::string> DatabaseSettings::DdbLocalFlags() const {
  std::vector<std::string> out;
  if (on_demand_scale_delay_ms) {
    out.push_back("--on-demand-scale-delay-ms");
    out.push_back(std::to_string(*on_demand_scale_delay_ms));
  }
  if (split_for_heat_seconds || split_for_heat_percent) {
    out.push_back("--split-for-heat");
    out.push_back(std::to_string(split_for_heat_seconds.value_or(300)) + "," +
                  std::to_string(split_for_heat_percent.value_or(80)));
  }
  return out;
}

std::string DatabaseSettings::Describe() const {
  std::string out;
  for (const std::string& flag : DdbLocalFlags()) out += (out.empty() ? "" : " ") + flag;
  return out.empty() ? "the default capacity timing" : out;
}

std::unique_ptr<Target> MakeEmbeddedTarget() { return std::make_unique<EmbeddedTarget>(); }

hrcore::Result<std::unique_ptr<Target>> MakeHttpTarget(
    const std::string& endpoint, std::optional<DatabaseSettings> server_settings) {
  ddbemu::HttpClientOptions options{.endpoint = endpoint};
  options.region = kRegion;
  options.credentials = ddbemu::AwsCredentials{kAccessKey, "hrhot-secret", ""};
  // Every refusal must reach the scenario, which counts it and offers the operation again.
  options.max_attempts = 1;
  auto client = ddbemu::OpenHttpClient(std::move(options));
  if (!client.ok()) return hrcore::Error::Backend(client.error());
  return std::unique_ptr<Target>(std::make_unique<HttpTarget>(endpoint, std::move(client).value(),
                                                              std::move(server_settings)));
}

}  // namespace hrhot
