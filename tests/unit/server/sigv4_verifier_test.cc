// SigV4 verification: the signing arithmetic against AWS's published examples, then every
// rejection the verifier makes, each with the service's type and wording.
#include "server/sigv4_verifier.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/request_router.h"
#include "server/sigv4_signature.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace sigv4_verifier_test {

constexpr std::string_view kKeyId = "AKIDTENANTA";
constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
constexpr std::int64_t kNow = 1704067200;  // 2024-01-01T00:00:00Z
constexpr std::string_view kAmzDate = "20240101T000000Z";

TEST(SigV4SignatureTest, SigningKeyMatchesTheIamUserGuideExample) {
  // "Derive a signing key" example: iam, us-east-1, 20120215.
  EXPECT_EQ(sigv4::Hex(sigv4::SigningKey(kSecret, "20120215", "us-east-1", "iam")),
            "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d");
}

// The cache answers exactly what the derivation does, for every secret, date, region and
// service it is asked (never one caller's key for another's), also past its bound.
TEST(SigV4SignatureTest, SigningKeyCacheAnswersAsTheDerivation) {
  ::ddbemu::sigv4::SigningKeyCache cache;
  for (int round = 0; round < 2; ++round) {  // the second round is answered from the cache
    for (std::size_t i = 0; i < ::ddbemu::sigv4::SigningKeyCache::kMaxKeys + 6; ++i) {
      const std::string secret = "secret-" + std::to_string(i % 7);
      const std::string date = "201502" + std::to_string(10 + i % 19);
      const std::string region = i % 2 == 0 ? "us-east-1" : "eu-west-1";
      EXPECT_EQ(cache.Get(secret, date, region, "dynamodb"),
                sigv4::SigningKey(secret, date, region, "dynamodb"))
          << secret << " " << date << " " << region;
    }
  }
  EXPECT_NE(cache.Get("a", "20150830", "us-east-1", "dynamodb"),
            cache.Get("b", "20150830", "us-east-1", "dynamodb"));
}

TEST(SigV4SignatureTest, GetVanillaOfTheSignatureV4TestSuite) {
  sigv4::RequestToSign request;
  request.method = "GET";
  request.target = "/";
  request.headers = {{"Host", "example.amazonaws.com"}, {"X-Amz-Date", "20150830T123600Z"}};
  request.signed_headers = "host;x-amz-date";
  const std::string canonical = sigv4::CanonicalRequest(request);
  EXPECT_EQ(canonical,
            "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
            "host;x-amz-date\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const std::string to_sign = sigv4::StringToSign(
      "20150830T123600Z", sigv4::Scope("20150830", "us-east-1", "service"), canonical);
  EXPECT_EQ(
      sigv4::Signature(sigv4::SigningKey(kSecret, "20150830", "us-east-1", "service"), to_sign),
      "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31");
}

TEST(SigV4SignatureTest, HeaderValuesAreTrimmedCollapsedAndJoined) {
  sigv4::RequestToSign request;
  request.method = "POST";
  request.target = "/a%20b?z=1&a=%2F";  // as on the wire: the path encoded once
  request.headers = {{"My-Header", "  a   b  "}, {"my-header", "c"}};
  request.signed_headers = "my-header";
  EXPECT_EQ(sigv4::CanonicalRequest(request),
            "POST\n/a%2520b\na=%2F&z=1\nmy-header:a b,c\n\nmy-header\n"
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// The verifier reads the query as the request line carries it and the signer as its caller
// wrote it; the one canonicaliser (sigv4/sigv4_core.h) gives both the same text.
TEST(SigV4SignatureTest, TheQueryAsSentCanonicalisesAsTheSignerCanonicalisedIt) {
  using sigv4::QueryText;
  EXPECT_EQ(sigv4::CanonicalQuery("b=x y&a=1/2&flag&&a=0", QueryText::kUnencoded),
            "a=0&a=1%2F2&b=x%20y&flag=");
  EXPECT_EQ(sigv4::CanonicalQuery("b=x%20y&a=1%2f2&flag&&a=0", QueryText::kEncoded),
            "a=0&a=1%2F2&b=x%20y&flag=");
}

// A DynamoDB request signed as an SDK signs it, with knobs to spoil it.
struct Signed {
  std::string key_id{kKeyId};
  std::string secret{kSecret};
  std::string amz_date{kAmzDate};
  std::string scope_date{"20240101"};
  std::string service{"dynamodb"};
  std::string body{R"({"TableName":"t"})"};

  std::string authorization;
  std::vector<std::pair<std::string, std::string>> header_store;

  HttpRequestView View(std::string_view sent_body = {}) {
    header_store = {{"Host", "localhost:8000"},
                    {"Content-Type", "application/x-amz-json-1.0"},
                    {"X-Amz-Target", "DynamoDB_20120810.DescribeTable"}};
    if (!amz_date.empty()) header_store.emplace_back("X-Amz-Date", amz_date);
    sigv4::RequestToSign to_sign;
    to_sign.method = "POST";
    to_sign.target = "/";
    for (const auto& [k, v] : header_store) to_sign.headers.emplace_back(k, v);
    const std::string signed_headers = amz_date.empty()
                                           ? "content-type;host;x-amz-target"
                                           : "content-type;host;x-amz-date;x-amz-target";
    to_sign.signed_headers = signed_headers;
    to_sign.payload = body;
    const std::string scope = sigv4::Scope(scope_date, "eu-west-1", service);
    const std::string signature =
        sigv4::Signature(sigv4::SigningKey(secret, scope_date, "eu-west-1", service),
                         sigv4::StringToSign(amz_date, scope, sigv4::CanonicalRequest(to_sign)));
    authorization = "AWS4-HMAC-SHA256 Credential=" + key_id + "/" + scope +
                    ", SignedHeaders=" + signed_headers + ", Signature=" + signature;
    HttpRequestView view;
    view.method = "POST";
    view.target = "/";
    view.authorization = authorization;
    view.body = sent_body.empty() ? std::string_view(body) : sent_body;
    for (const auto& [k, v] : header_store) view.headers.emplace_back(k, v);
    view.headers.emplace_back("Authorization", authorization);
    return view;
  }
};

class SigV4VerifierTest : public ::testing::Test {
 protected:
  SigV4VerifierTest() {
    auto store = std::make_shared<CredentialStore>();
    store->Add(std::string(kKeyId), std::string(kSecret));
    verifier_ = std::make_unique<SigV4Verifier>(store, [this] { return now_; });
  }

  void ExpectRejected(const HttpRequestView& view, std::string_view type,
                      std::string_view message) {
    const AuthResult result = verifier_->Verify(view);
    ASSERT_FALSE(result.context.has_value());
    ASSERT_TRUE(result.error.has_value());
    EXPECT_EQ(result.error->type, "com.amazon.coral.service#" + std::string(type));
    EXPECT_EQ(result.error->message, message);
  }

  std::int64_t now_ = kNow;
  std::unique_ptr<SigV4Verifier> verifier_;
};

TEST_F(SigV4VerifierTest, CorrectSignatureNamesTheCallerAndRegion) {
  Signed request;
  const AuthResult result = verifier_->Verify(request.View());
  ASSERT_TRUE(result.context.has_value()) << result.error->message;
  EXPECT_EQ(result.context->access_key_id, kKeyId);
  EXPECT_EQ(result.context->region, "eu-west-1");
}

TEST_F(SigV4VerifierTest, MissingAuthorizationIsMissingAuthenticationToken) {
  Signed request;
  HttpRequestView view = request.View();
  view.authorization = {};
  ExpectRejected(view, "MissingAuthenticationTokenException",
                 "Request is missing Authentication Token");
}

TEST_F(SigV4VerifierTest, MissingSignatureParameterIsIncompleteSignature) {
  Signed request;
  HttpRequestView view = request.View();
  const std::string header(view.authorization.substr(0, view.authorization.find(", Signature=")));
  view.authorization = header;
  ExpectRejected(view, "IncompleteSignatureException",
                 "Authorization header requires 'Signature' parameter. Authorization=" + header);
}

TEST_F(SigV4VerifierTest, MissingDateIsIncompleteSignature) {
  Signed request;
  request.amz_date = "";
  HttpRequestView view = request.View();
  ExpectRejected(view, "IncompleteSignatureException",
                 "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' "
                 "header. Authorization=" +
                     request.authorization);
}

TEST_F(SigV4VerifierTest, UnknownAccessKeyIsUnrecognizedClient) {
  Signed request;
  request.key_id = "AKIDNOBODY";
  ExpectRejected(request.View(), "UnrecognizedClientException",
                 "The security token included in the request is invalid.");
}

TEST_F(SigV4VerifierTest, WrongSecretIsInvalidSignature) {
  Signed request;
  request.secret = "not-the-secret";
  ExpectRejected(request.View(), "InvalidSignatureException",
                 "The request signature we calculated does not match the signature you provided. "
                 "Check your AWS Secret Access Key and signing method. Consult the service "
                 "documentation for details.");
}

TEST_F(SigV4VerifierTest, TamperedBodyIsInvalidSignature) {
  Signed request;
  const AuthResult result = verifier_->Verify(request.View(R"({"TableName":"other"})"));
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->type, "com.amazon.coral.service#InvalidSignatureException");
}

TEST_F(SigV4VerifierTest, RequestOlderThanFifteenMinutesHasExpired) {
  Signed request;
  now_ = kNow + 15 * 60 + 1;
  ExpectRejected(request.View(), "InvalidSignatureException",
                 "Signature expired: 20240101T000000Z is now earlier than 20240101T000001Z "
                 "(20240101T001501Z - 15 min.)");
  now_ = kNow + 15 * 60;
  EXPECT_TRUE(verifier_->Verify(request.View()).context.has_value());
}

TEST_F(SigV4VerifierTest, RequestFromTheFutureIsNotYetCurrent) {
  Signed request;
  now_ = kNow - 15 * 60 - 1;
  ExpectRejected(request.View(), "InvalidSignatureException",
                 "Signature not yet current: 20240101T000000Z is still later than "
                 "20231231T235959Z (20231231T234459Z + 15 min.)");
}

TEST_F(SigV4VerifierTest, ScopeOfAnotherDayIsInvalidSignature) {
  Signed request;
  request.scope_date = "20231231";
  ExpectRejected(request.View(), "InvalidSignatureException",
                 "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date "
                 "from HTTP: '20231231' != '20240101', from 'x-amz-date'.");
}

TEST_F(SigV4VerifierTest, ScopeOfAnotherServiceIsInvalidSignature) {
  Signed request;
  request.service = "s3";
  ExpectRejected(request.View(), "InvalidSignatureException",
                 "Credential should be scoped to correct service: 'dynamodb'. ");
}

TEST_F(SigV4VerifierTest, ScopeNamingNoRegionIsInvalidSignature) {
  // DynamoDB: "Credential should be scoped to a valid region, not 'eu-east-2'. " (quoted in
  // aws/aws-sdk-js#4002). Every well-formed region is served here, each its own namespace.
  Signed request;
  HttpRequestView view = request.View();
  for (const std::string region : {"", "EU_WEST", "eu west"}) {
    std::string authorization(request.authorization);
    authorization.replace(authorization.find("/eu-west-1/"), 11, "/" + region + "/");
    view.authorization = authorization;
    ExpectRejected(view, "InvalidSignatureException",
                   "Credential should be scoped to a valid region, not '" + region + "'. ");
  }
}

TEST_F(SigV4VerifierTest, MalformedScopeDateIsInvalidSignature) {
  for (const std::string date : {"2024-01-01", "20240101x", "x", "20241301"}) {
    Signed request;
    request.scope_date = date;
    ExpectRejected(request.View(), "InvalidSignatureException",
                   "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of "
                   "date from HTTP: '" +
                       date + "' != '20240101', from 'x-amz-date'.");
  }
}

TEST_F(SigV4VerifierTest, ADayPastTheMonthsEndIsNoDate) {
  // "20240230" is not read as March 1st: such a request never verifies, whatever its scope.
  Signed request;
  request.amz_date = "20240230T000000Z";
  request.scope_date = "20240230";
  const AuthResult result = verifier_->Verify(request.View());
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->type, "com.amazon.coral.service#IncompleteSignatureException");
  EXPECT_EQ(result.error->message,
            "Date must be in ISO-8601 'basic format'. Got '20240230T000000Z'. See "
            "http://en.wikipedia.org/wiki/ISO_8601");
}

TEST(CredentialStoreTest, ReadsPairsAndTheAwsCredentialsFormat) {
  auto store = CredentialStore::Parse(
      "# tenants\nAKIDA secretA\nAKIDB:secretB\nAKIDE se=cret/E+\n\n[profile c]\naws_access_key_id "
      "= AKIDC\n"
      "aws_secret_access_key = secretC\nregion = us-east-1\n",
      "test");
  ASSERT_TRUE(store.ok()) << store.error().message();
  EXPECT_EQ(store->Secret("AKIDA"), "secretA");
  EXPECT_EQ(store->Secret("AKIDB"), "secretB");
  EXPECT_EQ(store->Secret("AKIDC"), "secretC");
  EXPECT_EQ(store->Secret("AKIDE"), "se=cret/E+");
  EXPECT_FALSE(store->Secret("AKIDD").has_value());
  EXPECT_FALSE(CredentialStore::Parse("lonely\n", "test").ok());
  EXPECT_FALSE(CredentialStore::Parse("# nothing\n", "test").ok());
}

}  // namespace sigv4_verifier_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
