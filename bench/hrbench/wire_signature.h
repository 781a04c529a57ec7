// Signing a pre-rendered request at send time (hrbench --secret-key), for endpoints that check
// SigV4: ddb-local with --credentials-file, AWS itself. Without a secret key hrbench sends a
// signature of the right shape that no server checks by default (DynamoDB Local, ddb-local),
// which costs the load generator nothing. With one, each request's X-Amz-Date is the current
// time and its signature is computed over the bytes as sent, fresh values included: a SHA-256
// of the body and of the canonical request and one HMAC (the signing key is cached per day).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sigv4/sigv4_core.h"

namespace hrbench {

// Where a rendered request's signature goes. Offsets are into the request's bytes; the canonical
// request is the prefix, the X-Amz-Date value, the suffix and the hex SHA-256 of the body.
struct WireSignature {
  std::uint32_t amz_date = 0;    // X-Amz-Date's value: 16 characters, 20261127T182500Z
  std::uint32_t scope_date = 0;  // the Credential scope's date: 8 characters
  std::uint32_t signature = 0;   // Signature's value: 64 hex digits
  std::uint32_t body = 0;        // the body's first byte
  std::string canonical_prefix;  // "POST\n/\n\ncontent-type:...\nhost:...\nx-amz-date:"
  std::string canonical_suffix;  // "\nx-amz-target:...\n\n<signed headers>\n"
};

struct WireCredentials {
  std::string access_key = "hrbench";
  std::string secret;  // empty: requests carry an unchecked signature
  std::string region = "us-east-1";
};

// The request's head up to its blank line, with X-Amz-Date and Authorization, and in `where`
// the places a WireSigner fills (their current contents: `now`'s date and a zero signature).
std::string RenderSignedHead(std::string_view host, std::string_view operation,
                             std::size_t body_size, const WireCredentials& credentials,
                             std::string_view amz_date, WireSignature* where);

// The current time as X-Amz-Date writes it.
std::string AmzDateNow();

class WireSigner {
 public:
  explicit WireSigner(WireCredentials credentials) : credentials_(std::move(credentials)) {}
  // Writes the current time into `request` and then its signature, over the bytes it holds.
  void Sign(std::string& request, const WireSignature& where) const;

 private:
  WireCredentials credentials_;
  ddbemu::sigv4::SigningKeyCache keys_;
};

}  // namespace hrbench
