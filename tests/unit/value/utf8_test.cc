// UTF-8 validity and repair, for error bodies that must stay valid UTF-8.
#include "value/text_encodings.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace utf8_test {

TEST(Utf8, WellFormedTextIsValid) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("plain ascii"));
  EXPECT_TRUE(IsValidUtf8("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf"));
}

TEST(Utf8, MalformedSequencesAreInvalid) {
  for (const char* bad : {"\xff", "\xc3", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80",
                          "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80", "a\x80"}) {
    EXPECT_FALSE(IsValidUtf8(bad)) << bad;
  }
}

TEST(Utf8, RepairReplacesEachBadByte) {
  EXPECT_EQ(ToValidUtf8("a\xffz"), "a\xef\xbf\xbdz");
  EXPECT_EQ(ToValidUtf8("\xc3"), "\xef\xbf\xbd");
  EXPECT_EQ(ToValidUtf8("\xc3\xa9"), "\xc3\xa9");
  EXPECT_TRUE(IsValidUtf8(ToValidUtf8("\xed\xa0\x80 \xc0\xaf")));
}

}  // namespace utf8_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
