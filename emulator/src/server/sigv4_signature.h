// AWS Signature Version 4, the arithmetic only: canonical request, string to sign, signing key
// and signature, for any HTTP request given as plain strings. No HTTP library, no I/O, no
// clock: the verifier (sigv4_verifier.h) and any client that signs requests can share it.
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

namespace ddbemu::server::sigv4 {

inline constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";

std::string Sha256Hex(std::string_view data);
// Raw 32-byte MAC.
std::string HmacSha256(std::string_view key, std::string_view data);
std::string Hex(std::string_view bytes);

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

// "20240101/us-east-1/dynamodb/aws4_request"
std::string Scope(std::string_view date, std::string_view region, std::string_view service);

std::string StringToSign(std::string_view amz_date, std::string_view scope,
                         std::string_view canonical_request);

std::string SigningKey(std::string_view secret, std::string_view date, std::string_view region,
                       std::string_view service);

// hex(HMAC(signing key, string to sign)): the Signature= value.
std::string Signature(std::string_view signing_key, std::string_view string_to_sign);

// Equality that takes as long whatever the strings hold (no timing oracle on signatures).
bool ConstantTimeEquals(std::string_view a, std::string_view b);

}  // namespace ddbemu::server::sigv4
