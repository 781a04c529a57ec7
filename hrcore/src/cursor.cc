// Authenticated pagination cursors (see cursor.h). Layout before base64url:
//   payload = field* where field = u16 length, bytes;
//     fields: "1" (format), orgId, pattern, list, issued ms, then name/value pairs of the key
//   cursor  = base64url(payload || HMAC-SHA256(secret, payload))
#include "hrcore/cursor.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <vector>

namespace hrcore {
namespace {

using ddbemu::AttributeValue;

constexpr std::size_t kMacSize = 32;
constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

void AddField(std::string& out, std::string_view field) {
  out.push_back(static_cast<char>(field.size() >> 8));
  out.push_back(static_cast<char>(field.size() & 0xff));
  out.append(field);
}

bool ReadFields(std::string_view in, std::vector<std::string>* fields) {
  while (!in.empty()) {
    if (in.size() < 2) return false;
    std::size_t n = (static_cast<unsigned char>(in[0]) << 8) | static_cast<unsigned char>(in[1]);
    in.remove_prefix(2);
    if (in.size() < n) return false;
    fields->emplace_back(in.substr(0, n));
    in.remove_prefix(n);
  }
  return true;
}

std::string Base64Url(std::string_view bytes) {
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (unsigned char c : bytes) {
    acc = (acc << 8) | c;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out.push_back(kB64[(acc >> bits) & 63]);
    }
  }
  if (bits > 0) out.push_back(kB64[(acc << (6 - bits)) & 63]);
  return out;
}

bool FromBase64Url(std::string_view text, std::string* out) {
  std::uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    const char* p = std::char_traits<char>::find(kB64, 64, c);
    if (p == nullptr) return false;
    acc = (acc << 6) | static_cast<std::uint32_t>(p - kB64);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out->push_back(static_cast<char>((acc >> bits) & 0xff));
    }
  }
  return true;
}

Error Invalid(std::string why) { return Error(ErrorKind::kInvalidCursor, std::move(why)); }

}  // namespace

CursorCodec::CursorCodec(std::string secret, const ddbemu::Clock& clock, std::int64_t ttl_ms)
    : secret_(std::move(secret)), clock_(clock), ttl_ms_(ttl_ms) {}

std::string CursorCodec::Mac(std::string_view payload) const {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  HMAC(EVP_sha256(), secret_.data(), static_cast<int>(secret_.size()),
       reinterpret_cast<const unsigned char*>(payload.data()), payload.size(), mac, &len);
  return std::string(reinterpret_cast<char*>(mac), len);
}

std::string CursorCodec::Encode(const CursorScope& scope, const ddbemu::Item& key) const {
  std::string payload;
  AddField(payload, "1");
  AddField(payload, scope.org_id);
  AddField(payload, scope.pattern);
  AddField(payload, scope.list);
  AddField(payload, std::to_string(clock_.NowMicros() / 1000));
  for (const auto& [name, value] : key) {
    AddField(payload, name);
    AddField(payload, value.scalar());
  }
  return Base64Url(payload + Mac(payload));
}

Result<ddbemu::Item> CursorCodec::Decode(const CursorScope& scope, std::string_view cursor) const {
  std::string raw;
  if (!FromBase64Url(cursor, &raw) || raw.size() < kMacSize) {
    return Invalid("the cursor is not one this service issued");
  }
  std::string_view payload(raw.data(), raw.size() - kMacSize);
  std::string mac = Mac(payload);
  if (CRYPTO_memcmp(mac.data(), raw.data() + payload.size(), kMacSize) != 0) {
    return Invalid("the cursor was forged or altered");
  }
  std::vector<std::string> f;
  if (!ReadFields(payload, &f) || f.size() < 5 || f[0] != "1" || (f.size() - 5) % 2 != 0) {
    return Invalid("the cursor is malformed");
  }
  if (f[1] != scope.org_id) {
    return Error(ErrorKind::kOtherTenant, "the cursor was issued to another organisation");
  }
  if (f[2] != scope.pattern || f[3] != scope.list) {
    return Invalid("the cursor belongs to another list (" + f[2] + "), not " + scope.pattern);
  }
  std::int64_t issued = std::strtoll(f[4].c_str(), nullptr, 10);
  if (clock_.NowMicros() / 1000 - issued > ttl_ms_) return Invalid("the cursor has expired");
  ddbemu::Item key;
  for (std::size_t i = 5; i + 1 < f.size(); i += 2) {
    key[f[i]] = AttributeValue::S(f[i + 1]);
  }
  return key;
}

}  // namespace hrcore
