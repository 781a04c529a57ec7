// AWS Signature Version 4 (AWS4-HMAC-SHA256) for one HTTP request: the canonical request, the
// string to sign, the signing key and the Authorization header. Everything after the canonical
// request is the signing core the server's verifier uses too (sigv4/sigv4_core.h). Pure
// functions of their inputs (the time is a parameter), so that AWS's published test suite and
// botocore's signer check them exactly. No HTTP library here.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/version.h"
#include "sigv4/sigv4_core.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {

struct Credentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string session_token;  // empty for long-term keys; sent as X-Amz-Security-Token
};

// What the signature covers. `path` and `query` are as written on the request line, not yet
// percent-encoded (as in AWS's test suite: "/example space/", "ሴ=bar"); the signer encodes
// them. `headers` are the headers to sign (name, value); a name may repeat, and its values
// are then joined with "," in order, as the canonical form requires.
struct SigningRequest {
  std::string_view method = "POST";
  std::string_view path = "/";
  std::string_view query;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string_view payload;
};

// The parts of one signature, kept for tests and for debugging a rejected request.
struct Signature {
  std::string canonical_request;
  std::string string_to_sign;
  std::string signature;      // lower-case hex
  std::string authorization;  // the Authorization header value
};

class SigV4Signer {
 public:
  // `service` is the signing name ("dynamodb"), `region` the credential scope's region.
  SigV4Signer(std::string region, std::string service)
      : region_(std::move(region)), service_(std::move(service)) {}

  // Signs `request` at `amz_date` ("20150830T123600Z", the X-Amz-Date header's value, which
  // the caller includes in `request.headers`). The canonical URI normalises the path (".",
  // "..", repeated "/" removed) and encodes each segment once, as for every service but S3.
  Signature Sign(const SigningRequest& request, const Credentials& credentials,
                 std::string_view amz_date) const;

  const std::string& region() const { return region_; }
  const std::string& service() const { return service_; }

 private:
  std::string region_;
  std::string service_;
  sigv4::SigningKeyCache signing_keys_;  // a key a day, not four HMACs a request
};

// Helpers, exposed for tests.
std::string Sha256Hex(std::string_view data);
// RFC 3986 encoding of everything but unreserved characters (A-Z a-z 0-9 - . _ ~), upper-case
// hex, as SigV4 requires; "/" is encoded too unless `keep_slash`.
std::string UriEncode(std::string_view text, bool keep_slash = false);
// "20150830T123600Z" for a time in seconds since the epoch (UTC).
std::string AmzDate(long long unix_seconds);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
