// AWS Signature Version 4 as the server verifies it: the canonical request of a request as
// received (plain strings; no HTTP library, no I/O, no clock), then the shared signing core
// (sigv4/sigv4_core.h: the canonical query and header values, string to sign, signing key,
// signature), which the client's signer uses too.
//
// The algorithm is AWS's documented one ("Create a signed AWS API request", IAM User Guide):
//   CanonicalRequest = Method \n CanonicalURI \n CanonicalQuery \n CanonicalHeaders \n
//                      SignedHeaders \n hex(SHA256(payload))
//   StringToSign     = "AWS4-HMAC-SHA256" \n AmzDate \n Scope \n hex(SHA256(CanonicalRequest))
//   SigningKey       = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service),
//                           "aws4_request")
//   Signature        = hex(HMAC(SigningKey, StringToSign))
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/version.h"
#include "sigv4/sigv4_core.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::sigv4 {

// The signing core (sigv4/sigv4_core.h), shared with the client's signer.
using ::ddbemu::sigv4::AppendCanonicalHeaderValue;
using ::ddbemu::sigv4::CanonicalQuery;
using ::ddbemu::sigv4::ConstantTimeEquals;
using ::ddbemu::sigv4::Hex;
using ::ddbemu::sigv4::HmacSha256;
using ::ddbemu::sigv4::kAlgorithm;
using ::ddbemu::sigv4::QueryText;
using ::ddbemu::sigv4::Scope;
using ::ddbemu::sigv4::Sha256Hex;
using ::ddbemu::sigv4::Signature;
using ::ddbemu::sigv4::SigningKey;
using ::ddbemu::sigv4::StringToSign;
using ::ddbemu::sigv4::UriEncode;

// What the canonical request is made of, as the request carries it.
struct RequestToSign {
  std::string_view method;  // "POST"
  std::string_view target;  // request-target as sent: path, optionally "?query"
  // Every header of the request (any case, duplicates allowed, in order received).
  std::vector<std::pair<std::string_view, std::string_view>> headers;
  // Lower-case names of the signed headers, ';'-separated as in the Authorization header.
  std::string_view signed_headers;
  std::string_view payload;
};

// The canonical request. Headers named in signed_headers but absent contribute an empty value
// (and so a signature that cannot match); values are trimmed, inner runs of spaces collapsed,
// and repeated headers joined with ','. The path is URI-encoded once more (all services but S3
// sign the encoded path encoded again); the query's parameters are sorted.
std::string CanonicalRequest(const RequestToSign& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::sigv4
