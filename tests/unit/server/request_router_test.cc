// The protocol rules, without sockets: which requests reach the handler and what the others
// are answered.
#include "server/request_router.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "value/digests.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace request_router_test {

constexpr std::string_view kAuth =
    "AWS4-HMAC-SHA256 Credential=AK/20240101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host, Signature=s";

class RequestRouterTest : public ::testing::Test {
 protected:
  RequestRouter MakeRouter(CorsPolicy cors = {}) {
    return RequestRouter(
        [this](std::string_view op, std::string_view body, const RequestContext&) {
          ++calls_;
          last_operation_ = std::string(op);
          return Response{200, std::string(body)};
        },
        std::move(cors));
  }
  static HttpRequestView Post(std::string_view content_type = "application/x-amz-json-1.0") {
    HttpRequestView r;
    r.method = "POST";
    r.target = "/";
    r.content_type = content_type;
    r.amz_target = "DynamoDB_20120810.ListTables";
    r.authorization = kAuth;
    r.body = "{}";
    return r;
  }

  int calls_ = 0;
  std::string last_operation_;
};

// A ReusingRequestHandler answers into the reply's spent body: the body of the reply before
// (the connection has sent it) arrives in the handler with its storage, and what the handler
// writes is sent, with the checksum and the caller of this request.
TEST_F(RequestRouterTest, AReusingHandlerWritesIntoThePreviousReplysBody) {
  std::vector<const char*> arrived;
  std::vector<std::string> callers;
  RequestRouter router(
      ReusingRequestHandler([&](std::string_view op, std::string_view body,
                                const RequestContext& context, Response& response) {
        arrived.push_back(response.body.data());
        callers.push_back(context.access_key_id + "/" + context.region);
        response.http_status = 200;
        response.body.assign(2000, 'r');
        response.body.replace(0, body.size(), body);
        response.body += op;
      }),
      CorsPolicy{});
  HttpReply reply;
  RequestContext caller{"STALE", "xx-stale-1"};
  router.Route(Post(), reply, caller);
  const char* first_body = reply.body.data();
  ASSERT_EQ(reply.body.size(), 2000u + std::string("ListTables").size());
  EXPECT_EQ(reply.body.substr(0, 2), "{}");
  router.Route(Post(), reply, caller);
  ASSERT_EQ(arrived.size(), 2u);
  EXPECT_EQ(arrived[1], first_body);  // the same storage, not a new allocation
  EXPECT_EQ(reply.Header("x-amz-crc32"), std::to_string(Crc32(reply.body)));
  EXPECT_EQ(callers, (std::vector<std::string>{"AK/us-east-1", "AK/us-east-1"}));
}

TEST_F(RequestRouterTest, DispatchesTheOperationNamedByTheTarget) {
  const HttpReply reply = MakeRouter().Route(Post());
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(last_operation_, "ListTables");
  EXPECT_EQ(reply.body, "{}");
  EXPECT_EQ(reply.Header("Content-Type"), "application/x-amz-json-1.0");
  EXPECT_EQ(reply.Header("x-amz-crc32"), std::to_string(Crc32("{}")));
}

TEST_F(RequestRouterTest, JsonContentTypesAreAccepted) {
  RequestRouter router = MakeRouter();
  EXPECT_EQ(router.Route(Post("application/x-amz-json-1.0; charset=utf-8")).status, 200);
  EXPECT_EQ(router.Route(Post("Application/X-Amz-Json-1.0")).status, 200);
  EXPECT_EQ(router.Route(Post("application/x-amz-json-1.1")).status, 200);
  EXPECT_EQ(calls_, 3);
}

TEST_F(RequestRouterTest, ApplicationJsonIsAnsweredAsApplicationJson) {
  const HttpReply reply = MakeRouter().Route(Post("application/json"));
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.Header("Content-Type"), "application/json");
}

TEST_F(RequestRouterTest, BodyOfAnotherContentTypeIsNotAnOperation) {
  RequestRouter router = MakeRouter();
  for (const char* type : {"", "text/plain", "application/x-www-form-urlencoded"}) {
    const HttpReply reply = router.Route(Post(type));
    EXPECT_EQ(reply.status, 404) << type;
    EXPECT_EQ(reply.body, "<UnknownOperationException/>\n") << type;
  }
  EXPECT_EQ(calls_, 0);
}

TEST_F(RequestRouterTest, EmptyBodyIsNotCheckedForContentType) {
  HttpRequestView request = Post("");
  request.body = "";
  EXPECT_EQ(MakeRouter().Route(request).status, 200);  // the handler judges an empty body
  EXPECT_EQ(calls_, 1);
}

TEST_F(RequestRouterTest, ThePathOfAPostIsIgnored) {
  HttpRequestView request = Post();
  request.target = "/some/path?x=1";
  EXPECT_EQ(MakeRouter().Route(request).status, 200);
}

TEST_F(RequestRouterTest, MalformedTargetsAreUnknownOperations) {
  RequestRouter router = MakeRouter();
  for (const char* target :
       {"", "DynamoDB_20120810", "DynamoDB_20120810.", "DynamoDB_20111205.ListTables",
        "dynamodb_20120810.ListTables", "ListTables"}) {
    HttpRequestView request = Post();
    request.amz_target = target;
    const HttpReply reply = router.Route(request);
    EXPECT_EQ(reply.status, 400) << target;
    // The service's body exactly, no message (dynalite's test/connection.js, recorded against
    // DynamoDB, pins it and its CRC32).
    EXPECT_EQ(reply.body, R"({"__type":"com.amazon.coral.service#UnknownOperationException"})")
        << target;
    EXPECT_EQ(reply.Header("x-amz-crc32"), "1368724161") << target;
  }
  EXPECT_EQ(calls_, 0);
}

TEST_F(RequestRouterTest, TargetIsCheckedBeforeAuthorization) {
  HttpRequestView request = Post();
  request.amz_target = "bogus";
  request.authorization = "";
  EXPECT_NE(MakeRouter().Route(request).body.find("UnknownOperationException"), std::string::npos);
}

TEST_F(RequestRouterTest, AuthErrorsCarryTheMessageInTheEnvelope) {
  HttpRequestView request = Post();
  request.authorization = "AWS4-HMAC-SHA256 Credential=\"quoted\"";
  const HttpReply reply = MakeRouter().Route(request);
  EXPECT_EQ(reply.status, 400);
  EXPECT_EQ(reply.body,
            R"({"__type":"com.amazon.coral.service#IncompleteSignatureException","message":)"
            R"("Authorization header requires 'Signature' parameter. Authorization header )"
            R"(requires 'SignedHeaders' parameter. Authorization=AWS4-HMAC-SHA256 )"
            R"(Credential=\"quoted\""})");
}

TEST_F(RequestRouterTest, HealthCheckNeedsNoAuthorization) {
  HttpRequestView request;
  request.method = "GET";
  request.target = "/?probe=1";
  const HttpReply reply = MakeRouter().Route(request);
  EXPECT_EQ(reply.status, 200);
  // No Host (HTTP/1.0): AWS's us-east-1 host, the answer its endpoint gives.
  EXPECT_EQ(reply.body, "healthy: dynamodb.us-east-1.amazonaws.com");
}

TEST_F(RequestRouterTest, HealthCheckNamesTheHostTheRequestNamed) {
  // AWS answers "healthy: " and its own host name; a local endpoint's is the request's Host.
  HttpRequestView request;
  request.method = "GET";
  request.target = "/";
  request.headers = {{"User-Agent", "curl"}, {"host", "ddb.test:8000"}};
  EXPECT_EQ(MakeRouter().Route(request).body, "healthy: ddb.test:8000");
}

TEST_F(RequestRouterTest, PreflightOnlyWithCorsEnabled) {
  HttpRequestView request;
  request.method = "OPTIONS";
  request.target = "/";
  request.origin = "http://a.test";
  request.access_control_request_method = "POST";
  EXPECT_EQ(MakeRouter().Route(request).status, 404);

  const HttpReply reply = MakeRouter(CorsPolicy::FromList("*")).Route(request);
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.Header("Access-Control-Allow-Origin"), "*");
  EXPECT_EQ(reply.Header("Access-Control-Allow-Methods"), "POST");
  EXPECT_EQ(reply.Header("Access-Control-Max-Age"), "1728000");
}

TEST_F(RequestRouterTest, CorsListMatchesExactOrigins) {
  const CorsPolicy cors = CorsPolicy::FromList(" http://a.test , http://b.test ");
  EXPECT_EQ(cors.AllowOrigin("http://a.test"), "http://a.test");
  EXPECT_EQ(cors.AllowOrigin("http://b.test"), "http://b.test");
  EXPECT_FALSE(cors.AllowOrigin("http://c.test").has_value());
  EXPECT_FALSE(cors.AllowOrigin("").has_value());
  EXPECT_FALSE(CorsPolicy().AllowOrigin("http://a.test").has_value());
}

TEST_F(RequestRouterTest, EveryReplyHasAFreshRequestId) {
  RequestRouter router = MakeRouter();
  const std::string a(router.Route(Post()).Header("x-amzn-RequestId"));
  const std::string b(router.Route(Post()).Header("x-amzn-RequestId"));
  EXPECT_EQ(a.size(), 52u);
  EXPECT_NE(a, b);
}

TEST(RequestIdGeneratorTest, IdsAreUniqueAndOfTheServiceAlphabet) {
  RequestIdGenerator ids(42);
  std::set<std::string> seen;
  for (int i = 0; i < 10000; ++i) {
    const std::string id = ids.Next();
    ASSERT_EQ(id.size(), RequestIdGenerator::kLength);
    for (char c : id) ASSERT_TRUE((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z')) << id;
    ASSERT_TRUE(seen.insert(id).second) << id;
  }
}

// The id as request_id.cc defines it, bit by bit: character i is bits 5i..5i+4 of five
// splitmix64-mixed words (the reference for the generator's faster extraction).
std::string ReferenceId(std::uint64_t seed, std::uint64_t n) {
  const auto mix = [](std::uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  std::uint64_t words[5];
  words[0] = mix(n ^ seed);
  for (int i = 1; i < 5; ++i) words[i] = mix(words[i - 1] + seed + static_cast<std::uint64_t>(i));
  std::string id;
  for (std::size_t i = 0; i < RequestIdGenerator::kLength; ++i) {
    unsigned v = 0;
    for (std::size_t b = 0; b < 5; ++b) {
      const std::size_t bit = i * 5 + b;
      v |= static_cast<unsigned>((words[bit / 64] >> (bit % 64)) & 1) << b;
    }
    id += "0123456789ABCDEFGHIJKLMNOPQRSTUV"[v];
  }
  return id;
}

TEST(RequestIdGeneratorTest, IdsAreTheMixedCounterInFiveBitCharacters) {
  for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{42}, ~std::uint64_t{0}}) {
    RequestIdGenerator ids(seed);
    for (std::uint64_t n = 0; n < 1000; ++n) ASSERT_EQ(ids.Next(), ReferenceId(seed, n)) << n;
  }
}

TEST(Crc32Test, MatchesTheValuesDynamoDbSends) {
  // DynamoDB Local's x-amz-crc32 for {"TableNames":[]}, and AWS's for its 404 body.
  EXPECT_EQ(Crc32(R"({"TableNames":[]})"), 1315925753u);
  EXPECT_EQ(Crc32("<UnknownOperationException/>\n"), 3552371480u);
  EXPECT_EQ(Crc32(""), 0u);
}

}  // namespace request_router_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
