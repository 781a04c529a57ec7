// The AWS Signature Version 4 signing core, shared by the client that signs requests
// (http_client/transport/sigv4_signer.h) and the server that verifies them
// (server/sigv4_signature.h, sigv4_verifier.h): the primitives, the canonical forms of the query
// string and of a header value, and every step after the canonical request. Each side assembles the
// canonical request from what it holds (the client from the request it is about to send, the server
// from the request as received) out of these pieces; from there the arithmetic is this one.
//
// AWS's documented algorithm ("Create a signed AWS API request", IAM User Guide):
//   StringToSign = "AWS4-HMAC-SHA256" \n AmzDate \n Scope \n hex(SHA256(CanonicalRequest))
//   SigningKey   = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request")
//   Signature    = hex(HMAC(SigningKey, StringToSign))
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::sigv4 {

inline constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";

// RFC 3986 encoding of everything but unreserved characters (A-Z a-z 0-9 - . _ ~), upper-case
// hex, as SigV4 requires; "/" is encoded too unless `keep_slash`.
std::string UriEncode(std::string_view text, bool keep_slash = false);

// How the query string given to CanonicalQuery is written.
enum class QueryText {
  kUnencoded,  // as the signer means it, not yet percent-encoded ("a b=c/d"): encoded once
  kEncoded,    // as received on the request line ("a%20b=c%2Fd"): decoded, then encoded, so
               // that the verifier arrives at the bytes the signer signed
};

// The canonical query string: each parameter's name and value URI-encoded (a parameter without
// "=" has an empty value; empty parameters are dropped), sorted by name and then by value,
// joined with "&" as "name=value".
std::string CanonicalQuery(std::string_view query, QueryText text);

// Appends a header's canonical value to `out`: trimmed of spaces and tabs, each inner run of
// them one space (AWS's "get-header-value-trim" vector shows this applies inside quotes too).
void AppendCanonicalHeaderValue(std::string_view value, std::string& out);

std::string Sha256Hex(std::string_view data);
// Raw 32-byte MAC.
std::string HmacSha256(std::string_view key, std::string_view data);
// Lower-case hex of raw bytes.
std::string Hex(std::string_view bytes);

// "20240101/us-east-1/dynamodb/aws4_request"
std::string Scope(std::string_view date, std::string_view region, std::string_view service);

std::string StringToSign(std::string_view amz_date, std::string_view scope,
                         std::string_view canonical_request);

std::string SigningKey(std::string_view secret, std::string_view date, std::string_view region,
                       std::string_view service);

// Signing keys, derived once per secret, date, region and service instead of once a request:
// the derivation is four HMACs, which with OpenSSL 3 were most of a small request's signing
// cost on either side. Thread-safe; it forgets everything when it holds kMaxKeys (a new day,
// or many callers), so it never grows without bound.
class SigningKeyCache {
 public:
  static constexpr std::size_t kMaxKeys = 64;
  std::string Get(std::string_view secret, std::string_view date, std::string_view region,
                  std::string_view service) const;

 private:
  mutable sync::Mutex mutex_;
  mutable std::map<std::string, std::string, std::less<>> keys_ GUARDED_BY(mutex_);
};

// hex(HMAC(signing key, string to sign)): the Signature= value.
std::string Signature(std::string_view signing_key, std::string_view string_to_sign);

// Equality that takes as long whatever the strings hold (no timing oracle on signatures).
bool ConstantTimeEquals(std::string_view a, std::string_view b);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::sigv4
