// The router's content codings and the headers AWS sends: gzip request bodies, compressed
// replies with the CRC32 of the compressed bytes, and `Server: Server`.
#include <gtest/gtest.h>

#include <string>

#include "server/content_encoding.h"
#include "server/request_router.h"
#include "value/digests.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace request_router_encoding_test {

constexpr std::string_view kAuth =
    "AWS4-HMAC-SHA256 Credential=AK/20240101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=host, Signature=s";

class RouterEncodingTest : public ::testing::Test {
 protected:
  // The handler answers with `reply_body_`, and records the body it was given.
  RequestRouter MakeRouter() {
    return RequestRouter(
        [this](std::string_view, std::string_view body, const RequestContext&) {
          ++calls_;
          received_ = std::string(body);
          return Response{200, reply_body_};
        },
        CorsPolicy{});
  }
  static HttpRequestView Post(std::string_view body) {
    HttpRequestView r;
    r.method = "POST";
    r.target = "/";
    r.content_type = "application/x-amz-json-1.0";
    r.amz_target = "DynamoDB_20120810.PutItem";
    r.authorization = kAuth;
    r.body = body;
    return r;
  }

  int calls_ = 0;
  std::string received_;
  std::string reply_body_ = "{}";
};

TEST_F(RouterEncodingTest, GzipRequestBodyReachesTheHandlerDecoded) {
  const std::string json = R"({"TableName":"t","Item":{"p":{"S":"x"}}})";
  const std::string gz = CompressBody(json, ResponseEncoding::kGzip);
  HttpRequestView request = Post(gz);
  request.content_encoding = "gzip";
  EXPECT_EQ(MakeRouter().Route(request).status, 200);
  EXPECT_EQ(received_, json);
  request.content_encoding = "GZIP";
  EXPECT_EQ(MakeRouter().Route(request).status, 200);
  EXPECT_EQ(received_, json);
}

TEST_F(RouterEncodingTest, DeflateRequestBodyReachesTheHandlerDecoded) {
  // HTTP's deflate is a zlib stream; raw deflate data, which some clients send, is taken too.
  const std::string json = R"({"TableName":"t","Item":{"p":{"S":"x"}}})";
  const std::string zlib = CompressBody(json, ResponseEncoding::kDeflate);
  HttpRequestView request = Post(zlib);
  request.content_encoding = "deflate";
  EXPECT_EQ(MakeRouter().Route(request).status, 200);
  EXPECT_EQ(received_, json);
  const std::string raw = zlib.substr(2, zlib.size() - 6);  // without header and Adler-32
  request.body = raw;
  request.content_encoding = "Deflate";
  received_.clear();
  EXPECT_EQ(MakeRouter().Route(request).status, 200);
  EXPECT_EQ(received_, json);
  request.body = json;  // not compressed at all
  EXPECT_EQ(MakeRouter().Route(request).status, 500);
  EXPECT_EQ(calls_, 2);
}

TEST_F(RouterEncodingTest, UndecodableBodiesAre500AndNeverReachTheHandler) {
  // AWS: 500 for a body that is not gzip, and for a coding it does not know (Alternator's
  // test_compressed_request.py, run against DynamoDB).
  RequestRouter router = MakeRouter();
  HttpRequestView request = Post(R"({"TableName":"t"})");
  request.content_encoding = "gzip";
  HttpReply reply = router.Route(request);
  EXPECT_EQ(reply.status, 500);
  EXPECT_NE(reply.body.find("InternalServerError"), std::string::npos) << reply.body;
  EXPECT_NE(reply.body.find("\"message\""), std::string::npos) << reply.body;
  request.content_encoding = "garbage";
  EXPECT_EQ(router.Route(request).status, 500);
  request.body = "";
  request.content_encoding = "gzip";
  EXPECT_EQ(router.Route(request).status, 500);
  EXPECT_EQ(calls_, 0);
}

TEST_F(RouterEncodingTest, InflatingPastTheLimitIs413) {
  const std::string bomb = CompressBody(std::string(RequestRouter::kMaxInflatedBodyBytes + 1, ' '),
                                        ResponseEncoding::kGzip);
  HttpRequestView request = Post(bomb);
  request.content_encoding = "gzip";
  EXPECT_EQ(MakeRouter().Route(request).status, 413);
  EXPECT_EQ(calls_, 0);
}

TEST_F(RouterEncodingTest, TheInflatedLimitIsTheRequestLimit) {
  // A body judged by its inflated size, as one sent that large is: the server sets its own
  // body limit, and a request inflating one byte past it is 413 whatever its coding.
  RequestRouter router = MakeRouter();
  router.set_max_inflated_bytes(1000);
  const std::string fits = "{\"TableName\":\"" + std::string(1000 - 16, 'a') + "\"}";
  ASSERT_EQ(fits.size(), 1000u);
  for (const auto& [coding, encoding] : {std::pair{"gzip", ResponseEncoding::kGzip},
                                         std::pair{"deflate", ResponseEncoding::kDeflate}}) {
    const std::string compressed = CompressBody(fits, encoding);
    HttpRequestView request = Post(compressed);
    request.content_encoding = coding;
    EXPECT_EQ(router.Route(request).status, 200) << coding;
    const std::string over = CompressBody(fits + " ", encoding);
    request.body = over;
    const HttpReply reply = router.Route(request);
    EXPECT_EQ(reply.status, 413) << coding;
    EXPECT_NE(reply.body.find("RequestEntityTooLargeException"), std::string::npos);
  }
  EXPECT_EQ(calls_, 2);
}

TEST_F(RouterEncodingTest, LargeRepliesAreCompressedWhenAskedWithCrcOfTheSentBytes) {
  reply_body_ = "{\"Items\":[\"" + std::string(5000, 'x') + "\"]}";
  HttpRequestView request = Post("{}");
  request.accept_encoding = "gzip, deflate";
  const HttpReply reply = MakeRouter().Route(request);
  EXPECT_EQ(reply.Header("Content-Encoding"), "gzip");
  EXPECT_LT(reply.body.size(), reply_body_.size() / 10);
  std::string inflated;
  ASSERT_EQ(GunzipBody(reply.body, 1 << 20, inflated), InflateOutcome::kOk);
  EXPECT_EQ(inflated, reply_body_);
  // aws-sdk-go-v2's DynamoDB customization: the checksum is of the gzipped content.
  EXPECT_EQ(reply.Header("x-amz-crc32"), std::to_string(Crc32(reply.body)));
}

TEST_F(RouterEncodingTest, SmallRepliesOrUnaskedAreSentAsIs) {
  RequestRouter router = MakeRouter();
  HttpRequestView request = Post("{}");
  request.accept_encoding = "gzip";
  reply_body_ = std::string(kResponseCompressionThreshold - 1, ' ');
  HttpReply reply = router.Route(request);
  EXPECT_EQ(reply.Header("Content-Encoding"), "");
  EXPECT_EQ(reply.body, reply_body_);
  reply_body_ += ' ';
  EXPECT_EQ(router.Route(request).Header("Content-Encoding"), "gzip");
  request.accept_encoding = "";
  reply = router.Route(request);
  EXPECT_EQ(reply.Header("Content-Encoding"), "");
  EXPECT_EQ(reply.Header("x-amz-crc32"), std::to_string(Crc32(reply_body_)));
}

TEST_F(RouterEncodingTest, EveryReplyNamesTheServerAsAwsDoes) {
  RequestRouter router = MakeRouter();
  EXPECT_EQ(router.Route(Post("{}")).Header("Server"), "Server");
  HttpRequestView health;
  health.method = "GET";
  health.target = "/";
  EXPECT_EQ(router.Route(health).Header("Server"), "Server");
  EXPECT_EQ(router.MalformedHttp().Header("Server"), "Server");
}

TEST_F(RouterEncodingTest, ErrorBodiesStayUtf8WhateverTheHeadersHold) {
  RequestRouter router = MakeRouter();
  HttpRequestView request = Post("{}");
  request.content_encoding = "x\xff\xc3";
  HttpReply reply = router.Route(request);
  EXPECT_EQ(reply.status, 500);
  EXPECT_TRUE(IsValidUtf8(reply.body)) << reply.body;
  request = Post("{}");
  request.authorization = "AWS4-HMAC-SHA256 Credential=\xfe\xff";
  reply = router.Route(request);
  EXPECT_EQ(reply.status, 400);
  EXPECT_TRUE(IsValidUtf8(reply.body)) << reply.body;
  EXPECT_NE(reply.body.find("\"message\""), std::string::npos);
}

}  // namespace request_router_encoding_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
