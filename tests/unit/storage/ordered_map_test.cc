// OrderedMap: keys longer than LMDB's limit behave exactly like short ones — same lookups,
// same order — checked against std::map on random mixes of short and long keys.
#include "storage/ordered_map.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "test_env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace ordered_map_test {

using testing::ExpectOk;
using testing::Ok;

class OrderedMapTest : public ::testing::Test {
 protected:
  // Keys drawn so that long keys often share their first 503 bytes (forming groups), and short
  // keys often equal or prefix those shared parts.
  std::string RandomKey() {
    static const std::string kShared[] = {std::string(503, 'a'), std::string(400, 'a'),
                                          std::string(503, 'b'), std::string(600, 'a')};
    std::string key;
    switch (rng_() % 4) {
      case 0:
        key = kShared[rng_() % 4];
        break;
      case 1:
        key = kShared[rng_() % 4].substr(0, 503);
        break;
      default:
        break;
    }
    const std::size_t extra = rng_() % 3 == 0 ? rng_() % 700 : rng_() % 4;
    for (std::size_t i = 0; i < extra; ++i)
      key.push_back(
          static_cast<char>("\0\x01"
                            "ab\xff"[rng_() % 5]));
    if (key.empty()) key = "k";
    return key;
  }

  void Fill(int n) {
    auto txn = Ok(env_->BeginWrite());
    for (int i = 0; i < n; ++i) {
      std::string key = RandomKey();
      std::string value = "v" + std::to_string(i);
      ExpectOk(map_.Put(txn, key, value));
      model_[key] = value;
    }
    ExpectOk(txn.Commit());
  }

  std::mt19937_64 rng_{42};
  std::unique_ptr<Env> env_ = testing::OpenInMemory();
  OrderedMap map_{env_->data_dbi()};
  std::map<std::string, std::string> model_;
};

TEST_F(OrderedMapTest, GetFindsEveryKeyAndOnlyThose) {
  Fill(400);
  auto txn = Ok(env_->BeginRead());
  for (const auto& [key, value] : model_) {
    auto got = Ok(map_.Get(txn, key));
    ASSERT_TRUE(got.has_value()) << key.size();
    EXPECT_EQ(*got, value);
  }
  for (int i = 0; i < 400; ++i) {
    std::string key = RandomKey();
    auto got = Ok(map_.Get(txn, key));
    EXPECT_EQ(got.has_value(), model_.count(key) == 1);
  }
}

TEST_F(OrderedMapTest, IterationIsInFullKeyOrderBothWays) {
  Fill(400);
  auto txn = Ok(env_->BeginRead());
  auto c = Ok(OrderedMapCursor::Open(txn, map_));
  std::vector<std::pair<std::string, std::string>> forward, backward;
  for (bool on = c.First(); on; on = c.Next()) forward.emplace_back(c.key(), c.value());
  for (bool on = c.Last(); on; on = c.Prev()) backward.emplace_back(c.key(), c.value());
  ExpectOk(c.status());
  std::vector<std::pair<std::string, std::string>> expected(model_.begin(), model_.end());
  EXPECT_EQ(forward, expected);
  std::reverse(expected.begin(), expected.end());
  EXPECT_EQ(backward, expected);
}

TEST_F(OrderedMapTest, SeeksAndStepsMatchTheModel) {
  Fill(300);
  auto txn = Ok(env_->BeginRead());
  auto c = Ok(OrderedMapCursor::Open(txn, map_));
  for (int i = 0; i < 500; ++i) {
    std::string target = RandomKey();
    auto lower = model_.lower_bound(target);
    ASSERT_EQ(c.Seek(target), lower != model_.end());
    if (lower != model_.end()) {
      EXPECT_EQ(c.key(), lower->first);
    }
    // Step forward then backward from there.
    auto it = lower;
    for (int s = 0; s < 3 && it != model_.end(); ++s) {
      ++it;
      ASSERT_EQ(c.Next(), it != model_.end());
      if (it != model_.end()) {
        EXPECT_EQ(c.key(), it->first);
      }
    }
    auto upper = model_.upper_bound(target);
    bool has_at_or_before = upper != model_.begin();
    ASSERT_EQ(c.SeekAtOrBefore(target), has_at_or_before);
    if (has_at_or_before) {
      auto at = std::prev(upper);
      EXPECT_EQ(c.key(), at->first);
      bool has_prev = at != model_.begin();
      ASSERT_EQ(c.Prev(), has_prev);
      if (has_prev) {
        EXPECT_EQ(c.key(), std::prev(at)->first);
        ASSERT_TRUE(c.Next());
        EXPECT_EQ(c.key(), at->first);
      }
    }
  }
  ExpectOk(c.status());
}

TEST_F(OrderedMapTest, DeleteAndReplaceLongKeys) {
  std::string long1 = std::string(600, 'x') + "1";
  std::string long2 = std::string(600, 'x') + "2";
  auto txn = Ok(env_->BeginWrite());
  ExpectOk(map_.Put(txn, long1, "one"));
  ExpectOk(map_.Put(txn, long2, "two"));
  ExpectOk(map_.Put(txn, long1, "uno"));
  EXPECT_EQ(*Ok(map_.Get(txn, long1)), "uno");
  EXPECT_TRUE(Ok(map_.Delete(txn, long1)));
  EXPECT_FALSE(Ok(map_.Delete(txn, long1)));
  EXPECT_FALSE(Ok(map_.Get(txn, long1)).has_value());
  EXPECT_EQ(*Ok(map_.Get(txn, long2)), "two");
}

TEST_F(OrderedMapTest, DeletePrefixRemovesShortAndLongKeysUnderThePrefix) {
  auto txn = Ok(env_->BeginWrite());
  for (std::string key : {std::string("p1"), std::string("p") + std::string(700, 'z'),
                          std::string("p") + std::string(900, 'y'), std::string("q1"),
                          std::string("o") + std::string(700, 'z')}) {
    ExpectOk(map_.Put(txn, key, "v"));
  }
  EXPECT_EQ(Ok(map_.DeletePrefix(txn, "p")), 3u);
  auto c = Ok(OrderedMapCursor::Open(txn, map_));
  std::vector<std::string> left;
  for (bool on = c.First(); on; on = c.Next()) left.emplace_back(c.key().substr(0, 2));
  EXPECT_EQ(left, (std::vector<std::string>{"oz", "q1"}));
}

}  // namespace ordered_map_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
