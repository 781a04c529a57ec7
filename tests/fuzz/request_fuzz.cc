// libFuzzer target for the whole request path: bytes as they arrive on a connection are
// parsed as HTTP by Beast (with the server's header and body limits), routed by the
// RequestRouter (health check, content type, X-Amz-Target, SigV4 shape) and dispatched through
// Database::Call on an in-memory database. Any bytes must yield a well-formed reply: a status
// from 200 to 599 with a JSON body for every DynamoDB dispatch, never a crash, leak or
// sanitizer report. The database persists across inputs, so a CreateTable from one input lets
// the item operations of later ones reach storage.
#include <boost/asio/buffer.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "ddbemu/database.h"
#include "server/request_router.h"

namespace {

namespace http = boost::beast::http;

std::string_view View(boost::beast::string_view s) { return {s.data(), s.size()}; }

struct Target {
  Target() {
    ddbemu::Options options;
    options.in_memory = true;
    options.durability = ddbemu::Durability::kNone;
    options.throttle = false;                       // capacity is not what is fuzzed here
    options.map_size_bytes = std::size_t{1} << 30;  // a full map must be an error, not a crash
    auto opened = ddbemu::Database::Open(options);
    if (!opened.ok()) std::abort();
    db = std::move(*opened);
    router = std::make_unique<ddbemu::server::RequestRouter>(
        [this](std::string_view op, std::string_view body, const ddbemu::RequestContext& ctx) {
          return db->Call(op, body, ctx);
        },
        ddbemu::server::CorsPolicy::FromList("*"));
  }
  std::unique_ptr<ddbemu::Database> db;
  std::unique_ptr<ddbemu::server::RequestRouter> router;
};

// As connection.cc reads a request; the limits are small so that inputs stay fast.
void Serve(const Target& target, std::string_view bytes) {
  while (!bytes.empty()) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(16 * 1024);
    parser.body_limit(256 * 1024);
    parser.eager(true);
    boost::system::error_code ec;
    const std::size_t used = parser.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
    if (ec || !parser.is_done() || used == 0) return;  // incomplete or malformed: no reply
    bytes.remove_prefix(used);
    const auto& request = parser.get();
    ddbemu::server::HttpRequestView view;
    view.method = View(request.method_string());
    view.target = View(request.target());
    view.content_type = View(request[http::field::content_type]);
    view.amz_target = View(request["X-Amz-Target"]);
    view.authorization = View(request[http::field::authorization]);
    view.origin = View(request[http::field::origin]);
    view.access_control_request_method = View(request[http::field::access_control_request_method]);
    view.access_control_request_headers =
        View(request[http::field::access_control_request_headers]);
    view.body = request.body();
    const ddbemu::server::HttpReply reply = target.router->Route(view);
    if (reply.status < 200 || reply.status > 599) std::abort();
    if (reply.Header("x-amzn-RequestId").empty()) std::abort();
    if (!request.keep_alive()) return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Target* target = new Target();  // one database for the whole run
  Serve(*target, std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
