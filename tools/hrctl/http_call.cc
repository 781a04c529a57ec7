// HTTP JsonCall (see http_call.h).
#include "http_call.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <mutex>

namespace hrctl {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

struct Connection {
  std::string host, port, access_key, region;
  std::mutex mutex;
  boost::asio::io_context io;
  std::unique_ptr<beast::tcp_stream> stream;  // guarded by mutex

  ddbemu::Response Call(std::string_view op, std::string_view body) {
    std::lock_guard lock(mutex);
    for (int attempt = 0; attempt < 2; ++attempt) {
      beast::error_code ec;
      if (!stream) {
        tcp::resolver resolver(io);
        auto results = resolver.resolve(host, port, ec);
        if (ec) return Fail("cannot resolve " + host + ": " + ec.message());
        stream = std::make_unique<beast::tcp_stream>(io);
        stream->connect(results, ec);
        if (ec) {
          stream.reset();
          return Fail("cannot connect to " + host + ":" + port + ": " + ec.message());
        }
      }
      http::request<http::string_body> req{http::verb::post, "/", 11};
      req.set(http::field::host, host + ":" + port);
      req.set(http::field::content_type, "application/x-amz-json-1.0");
      req.set("X-Amz-Target", "DynamoDB_20120810." + std::string(op));
      req.set(http::field::authorization,
              "AWS4-HMAC-SHA256 Credential=" + access_key + "/20260101/" + region +
                  "/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-target, "
                  "Signature=0000000000000000000000000000000000000000000000000000000000000000");
      req.set("X-Amz-Date", "20260101T000000Z");
      req.keep_alive(true);
      req.body() = std::string(body);
      req.prepare_payload();
      http::write(*stream, req, ec);
      beast::flat_buffer buffer;
      http::response<http::string_body> res;
      if (!ec) http::read(*stream, buffer, res, ec);
      if (ec) {  // a closed keep-alive connection: reconnect once
        stream.reset();
        if (attempt == 0) continue;
        return Fail("HTTP to " + host + ":" + port + " failed: " + ec.message());
      }
      if (!res.keep_alive()) stream.reset();
      return {static_cast<int>(res.result_int()), std::move(res.body())};
    }
    return Fail("unreachable");
  }

  static ddbemu::Response Fail(const std::string& why) {
    std::string escaped;
    for (char c : why) {
      if (c == '"' || c == '\\') escaped.push_back('\\');
      escaped.push_back(c);
    }
    return {500, R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":")" +
                     escaped + "\"}"};
  }
};

}  // namespace

hrcore::Result<hrcore::JsonCall> MakeHttpJsonCall(const std::string& endpoint,
                                                  const std::string& access_key_id,
                                                  const std::string& region) {
  std::string rest = endpoint;
  if (rest.rfind("http://", 0) == 0) {
    rest = rest.substr(7);
  } else if (rest.find("://") != std::string::npos) {
    return hrcore::Error(hrcore::ErrorKind::kInvalidArgument,
                         "only http:// endpoints are supported until ddbemu's HTTP client lands");
  }
  if (!rest.empty() && rest.back() == '/') rest.pop_back();
  auto colon = rest.rfind(':');
  auto conn = std::make_shared<Connection>();
  conn->host = colon == std::string::npos ? rest : rest.substr(0, colon);
  conn->port = colon == std::string::npos ? "80" : rest.substr(colon + 1);
  conn->access_key = access_key_id;
  conn->region = region;
  if (conn->host.empty()) {
    return hrcore::Error(hrcore::ErrorKind::kInvalidArgument, "bad endpoint '" + endpoint + "'");
  }
  return hrcore::JsonCall(
      [conn](std::string_view op, std::string_view body) { return conn->Call(op, body); });
}

}  // namespace hrctl
