// HttpServer end to end: a real server on an ephemeral port, a fake RequestHandler, and raw
// HTTP over a socket. Exact protocol rules (content types, auth wording) are specified in
// request_router_test.cc and sigv4_auth_test.cc; here, what only a live server can show.
#include "server/http_server.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "raw_http_client.h"
#include "server/connection.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace http_server_test {

using testing::DynamoRequest;
using testing::RawHttpClient;
using testing::RawResponse;

// What the service answers to an unknown operation: the type, no message.
constexpr std::string_view kUnknownOperationBody =
    R"({"__type":"com.amazon.coral.service#UnknownOperationException"})";
constexpr std::string_view kSerializationBody =
    R"({"__type":"com.amazon.coral.service#SerializationException","message":""})";

struct Call {
  std::string operation;
  std::string body;
  RequestContext context;
  std::thread::id thread;  // the server's thread that ran it
};

// Stands in for Database::Call with a few operations whose behaviour tests can steer.
class FakeDynamo {
 public:
  Response Handle(std::string_view operation, std::string_view body, const RequestContext& ctx) {
    {
      std::lock_guard lock(mutex_);
      calls_.push_back(
          {std::string(operation), std::string(body), ctx, std::this_thread::get_id()});
    }
    if (!body.empty() && body.front() != '{') return {400, std::string(kSerializationBody)};
    if (operation == "ListTables") return {200, R"({"TableNames":[]})"};
    if (operation == "Echo") return {200, std::string(body)};
    if (operation == "PutItem" || operation == "UpdateItem" || operation == "GetItem") {
      return {200, "{}"};
    }
    if (operation == "Slow") {
      slow_entered_.set_value();
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      return {200, R"({"Slow":true})"};
    }
    if (operation == "Throw") throw std::runtime_error("boom");
    return {400, std::string(kUnknownOperationBody)};
  }

  std::vector<Call> calls() {
    std::lock_guard lock(mutex_);
    return calls_;
  }
  std::future<void> SlowEntered() { return slow_entered_.get_future(); }

 private:
  std::mutex mutex_;
  std::vector<Call> calls_;
  std::promise<void> slow_entered_;
};

class HttpServerTest : public ::testing::Test {
 protected:
  void Start(ServerOptions options = {}) {
    options.port = 0;
    if (options.host.empty()) options.host = "127.0.0.1";
    if (options.threads == 0) options.threads = 4;
    auto server = HttpServer::Start(
        std::move(options),
        [this](std::string_view op, std::string_view body, const RequestContext& ctx) {
          return fake_.Handle(op, body, ctx);
        });
    ASSERT_TRUE(server.ok()) << server.error().message();
    server_ = std::move(*server);
  }
  std::uint16_t port() const { return server_->port(); }

  RawResponse RoundTrip(const std::string& request) {
    RawHttpClient client(port());
    EXPECT_TRUE(client.connected());
    EXPECT_TRUE(client.Send(request));
    auto response = client.Read();
    EXPECT_TRUE(response.has_value());
    return response.value_or(RawResponse{});
  }

  FakeDynamo fake_;
  std::unique_ptr<HttpServer> server_;
};

std::string Crc32Of(std::string_view s) {
  return std::to_string(
      crc32(0, reinterpret_cast<const Bytef*>(s.data()), static_cast<uInt>(s.size())));
}

// Options with one field changed (designated initializers would warn about the others).
ServerOptions BodyLimit(std::size_t bytes) {
  ServerOptions options;
  options.max_body_bytes = bytes;
  return options;
}

bool IsAwsRequestId(const std::string& id) {
  if (id.size() != 52) return false;
  for (char c : id) {
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

TEST_F(HttpServerTest, AnswersAnOperationWithTheServiceHeaders) {
  Start();
  const RawResponse r = RoundTrip(DynamoRequest("ListTables", "{}"));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, R"({"TableNames":[]})");
  EXPECT_EQ(r.Header("Content-Type"), "application/x-amz-json-1.0");
  EXPECT_EQ(r.Header("Content-Length"), std::to_string(r.body.size()));
  EXPECT_EQ(r.Header("x-amz-crc32"), Crc32Of(r.body));
  EXPECT_TRUE(IsAwsRequestId(r.Header("x-amzn-RequestId"))) << r.Header("x-amzn-RequestId");
  EXPECT_FALSE(r.Header("Date").empty());

  const auto calls = fake_.calls();
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].operation, "ListTables");
  EXPECT_EQ(calls[0].body, "{}");
  EXPECT_EQ(calls[0].context.access_key_id, "AKIDTEST");
  EXPECT_EQ(calls[0].context.region, "eu-west-1");
}

TEST_F(HttpServerTest, KeepAliveServesSeveralRequestsOnOneConnection) {
  Start();
  RawHttpClient client(port());
  std::vector<std::string> ids;
  for (int i = 0; i < 5; ++i) {
    const std::string body = R"({"n":)" + std::to_string(i) + "}";
    ASSERT_TRUE(client.Send(DynamoRequest("Echo", body)));
    const auto r = client.Read();
    ASSERT_TRUE(r.has_value()) << "request " << i;
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, body);
    EXPECT_EQ(r->Header("x-amz-crc32"), Crc32Of(body));
    EXPECT_NE(r->Header("Connection"), "close");
    ids.push_back(r->Header("x-amzn-RequestId"));
  }
  for (std::size_t i = 1; i < ids.size(); ++i) EXPECT_NE(ids[i], ids[i - 1]);
}

// Item writes run on the write thread, everything else on the connection's own: a read never
// waits behind a commit. Pipelined, so the hand-over and back happens with the next request
// already in the connection's buffer.
TEST_F(HttpServerTest, ItemWritesRunOnTheWriteThreadAndReadsOnTheConnections) {
  ServerOptions options;
  options.threads = 1;
  Start(options);
  RawHttpClient client(port());
  const std::vector<std::string> ops = {"GetItem", "PutItem", "Echo", "UpdateItem", "GetItem"};
  std::string batch;
  for (const std::string& op : ops) batch += DynamoRequest(op, R"({"op":")" + op + R"("})");
  ASSERT_TRUE(client.Send(batch));
  for (const std::string& op : ops) {
    const auto r = client.Read();
    ASSERT_TRUE(r.has_value()) << op;
    EXPECT_EQ(r->status, 200) << op;
    EXPECT_EQ(r->body, op == "Echo" ? R"({"op":"Echo"})" : "{}");
  }
  const std::vector<Call> calls = fake_.calls();
  ASSERT_EQ(calls.size(), ops.size());
  for (std::size_t i = 0; i < ops.size(); ++i) EXPECT_EQ(calls[i].operation, ops[i]);
  const std::thread::id connection = calls[0].thread, writer = calls[1].thread;
  EXPECT_NE(writer, connection);
  EXPECT_EQ(calls[2].thread, connection);
  EXPECT_EQ(calls[3].thread, writer);
  EXPECT_EQ(calls[4].thread, connection);
  EXPECT_TRUE(IsItemWrite("DynamoDB_20120810.TransactWriteItems"));
  EXPECT_TRUE(IsItemWrite("DynamoDB_20120810.BatchWriteItem"));
  EXPECT_TRUE(IsItemWrite("DynamoDB_20120810.DeleteItem"));
  EXPECT_FALSE(IsItemWrite("DynamoDB_20120810.TransactGetItems"));
  EXPECT_FALSE(IsItemWrite("DynamoDBStreams_20120810.PutItem"));
}

TEST_F(HttpServerTest, WithoutTheWriteThreadEveryRequestRunsOnItsConnection) {
  ServerOptions options;
  options.threads = 1;
  options.write_thread = false;
  Start(options);
  RawHttpClient client(port());
  for (const std::string op : {"GetItem", "PutItem", "UpdateItem"}) {
    ASSERT_TRUE(client.Send(DynamoRequest(op, "{}")));
    const auto r = client.Read();
    ASSERT_TRUE(r.has_value()) << op;
    EXPECT_EQ(r->status, 200) << op;
  }
  const std::vector<Call> calls = fake_.calls();
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[1].thread, calls[0].thread);
  EXPECT_EQ(calls[2].thread, calls[0].thread);
}

// Sends `requests` Echo requests in one write (the server reads several requests at once) and
// expects each answered, in order.
void ExpectPipelineAnsweredInOrder(std::uint16_t port, int requests) {
  RawHttpClient client(port);
  std::string batch;
  for (int i = 0; i < requests; ++i) {
    batch += DynamoRequest("Echo", R"({"n":)" + std::to_string(i) + "}");
  }
  ASSERT_TRUE(client.Send(batch));
  for (int i = 0; i < requests; ++i) {
    const auto r = client.Read();
    ASSERT_TRUE(r.has_value()) << "response " << i;
    EXPECT_EQ(r->body, R"({"n":)" + std::to_string(i) + "}");
  }
}

TEST_F(HttpServerTest, PipelinedRequestsAreAnsweredInOrder) {
  Start();
  ExpectPipelineAnsweredInOrder(port(), 4);
}

// Replies are written at once when the socket takes them (Connection::Write); pipelined
// requests then start from the io_context, one after another, not nested: a long pipeline is
// answered whole and in order.
TEST_F(HttpServerTest, ALongPipelineIsAnsweredInOrder) {
  Start();
  ExpectPipelineAnsweredInOrder(port(), 200);
}

// A reply larger than the socket's send buffer goes out partly at once and the rest
// asynchronously; the request that was pipelined behind it is answered after it, whole.
TEST_F(HttpServerTest, ReplyTooLargeToWriteAtOnceIsFollowedByThePipelinedRequest) {
  Start();
  RawHttpClient client(port());
  const std::string body = "{\"pad\":\"" + std::string(12 << 20, 'b') + "\"}";
  ASSERT_TRUE(client.Send(DynamoRequest("Echo", body) + DynamoRequest("Echo", R"({"n":2})")));
  const auto first = client.Read();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->status, 200);
  EXPECT_TRUE(first->body == body) << "a reply of " << first->body.size() << " bytes";
  EXPECT_EQ(first->Header("x-amz-crc32"), Crc32Of(body));
  const auto second = client.Read();
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->body, R"({"n":2})");
  EXPECT_EQ(second->Header("x-amz-crc32"), Crc32Of(R"({"n":2})"));
}

// Plain requests (read in place, server/http_head.h) and others (read by Beast: a chunked
// body, a request split across writes) in one stream: each is answered, in order, and a plain
// request's bytes stay intact while the writer thread routes it with the next one buffered.
TEST_F(HttpServerTest, PlainAndOtherRequestsShareAConnection) {
  Start();
  RawHttpClient client(port());
  std::string chunked = DynamoRequest("Echo", "");
  chunked.replace(chunked.find("Content-Length: 0"), 17, "Transfer-Encoding: chunked");
  chunked += "7\r\n{\"n\":1}\r\n0\r\n\r\n";
  const std::string split = DynamoRequest("Echo", R"({"n":3})");
  ASSERT_TRUE(client.Send(DynamoRequest("PutItem", R"({"n":0})") + chunked +
                          DynamoRequest("Echo", R"({"n":2})") + split.substr(0, 40)));
  for (int i = 0; i < 3; ++i) {
    const auto r = client.Read();
    ASSERT_TRUE(r.has_value()) << "response " << i;
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, i == 0 ? "{}" : R"({"n":)" + std::to_string(i) + "}");
  }
  ASSERT_TRUE(client.Send(split.substr(40)));
  const auto last = client.Read();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->body, R"({"n":3})");
  const std::vector<Call> calls = fake_.calls();
  ASSERT_EQ(calls.size(), 4u);
  EXPECT_EQ(calls[0].body, R"({"n":0})");
  EXPECT_EQ(calls[1].body, R"({"n":1})");
}

TEST_F(HttpServerTest, ConnectionCloseIsHonoured) {
  Start();
  RawHttpClient client(port());
  ASSERT_TRUE(client.Send(DynamoRequest("ListTables", "{}", "Connection: close\r\n")));
  const auto r = client.Read();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->Header("Connection"), "close");
  EXPECT_TRUE(client.PeerClosed());
}

TEST_F(HttpServerTest, MissingAuthorizationIsMissingAuthenticationToken) {
  Start();
  const RawResponse r = RoundTrip(DynamoRequest("ListTables", "{}", "", /*authorization=*/""));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, R"({"__type":"com.amazon.coral.service#MissingAuthenticationTokenException",)"
                    R"("message":"Request is missing Authentication Token"})");
  EXPECT_EQ(r.Header("x-amz-crc32"), Crc32Of(r.body));
  EXPECT_TRUE(fake_.calls().empty());
}

TEST_F(HttpServerTest, UnknownOperationFromTheHandlerIsPassedThrough) {
  Start();
  const RawResponse r = RoundTrip(DynamoRequest("NoSuchOperation", "{}"));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, kUnknownOperationBody);
  ASSERT_EQ(fake_.calls().size(), 1u);
  EXPECT_EQ(fake_.calls()[0].operation, "NoSuchOperation");
}

TEST_F(HttpServerTest, TargetOfAnotherServiceIsUnknownOperation) {
  Start();
  std::string request = DynamoRequest("ListTables", "{}");
  request.replace(request.find("DynamoDB_20120810."), 18, "Kinesis_20131202.");
  const RawResponse r = RoundTrip(request);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, kUnknownOperationBody);
  EXPECT_TRUE(fake_.calls().empty());
}

TEST_F(HttpServerTest, NonJsonBodyGetsTheHandlersSerializationExceptionVerbatim) {
  Start();
  const RawResponse r = RoundTrip(DynamoRequest("ListTables", "not json"));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, kSerializationBody);
  EXPECT_EQ(r.Header("x-amz-crc32"), Crc32Of(r.body));
}

TEST_F(HttpServerTest, HandlerExceptionBecomesInternalServerError) {
  Start();
  const RawResponse r = RoundTrip(DynamoRequest("Throw", "{}"));
  EXPECT_EQ(r.status, 500);
  EXPECT_NE(r.body.find("InternalServerError"), std::string::npos);
  EXPECT_EQ(RoundTrip(DynamoRequest("ListTables", "{}")).status, 200);  // still serving
}

TEST_F(HttpServerTest, BodyOverTheLimitGets413AndTheConnectionCloses) {
  Start(BodyLimit(1000));
  RawHttpClient client(port());
  ASSERT_TRUE(client.Send(DynamoRequest("Echo", std::string(1001, 'x'))));
  const auto r = client.Read();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 413);
  EXPECT_EQ(
      r->body,
      R"({"__type":"com.amazon.coral.service#RequestEntityTooLargeException",)"
      R"("message":"Request body of 1001 bytes exceeds the maximum request size of 1000 bytes"})");
  EXPECT_EQ(r->Header("Connection"), "close");
  EXPECT_TRUE(client.PeerClosed());
  EXPECT_TRUE(fake_.calls().empty());
}

TEST_F(HttpServerTest, ChunkedBodyOverTheLimitGets413) {
  Start(BodyLimit(1000));
  RawHttpClient client(port());
  std::string request = DynamoRequest("Echo", "");
  request.replace(request.find("Content-Length: 0"), 17, "Transfer-Encoding: chunked");
  request +=
      "258\r\n" + std::string(600, 'x') + "\r\n258\r\n" + std::string(600, 'x') + "\r\n0\r\n\r\n";
  ASSERT_TRUE(client.Send(request));
  const auto r = client.Read();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 413);
  EXPECT_TRUE(client.PeerClosed());
}

TEST_F(HttpServerTest, BodyAtTheLimitIsServed) {
  Start(BodyLimit(1000));
  const std::string body = "{" + std::string(998, ' ') + "}";
  const RawResponse r = RoundTrip(DynamoRequest("Echo", body));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, body);
}

TEST_F(HttpServerTest, DefaultLimitAcceptsASixteenMegabyteBatch) {
  Start();
  const std::string body = "{\"pad\":\"" + std::string(16 << 20, 'a') + "\"}";
  const RawResponse r = RoundTrip(DynamoRequest("Echo", body));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body.size(), body.size());
}

TEST_F(HttpServerTest, ExpectContinueGets100BeforeTheBody) {
  Start();
  RawHttpClient client(port());
  std::string request = DynamoRequest("Echo", "{}", "Expect: 100-continue\r\n");
  const std::size_t body_at = request.size() - 2;
  ASSERT_TRUE(client.Send(std::string_view(request).substr(0, body_at)));
  const auto interim = client.Read();
  ASSERT_TRUE(interim.has_value());
  EXPECT_EQ(interim->status, 100);
  ASSERT_TRUE(client.Send(std::string_view(request).substr(body_at)));
  const auto r = client.Read();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, "{}");
}

TEST_F(HttpServerTest, GetSlashIsAHealthCheck) {
  Start();
  const RawResponse r = RoundTrip("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  EXPECT_EQ(r.status, 200);
  // AWS names the host the request reached; we name the request's Host.
  EXPECT_EQ(r.body, "healthy: localhost");
  EXPECT_TRUE(fake_.calls().empty());

  RawHttpClient client(port());
  ASSERT_TRUE(client.Send("HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n"));
  const auto head = client.Read(/*head=*/true);
  ASSERT_TRUE(head.has_value());
  EXPECT_EQ(head->status, 200);
  EXPECT_EQ(head->Header("Content-Length"), std::to_string(r.body.size()));
  ASSERT_TRUE(client.Send(DynamoRequest("ListTables", "{}")));  // no stray body bytes before it
  const auto next = client.Read();
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(next->status, 200);
}

TEST_F(HttpServerTest, OtherMethodsAndPathsAreNotOperations) {
  Start();
  for (const char* request :
       {"GET /shell HTTP/1.1\r\nHost: x\r\n\r\n", "DELETE / HTTP/1.1\r\nHost: x\r\n\r\n",
        "OPTIONS / HTTP/1.1\r\nHost: x\r\n\r\n"}) {
    const RawResponse r = RoundTrip(request);
    EXPECT_EQ(r.status, 404) << request;
    EXPECT_EQ(r.body, "<UnknownOperationException/>\n") << request;
  }
  EXPECT_TRUE(fake_.calls().empty());
}

TEST_F(HttpServerTest, MalformedHttpGets400) {
  Start();
  RawHttpClient client(port());
  ASSERT_TRUE(client.Send("THIS IS NOT HTTP\r\n\r\n"));
  const auto r = client.Read();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 400);
  EXPECT_TRUE(client.PeerClosed());
}

// AWS's front door answers an oversized request head as any request it cannot read: 400.
TEST_F(HttpServerTest, OversizedHeadersGet400) {
  ServerOptions options;
  options.max_header_bytes = 2048;
  Start(options);
  const RawResponse r =
      RoundTrip(DynamoRequest("ListTables", "{}", "X-Padding: " + std::string(4096, 'p') + "\r\n"));
  EXPECT_EQ(r.status, 400);
  EXPECT_TRUE(fake_.calls().empty());
}

TEST_F(HttpServerTest, AnOversizedRequestLineGets400) {
  ServerOptions options;
  options.max_header_bytes = 2048;
  Start(options);
  const RawResponse r = RoundTrip("POST /" + std::string(4096, 'x') +
                                  " HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}");
  EXPECT_EQ(r.status, 400);
  EXPECT_TRUE(fake_.calls().empty());
}

TEST_F(HttpServerTest, CorsHeadersForAllowedOrigins) {
  ServerOptions options;
  options.cors = CorsPolicy::FromList("http://app.test");
  Start(options);
  RawHttpClient client(port());
  ASSERT_TRUE(client.Send(
      "OPTIONS / HTTP/1.1\r\nHost: x\r\nOrigin: http://app.test\r\n"
      "Access-Control-Request-Method: POST\r\n"
      "Access-Control-Request-Headers: content-type,x-amz-target,authorization\r\n\r\n"));
  const auto preflight = client.Read();
  ASSERT_TRUE(preflight.has_value());
  EXPECT_EQ(preflight->status, 200);
  EXPECT_EQ(preflight->Header("Access-Control-Allow-Origin"), "http://app.test");
  EXPECT_EQ(preflight->Header("Access-Control-Allow-Methods"), "POST");
  EXPECT_EQ(preflight->Header("Access-Control-Allow-Headers"),
            "content-type,x-amz-target,authorization");

  ASSERT_TRUE(client.Send(DynamoRequest("ListTables", "{}", "Origin: http://app.test\r\n")));
  const auto r = client.Read();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->Header("Access-Control-Allow-Origin"), "http://app.test");

  ASSERT_TRUE(client.Send(DynamoRequest("ListTables", "{}", "Origin: http://evil.test\r\n")));
  const auto other = client.Read();
  ASSERT_TRUE(other.has_value());
  EXPECT_EQ(other->Header("Access-Control-Allow-Origin"), "");
}

TEST_F(HttpServerTest, NoCorsHeadersByDefault) {
  Start();
  const RawResponse r = RoundTrip(DynamoRequest("ListTables", "{}", "Origin: http://app.test\r\n"));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.Header("Access-Control-Allow-Origin"), "");
}

TEST_F(HttpServerTest, ConcurrentClientsAreAllServed) {
  Start();
  constexpr int kClients = 8, kRequests = 50;
  std::atomic<int> ok{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      RawHttpClient client(port());
      for (int i = 0; i < kRequests; ++i) {
        const std::string body =
            R"({"c":)" + std::to_string(c) + R"(,"i":)" + std::to_string(i) + "}";
        if (!client.Send(DynamoRequest("Echo", body))) return;
        const auto r = client.Read();
        if (r && r->status == 200 && r->body == body) ok.fetch_add(1);
      }
    });
  }
  for (auto& t : clients) t.join();
  EXPECT_EQ(ok.load(), kClients * kRequests);
  EXPECT_EQ(fake_.calls().size(), static_cast<std::size_t>(kClients * kRequests));
}

TEST_F(HttpServerTest, StopFinishesRequestsInProgressAndClosesIdleConnections) {
  Start();
  RawHttpClient idle(port());
  ASSERT_TRUE(idle.Send(DynamoRequest("ListTables", "{}")));
  ASSERT_TRUE(idle.Read().has_value());  // now idle on a keep-alive connection

  auto entered = fake_.SlowEntered();
  RawHttpClient busy(port());
  ASSERT_TRUE(busy.Send(DynamoRequest("Slow", "{}")));
  ASSERT_EQ(entered.wait_for(std::chrono::seconds(5)), std::future_status::ready);

  server_->Stop();
  const auto r = busy.Read();  // the request in progress still gets its reply
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, R"({"Slow":true})");
  EXPECT_EQ(r->Header("Connection"), "close");
  EXPECT_TRUE(busy.PeerClosed());
  EXPECT_TRUE(idle.PeerClosed());

  const std::uint16_t old_port = port();
  server_->Wait();
  RawHttpClient late(old_port);
  EXPECT_FALSE(late.connected());  // no longer accepting
}

TEST_F(HttpServerTest, EphemeralPortIsReportedAndAPortInUseFailsToStart) {
  Start();
  EXPECT_NE(port(), 0);
  EXPECT_EQ(server_->address(), "127.0.0.1:" + std::to_string(port()));
  ServerOptions options;
  options.host = "127.0.0.1";
  options.port = port();
  options.threads = 1;
  auto second = HttpServer::Start(options, [](auto, auto, const auto&) { return Response{}; });
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().message().find("Cannot listen on 127.0.0.1:"), std::string::npos)
      << second.error().message();
}

TEST_F(HttpServerTest, DefaultHostTakesIpv4Clients) {
  ServerOptions options;  // host "": every interface, dual-stack
  options.port = 0;
  options.threads = 1;
  auto server = HttpServer::Start(options, [](auto, auto, const auto&) {
    return Response{200, "{}"};
  });
  ASSERT_TRUE(server.ok()) << server.error().message();
  RawHttpClient client((*server)->port());  // connects to 127.0.0.1
  ASSERT_TRUE(client.connected());
  ASSERT_TRUE(client.Send(DynamoRequest("ListTables", "{}")));
  const auto r = client.Read();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->status, 200);

  // The port in use is reported as such, not hidden by a fallback to IPv4.
  options.port = (*server)->port();
  auto second = HttpServer::Start(options, [](auto, auto, const auto&) { return Response{}; });
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.error().message().find("in use"), std::string::npos) << second.error().message();
}

TEST_F(HttpServerTest, HostMayBeAName) {
  ServerOptions options;
  options.host = "localhost";
  Start(options);
  EXPECT_NE(port(), 0);
}

}  // namespace http_server_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
