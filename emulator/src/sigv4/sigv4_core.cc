// The SigV4 signing core (sigv4/sigv4_core.h): SHA-256 and HMAC-SHA256 from OpenSSL, the
// encodings, the canonical query and header values, the scope, the string to sign, the derived
// key and the signature.
#include "sigv4/sigv4_core.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::sigv4 {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX sequences to their bytes; a '%' not followed by two hex digits stays as it is.
std::string UriDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && HexValue(s[i + 1]) >= 0 && HexValue(s[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(s[i + 1]) * 16 + HexValue(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool IsSpace(char c) { return c == ' ' || c == '\t'; }

}  // namespace

std::string UriEncode(std::string_view s, bool keep_slash) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '_' || c == '.' || c == '~' ||
        (keep_slash && c == '/')) {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 0xf];
    }
  }
  return out;
}

std::string CanonicalQuery(std::string_view query, QueryText text) {
  auto encode = [text](std::string_view part) {
    return text == QueryText::kEncoded ? UriEncode(UriDecode(part)) : UriEncode(part);
  };
  std::vector<std::pair<std::string, std::string>> params;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view item = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    params.emplace_back(encode(item.substr(0, eq)),
                        eq == std::string_view::npos ? std::string{} : encode(item.substr(eq + 1)));
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out += '&';
    out += name;
    out += '=';
    out += value;
  }
  return out;
}

void AppendCanonicalHeaderValue(std::string_view value, std::string& out) {
  while (!value.empty() && IsSpace(value.front())) value.remove_prefix(1);
  while (!value.empty() && IsSpace(value.back())) value.remove_suffix(1);
  bool in_space = false;
  for (const char c : value) {
    if (IsSpace(c)) {
      if (!in_space) out += ' ';
      in_space = true;
    } else {
      out += c;
      in_space = false;
    }
  }
}

std::string Hex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto u = static_cast<unsigned char>(c);
    out += kHex[u >> 4];
    out += kHex[u & 0xf];
  }
  return out;
}

std::string Sha256Hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  return Hex(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

std::string HmacSha256(std::string_view key, std::string_view data) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), mac, &length);
  return std::string(reinterpret_cast<const char*>(mac), length);
}

std::string Scope(std::string_view date, std::string_view region, std::string_view service) {
  std::string out(date);
  out += '/';
  out += region;
  out += '/';
  out += service;
  out += "/aws4_request";
  return out;
}

std::string StringToSign(std::string_view amz_date, std::string_view scope,
                         std::string_view canonical_request) {
  std::string out(kAlgorithm);
  out += '\n';
  out += amz_date;
  out += '\n';
  out += scope;
  out += '\n';
  out += Sha256Hex(canonical_request);
  return out;
}

std::string SigningKey(std::string_view secret, std::string_view date, std::string_view region,
                       std::string_view service) {
  const std::string k_date = HmacSha256("AWS4" + std::string(secret), date);
  const std::string k_region = HmacSha256(k_date, region);
  const std::string k_service = HmacSha256(k_region, service);
  return HmacSha256(k_service, "aws4_request");
}

std::string SigningKeyCache::Get(std::string_view secret, std::string_view date,
                                 std::string_view region, std::string_view service) const {
  std::string id;
  id.reserve(secret.size() + date.size() + region.size() + service.size() + 3);
  id.append(secret).append(1, '\0').append(date).append(1, '\0').append(region).append(1, '\0');
  id.append(service);
  sync::MutexLock lock(mutex_);
  if (auto found = keys_.find(id); found != keys_.end()) return found->second;
  if (keys_.size() >= kMaxKeys) keys_.clear();
  return keys_.emplace(std::move(id), SigningKey(secret, date, region, service)).first->second;
}

std::string Signature(std::string_view signing_key, std::string_view string_to_sign) {
  return Hex(HmacSha256(signing_key, string_to_sign));
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  }
  return diff == 0;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::sigv4
