// ddb-local's admin paths (/_ddblocal/...) reach the handler as "<METHOD> <target>", without
// the DynamoDB protocol's checks (no X-Amz-Target, no Authorization needed).
#include <gtest/gtest.h>

#include <memory>
#include <string>

// sigv4_verifier.h first: it names ::ddbemu::sigv4, which sigv4_signature.h's server::sigv4
// would hide after it (a unity batch compiles them in one unit).
#include "server/sigv4_verifier.h"

#include "server/credential_store.h"
#include "server/request_router.h"
#include "server/sigv4_signature.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace admin_route_test {

struct Seen {
  std::string operation;
  RequestContext context;
};

RequestRouter RouterRecording(Seen* seen, std::shared_ptr<const SigV4Verifier> verifier = nullptr) {
  return RequestRouter(
      [seen](std::string_view op, std::string_view, const RequestContext& context) {
        seen->operation = std::string(op);
        seen->context = context;
        return Response{200, "{\"ok\":true}"};
      },
      CorsPolicy{}, std::move(verifier));
}

TEST(AdminRoute, GetAndPostUnderTheAdminPrefixReachTheHandlerWithTheirTarget) {
  Seen seen;
  RequestRouter router = RouterRecording(&seen);
  HttpRequestView get;
  get.method = "GET";
  get.target = "/_ddblocal/capacity?table=T&top=3";
  HttpReply reply = router.Route(get);
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.body, "{\"ok\":true}");
  EXPECT_EQ(reply.Header("Content-Type"), "application/json");
  EXPECT_EQ(seen.operation, "GET /_ddblocal/capacity?table=T&top=3");
  EXPECT_EQ(seen.context.access_key_id, "");

  HttpRequestView post;
  post.method = "POST";
  post.target = "/_ddblocal/clock/advance?ms=1000";
  post.authorization =
      "AWS4-HMAC-SHA256 Credential=AKID/20240101/eu-west-1/dynamodb/aws4_request, "
      "SignedHeaders=host, Signature=s";
  EXPECT_EQ(router.Route(post).status, 200);
  EXPECT_EQ(seen.operation, "POST /_ddblocal/clock/advance?ms=1000");
  EXPECT_EQ(seen.context.access_key_id, "AKID");  // the caller's tables, when it says who it is
  EXPECT_EQ(seen.context.region, "eu-west-1");
}

TEST(AdminRoute, DeleteUnderTheAdminPrefixReachesTheHandler) {
  Seen seen;
  RequestRouter router = RouterRecording(&seen);
  HttpRequestView del;
  del.method = "DELETE";
  del.target = "/_ddblocal/snapshot?name=s";
  EXPECT_EQ(router.Route(del).status, 200);
  EXPECT_EQ(seen.operation, "DELETE /_ddblocal/snapshot?name=s");
}

// With --credentials-file an admin request may come unsigned (anonymous), but one that names a
// caller must prove it, as a DynamoDB request must.
TEST(AdminRoute, WithAVerifierASentSignatureMustHold) {
  constexpr std::string_view kSecret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
  constexpr std::int64_t kNow = 1704067200;  // 2024-01-01T00:00:00Z
  auto store = std::make_shared<CredentialStore>();
  store->Add("AKIDADMIN", std::string(kSecret));
  auto verifier = std::make_shared<SigV4Verifier>(store, [] { return kNow; });
  Seen seen;
  RequestRouter router = RouterRecording(&seen, verifier);

  std::vector<std::pair<std::string_view, std::string_view>> headers = {
      {"Host", "localhost:8000"}, {"X-Amz-Date", "20240101T000000Z"}};
  sigv4::RequestToSign to_sign;
  to_sign.method = "POST";
  to_sign.target = "/_ddblocal/restore?name=fixtures";
  to_sign.headers = headers;
  to_sign.signed_headers = "host;x-amz-date";
  const std::string scope = sigv4::Scope("20240101", "us-east-1", "dynamodb");
  const std::string authorization =
      "AWS4-HMAC-SHA256 Credential=AKIDADMIN/" + scope + ", SignedHeaders=host;x-amz-date, " +
      "Signature=" +
      sigv4::Signature(
          sigv4::SigningKey(kSecret, "20240101", "us-east-1", "dynamodb"),
          sigv4::StringToSign("20240101T000000Z", scope, sigv4::CanonicalRequest(to_sign)));
  HttpRequestView signed_request;
  signed_request.method = "POST";
  signed_request.target = "/_ddblocal/restore?name=fixtures";
  signed_request.authorization = authorization;
  signed_request.headers = headers;
  signed_request.headers.emplace_back("Authorization", authorization);
  EXPECT_EQ(router.Route(signed_request).status, 200);
  EXPECT_EQ(seen.context.access_key_id, "AKIDADMIN");

  seen = {};
  HttpRequestView forged = signed_request;
  forged.target = "/_ddblocal/reset";  // not what was signed
  HttpReply refused = router.Route(forged);
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body.find("InvalidSignatureException"), std::string::npos) << refused.body;
  EXPECT_EQ(seen.operation, "");

  HttpRequestView anonymous;
  anonymous.method = "GET";
  anonymous.target = "/_ddblocal/snapshots";
  EXPECT_EQ(router.Route(anonymous).status, 200);
  EXPECT_EQ(seen.context.access_key_id, "");
}

TEST(AdminRoute, OtherPathsAndMethodsAreNotAdminCalls) {
  Seen seen;
  RequestRouter router = RouterRecording(&seen);
  HttpRequestView put;
  put.method = "PUT";
  put.target = "/_ddblocal/clock/advance";
  EXPECT_EQ(router.Route(put).status, 404);
  HttpRequestView other;
  other.method = "GET";
  other.target = "/_ddblocalx";
  EXPECT_EQ(router.Route(other).status, 404);
  EXPECT_EQ(seen.operation, "");
}

}  // namespace admin_route_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
