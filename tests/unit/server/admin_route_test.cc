// ddb-local's admin paths (/_ddblocal/...) reach the handler as "<METHOD> <target>", without
// the DynamoDB protocol's checks (no X-Amz-Target, no Authorization needed).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/credential_store.h"
#include "server/request_router.h"
#include "server/sigv4_verifier.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace admin_route_test {

struct Seen {
  std::string operation;
  RequestContext context;
};

RequestRouter RouterRecording(Seen* seen) {
  return RequestRouter(
      [seen](std::string_view op, std::string_view, const RequestContext& context) {
        seen->operation = std::string(op);
        seen->context = context;
        return Response{200, "{\"ok\":true}"};
      },
      CorsPolicy{});
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

// With a verifier (--credentials-file), a caller that an admin request names must be proven as
// for any operation; /_ddblocal/mcp needs one. An admin request that names no caller is served
// as no tenant.
TEST(AdminRoute, AdminCallersAreVerifiedWhenTheRouterVerifiesSignatures) {
  Seen seen;
  auto store = std::make_shared<CredentialStore>();
  store->Add("AKIDKNOWN", "secret");
  RequestRouter router(
      [&seen](std::string_view op, std::string_view, const RequestContext& context) {
        seen.operation = std::string(op);
        seen.context = context;
        return Response{200, "{}"};
      },
      CorsPolicy{}, std::make_shared<SigV4Verifier>(store));
  HttpRequestView unsigned_mcp;
  unsigned_mcp.method = "POST";
  unsigned_mcp.target = "/_ddblocal/mcp";
  unsigned_mcp.body = R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
  HttpReply refused = router.Route(unsigned_mcp);
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body.find("MissingAuthenticationTokenException"), std::string::npos);
  EXPECT_EQ(seen.operation, "");

  HttpRequestView forged = unsigned_mcp;
  forged.authorization =
      "AWS4-HMAC-SHA256 Credential=AKIDOTHER/20240101/eu-west-1/dynamodb/aws4_request, "
      "SignedHeaders=host, Signature=s";
  forged.headers = {{"X-Amz-Date", "20240101T000000Z"}};
  refused = router.Route(forged);
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body.find("UnrecognizedClientException"), std::string::npos);
  EXPECT_EQ(seen.operation, "");

  // A snapshot request naming a known key with a signature that is not its secret's.
  HttpRequestView snapshot = forged;
  snapshot.target = "/_ddblocal/snapshot?name=s";
  snapshot.body = "";
  snapshot.authorization =
      "AWS4-HMAC-SHA256 Credential=AKIDKNOWN/20240101/eu-west-1/dynamodb/aws4_request, "
      "SignedHeaders=x-amz-date, Signature=0000";
  refused = router.Route(snapshot);
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.body.find("InvalidSignatureException"), std::string::npos);
  EXPECT_EQ(seen.operation, "");

  HttpRequestView anonymous;
  anonymous.method = "GET";
  anonymous.target = "/_ddblocal/capacity?table=T";
  EXPECT_EQ(router.Route(anonymous).status, 200);
  EXPECT_EQ(seen.operation, "GET /_ddblocal/capacity?table=T");
  EXPECT_EQ(seen.context.access_key_id, "");
}

}  // namespace admin_route_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
