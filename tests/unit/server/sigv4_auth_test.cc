#include "server/sigv4_auth.h"

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace sigv4_auth_test {

constexpr char kMissing[] = "com.amazon.coral.service#MissingAuthenticationTokenException";
constexpr char kIncomplete[] = "com.amazon.coral.service#IncompleteSignatureException";

TEST(SigV4AuthTest, TakesAccessKeyAndRegionFromTheCredentialScope) {
  const AuthResult r = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20240101/ap-south-1/dynamodb/aws4_request, "
      "SignedHeaders=host;x-amz-date, Signature=f00d");
  ASSERT_TRUE(r.context.has_value());
  EXPECT_EQ(r.context->access_key_id, "AKIDEXAMPLE");
  EXPECT_EQ(r.context->region, "ap-south-1");
}

TEST(SigV4AuthTest, ParametersMaySitWithoutSpaces) {
  const AuthResult r = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=k/20240101/us-west-2/dynamodb/aws4_request,"
      "SignedHeaders=host,Signature=f00d");
  ASSERT_TRUE(r.context.has_value());
  EXPECT_EQ(r.context->access_key_id, "k");
  EXPECT_EQ(r.context->region, "us-west-2");
}

TEST(SigV4AuthTest, SignatureServiceAndDateAreNotChecked) {
  const AuthResult r = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=k/notadate/eu-west-1/s3/whatever, SignedHeaders=x, "
      "Signature=not-hex");
  ASSERT_TRUE(r.context.has_value());
  EXPECT_EQ(r.context->region, "eu-west-1");
}

TEST(SigV4AuthTest, NoHeaderIsMissingAuthenticationToken) {
  const AuthResult r = ParseAuthorization("");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->type, kMissing);
  EXPECT_EQ(r.error->message, "Request is missing Authentication Token");
}

TEST(SigV4AuthTest, HeaderOfAnotherSchemeIsMissingAuthenticationToken) {
  for (const char* header : {"Bearer abc", "AWS AKID:signature", "AWS4"}) {
    const AuthResult r = ParseAuthorization(header);
    ASSERT_TRUE(r.error.has_value()) << header;
    EXPECT_EQ(r.error->type, kMissing) << header;
  }
}

TEST(SigV4AuthTest, MissingParametersAreListedAsAwsWordsThem) {
  const AuthResult r = ParseAuthorization("AWS4-");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->type, kIncomplete);
  EXPECT_EQ(r.error->message,
            "Authorization header requires 'Credential' parameter. "
            "Authorization header requires 'Signature' parameter. "
            "Authorization header requires 'SignedHeaders' parameter. Authorization=AWS4-");
}

TEST(SigV4AuthTest, CredentialNeedsFiveParts) {
  const AuthResult r =
      ParseAuthorization("AWS4-HMAC-SHA256 Credential=a/b/c, SignedHeaders=host, Signature=x");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->type, kIncomplete);
  EXPECT_EQ(r.error->message,
            "Credential must have exactly 5 slash-delimited elements, e.g. "
            "keyid/date/region/service/term, got 'a/b/c'");
}

TEST(SigV4AuthTest, TrailingSlashesOfTheCredentialAreIgnored) {
  const AuthResult r = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=k/d/r/dynamodb/aws4_request//, SignedHeaders=h, Signature=s");
  ASSERT_TRUE(r.context.has_value());
  EXPECT_EQ(r.context->region, "r");
}

TEST(SigV4AuthTest, EmptyAccessKeyIsUnrecognizedClient) {
  const AuthResult r = ParseAuthorization(
      "AWS4-HMAC-SHA256 Credential=/d/r/dynamodb/aws4_request, SignedHeaders=h, Signature=s");
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->type, "com.amazon.coral.service#UnrecognizedClientException");
}

// ParseAuthorization answers the SDK layout without the general parse: both must give the same
// result for every header, the SDK layout and every near miss of it.
void ExpectSameAsGeneral(const std::string& header) {
  const AuthResult fast = ParseAuthorization(header);
  const AuthResult general = ParseAuthorizationGeneral(header);
  ASSERT_EQ(fast.context.has_value(), general.context.has_value()) << header;
  if (fast.context) {
    EXPECT_EQ(fast.context->access_key_id, general.context->access_key_id) << header;
    EXPECT_EQ(fast.context->region, general.context->region) << header;
  } else {
    ASSERT_TRUE(fast.error.has_value()) << header;
    ASSERT_TRUE(general.error.has_value()) << header;
    EXPECT_EQ(fast.error->type, general.error->type) << header;
    EXPECT_EQ(fast.error->message, general.error->message) << header;
  }
  // ParseAuthorizationInto, into a context a connection kept from an earlier request.
  RequestContext kept{"AKIAEARLIERREQUEST01", "eu-west-3"};
  const std::optional<AuthError> refused = ParseAuthorizationInto(header, kept);
  ASSERT_EQ(!refused.has_value(), general.context.has_value()) << header;
  if (refused) {
    EXPECT_EQ(refused->type, general.error->type) << header;
    EXPECT_EQ(refused->message, general.error->message) << header;
  } else {
    EXPECT_EQ(kept.access_key_id, general.context->access_key_id) << header;
    EXPECT_EQ(kept.region, general.context->region) << header;
  }
}

constexpr char kSdkHeader[] =
    "AWS4-HMAC-SHA256 Credential=hrbench/20261127/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=00ff";

TEST(SigV4AuthTest, SdkLayoutGivesTheGeneralParsesResult) {
  const AuthResult r = ParseAuthorization(kSdkHeader);
  ASSERT_TRUE(r.context.has_value());
  EXPECT_EQ(r.context->access_key_id, "hrbench");
  EXPECT_EQ(r.context->region, "us-east-1");
  for (const char* header : {
           kSdkHeader,
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d//s/t, SignedHeaders=h, Signature=s",  // no region
           "AWS4-HMAC-SHA256 Credential=/d/r/s/t, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t/u, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t///, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Signature=",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Signature=s ",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Signature=s\t",
           " AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential= k/d/r/s/t, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t , SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Signature=s, Signature=x",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Signature=s,",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h, Credential=x/d/r/s/t",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t,SignedHeaders=h,Signature=s",
           "AWS4-HMAC-SHA256 Credential=k=v/d/r/s/t, SignedHeaders=a=b, Signature=s=",
           "AWS4-HMAC-SHA256  Credential=k/d/r/s/t, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA512 Credential=k/d/r/s/t, SignedHeaders=h, Signature=s",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t",
           "AWS4-HMAC-SHA256 Credential=k/d/r/s/t, SignedHeaders=h",
       }) {
    ExpectSameAsGeneral(header);
  }
}

TEST(SigV4AuthTest, NearMissesOfTheSdkLayoutGiveTheGeneralParsesResult) {
  // Random edits of the SDK header with the bytes its layout depends on.
  constexpr char kBytes[] = " \t,=/AC";
  std::mt19937 random(20261127);
  for (int round = 0; round < 20000; ++round) {
    std::string header = kSdkHeader;
    const int edits = 1 + static_cast<int>(random() % 3);
    for (int e = 0; e < edits && !header.empty(); ++e) {
      const std::size_t at = random() % header.size();
      const char byte = kBytes[random() % (sizeof kBytes - 1)];
      switch (random() % 3) {
        case 0:
          header[at] = byte;
          break;
        case 1:
          header.insert(header.begin() + static_cast<std::ptrdiff_t>(at), byte);
          break;
        default:
          header.erase(at, 1);
      }
    }
    ExpectSameAsGeneral(header);
  }
}

// The Credential's five parts as a plain split finds them: the reference for FromCredential's
// one-pass scan. Returns the key id and region, or nullopt for another number of parts.
std::optional<std::pair<std::string, std::string>> SplitCredential(std::string cred) {
  while (!cred.empty() && cred.back() == '/') cred.pop_back();
  std::vector<std::string> parts(1);
  for (char c : cred) {
    if (c == '/') {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  if (parts.size() != 5) return std::nullopt;
  return std::make_pair(parts[0], parts[2]);
}

TEST(SigV4AuthTest, CredentialPartsAreThoseOfAPlainSplit) {
  constexpr char kBytes[] = "/ab";
  std::mt19937 random(7);
  for (int round = 0; round < 20000; ++round) {
    std::string cred;
    const std::size_t length = 1 + random() % 13;  // an empty one is a missing parameter
    for (std::size_t i = 0; i < length; ++i) cred += kBytes[random() % 3];
    const std::string header =
        "AWS4-HMAC-SHA256 Credential=" + cred + ", SignedHeaders=h, Signature=s";
    const AuthResult r = ParseAuthorization(header);
    const auto expected = SplitCredential(cred);
    if (!expected) {
      ASSERT_TRUE(r.error.has_value()) << cred;
      std::string stripped = cred;
      while (!stripped.empty() && stripped.back() == '/') stripped.pop_back();
      EXPECT_EQ(r.error->type, kIncomplete) << cred;
      EXPECT_EQ(r.error->message,
                "Credential must have exactly 5 slash-delimited elements, e.g. "
                "keyid/date/region/service/term, got '" +
                    stripped + "'");
    } else if (expected->first.empty()) {
      ASSERT_TRUE(r.error.has_value()) << cred;
      EXPECT_EQ(r.error->type, "com.amazon.coral.service#UnrecognizedClientException");
      EXPECT_EQ(r.error->message, "The security token included in the request is invalid.");
    } else {
      ASSERT_TRUE(r.context.has_value()) << cred;
      EXPECT_EQ(r.context->access_key_id, expected->first) << cred;
      // An empty region part leaves the default.
      EXPECT_EQ(r.context->region, expected->second.empty() ? "us-east-1" : expected->second)
          << cred;
    }
  }
}

}  // namespace sigv4_auth_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
