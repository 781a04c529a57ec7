#include "server/sigv4_verifier.h"

#include <array>
#include <chrono>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_text.h"
#include "server/request_router.h"
#include "server/sigv4_auth.h"
#include "server/sigv4_signature.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {

constexpr std::string_view kInvalidSignature = "com.amazon.coral.service#InvalidSignatureException";
// The service's words (the SDKs' issue trackers quote them verbatim).
constexpr std::string_view kSignatureMismatch =
    "The request signature we calculated does not match the signature you provided. Check your "
    "AWS Secret Access Key and signing method. Consult the service documentation for details.";
constexpr std::string_view kService = "dynamodb";

// The value of `name=` among the Authorization header's comma-separated parameters.
std::string_view Param(std::string_view header, std::string_view name) {
  const std::size_t space = header.find(' ');
  std::string_view params =
      space == std::string_view::npos ? std::string_view{} : header.substr(space + 1);
  while (!params.empty()) {
    const std::size_t comma = params.find(',');
    const std::string_view item = TrimBlanks(params.substr(0, comma));
    params = comma == std::string_view::npos ? std::string_view{} : params.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq != std::string_view::npos && TrimBlanks(item.substr(0, eq)) == name) {
      return TrimBlanks(item.substr(eq + 1));
    }
  }
  return {};
}

std::string_view Header(const HttpRequestView& request, std::string_view name) {
  for (const auto& [key, value] : request.headers) {
    if (key.size() != name.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < key.size() && same; ++i) {
      same = std::tolower(static_cast<unsigned char>(key[i])) == name[i];
    }
    if (same) return TrimBlanks(value);
  }
  return {};
}

// "20240101T000000Z" -> seconds since the epoch.
std::optional<std::int64_t> ParseAmzDate(std::string_view s) {
  if (s.size() != 16 || s[8] != 'T' || s[15] != 'Z') return std::nullopt;
  for (std::size_t i = 0; i < 15; ++i) {
    if (i != 8 && (s[i] < '0' || s[i] > '9')) return std::nullopt;
  }
  const auto num = [&](std::size_t at, std::size_t len) {
    int v = 0;
    for (std::size_t i = at; i < at + len; ++i) v = v * 10 + (s[i] - '0');
    return v;
  };
  std::tm tm{};
  tm.tm_year = num(0, 4) - 1900;
  tm.tm_mon = num(4, 2) - 1;
  tm.tm_mday = num(6, 2);
  tm.tm_hour = num(9, 2);
  tm.tm_min = num(11, 2);
  tm.tm_sec = num(13, 2);
  if (tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 ||
      tm.tm_sec > 60) {
    return std::nullopt;
  }
  const int day = tm.tm_mday;
  const std::int64_t seconds = timegm(&tm);
  // timegm moves a day past the month's end into the next month ("20240230" would be March 1st
  // and then match a scope of "20240230"): such a date is not a date.
  if (tm.tm_mday != day) return std::nullopt;
  return seconds;
}

// A region as the SDKs accept one: letters, digits and hyphens ("us-east-1", "local"; the SDKs
// check the same characters before they sign). The service refuses a scope naming anything
// else; a local endpoint serves any such name.
bool IsRegionName(std::string_view region) {
  if (region.empty()) return false;
  for (const char c : region) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-')) {
      return false;
    }
  }
  return true;
}

// An RFC 7231 Date ("Mon, 01 Jan 2024 00:00:00 GMT") -> seconds since the epoch.
std::optional<std::int64_t> ParseHttpDate(std::string_view s) {
  std::tm tm{};
  const std::string text(s);
  const char* end = strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm);
  if (end == nullptr || *end != '\0') return std::nullopt;
  return static_cast<std::int64_t>(timegm(&tm));
}

std::string FormatAmzDate(std::int64_t seconds) {
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[20];
  const std::size_t n = std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return std::string(buf, n);
}

}  // namespace

SigV4Verifier::SigV4Verifier(std::shared_ptr<const CredentialStore> credentials, Now now)
    : credentials_(std::move(credentials)), now_(std::move(now)) {
  if (!now_) {
    now_ = [] {
      return std::chrono::duration_cast<std::chrono::seconds>(
                 std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
}

AuthResult SigV4Verifier::Verify(const HttpRequestView& request) const {
  // Shape first: missing header, missing parameters, a malformed Credential.
  AuthResult shape = ParseAuthorization(request.authorization);
  if (!shape.context) return shape;
  const std::string_view authorization = TrimBlanks(request.authorization);

  // keyid/date/region/service/terminator (ParseAuthorization checked there are five).
  std::string_view credential = Param(authorization, "Credential");
  while (!credential.empty() && credential.back() == '/') credential.remove_suffix(1);
  std::array<std::string_view, 5> scope;
  for (std::size_t i = 0; i < scope.size(); ++i) {
    const std::size_t slash = credential.find('/');
    scope[i] = credential.substr(0, slash);
    credential =
        slash == std::string_view::npos ? std::string_view{} : credential.substr(slash + 1);
  }
  const std::string_view key_id = scope[0], scope_date = scope[1], region = scope[2],
                         service = scope[3], terminator = scope[4];

  // The request time: X-Amz-Date, else Date.
  std::string_view date_header_name = "x-amz-date";
  std::string_view date_value = Header(request, "x-amz-date");
  if (date_value.empty()) {
    date_header_name = "date";
    date_value = Header(request, "date");
  }
  if (date_value.empty()) {
    return AuthFailure(
        kIncompleteSignature,
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' "
        "header. Authorization=" +
            std::string(authorization));
  }
  const std::optional<std::int64_t> when =
      date_header_name == "x-amz-date" ? ParseAmzDate(date_value) : ParseHttpDate(date_value);
  if (!when) {
    return AuthFailure(kIncompleteSignature, "Date must be in ISO-8601 'basic format'. Got '" +
                                                 std::string(date_value) +
                                                 "'. See http://en.wikipedia.org/wiki/ISO_8601");
  }
  const std::string amz_date =
      date_header_name == "x-amz-date" ? std::string(date_value) : FormatAmzDate(*when);

  const std::optional<std::string_view> secret = credentials_->Secret(key_id);
  if (!secret) {
    return AuthFailure(kUnrecognizedClient,
                       "The security token included in the request is invalid.");
  }

  const std::int64_t now = now_();
  if (*when < now - kMaxSkewSeconds) {
    return AuthFailure(kInvalidSignature, "Signature expired: " + amz_date +
                                              " is now earlier than " +
                                              FormatAmzDate(now - kMaxSkewSeconds) + " (" +
                                              FormatAmzDate(now) + " - 15 min.)");
  }
  if (*when > now + kMaxSkewSeconds) {
    return AuthFailure(kInvalidSignature, "Signature not yet current: " + amz_date +
                                              " is still later than " +
                                              FormatAmzDate(now + kMaxSkewSeconds) + " (" +
                                              FormatAmzDate(now) + " + 15 min.)");
  }
  if (scope_date != std::string_view(amz_date).substr(0, 8)) {
    return AuthFailure(
        kInvalidSignature,
        "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date "
        "from HTTP: '" +
            std::string(scope_date) + "' != '" + amz_date.substr(0, 8) + "', from '" +
            std::string(date_header_name) + "'.");
  }
  // The service's words (aws/aws-sdk-js#4002 and 3mcloud/falcano#47 quote DynamoDB's
  // InvalidSignatureException "Credential should be scoped to a valid region, not 'eu-east-2'. ").
  // A local endpoint serves every region (each its own namespace), so only a scope that names
  // no region at all is refused.
  if (!IsRegionName(region)) {
    return AuthFailure(kInvalidSignature, "Credential should be scoped to a valid region, not '" +
                                              std::string(region) + "'. ");
  }
  if (service != kService) {
    return AuthFailure(kInvalidSignature,
                       "Credential should be scoped to correct service: 'dynamodb'. ");
  }
  if (terminator != "aws4_request") {
    return AuthFailure(
        kInvalidSignature,
        "Credential should be scoped with a valid terminator: 'aws4_request', not '" +
            std::string(terminator) + "'. ");
  }

  sigv4::RequestToSign to_sign;
  to_sign.method = request.method;
  to_sign.target = request.target;
  to_sign.headers = request.headers;
  to_sign.signed_headers = Param(authorization, "SignedHeaders");
  to_sign.payload = request.body;
  const std::string string_to_sign = sigv4::StringToSign(
      amz_date, sigv4::Scope(scope_date, region, service), sigv4::CanonicalRequest(to_sign));
  const std::string expected =
      sigv4::Signature(signing_keys_.Get(*secret, scope_date, region, service), string_to_sign);
  if (!sigv4::ConstantTimeEquals(expected, Param(authorization, "Signature"))) {
    return AuthFailure(kInvalidSignature, std::string(kSignatureMismatch));
  }
  return shape;  // the caller: access key id and region, as ParseAuthorization read them
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
