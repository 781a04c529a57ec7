// Cross-origin access for JavaScript in a browser, as DynamoDB Local's -cors flag offers it.
//
// Off unless configured. AWS answers every origin with "*", but it verifies signatures; this
// server does not (see sigv4_auth.h), so "*" by default would let any web page the developer
// visits read and write the local tables. DynamoDB Local 1.25 likewise sends no
// Access-Control-Allow-Origin unless started with `-cors <origins>`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

class CorsPolicy {
 public:
  CorsPolicy() = default;  // disabled
  // `origins`: exact origins ("http://localhost:3000"), or "*" for any origin. Empty disables.
  explicit CorsPolicy(std::vector<std::string> origins) : origins_(std::move(origins)) {}
  // Parses DynamoDB Local's comma-separated -cors list ("*" or "http://a.com,http://b.com").
  static CorsPolicy FromList(std::string_view list);

  bool enabled() const { return !origins_.empty(); }
  const std::vector<std::string>& origins() const { return origins_; }

  // The Access-Control-Allow-Origin value for a request from `origin`, or nullopt when the
  // origin is not allowed (or CORS is off, or the request has no Origin header).
  std::optional<std::string> AllowOrigin(std::string_view origin) const;

  // Headers of the answer to a preflight (OPTIONS with Origin) from an allowed origin, as
  // DynamoDB Local sends them: the requested method and headers echoed, cached 20 days.
  std::vector<std::pair<std::string, std::string>> PreflightHeaders(
      std::string_view origin, std::string_view request_method,
      std::string_view request_headers) const;

  // Response headers a browser script may read: the SDKs read the request id and checksum.
  static constexpr std::string_view kExposeHeaders = "x-amzn-RequestId,x-amz-crc32";

 private:
  std::vector<std::string> origins_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
