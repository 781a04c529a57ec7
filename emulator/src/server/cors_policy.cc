#include "server/cors_policy.h"

#include <algorithm>

#include "server/http_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {}  // namespace

CorsPolicy CorsPolicy::FromList(std::string_view list) {
  std::vector<std::string> origins;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view item = TrimBlanks(list.substr(0, comma));
    if (!item.empty()) origins.emplace_back(item);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return CorsPolicy(std::move(origins));
}

std::optional<std::string> CorsPolicy::AllowOrigin(std::string_view origin) const {
  if (origin.empty()) return std::nullopt;
  for (const std::string& allowed : origins_) {
    if (allowed == "*") return std::string("*");
    if (allowed == origin) return std::string(origin);
  }
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> CorsPolicy::PreflightHeaders(
    std::string_view origin, std::string_view request_method,
    std::string_view request_headers) const {
  std::vector<std::pair<std::string, std::string>> headers;
  const auto allow = AllowOrigin(origin);
  if (!allow) return headers;
  headers.emplace_back("Access-Control-Allow-Origin", *allow);
  headers.emplace_back("Access-Control-Allow-Methods",
                       request_method.empty() ? std::string("POST") : std::string(request_method));
  if (!request_headers.empty()) {
    headers.emplace_back("Access-Control-Allow-Headers", std::string(request_headers));
  }
  headers.emplace_back("Access-Control-Max-Age", "1728000");
  return headers;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
