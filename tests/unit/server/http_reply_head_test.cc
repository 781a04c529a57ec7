// The bytes of a reply's head (WriteReplyHead, http_head.h), what clients read before a body.
#include "server/http_head.h"

#include <gtest/gtest.h>

#include <boost/beast/http/status.hpp>

#include <regex>
#include <string>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace http_reply_head_test {

HttpReply Reply(int status) {
  HttpReply reply;
  reply.status = status;
  reply.headers = {{"Server", "Server"}, {"x-amzn-RequestId", "ABC"}, {"x-amz-crc32", "42"}};
  return reply;
}

// The Date line, whatever the second: an IMF-fixdate.
std::string WithoutDate(const std::string& head) {
  static const std::regex kDate(
      "Date: [A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} "
      "\\d{2}:\\d{2}:\\d{2} GMT\r\n");
  std::string out = std::regex_replace(head, kDate, "Date: *\r\n");
  return out;
}

TEST(ReplyHead, StatusDateHeadersInOrderThenLength) {
  std::string head = "left over from the last reply";
  HttpDateCache date;
  WriteReplyHead(head, 11, Reply(200), 1234, /*keep_alive=*/true, date);
  EXPECT_EQ(WithoutDate(head),
            "HTTP/1.1 200 OK\r\nDate: *\r\nServer: Server\r\nx-amzn-RequestId: ABC\r\n"
            "x-amz-crc32: 42\r\nContent-Length: 1234\r\n\r\n");
}

TEST(ReplyHead, ConnectionFieldOnlyWhereTheVersionsDefaultDiffers) {
  std::string head;
  HttpDateCache date;
  WriteReplyHead(head, 11, Reply(400), 0, /*keep_alive=*/false, date);
  EXPECT_EQ(WithoutDate(head),
            "HTTP/1.1 400 Bad Request\r\nDate: *\r\nServer: Server\r\nx-amzn-RequestId: ABC\r\n"
            "x-amz-crc32: 42\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  WriteReplyHead(head, 10, Reply(413), 7, /*keep_alive=*/true, date);
  EXPECT_EQ(WithoutDate(head),
            "HTTP/1.0 413 Payload Too Large\r\nDate: *\r\nServer: Server\r\n"
            "x-amzn-RequestId: ABC\r\nx-amz-crc32: 42\r\nContent-Length: 7\r\n"
            "Connection: keep-alive\r\n\r\n");
  WriteReplyHead(head, 10, Reply(500), 7, /*keep_alive=*/false, date);
  EXPECT_EQ(head.find("Connection:"), std::string::npos);
}

TEST(ReplyHead, EveryStatusLineIsTheCodeAndBeastsReasonPhrase) {
  std::string head;
  HttpDateCache date;
  for (int status = 100; status < 600; ++status) {
    WriteReplyHead(head, 11, Reply(status), 0, /*keep_alive=*/true, date);
    const auto reason =
        boost::beast::http::obsolete_reason(static_cast<boost::beast::http::status>(status));
    const std::string line =
        "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason.data(), reason.size());
    EXPECT_EQ(head.substr(0, head.find("\r\n")), line);
    EXPECT_EQ(WithoutDate(head).substr(line.size()),
              "\r\nDate: *\r\nServer: Server\r\nx-amzn-RequestId: ABC\r\nx-amz-crc32: 42\r\n"
              "Content-Length: 0\r\n\r\n");
  }
}

TEST(ReplyHead, NoRouterHeadersAndALongerHeadThanTheLastOne) {
  std::string head(1000, 'x');
  HttpDateCache date;
  HttpReply bare;
  bare.status = 200;
  WriteReplyHead(head, 11, bare, 5, /*keep_alive=*/true, date);
  EXPECT_EQ(WithoutDate(head), "HTTP/1.1 200 OK\r\nDate: *\r\nContent-Length: 5\r\n\r\n");
  HttpReply wide = Reply(200);
  wide.headers.emplace_back("x-long", std::string(3000, 'v'));
  WriteReplyHead(head, 11, wide, 5, /*keep_alive=*/true, date);
  EXPECT_EQ(WithoutDate(head),
            "HTTP/1.1 200 OK\r\nDate: *\r\nServer: Server\r\n"
            "x-amzn-RequestId: ABC\r\nx-amz-crc32: 42\r\nx-long: " +
                std::string(3000, 'v') + "\r\nContent-Length: 5\r\n\r\n");
}

TEST(ReplyHead, TheDateIsTheCurrentSecondInGmt) {
  HttpDateCache date;
  const std::time_t before = std::time(nullptr);
  const std::string text(date.Now());
  const std::time_t after = std::time(nullptr);
  std::tm tm{};
  ASSERT_NE(strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm), nullptr) << text;
  const std::time_t parsed = timegm(&tm);
  EXPECT_GE(parsed, before);
  EXPECT_LE(parsed, after);
}

}  // namespace http_reply_head_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
