// Full SigV4 verification of DynamoDB requests against a CredentialStore: opt-in
// (--credentials-file); without it ddb-local checks only the header's shape, as DynamoDB
// Local does (sigv4_auth.h). The arithmetic is in sigv4_signature.h.
//
// Rejections, in the order the checks run, with the service's types and wording:
//  - no Authorization header, or not "AWS4-...": MissingAuthenticationTokenException;
//  - a parameter or the Credential's parts missing, no X-Amz-Date or Date header, or a date
//    not in ISO-8601 basic format: IncompleteSignatureException;
//  - an access key id the store does not hold: UnrecognizedClientException
//    "The security token included in the request is invalid.";
//  - a request time more than 15 minutes from now ("Signature expired: ..." / "Signature not
//    yet current: ..."), a Credential scope of another date, service or terminator, and a
//    signature that does not match: InvalidSignatureException.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "ddbemu/version.h"
#include "server/credential_store.h"
#include "server/sigv4_auth.h"
#include "sigv4/sigv4_core.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

struct HttpRequestView;

class SigV4Verifier {
 public:
  // Seconds since the Unix epoch; the system clock unless a test fixes it.
  using Now = std::function<std::int64_t()>;

  explicit SigV4Verifier(std::shared_ptr<const CredentialStore> credentials, Now now = {});

  // The caller (access key id, region of the credential scope) of a correctly signed request,
  // or the service's rejection. Thread-safe.
  AuthResult Verify(const HttpRequestView& request) const;

  // How far the request's time may be from the server's, either way (AWS: 15 minutes).
  static constexpr std::int64_t kMaxSkewSeconds = 15 * 60;

 private:
  std::shared_ptr<const CredentialStore> credentials_;
  Now now_;
  sigv4::SigningKeyCache signing_keys_;  // a key a day per caller, not four HMACs a request
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
