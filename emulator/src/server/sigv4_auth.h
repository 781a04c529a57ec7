// The Authorization header of a DynamoDB request: checked for SigV4 *shape* and mined for the
// caller's access key id and region, which select the caller's namespace of tables (DynamoDB
// Local keeps one set of tables per access key id and region unless -sharedDb).
//
// Signatures are not verified, as DynamoDB Local does not verify them: a local server has no
// secret keys to verify against (any access key id is accepted and simply names a namespace),
// and SDK users point at it with dummy credentials. A request without SigV4 shape is rejected
// the way AWS rejects it, so a client that forgot to sign fails here as it would in production.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "ddbemu/database.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

// A protocol-level rejection: the `__type` the service sends and its message (HTTP 400).
struct AuthError {
  std::string type;  // e.g. "com.amazon.coral.service#MissingAuthenticationTokenException"
  std::string message;
};

struct AuthResult {
  std::optional<RequestContext> context;  // set when the header is acceptable
  std::optional<AuthError> error;         // set otherwise
};

// The `__type`s of the rejections (sigv4_auth.cc's shape checks, sigv4_verifier.cc's signature
// checks), and the result that carries one.
inline constexpr std::string_view kIncompleteSignature =
    "com.amazon.coral.service#IncompleteSignatureException";
inline constexpr std::string_view kUnrecognizedClient =
    "com.amazon.coral.service#UnrecognizedClientException";
inline AuthResult AuthFailure(std::string_view type, std::string message) {
  return AuthResult{std::nullopt, AuthError{std::string(type), std::move(message)}};
}

// Parses `AWS4-HMAC-SHA256 Credential=<AKID>/<date>/<region>/<service>/aws4_request,
// SignedHeaders=..., Signature=...`. `header` is empty when the request has none.
//  - no header, or one that does not start with "AWS4-": MissingAuthenticationTokenException
//    "Request is missing Authentication Token" (what AWS answers);
//  - "AWS4-..." lacking Credential, Signature or SignedHeaders, or a Credential that is not
//    five slash-separated parts: IncompleteSignatureException worded as AWS words it;
//  - an empty access key id: UnrecognizedClientException.
// The date, service and terminator parts and the X-Amz-Date header are not checked: without
// signature verification they protect nothing, and DynamoDB Local does not check them either.
AuthResult ParseAuthorization(std::string_view header);
// The same into `context`, whose strings keep their capacity from one request to the next (a
// connection keeps one): an SDK's header then costs no allocation. nullopt when the header is
// acceptable (`context` then holds its caller); else the error ParseAuthorization gives, and
// `context` is unspecified.
std::optional<AuthError> ParseAuthorizationInto(std::string_view header, RequestContext& context);
// The general parse behind ParseAuthorization, which answers the layout every SDK writes
// without it: the same result for every header (sigv4_auth_test.cc compares the two).
AuthResult ParseAuthorizationGeneral(std::string_view header);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
