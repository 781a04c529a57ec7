// The head of an HTTP reply: status line, Date, the router's headers in their order,
// Content-Length and, when the connection's persistence differs from the version's default, a
// Connection field. Written into a string the connection keeps, so its capacity is reused from
// one reply to the next: no per-header allocation and no serializer state.
#pragma once

#include <cstddef>
#include <ctime>
#include <string>
#include <string_view>

#include "server/request_router.h"

namespace ddbemu::server {

// RFC 7231 IMF-fixdate, as every AWS response carries in `Date`; formatted once a second.
class HttpDateCache {
 public:
  std::string_view Now();

 private:
  std::time_t formatted_at_ = -1;
  char text_[40] = {};
  std::size_t length_ = 0;
};

// Replaces `out` with the head of `reply` for a request of HTTP `version` (10 or 11), the body
// being `body_size` bytes (a HEAD reply announces the length it does not send).
void WriteReplyHead(std::string& out, unsigned version, const HttpReply& reply,
                    std::size_t body_size, bool keep_alive, HttpDateCache& date);

}  // namespace ddbemu::server
