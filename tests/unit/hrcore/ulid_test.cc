// ULIDs: monotonic within a millisecond, time-ordered across milliseconds, and validated at the
// boundary (a UUID is refused by name).
#include "hrcore/ulid.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <thread>
#include <vector>

namespace hrcore {
namespace ulid_test {

TEST(UlidGenerator, StrictlyIncreasingWithinOneMillisecond) {
  ddbemu::VirtualClock clock(1'700'000'000'000'000);
  UlidGenerator ids(clock, SeededRandomSource(7));
  std::string previous = ids.Next();
  for (int i = 0; i < 10'000; ++i) {
    std::string next = ids.Next();
    ASSERT_LT(previous, next) << "at " << i;
    ASSERT_EQ(UlidMillis(next), 1'700'000'000'000u);
    previous = next;
  }
}

TEST(UlidGenerator, IncreasingWhenTheClockStepsBack) {
  ddbemu::VirtualClock clock(1'700'000'000'500'000);
  UlidGenerator ids(clock, SeededRandomSource(1));
  std::string a = ids.Next();
  clock.SetMicros(1'700'000'000'000'000);
  std::string b = ids.Next();
  EXPECT_LT(a, b);
}

TEST(UlidGenerator, TimePrefixSortsAcrossMilliseconds) {
  ddbemu::VirtualClock clock;
  UlidGenerator ids(clock, SeededRandomSource(3));
  std::string a = ids.Next();
  clock.AdvanceMicros(1000);
  std::string b = ids.Next();
  EXPECT_LT(a.substr(0, 10), b.substr(0, 10));
  EXPECT_EQ(UlidMillis(b) - UlidMillis(a), 1u);
}

TEST(UlidGenerator, SameSeedSameIds) {
  ddbemu::VirtualClock clock;
  UlidGenerator a(clock, SeededRandomSource(42));
  UlidGenerator b(clock, SeededRandomSource(42));
  for (int i = 0; i < 5; ++i) EXPECT_EQ(a.Next(), b.Next());
}

TEST(UlidGenerator, ConcurrentCallersGetDistinctIncreasingIds) {
  ddbemu::VirtualClock clock;
  UlidGenerator ids(clock, SeededRandomSource(9));
  std::vector<std::vector<std::string>> per_thread(4);
  std::vector<std::thread> threads;
  for (auto& out : per_thread) {
    threads.emplace_back([&ids, &out] {
      for (int i = 0; i < 2000; ++i) out.push_back(ids.Next());
    });
  }
  for (auto& t : threads) t.join();
  std::set<std::string> all;
  for (const auto& out : per_thread) {
    for (std::size_t i = 1; i < out.size(); ++i) ASSERT_LT(out[i - 1], out[i]);
    all.insert(out.begin(), out.end());
  }
  EXPECT_EQ(all.size(), 8000u);
}

TEST(UlidEncoding, KnownValue) {
  std::array<std::uint8_t, 10> zero{};
  EXPECT_EQ(EncodeUlid(0, zero), "00000000000000000000000000");
  std::array<std::uint8_t, 10> ones;
  ones.fill(0xff);
  EXPECT_EQ(EncodeUlid((std::uint64_t{1} << 48) - 1, ones), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
  EXPECT_EQ(EncodeUlid(UlidMillis("01ARZ3NDEKTSV4RRFFQ69G5FAV"), zero).substr(0, 10), "01ARZ3NDEK");
}

TEST(ValidateUlid, AcceptsCanonicalUlids) {
  EXPECT_TRUE(ValidateUlid("01ARZ3NDEKTSV4RRFFQ69G5FAV", "orgId").ok());
  ddbemu::VirtualClock clock;
  UlidGenerator ids(clock, SeededRandomSource(5));
  EXPECT_TRUE(ValidateUlid(ids.Next(), "empId").ok());
}

TEST(ValidateUlid, RefusesAUuidByName) {
  Status s = ValidateUlid("123e4567-e89b-12d3-a456-426614174000", "jobId");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInvalidId);
  EXPECT_NE(s.error().message().find("jobId"), std::string::npos);
  EXPECT_NE(s.error().message().find("is a UUID"), std::string::npos);
}

TEST(ValidateUlid, RefusesWrongLengthAlphabetAndOverflow) {
  EXPECT_EQ(ValidateUlid("01ARZ3NDEK", "x").error().kind(), ErrorKind::kInvalidId);
  EXPECT_FALSE(ValidateUlid("01arz3ndektsv4rrffq69g5fav", "x").ok());  // lower case
  EXPECT_FALSE(ValidateUlid("01ARZ3NDEKTSV4RRFFQ69G5FAU", "x").ok());  // U is not base32
  EXPECT_FALSE(ValidateUlid("81ARZ3NDEKTSV4RRFFQ69G5FAV", "x").ok());  // > 48-bit time
  EXPECT_FALSE(ValidateUlid("", "x").ok());
}

}  // namespace ulid_test
}  // namespace hrcore
