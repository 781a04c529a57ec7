// ExpressionCache: memoized parse results (errors included), bounded, safe across threads; and
// the Prepare* front door that uses it.
#include "expr/expression_cache.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "expr/expressions.h"
#include "expr_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace expression_cache_test {

TEST(ExpressionCacheTest, ReturnsTheSameParseForTheSameText) {
  ExpressionCache cache;
  auto a = cache.GetCondition("a = :v", ExpressionKind::kCondition);
  auto b = cache.GetCondition("a = :v", ExpressionKind::kCondition);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(cache.size(), 1u);
}

TEST(ExpressionCacheTest, KindIsPartOfTheKey) {
  ExpressionCache cache;
  auto c = cache.GetCondition("a", ExpressionKind::kCondition);
  auto f = cache.GetCondition("a", ExpressionKind::kFilter);
  ASSERT_FALSE(c->ok());
  ASSERT_FALSE(f->ok());
  EXPECT_EQ(c->error().message(),
            "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"a\"");
  EXPECT_EQ(f->error().message(),
            "Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"a\"");
  auto u = cache.GetUpdate("REMOVE a");
  auto p = cache.GetProjection("REMOVE a");
  EXPECT_TRUE(u->ok());
  EXPECT_FALSE(p->ok());
  EXPECT_EQ(cache.size(), 4u);
}

// A hit is found from the kind and the text alone (no key string is built): long texts, the
// empty text and texts that differ only in their last byte each keep their own entry.
TEST(ExpressionCacheTest, FindsEntriesByKindAndText) {
  ExpressionCache cache;
  const std::string long_text =
      "#PK = :pk AND begins_with(#SK, :prefix) AND " + std::string(40, 'x');
  auto a = cache.GetCondition(long_text, ExpressionKind::kKeyCondition);
  auto b = cache.GetCondition(long_text + "y", ExpressionKind::kKeyCondition);
  auto e = cache.GetCondition("", ExpressionKind::kKeyCondition);
  EXPECT_NE(a.get(), b.get());
  EXPECT_EQ(cache.GetCondition(long_text, ExpressionKind::kKeyCondition).get(), a.get());
  EXPECT_EQ(cache.GetCondition(long_text + "y", ExpressionKind::kKeyCondition).get(), b.get());
  EXPECT_EQ(cache.GetCondition("", ExpressionKind::kKeyCondition).get(), e.get());
  EXPECT_NE(cache.GetCondition(long_text, ExpressionKind::kFilter).get(), a.get());
  EXPECT_EQ(cache.size(), 4u);
}

TEST(ExpressionCacheTest, DropsTheLeastRecentlyUsed) {
  ExpressionCache cache(2);
  auto a = cache.GetProjection("a");
  cache.GetProjection("b");
  cache.GetProjection("a");  // now "b" is the least recent
  cache.GetProjection("c");
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.GetProjection("a").get(), a.get());
}

TEST(ExpressionCacheTest, ZeroCapacityCachesNothing) {
  ExpressionCache cache(0);
  cache.GetProjection("a");
  EXPECT_EQ(cache.size(), 0u);
}

TEST(ExpressionCacheTest, CachedTreesBindPerRequest) {
  ExpressionCache cache;
  const Item one{{":v", AttributeValue::S("1")}};
  const Item two{{":v", AttributeValue::S("2")}};
  ExpressionContext first(nullptr, &one), second(nullptr, &two);
  Result<Condition> a = PrepareCondition("a = :v", ExpressionKind::kCondition, first, &cache);
  Result<Condition> b = PrepareCondition("a = :v", ExpressionKind::kCondition, second, &cache);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(a->operands[1].value, AttributeValue::S("1"));
  EXPECT_EQ(b->operands[1].value, AttributeValue::S("2"));
  ExpressionContext none(nullptr, nullptr);
  Result<Condition> c = PrepareCondition("a = :v", ExpressionKind::kCondition, none, &cache);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message(),
            "Invalid ConditionExpression: An expression attribute value used in expression is not "
            "defined; attribute value: :v");
}

TEST(ExpressionCacheTest, ManyThreadsShareOneCache) {
  ExpressionCache cache(64);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&cache, t] {
      for (int i = 0; i < 500; ++i) {
        const std::string text = "a" + std::to_string((i + t) % 100) + " = :v";
        auto r = cache.GetCondition(text, ExpressionKind::kFilter);
        ASSERT_TRUE(r->ok());
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_LE(cache.size(), 64u);
}

TEST(PrepareTest, UpdateAndProjectionWithAndWithoutCache) {
  ExpressionCache cache;
  const AttributeNames names{{"#n", "name"}};
  const Item values{{":v", AttributeValue::N("1")}};
  for (ExpressionCache* c : {static_cast<ExpressionCache*>(nullptr), &cache}) {
    ExpressionContext context(&names, &values);
    Result<UpdateExpression> u = PrepareUpdate("SET #n = :v", context, c);
    ASSERT_TRUE(u.ok());
    EXPECT_EQ(u->actions[0].path.root(), "name");
    Result<ProjectionExpression> p = PrepareProjection("#n, b", context, c);
    ASSERT_TRUE(p.ok());
    EXPECT_TRUE(context.CheckAllUsed().ok());
  }
}

}  // namespace expression_cache_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
