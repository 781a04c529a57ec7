// Send-time SigV4 signing of pre-rendered requests; see wire_signature.h.
#include "wire_signature.h"

#include <chrono>
#include <ctime>

namespace hrbench {
namespace {

constexpr std::string_view kService = "dynamodb";
constexpr std::string_view kSignedHeaders = "content-type;host;x-amz-date;x-amz-target";

std::uint32_t Offset(const std::string& s) { return static_cast<std::uint32_t>(s.size()); }

}  // namespace

std::string AmzDateNow() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[17];
  std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &utc);
  return text;
}

std::string RenderSignedHead(std::string_view host, std::string_view operation,
                             std::size_t body_size, const WireCredentials& credentials,
                             std::string_view amz_date, WireSignature* where) {
  const std::string target = "DynamoDB_20120810." + std::string(operation);
  std::string head = "POST / HTTP/1.1\r\nHost: " + std::string(host) +
                     "\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: " + target +
                     "\r\nX-Amz-Date: ";
  where->amz_date = Offset(head);
  head += amz_date;
  head += "\r\nAuthorization: AWS4-HMAC-SHA256 Credential=" + credentials.access_key + "/";
  where->scope_date = Offset(head);
  head += amz_date.substr(0, 8);
  head += "/" + credentials.region + "/" + std::string(kService) +
          "/aws4_request, SignedHeaders=" + std::string(kSignedHeaders) + ", Signature=";
  where->signature = Offset(head);
  head += std::string(64, '0');
  head += "\r\nContent-Length: " + std::to_string(body_size) + "\r\n\r\n";
  where->body = Offset(head);
  where->canonical_prefix =
      "POST\n/\n\ncontent-type:application/x-amz-json-1.0\nhost:" + std::string(host) +
      "\nx-amz-date:";
  where->canonical_suffix =
      "\nx-amz-target:" + target + "\n\n" + std::string(kSignedHeaders) + "\n";
  return head;
}

void WireSigner::Sign(std::string& request, const WireSignature& where) const {
  namespace sigv4 = ddbemu::sigv4;
  const std::string amz_date = AmzDateNow();
  const std::string_view date = std::string_view(amz_date).substr(0, 8);
  request.replace(where.amz_date, amz_date.size(), amz_date);
  request.replace(where.scope_date, date.size(), date);
  const std::string_view body = std::string_view(request).substr(where.body);
  const std::string canonical =
      where.canonical_prefix + amz_date + where.canonical_suffix + sigv4::Sha256Hex(body);
  const std::string scope = sigv4::Scope(date, credentials_.region, kService);
  const std::string key = keys_.Get(credentials_.secret, date, credentials_.region, kService);
  const std::string signature =
      sigv4::Signature(key, sigv4::StringToSign(amz_date, scope, canonical));
  request.replace(where.signature, signature.size(), signature);
}

}  // namespace hrbench
