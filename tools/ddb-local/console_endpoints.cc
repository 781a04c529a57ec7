// The audit report endpoint and the console's static files (console_endpoints.h).
#include "console_endpoints.h"

#include <charconv>
#include <optional>

#include "console_assets.h"

namespace ddblocal {
namespace {

ddbemu::Response InvalidConsoleQuery(std::string_view message) {
  std::string body = "{\"__type\":\"com.amazon.coral.validate#ValidationException\",\"message\":\"";
  body += message;  // our own text: no characters to escape
  body += "\"}";
  return ddbemu::Response{400, std::move(body)};
}

template <class T>
std::optional<T> ParseNumber(const std::string& text) {
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < T{0}) return std::nullopt;
  return v;
}

}  // namespace

ddbemu::Response AuditEndpoint(ddbemu::Database& database,
                               const std::map<std::string, std::string>& params,
                               const ddbemu::RequestContext& caller) {
  ddbemu::AuditThresholds t;
  const std::pair<const char*, double*> ratios[] = {
      {"filter_discard_ratio", &t.filter_discard_ratio},
      {"large_item_kb", &t.large_item_kb},
      {"hot_key_share", &t.hot_key_share},
      {"strong_read_share", &t.strong_read_share},
  };
  for (const auto& [name, field] : ratios) {
    if (auto it = params.find(name); it != params.end()) {
      auto v = ParseNumber<double>(it->second);
      if (!v) return InvalidConsoleQuery(std::string(name) + "= must be a non-negative number");
      *field = *v;
    }
  }
  const std::pair<const char*, std::int64_t*> counts[] = {
      {"filter_min_read", &t.filter_min_read},
      {"collection_items", &t.collection_items},
      {"strong_read_min", &t.strong_read_min},
      {"vector_search_examined", &t.vector_search_examined},
  };
  for (const auto& [name, field] : counts) {
    if (auto it = params.find(name); it != params.end()) {
      auto v = ParseNumber<std::int64_t>(it->second);
      if (!v) return InvalidConsoleQuery(std::string(name) + "= must be a non-negative integer");
      *field = *v;
    }
  }
  auto report = database.Audit(caller, t);
  if (!report.ok()) {
    return ddbemu::Response{report.error().http_status(),
                            "{\"__type\":\"" + std::string(report.error().type_name()) + "\"}"};
  }
  return ddbemu::Response{200, ddbemu::ToJson(*report)};
}

ddbemu::Response ConsoleFile(std::string_view path) {
  constexpr std::string_view kPrefix = "/_ddblocal/console";
  std::string_view file = path.substr(std::min(path.size(), kPrefix.size()));
  while (file.starts_with('/')) file.remove_prefix(1);
  if (file.empty()) file = "index.html";
  for (const ConsoleAsset& asset : ConsoleAssets()) {
    if (asset.path == file) {
      return ddbemu::Response{200, std::string(asset.body), asset.content_type};
    }
  }
  return ddbemu::Response{404, "Not found: " + std::string(file) + "\n", "text/plain"};
}

}  // namespace ddblocal
