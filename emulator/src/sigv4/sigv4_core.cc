// The SigV4 signing core (sigv4/sigv4_core.h): SHA-256 and HMAC-SHA256 from OpenSSL, the
// encodings, the scope, the string to sign, the derived key and the signature.
#include "sigv4/sigv4_core.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

namespace ddbemu::sigv4 {

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

}  // namespace ddbemu::sigv4
