// CallerCache (database_callers.h): one kept caller per access key id and region, bounded.
#include "database_callers.h"

#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace caller_cache_test {

RequestContext Context(std::string key, std::string region = "us-east-1") {
  RequestContext context;
  context.access_key_id = std::move(key);
  context.region = std::move(region);
  return context;
}

ops::Caller CallerNamed(const std::string& ns) {
  ops::Caller caller;
  caller.ns = ns;
  return caller;
}

TEST(CallerCacheTest, KeepsOneCallerPerKeyAndRegion) {
  CallerCache cache;
  std::optional<ops::Caller> spare;
  EXPECT_EQ(cache.Find(Context("k")), nullptr);
  const ops::Caller& kept = cache.Add(Context("k"), CallerNamed("k/us-east-1"), spare);
  EXPECT_FALSE(spare.has_value());
  EXPECT_EQ(kept.ns, "k/us-east-1");
  EXPECT_EQ(cache.Find(Context("k")), &kept);
  EXPECT_EQ(cache.Find(Context("k", "eu-west-1")), nullptr);
  EXPECT_EQ(cache.Find(Context("k2")), nullptr);
  const ops::Caller& other = cache.Add(Context("k", "eu-west-1"), CallerNamed("k/eu"), spare);
  EXPECT_EQ(other.ns, "k/eu");
  EXPECT_EQ(cache.Find(Context("k")), &kept);  // a deque: adding moved nothing
  EXPECT_EQ(cache.size(), 2u);
}

TEST(CallerCacheTest, AddingAKeptContextAgainKeepsTheFirst) {
  CallerCache cache;
  std::optional<ops::Caller> spare;
  const ops::Caller& first = cache.Add(Context("k"), CallerNamed("first"), spare);
  const ops::Caller& second = cache.Add(Context("k"), CallerNamed("second"), spare);
  EXPECT_EQ(&first, &second);
  EXPECT_EQ(second.ns, "first");
  EXPECT_EQ(cache.size(), 1u);
}

TEST(CallerCacheTest, AFullCacheHandsBackTheBuiltCallerWithoutKeepingIt) {
  CallerCache cache;
  std::optional<ops::Caller> spare;
  for (std::size_t i = 0; i < CallerCache::kMaxCallers; ++i) {
    std::string key = "k";
    key += std::to_string(i);
    (void)cache.Add(Context(key), CallerNamed(std::to_string(i)), spare);
  }
  EXPECT_FALSE(spare.has_value());
  const ops::Caller& extra = cache.Add(Context("extra"), CallerNamed("extra"), spare);
  ASSERT_TRUE(spare.has_value());
  EXPECT_EQ(&extra, &*spare);
  EXPECT_EQ(extra.ns, "extra");
  EXPECT_EQ(cache.Find(Context("extra")), nullptr);
  EXPECT_EQ(cache.size(), CallerCache::kMaxCallers);
  ASSERT_NE(cache.Find(Context("k0")), nullptr);
  EXPECT_EQ(cache.Find(Context("k0"))->ns, "0");
}

// Finding takes no lock: threads that find and add at once each see every caller they added
// (and the one kept first for a context several added), whole.
TEST(CallerCacheTest, ThreadsFindWhatTheyAndOthersAddedWithoutTheLock) {
  CallerCache cache;
  constexpr int kThreads = 4;
  constexpr int kKeysPerThread = 12;  // 48 callers: under kMaxCallers
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&cache, &wrong, t] {
      std::optional<ops::Caller> spare;
      for (int round = 0; round < 200; ++round) {
        for (int k = 0; k < kKeysPerThread; ++k) {
          // Half the keys are every thread's, half this thread's own. (Appended: GCC 12 warns
          // falsely of overlapping copies in "literal" + std::string.)
          std::string key = k % 2 == 0 ? std::string("shared") : std::string("t");
          if (k % 2 != 0) key += std::to_string(t);
          key += '-';
          key += std::to_string(k);
          const ops::Caller* found = cache.Find(Context(key));
          if (found == nullptr) found = &cache.Add(Context(key), CallerNamed(key), spare);
          if (found->ns != key || cache.Find(Context(key)) != found) ++wrong;
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(cache.size(),
            static_cast<std::size_t>(kKeysPerThread / 2 + kThreads * (kKeysPerThread / 2)));
}

}  // namespace caller_cache_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
