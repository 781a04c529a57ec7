// WriteReplyHead and HttpDateCache (see reply_head.h).
#include "server/reply_head.h"

#include <boost/beast/http/status.hpp>
#include <charconv>

namespace ddbemu::server {

std::string_view HttpDateCache::Now() {
  const std::time_t now = std::time(nullptr);
  if (now != formatted_at_) {
    std::tm tm{};
    gmtime_r(&now, &tm);
    length_ = std::strftime(text_, sizeof text_, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    formatted_at_ = now;
  }
  return {text_, length_};
}

void WriteReplyHead(std::string& out, unsigned version, const HttpReply& reply,
                    std::size_t body_size, bool keep_alive, HttpDateCache& date) {
  namespace http = boost::beast::http;
  using namespace std::string_view_literals;  // appends of known length, no strlen
  out.clear();
  out += version == 10 ? "HTTP/1.0 "sv : "HTTP/1.1 "sv;
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, reply.status).ptr);
  out += ' ';
  const auto reason = http::obsolete_reason(static_cast<http::status>(reply.status));
  out.append(reason.data(), reason.size());
  out += "\r\nDate: "sv;
  out += date.Now();
  out += "\r\n"sv;
  for (const auto& [name, value] : reply.headers) {
    out += name;
    out += ": "sv;
    out += value;
    out += "\r\n"sv;
  }
  out += "Content-Length: "sv;
  out.append(digits, std::to_chars(digits, digits + sizeof digits, body_size).ptr);
  out += "\r\n"sv;
  if (version == 10 && keep_alive) out += "Connection: keep-alive\r\n"sv;
  if (version != 10 && !keep_alive) out += "Connection: close\r\n"sv;
  out += "\r\n"sv;
}

}  // namespace ddbemu::server
