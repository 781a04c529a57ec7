// The router's view (HttpRequestView) of a request Beast's parser has read: the connection's
// path for every request that is not plain (server/http_head.h reads those), and the oracle the
// plain path is checked against (tests/unit/server/http_head_reference.h, http_head_fuzz).
// A template over the message's allocator: the connection's fields live in its arena.
#pragma once

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/message.hpp>

#include <string_view>

#include "ddbemu/version.h"
#include "server/request_router.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

// Fills `view` (its header list keeps its capacity) from `request` and `body`, in one pass over
// the fields: each named field is the first of its name, as Beast's operator[] finds it (ten
// lookups in Beast's case-insensitive tree were 1.5% of the server's CPU); Accept-Encoding is
// the last of its name, as AWS reads it.
template <class Request>
void FillViewFromBeast(const Request& request, std::string_view body, HttpRequestView& view) {
  namespace http = boost::beast::http;
  const auto sv = [](boost::beast::string_view s) { return std::string_view(s.data(), s.size()); };
  view.method = sv(request.method_string());
  view.target = sv(request.target());
  view.content_type = view.amz_target = view.authorization = view.origin = {};
  view.access_control_request_method = view.access_control_request_headers = {};
  view.content_encoding = view.accept_encoding = {};
  view.body = body;
  view.headers.clear();
  unsigned seen = 0;  // a bit per named field below: its first occurrence is taken
  const auto take = [&seen](unsigned bit, std::string_view& slot, std::string_view value) {
    if (seen & bit) return;
    seen |= bit;
    slot = value;
  };
  for (const auto& field : request) {
    const std::string_view value = sv(field.value());
    switch (field.name()) {
      case http::field::content_type:
        take(1u << 0, view.content_type, value);
        break;
      case http::field::authorization:
        take(1u << 1, view.authorization, value);
        break;
      case http::field::origin:
        take(1u << 2, view.origin, value);
        break;
      case http::field::access_control_request_method:
        take(1u << 3, view.access_control_request_method, value);
        break;
      case http::field::access_control_request_headers:
        take(1u << 4, view.access_control_request_headers, value);
        break;
      case http::field::content_encoding:
        take(1u << 5, view.content_encoding, value);
        break;
      case http::field::accept_encoding:
        view.accept_encoding = value;  // the last one, as AWS reads it (http_head.cc)
        break;
      case http::field::unknown:
        if (boost::beast::iequals(field.name_string(), "X-Amz-Target")) {
          take(1u << 7, view.amz_target, value);
        }
        break;
      default:
        break;
    }
    view.headers.emplace_back(sv(field.name_string()), value);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
