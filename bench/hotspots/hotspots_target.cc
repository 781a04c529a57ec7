#include "hotspots_target.h"

#include <rapidjson/document.h>
#include <unistd.h>

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

  hrcore::Result<std::string> Fresh(const std::string& run_name) override {
    client_.reset();
    database_.reset();
    ddbemu::Options options;
    options.in_memory = true;
    options.durability = ddbemu::Durability::kNone;
    options.throttle = true;
    options.clock = clock_;
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

class HttpTarget final : public Target {
 public:
  HttpTarget(std::string endpoint, std::unique_ptr<ddbemu::Client> client)
      : endpoint_(std::move(endpoint)), client_(std::move(client)), pacer_(MakeRealPacer()) {
    std::string rest = endpoint_.substr(endpoint_.find("://") + 3);
    const auto slash = rest.find('/');
    if (slash != std::string::npos) rest = rest.substr(0, slash);
    const auto colon = rest.rfind(':');
    host_ = colon == std::string::npos ? rest : rest.substr(0, colon);
    port_ = colon == std::string::npos ? "80" : rest.substr(colon + 1);
  }
  ~HttpTarget() override { DropTable(); }

  hrcore::Result<std::string> Fresh(const std::string& run_name) override {
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
  std::string table_;
};

}  // namespace

std::unique_ptr<Target> MakeEmbeddedTarget() { return std::make_unique<EmbeddedTarget>(); }

hrcore::Result<std::unique_ptr<Target>> MakeHttpTarget(const std::string& endpoint) {
  ddbemu::HttpClientOptions options{.endpoint = endpoint};
  options.region = kRegion;
  options.credentials = ddbemu::AwsCredentials{kAccessKey, "hrhot-secret", ""};
  // Every refusal must reach the scenario, which counts it and offers the operation again.
  options.max_attempts = 1;
  auto client = ddbemu::OpenHttpClient(std::move(options));
  if (!client.ok()) return hrcore::Error::Backend(client.error());
  return std::unique_ptr<Target>(std::make_unique<HttpTarget>(endpoint, std::move(client).value()));
}

}  // namespace hrhot
