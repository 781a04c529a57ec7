// The reference for ParsePlainRequest (server/http_head.h): a request read by Beast's parser as
// connection.cc's Beast path reads it (one parser, the header first, the body limit checked
// at the header, the body from the same bytes), and the router's view built from Beast's
// fields by the connection's own FillViewFromBeast. Shared by http_head_test.cc and the
// differential fuzz target tests/fuzz/http_head_fuzz.cc.
#pragma once

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/version.h"
#include "server/beast_request_view.h"
#include "server/http_head.h"
#include "server/request_router.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::testing {

// A request as both readers report it, in owned strings so that two readings compare with ==.
struct HeadReading {
  std::size_t consumed = 0;
  unsigned version = 0;
  bool keep_alive = false;
  bool head = false;
  std::string method, target, content_type, amz_target, authorization, origin;
  std::string request_method, request_headers, content_encoding, accept_encoding, body;
  std::vector<std::pair<std::string, std::string>> headers;

  bool operator==(const HeadReading&) const = default;
};

inline HeadReading FromView(const HttpRequestView& view, std::size_t consumed, unsigned version,
                            bool keep_alive, bool head) {
  HeadReading r;
  r.consumed = consumed;
  r.version = version;
  r.keep_alive = keep_alive;
  r.head = head;
  r.method = view.method;
  r.target = view.target;
  r.content_type = view.content_type;
  r.amz_target = view.amz_target;
  r.authorization = view.authorization;
  r.origin = view.origin;
  r.request_method = view.access_control_request_method;
  r.request_headers = view.access_control_request_headers;
  r.content_encoding = view.content_encoding;
  r.accept_encoding = view.accept_encoding;
  r.body = view.body;
  for (const auto& [name, value] : view.headers) r.headers.emplace_back(name, value);
  return r;
}

// The fast path's reading, or nullopt when it leaves the request to Beast.
inline std::optional<HeadReading> ReadPlain(std::string_view bytes, std::size_t max_header,
                                            std::size_t max_body) {
  HttpRequestView view;
  const auto plain = ParsePlainRequest(bytes, max_header, max_body, view);
  if (!plain) return std::nullopt;
  return FromView(view, plain->consumed, plain->version, plain->keep_alive, plain->head);
}

// Beast's reading of a request the connection would route (whole, within the limits, no
// "Expect: 100-continue"), or nullopt: refused, partial, or answered otherwise.
inline std::optional<HeadReading> ReadWithBeast(std::string_view bytes, std::size_t max_header,
                                                std::size_t max_body) {
  namespace http = boost::beast::http;
  http::request_parser<http::string_body> parser;
  parser.header_limit(static_cast<std::uint32_t>(max_header));
  parser.body_limit(std::numeric_limits<std::uint64_t>::max());
  std::size_t offset = 0;
  bool header_checked = false;
  try {
    for (;;) {
      if (header_checked && parser.is_done()) break;  // a done parser takes no more bytes
      boost::beast::error_code ec;
      std::size_t used = 0;
      if (offset < bytes.size()) {
        used = parser.put(boost::asio::buffer(bytes.data() + offset, bytes.size() - offset), ec);
        offset += used;
      }
      if (ec && ec != http::error::need_more) return std::nullopt;
      if (!header_checked && parser.is_header_done()) {
        header_checked = true;
        const auto declared = parser.content_length();
        if (declared && *declared > max_body) return std::nullopt;  // 413
        parser.body_limit(max_body);
        if (boost::beast::iequals(parser.get()[http::field::expect], "100-continue")) {
          return std::nullopt;  // answered "100 Continue" first
        }
        continue;
      }
      if (ec || used == 0) return std::nullopt;  // needs bytes that are not there
    }
  } catch (const std::exception&) {
    return std::nullopt;  // Beast throws on a field longer than its 16-bit lengths
  }
  const auto& request = parser.get();
  HttpRequestView view;
  FillViewFromBeast(request, request.body(), view);
  return FromView(view, offset, request.version(), request.keep_alive(),
                  request.method() == http::verb::head);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server::testing
