// ReadBulkInput (value_json/bulk_input.h): DynamoDB JSON lines, plain and gzip'd.
#include "value_json/bulk_input.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

std::string Gzip(const std::string& text) {
  z_stream z{};
  deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, text.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

struct Read {
  std::vector<Item> items;
  std::vector<BulkInputRecordError> errors;
  std::vector<std::string> error_lines;
};

Read ReadAll(const std::string& bytes, const char* compression, Status* status = nullptr) {
  Read r;
  Status s = ReadBulkInput(
      bytes, "DYNAMODB_JSON", compression,
      [&](Item item, std::string_view) { r.items.push_back(std::move(item)); },
      [&](const BulkInputRecordError& e) {
        r.errors.push_back(e);
        r.error_lines.emplace_back(e.text);
      });
  if (status) *status = s;
  return r;
}

constexpr const char* kLines =
    "{\"Item\":{\"pk\":{\"S\":\"a\"}}}\n"
    "\n"
    "{\"pk\":{\"S\":\"b\"},\"n\":{\"N\":\"01\"}}\r\n"
    "{\"Item\":{\"pk\":{\"Q\":\"c\"}}}\n"
    "oops\n";

TEST(BulkInputTest, ReadsItemsAndReportsBadLinesWithTheirNumbers) {
  const Read r = ReadAll(kLines, "NONE");
  ASSERT_EQ(r.items.size(), 2u);
  EXPECT_EQ(*r.items[0].get("pk")->as_string(), "a");
  EXPECT_EQ(*r.items[1].get("n")->as_number_text(), "1");
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[0].line, 4u);
  EXPECT_EQ(r.errors[1].line, 5u);
  EXPECT_EQ(r.error_lines[1], "oops");
}

TEST(BulkInputTest, GzipGivesTheSameItemsEvenInSeveralMembers) {
  const Read plain = ReadAll(kLines, "NONE");
  const Read gz = ReadAll(Gzip(kLines) + Gzip("{\"pk\":{\"S\":\"d\"}}\n"), "GZIP");
  ASSERT_EQ(gz.items.size(), plain.items.size() + 1);
  EXPECT_EQ(gz.items[0], plain.items[0]);
  EXPECT_EQ(*gz.items.back().get("pk")->as_string(), "d");
}

TEST(BulkInputTest, UnsupportedFormatsAndCorruptStreamsAreValidationErrors) {
  Status s;
  ReadAll("x", "ZSTD", &s);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code(), ErrorCode::kValidation);
  Status ion = ReadBulkInput(
      "", "ION", "NONE", [](Item, std::string_view) {}, [](const BulkInputRecordError&) {});
  ASSERT_FALSE(ion.ok());
  EXPECT_NE(ion.error().message().find("ION"), std::string::npos);
  ReadAll("not gzip at all", "GZIP", &s);
  EXPECT_FALSE(s.ok());
}

}  // namespace
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
