// Where a client's region, credentials and endpoint come from when the caller does not give
// them, in the order the AWS SDKs use: explicit option, then environment variables, then the
// shared files (~/.aws/credentials and ~/.aws/config, or the files AWS_SHARED_CREDENTIALS_FILE
// and AWS_CONFIG_FILE name), in the profile AWS_PROFILE names ("default" otherwise).
// The environment is a parameter so that tests control it without touching the process.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "http_client/transport/sigv4_signer.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {

// Reads environment variables; Process() reads the real environment (getenv).
struct AwsEnvironment {
  std::function<std::optional<std::string>(const std::string& name)> get;
  static AwsEnvironment Process();
};

// An INI file as the SDKs read it: section -> key -> value. Comments start with # or ;,
// indented lines (sub-properties such as "s3 =\n  max_concurrent_requests = 2") are skipped.
using IniFile = std::map<std::string, std::map<std::string, std::string>>;
IniFile ParseIni(std::string_view text);

// The profile: `explicit_profile`, else AWS_PROFILE, else "default".
std::string ResolveProfile(const std::optional<std::string>& explicit_profile,
                           const AwsEnvironment& env);

// The region: `explicit_region`, else AWS_REGION, else AWS_DEFAULT_REGION, else the profile's
// `region` in the config file. A ValidationException "You must specify a region." when none.
Result<std::string> ResolveRegion(const std::optional<std::string>& explicit_region,
                                  const std::string& profile, const AwsEnvironment& env);

// The credentials: AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN), else the
// profile's aws_access_key_id / aws_secret_access_key / aws_session_token in the credentials
// file, else the same keys in the config file. A ValidationException "Unable to locate
// credentials ..." when none (the SDKs' NoCredentialsError).
Result<Credentials> ResolveCredentials(const std::string& profile, const AwsEnvironment& env);

// An endpoint URL taken apart: "https://dynamodb.us-east-1.amazonaws.com" or
// "http://127.0.0.1:8000". Only the root path is accepted (DynamoDB is served at "/").
struct Endpoint {
  bool https = true;
  std::string host;                 // name or IP literal, without brackets
  std::string port;                 // "443" / "80" unless given
  std::string host_header() const;  // host, with ":port" unless the scheme's default
};
Result<Endpoint> ParseEndpoint(std::string_view url);

// The endpoint URL: `explicit_url`, else AWS_ENDPOINT_URL_DYNAMODB, else AWS_ENDPOINT_URL, else
// the profile's endpoint_url in the config file, else AWS's regional endpoint
// "https://dynamodb.<region>.amazonaws.com" (".amazonaws.com.cn" in the China regions).
std::string ResolveEndpointUrl(const std::string& explicit_url, const std::string& region,
                               const std::string& profile, const AwsEnvironment& env);

// Where SearchVectors goes: AWS serves vector search on its own regional endpoint,
// "https://search-dynamodb.<region>.amazonaws.com" (the SDKs' endpoint rules, IsSearchOperation),
// so this is that URL when ResolveEndpointUrl answers AWS's regional endpoint, and nullopt when
// an endpoint is given in any of its ways (ddb-local, DynamoDB Local, a proxy), which then
// serves SearchVectors too, as the SDKs send every operation to a custom endpoint.
std::optional<std::string> ResolveSearchEndpointUrl(const std::string& explicit_url,
                                                    const std::string& region,
                                                    const std::string& profile,
                                                    const AwsEnvironment& env);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
