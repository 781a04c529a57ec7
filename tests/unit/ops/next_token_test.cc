// The PartiQL NextToken (ops/partiql/partiql.h): base64 of a binary record (statement
// digest, read index, the read's ExclusiveStartKey in the storage encoding) — no JSON in ops/.
// A token round-trips, belongs to its statement only, and anything malformed is refused.
#include "ops/partiql/partiql.h"

#include <gtest/gtest.h>

#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace next_token_test {

constexpr std::string_view kStatement = R"(SELECT * FROM "Music" WHERE Artist IN ['a', 'b'])";

TEST(NextTokenTest, RoundTripsTheReadAndItsStartKey) {
  SelectPosition position;
  position.read = 3;
  position.exclusive_start_key =
      Item{{"Artist", AttributeValue::S("b")}, {"SongTitle", AttributeValue::S("x\"y")}};
  const std::string token = EncodeNextToken(kStatement, position);
  auto decoded = DecodeNextToken(kStatement, token);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message();
  EXPECT_EQ(decoded->read, 3u);
  ASSERT_TRUE(decoded->exclusive_start_key.has_value());
  EXPECT_EQ(*decoded->exclusive_start_key, *position.exclusive_start_key);

  auto no_key = DecodeNextToken(kStatement, EncodeNextToken(kStatement, SelectPosition{1, {}}));
  ASSERT_TRUE(no_key.ok());
  EXPECT_EQ(no_key->read, 1u);
  EXPECT_FALSE(no_key->exclusive_start_key.has_value());
}

TEST(NextTokenTest, RefusesAnotherStatementsTokenAndMalformedOnes) {
  const std::string token =
      EncodeNextToken(kStatement, SelectPosition{0, Item{{"Artist", AttributeValue::S("a")}}});
  auto other = DecodeNextToken(R"(SELECT * FROM "Music")", token);
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error().message(), "Invalid NextToken");
  std::string bytes;
  ASSERT_TRUE(Base64Decode(token, &bytes));
  for (const std::string& bad :
       {std::string("not base64!"), Base64Encode(bytes.substr(0, 10)),  // shorter than the header
        Base64Encode(bytes.substr(0, bytes.size() - 1)),                // a truncated key
        Base64Encode(bytes + "junk")}) {                                // bytes after the key
    auto decoded = DecodeNextToken(kStatement, bad);
    ASSERT_FALSE(decoded.ok()) << bad;
    EXPECT_EQ(decoded.error().message(), "Invalid NextToken");
  }
}

}  // namespace next_token_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
