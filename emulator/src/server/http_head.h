// The heads of HTTP messages, both ways.
// A request's: the head of a plain HTTP/1.x request read straight from the connection's bytes,
// for the requests SDKs send (POST, HTTP/1.1, ten or so fields, a Content-Length body that
// arrived with the head). Every other request (partial, chunked, Expect: 100-continue, an
// oversized body, anything Beast would refuse or read differently) is left to Beast's parser on
// the same bytes (connection.cc). The fast path accepts only what Beast accepts, and reads it as
// Beast does: the same method, target, version, keep-alive, fields in the same order with the
// same values, and body; tests/fuzz/http_head_fuzz.cc checks this against Beast for any bytes.
// A reply's: written into a string the connection keeps (WriteReplyHead), with no per-header
// allocation and no serializer state.
#pragma once

#include <cstddef>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/version.h"
#include "server/request_router.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

// What the connection needs of a request besides the router's view.
struct PlainRequest {
  std::size_t consumed = 0;  // head and body: where the next (pipelined) request starts
  unsigned version = 11;     // 10 or 11, as Beast's request::version()
  bool keep_alive = true;    // as Beast's request::keep_alive()
  bool head = false;         // the method is HEAD: the reply carries no body bytes
};

// Reads the request at the start of `bytes` when it is plain and whole: the request line, the
// fields and the CRLF that ends them within `max_header_bytes`, and a Content-Length body (at
// most `max_body_bytes`; none without Content-Length) already in `bytes`. Fills `view` with
// views into `bytes` (its header list keeps its capacity). nullopt when the request is not
// plain or not whole; `view` is then unspecified and the caller parses the same bytes with
// Beast.
std::optional<PlainRequest> ParsePlainRequest(std::string_view bytes, std::size_t max_header_bytes,
                                              std::size_t max_body_bytes, HttpRequestView& view);

// RFC 7231 IMF-fixdate, as every AWS response carries in `Date`; formatted once a second.
class HttpDateCache {
 public:
  std::string_view Now();

 private:
  std::time_t formatted_at_ = -1;
  char text_[40] = {};
  std::size_t length_ = 0;
};

// Replaces `out` with the head of `reply`: status line, Date, the router's headers in their
// order, Content-Length and, when the connection's persistence differs from the version's
// default, a Connection field; for a request of HTTP `version` (10 or 11), the body
// being `body_size` bytes (a HEAD reply announces the length it does not send).
void WriteReplyHead(std::string& out, unsigned version, const HttpReply& reply,
                    std::size_t body_size, bool keep_alive, HttpDateCache& date);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
