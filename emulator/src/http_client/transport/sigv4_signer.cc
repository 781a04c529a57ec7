// The SigV4 steps as AWS documents them ("Create a signed AWS API request"): canonical request,
// string to sign, derived signing key, signature. The canonical query and header values, and
// everything after the canonical request, are the core's the server's verifier uses too.
#include "http_client/transport/sigv4_signer.h"

#include <algorithm>
#include <array>
#include <ctime>
#include <map>

#include "sigv4/sigv4_core.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace {

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Removes "." and ".." segments and empty segments ("//"), keeping a trailing slash, then
// encodes each segment: the canonical URI of every service but S3.
std::string CanonicalUri(std::string_view path) {
  std::vector<std::string_view> segments;
  std::string_view rest = path;
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") {
      if (!segments.empty()) segments.pop_back();
      continue;
    }
    segments.push_back(segment);
  }
  std::string out = "/";
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (i > 0) out += '/';
    out += UriEncode(segments[i]);
  }
  if (!segments.empty() && !path.empty() && path.back() == '/') out += '/';
  return out;
}

}  // namespace

std::string Sha256Hex(std::string_view data) { return sigv4::Sha256Hex(data); }

std::string UriEncode(std::string_view text, bool keep_slash) {
  return sigv4::UriEncode(text, keep_slash);
}

std::string AmzDate(long long unix_seconds) {
  const auto t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y%m%dT%H%M%SZ", &tm);
  return buffer;
}

Signature SigV4Signer::Sign(const SigningRequest& request, const Credentials& credentials,
                            std::string_view amz_date) const {
  // Headers by lower-case name (std::map sorts them), values joined in request order.
  std::map<std::string, std::string> headers;
  for (const auto& [name, value] : request.headers) {
    std::string key(name);
    std::transform(key.begin(), key.end(), key.begin(), Lower);
    auto [it, inserted] = headers.try_emplace(std::move(key));
    if (!inserted) it->second += ',';
    sigv4::AppendCanonicalHeaderValue(value, it->second);
  }
  std::string canonical_headers;
  std::string signed_headers;
  for (const auto& [name, value] : headers) {
    canonical_headers += name + ":" + value + "\n";
    if (!signed_headers.empty()) signed_headers += ';';
    signed_headers += name;
  }

  Signature s;
  s.canonical_request = std::string(request.method) + "\n" + CanonicalUri(request.path) + "\n" +
                        sigv4::CanonicalQuery(request.query, sigv4::QueryText::kUnencoded) + "\n" +
                        canonical_headers + "\n" + signed_headers + "\n" +
                        Sha256Hex(request.payload);

  // From here on, the signing core the server's verifier uses too (sigv4/sigv4_core.h).
  const std::string_view date = amz_date.substr(0, 8);
  const std::string scope = sigv4::Scope(date, region_, service_);
  s.string_to_sign = sigv4::StringToSign(amz_date, scope, s.canonical_request);
  s.signature = sigv4::Signature(
      signing_keys_.Get(credentials.secret_access_key, date, region_, service_), s.string_to_sign);
  s.authorization = std::string(sigv4::kAlgorithm) + " Credential=" + credentials.access_key_id +
                    "/" + scope + ", SignedHeaders=" + signed_headers +
                    ", Signature=" + s.signature;
  return s;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
