// ParsePlainRequest (server/http_head.h) against Beast's parser on a corpus: what the fast path
// accepts, Beast reads identically (method, target, version, keep-alive, fields in order, the
// router's named fields, body, bytes consumed); what it cannot answer exactly, it leaves to
// Beast. tests/fuzz/http_head_fuzz.cc does the same for arbitrary bytes.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "http_head_reference.h"
#include "server/http_head.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace http_head_test {

using testing::ReadPlain;
using testing::ReadWithBeast;
using namespace std::string_literals;

constexpr std::size_t kHeader = 64 * 1024;
constexpr std::size_t kBody = 16 * 1024 * 1024;

std::string WithBody(std::string head, std::string_view body) {
  head += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  head += body;
  return head;
}

// Requests shaped as the SDKs send them (header names, order and spelling as they write them).
std::vector<std::string> SdkRequests() {
  const std::string body = R"({"TableName":"hr","Key":{"PK":{"S":"ORG#1"},"SK":{"S":"E#7"}}})";
  return {
      // boto3 / the AWS CLI (botocore).
      WithBody("POST / HTTP/1.1\r\nHost: localhost:8000\r\nAccept-Encoding: identity\r\n"
               "X-Amz-Target: DynamoDB_20120810.GetItem\r\n"
               "Content-Type: application/x-amz-json-1.0\r\n"
               "User-Agent: Boto3/1.34.0 md/Botocore#1.34.0 ua/2.0 os/linux#6.1 "
               "md/arch#x86_64 lang/python#3.11.2 cfg/retry-mode#legacy Botocore/1.34.0\r\n"
               "X-Amz-Date: 20261127T234500Z\r\n"
               "Authorization: AWS4-HMAC-SHA256 Credential=AKID/20261127/us-east-1/dynamodb/"
               "aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, "
               "Signature=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\r\n"
               "amz-sdk-invocation-id: 5d0b4a3e-8c1f-4a55-9f0e-1b2c3d4e5f60\r\n"
               "amz-sdk-request: attempt=1\r\n",
               body),
      // JavaScript v3 (and ElectroDB over it): lower-case names, node's keep-alive.
      WithBody("POST / HTTP/1.1\r\ncontent-type: application/x-amz-json-1.0\r\n"
               "x-amz-target: DynamoDB_20120810.Query\r\n"
               "x-amz-user-agent: aws-sdk-js/3.500.0\r\n"
               "user-agent: aws-sdk-js/3.500.0 ua/2.0 os/linux#6.1 lang/js md/nodejs#20.10.0 "
               "api/dynamodb#3.500.0\r\n"
               "amz-sdk-invocation-id: 0f6a7d2e-1111-4222-8333-944455556666\r\n"
               "amz-sdk-request: attempt=1; max=3\r\nx-amz-date: 20261127T234500Z\r\n"
               "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b\r\n"
               "authorization: AWS4-HMAC-SHA256 Credential=AKID/20261127/us-east-1/dynamodb/"
               "aws4_request, SignedHeaders=amz-sdk-invocation-id;amz-sdk-request;content-length;"
               "content-type;host;x-amz-content-sha256;x-amz-date;x-amz-target;x-amz-user-agent,"
               " Signature=abc\r\nhost: 127.0.0.1:8000\r\nConnection: keep-alive\r\n",
               body),
      // Our own client and the Java SDK's spelling.
      WithBody("POST / HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nX-Amz-Target: "
               "DynamoDB_20120810.PutItem\r\nContent-Type: application/x-amz-json-1.0\r\n"
               "Accept-Encoding: gzip\r\nAuthorization: AWS4-HMAC-SHA256 Credential=a/b\r\n",
               body),
      // A gzip body, an empty body, a HEAD and a GET.
      WithBody("POST / HTTP/1.1\r\nContent-Encoding: gzip\r\nX-Amz-Target: x\r\n", "\x1f\x8b"),
      "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
      "HEAD / HTTP/1.1\r\nHost: h\r\n\r\n",
      "GET /_ddblocal/capacity?table=T HTTP/1.1\r\nHost: h\r\n\r\n",
      // A CORS preflight.
      "OPTIONS / HTTP/1.1\r\nOrigin: http://example.com\r\n"
      "Access-Control-Request-Method: POST\r\n"
      "Access-Control-Request-Headers: content-type,x-amz-target\r\n\r\n",
      // HTTP/1.0 with and without keep-alive; HTTP/1.1 closing, in any case.
      WithBody("POST / HTTP/1.0\r\nX-Amz-Target: a\r\n", "{}"),
      WithBody("POST / HTTP/1.0\r\nConnection: Keep-Alive\r\n", "{}"),
      WithBody("POST / HTTP/1.0\r\nConnection: close\r\n", "{}"),
      WithBody("POST / HTTP/1.1\r\nConnection: close\r\n", "{}"),
      WithBody("POST / HTTP/1.1\r\nCONNECTION: CLOSE\r\n", "{}"),
      // Fields of one name: the first is the router's, and Beast keeps them together.
      WithBody("POST / HTTP/1.1\r\nX-Amz-Target: first\r\nHost: h\r\nx-amz-target: second\r\n"
               "Content-Type: a\r\nhost: i\r\nCONTENT-TYPE: b\r\nX-AMZ-TARGET: third\r\n",
               "{}"),
      // Odd whitespace, empty values, a tab inside a value, bytes above 0x7F.
      WithBody("POST / HTTP/1.1\r\nX-Amz-Target:DynamoDB_20120810.GetItem\r\n"
               "Content-Type: \t application/x-amz-json-1.0 \t \r\nEmpty:\r\nBlank:  \t \r\n"
               "Tabbed: a\tb\r\nHigh: caf\xc3\xa9\xff\r\n",
               "{}"),
      "POST /p\xc3\xa9?q=1&r=%20 HTTP/1.1\r\n\r\n",
      // Names the reader knows, in any case, next to names it checks byte by byte.
      WithBody("POST / HTTP/1.1\r\nHOST: h\r\nX-AMZ-SECURITY-TOKEN: t\r\n"
               "Amz-Sdk-Invocation-Id: 1\r\n"
               "x-Amz-Content-SHA256: UNSIGNED-PAYLOAD\r\nUSER-agent: u\r\nX-Amz-User-Agent: v\r\n"
               "Hosts: not host\r\nX-Custom!#$%&'*+.^_`|~: tchars\r\nx-amz-date: d\r\n",
               "{}"),
      // Accept-Encoding repeated: the last is the router's (kept last here).
      WithBody("POST / HTTP/1.1\r\nAccept-Encoding: identity\r\nHost: h\r\n"
               "accept-encoding: gzip\r\n",
               "{}"),
  };
}

// Requests Beast reads in a way (or answers with a reply) the fast path does not reproduce,
// or refuses: all must go to Beast.
std::vector<std::string> NotPlain() {
  return {
      "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}",
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
      "POST / HTTP/1.1\r\nContent-Length: 2, 2\r\n\r\n{}",
      "POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
      "POST / HTTP/1.1\r\nContent-Length: +2\r\n\r\n{}",
      "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n{}",
      "POST / HTTP/1.1\r\nX-A: folded\r\n more\r\n\r\n",
      "POST / HTTP/1.1\r\nX-A: bare\nX-B: lf\r\n\r\n",
      "POST / HTTP/1.1\nX-A: a\r\n\r\n",
      "POST / HTTP/1.2\r\n\r\n",
      "POST / HTTP/2.0\r\n\r\n",
      "POST / http/1.1\r\n\r\n",
      "POST  / HTTP/1.1\r\n\r\n",
      "POST / HTTP/1.1 \r\n\r\n",
      "POST / HTTP/1.1\r\nUpgrade: h2c\r\n\r\n",
      "POST / HTTP/1.1\r\nProxy-Connection: close\r\n\r\n",
      "POST / HTTP/1.1\r\nConnection: keep-alive, close\r\n\r\n",
      "POST / HTTP/1.1\r\nConnection: close\r\nConnection: keep-alive\r\n\r\n",
      "POST / HTTP/1.1\r\nX-A: nul\0byte\r\n\r\n"s,
      "POST / HTTP/1.1\r\nX-A: del\x7f\r\n\r\n",
      "POST / HTTP/1.1\r\nX A: space in name\r\n\r\n",
      "POST / HTTP/1.1\r\nHo\tst: tab in a name\r\n\r\n",
      "POST / HTTP/1.1\r\nHost\r: h\r\n\r\n",
      "POST / HTTP/1.1\r\nX-Amz(Date: d\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: h\r\n: v\r\n\r\n",
      "POST / HTTP/1.1\r\nHost h\r\n\r\n",
      "POST / HTTP/1.1\r\nX-A : space before colon\r\n\r\n",
      "POST / HTTP/1.1\r\n: no name\r\n\r\n",
      "POST /a\x7f HTTP/1.1\r\n\r\n",
      "PO(ST / HTTP/1.1\r\n\r\n",
      "\r\nPOST / HTTP/1.1\r\n\r\n",
      "POST / HTTP/1.1\r\n\r",
      "POST / HTTP/1.1\r\n\rX",
  };
}

std::string Printable(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '\r')
      out += "\\r";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

TEST(HttpHeadTest, SdkRequestsReadAsBeastReadsThem) {
  for (const std::string& request : SdkRequests()) {
    SCOPED_TRACE(Printable(request));
    const auto fast = ReadPlain(request, kHeader, kBody);
    const auto beast = ReadWithBeast(request, kHeader, kBody);
    ASSERT_TRUE(fast.has_value());
    ASSERT_TRUE(beast.has_value());
    EXPECT_EQ(*fast, *beast);
    EXPECT_EQ(fast->consumed, request.size());
  }
}

TEST(HttpHeadTest, ReadsTheNamedFieldsVersionAndKeepAlive) {
  const auto sdk = SdkRequests();
  const auto boto = ReadPlain(sdk[0], kHeader, kBody);
  ASSERT_TRUE(boto.has_value());
  EXPECT_EQ(boto->method, "POST");
  EXPECT_EQ(boto->amz_target, "DynamoDB_20120810.GetItem");
  EXPECT_EQ(boto->content_type, "application/x-amz-json-1.0");
  EXPECT_EQ(boto->accept_encoding, "identity");
  EXPECT_EQ(boto->headers.size(), 10u);
  EXPECT_TRUE(boto->keep_alive);
  EXPECT_EQ(boto->version, 11u);
  EXPECT_FALSE(boto->head);
  const auto old_close = ReadPlain(sdk[8], kHeader, kBody);
  ASSERT_TRUE(old_close.has_value());
  EXPECT_EQ(old_close->version, 10u);
  EXPECT_FALSE(old_close->keep_alive);
  EXPECT_TRUE(ReadPlain(sdk[9], kHeader, kBody)->keep_alive);
  EXPECT_FALSE(ReadPlain(sdk[11], kHeader, kBody)->keep_alive);
  EXPECT_TRUE(ReadPlain(sdk[5], kHeader, kBody)->head);
  const auto duplicates = ReadPlain(sdk[13], kHeader, kBody);
  ASSERT_TRUE(duplicates.has_value());
  EXPECT_EQ(duplicates->amz_target, "first");
  EXPECT_EQ(duplicates->content_type, "a");
  ASSERT_EQ(duplicates->headers.size(), 8u);
  EXPECT_EQ(duplicates->headers[1].second, "second");  // kept with the first, as Beast does
  EXPECT_EQ(duplicates->headers[2].second, "third");
  const auto odd = ReadPlain(sdk[14], kHeader, kBody);
  ASSERT_TRUE(odd.has_value());
  EXPECT_EQ(odd->amz_target, "DynamoDB_20120810.GetItem");
  EXPECT_EQ(odd->content_type, "application/x-amz-json-1.0");
}

TEST(HttpHeadTest, TheLastAcceptEncodingIsTheRouters) {
  // AWS answers a repeated Accept-Encoding by the last one (ScyllaDB's
  // test_compressed_response.py, observed against DynamoDB); both readers take it.
  const std::string request = SdkRequests().back();
  const auto fast = ReadPlain(request, kHeader, kBody);
  const auto beast = ReadWithBeast(request, kHeader, kBody);
  ASSERT_TRUE(fast.has_value());
  ASSERT_TRUE(beast.has_value());
  EXPECT_EQ(fast->accept_encoding, "gzip");
  EXPECT_EQ(beast->accept_encoding, "gzip");
}

TEST(HttpHeadTest, LeavesEverythingElseToBeast) {
  for (const std::string& request : NotPlain()) {
    SCOPED_TRACE(Printable(request));
    EXPECT_FALSE(ReadPlain(request, kHeader, kBody).has_value());
  }
}

TEST(HttpHeadTest, EveryProperPrefixIsLeftToBeast) {
  for (const std::string& request : SdkRequests()) {
    for (std::size_t n = 0; n < request.size(); ++n) {
      const std::string_view prefix(request.data(), n);
      EXPECT_FALSE(ReadPlain(prefix, kHeader, kBody).has_value()) << Printable(prefix);
    }
  }
}

TEST(HttpHeadTest, PipelinedRequestsAreReadOneAtATime) {
  const auto sdk = SdkRequests();
  const std::string both = sdk[0] + sdk[1];
  const auto first = ReadPlain(both, kHeader, kBody);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->consumed, sdk[0].size());
  EXPECT_EQ(*first, *ReadWithBeast(both, kHeader, kBody));
  const std::string_view rest = std::string_view(both).substr(first->consumed);
  const auto second = ReadPlain(rest, kHeader, kBody);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(*second, *ReadWithBeast(rest, kHeader, kBody));
  EXPECT_EQ(second->amz_target, "DynamoDB_20120810.Query");
}

TEST(HttpHeadTest, LimitsAtTheirEdges) {
  const std::string request = SdkRequests()[0];
  const std::size_t head = request.find("\r\n\r\n") + 4;
  const std::size_t body = request.size() - head;
  // The head exactly at the limit is read; one byte over goes to Beast (431).
  EXPECT_TRUE(ReadPlain(request, head, kBody).has_value());
  EXPECT_TRUE(ReadPlain(request, head + 1, kBody).has_value());
  EXPECT_FALSE(ReadPlain(request, head - 1, kBody).has_value());
  // A body at the limit is read; over it, Beast answers 413.
  EXPECT_EQ(ReadPlain(request, kHeader, body), ReadWithBeast(request, kHeader, body));
  EXPECT_TRUE(ReadPlain(request, kHeader, body).has_value());
  EXPECT_TRUE(ReadPlain(request, kHeader, body + 1).has_value());
  EXPECT_FALSE(ReadPlain(request, kHeader, body - 1).has_value());
  EXPECT_FALSE(ReadWithBeast(request, kHeader, body - 1).has_value());
}

TEST(HttpHeadTest, AcceptedOnlyWhatBeastReadsTheSame) {
  // The not-plain corpus and every one-byte change of the SDK corpus: whatever the fast path
  // accepts, Beast reads identically.
  std::vector<std::string> inputs = NotPlain();
  for (const std::string& request : SdkRequests()) {
    for (std::size_t i = 0; i < request.size(); ++i) {
      for (const char c : {'\0', '\t', '\n', '\r', ' ', ':', ',', 'A', '\x7f', '\x80'}) {
        std::string changed = request;
        changed[i] = c;
        inputs.push_back(std::move(changed));
      }
    }
  }
  std::size_t accepted = 0;
  for (const std::string& input : inputs) {
    const auto fast = ReadPlain(input, kHeader, kBody);
    if (!fast) continue;
    ++accepted;
    const auto beast = ReadWithBeast(input, kHeader, kBody);
    ASSERT_TRUE(beast.has_value()) << Printable(input);
    ASSERT_EQ(*fast, *beast) << Printable(input);
  }
  EXPECT_GT(accepted, inputs.size() / 4);  // the comparison did compare
}

}  // namespace http_head_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
