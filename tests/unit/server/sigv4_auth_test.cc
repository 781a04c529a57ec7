#include "server/sigv4_auth.h"

#include <gtest/gtest.h>

namespace ddbemu::server {
namespace {

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

}  // namespace
}  // namespace ddbemu::server
