#include "server/sigv4_auth.h"

#include <array>

#include "server/http_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {

constexpr std::string_view kMissingToken =
    "com.amazon.coral.service#MissingAuthenticationTokenException";

constexpr std::array<std::string_view, 3> kRequired = {"Credential", "Signature", "SignedHeaders"};

// The values of kRequired's parameters among the comma-separated `params`, in one pass (this
// runs for every request): each the first `name=` of its name, empty when absent or empty.
std::array<std::string_view, 3> RequiredParams(std::string_view params) {
  std::array<std::string_view, 3> values;
  std::array<bool, 3> seen{};
  while (!params.empty()) {
    const std::size_t comma = params.find(',');
    const std::string_view item = TrimBlanks(params.substr(0, comma));
    params = comma == std::string_view::npos ? std::string_view{} : params.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view name = TrimBlanks(item.substr(0, eq));
    for (std::size_t i = 0; i < kRequired.size(); ++i) {
      if (seen[i] || name != kRequired[i]) continue;
      seen[i] = true;
      values[i] = TrimBlanks(item.substr(eq + 1));
    }
  }
  return values;
}

// keyid/date/region/service/terminator, the Credential parameter's value, into `parts`; AWS
// ignores trailing slashes.
std::optional<AuthError> SplitCredential(std::string_view cred,
                                         std::array<std::string_view, 5>& parts) {
  while (!cred.empty() && cred.back() == '/') cred.remove_suffix(1);
  std::size_t count = 0;
  for (std::string_view rest = cred;; ++count) {
    const std::size_t slash = rest.find('/');
    if (count < parts.size()) parts[count] = rest.substr(0, slash);
    if (slash == std::string_view::npos) {
      ++count;
      break;
    }
    rest.remove_prefix(slash + 1);
  }
  if (count != parts.size()) {
    return AuthFailure(kIncompleteSignature,
                       "Credential must have exactly 5 slash-delimited elements, e.g. "
                       "keyid/date/region/service/term, got '" +
                           std::string(cred) + "'")
        .error;
  }
  if (parts[0].empty()) {
    return AuthFailure(kUnrecognizedClient,
                       "The security token included in the request is invalid.")
        .error;
  }
  return std::nullopt;
}

// The caller a Credential value names, read into `context` (whose strings keep their storage);
// without a region, the default one (RequestContext's).
std::optional<AuthError> CredentialInto(std::string_view cred, RequestContext& context) {
  std::array<std::string_view, 5> parts;
  if (std::optional<AuthError> error = SplitCredential(cred, parts)) return error;
  context.access_key_id.assign(parts[0]);
  if (parts[2].empty()) {
    context.region = RequestContext().region;
  } else {
    context.region.assign(parts[2]);
  }
  return std::nullopt;
}

AuthResult FromCredential(std::string_view cred) {
  RequestContext context;
  if (std::optional<AuthError> error = CredentialInto(cred, context)) {
    return AuthResult{std::nullopt, std::move(error)};
  }
  return AuthResult{std::move(context), std::nullopt};
}

bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// The Credential value of a header in the exact layout every SDK writes,
//   AWS4-HMAC-SHA256 Credential=<c>, SignedHeaders=<h>, Signature=<s>
// with <c>, <h> and <s> non-empty, free of ',' and not starting or ending with a blank; or
// nullopt for any other header. For such a header the general parse finds the same three
// values (three items, each its parameter's first, nothing to trim) and so reaches
// FromCredential(<c>) too; this costs a few comparisons and three memchr where the general
// parse trims and splits every item.
std::optional<std::string_view> SdkLayoutCredential(std::string_view header) {
  constexpr std::string_view kHead = "AWS4-HMAC-SHA256 Credential=";
  constexpr std::string_view kSignedHeaders = ", SignedHeaders=";
  constexpr std::string_view kSignature = ", Signature=";
  if (!header.starts_with(kHead)) return std::nullopt;
  // Each value runs to the next ','; the last one to the end, without a ','.
  const auto value = [](std::string_view& rest, bool last) -> std::optional<std::string_view> {
    const std::size_t comma = rest.find(',');
    if (last != (comma == std::string_view::npos)) return std::nullopt;
    const std::string_view v = rest.substr(0, comma);
    if (v.empty() || IsBlank(v.front()) || IsBlank(v.back())) return std::nullopt;
    rest.remove_prefix(v.size());
    return v;
  };
  std::string_view rest = header.substr(kHead.size());
  const std::optional<std::string_view> credential = value(rest, false);
  if (!credential || !rest.starts_with(kSignedHeaders)) return std::nullopt;
  rest.remove_prefix(kSignedHeaders.size());
  if (!value(rest, false) || !rest.starts_with(kSignature)) return std::nullopt;
  rest.remove_prefix(kSignature.size());
  if (!value(rest, true)) return std::nullopt;
  return credential;
}

}  // namespace

AuthResult ParseAuthorization(std::string_view header) {
  if (const std::optional<std::string_view> credential = SdkLayoutCredential(header)) {
    return FromCredential(*credential);
  }
  return ParseAuthorizationGeneral(header);
}

std::optional<AuthError> ParseAuthorizationInto(std::string_view header, RequestContext& context) {
  if (const std::optional<std::string_view> credential = SdkLayoutCredential(header)) {
    return CredentialInto(*credential, context);
  }
  AuthResult result = ParseAuthorizationGeneral(header);
  if (!result.context) return std::move(result.error);
  context = std::move(*result.context);
  return std::nullopt;
}

AuthResult ParseAuthorizationGeneral(std::string_view header) {
  header = TrimBlanks(header);
  if (header.substr(0, 5) != "AWS4-") {
    return AuthFailure(kMissingToken, "Request is missing Authentication Token");
  }
  // "AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...": the algorithm, then
  // parameters. SDKs put ", " between parameters; some hand-written clients only ",".
  const std::size_t space = header.find(' ');
  const std::string_view params =
      space == std::string_view::npos ? std::string_view{} : header.substr(space + 1);

  const std::array<std::string_view, 3> values = RequiredParams(params);
  std::string missing;
  for (std::size_t i = 0; i < kRequired.size(); ++i) {
    if (values[i].empty()) {
      missing += "Authorization header requires '";
      missing += kRequired[i];
      missing += "' parameter. ";
    }
  }
  if (!missing.empty()) {
    return AuthFailure(kIncompleteSignature, missing + "Authorization=" + std::string(header));
  }
  return FromCredential(values[0]);  // Credential
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
