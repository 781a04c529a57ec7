// FlatMap (the container of Item and AttributeMap): order, lookup, insertion and erasure
// semantics of std::map, equality, copy and move, and a randomized run of every operation
// against std::map as the oracle.
#include "ddbemu/flat_map.h"
#include "ddbemu/testing/matchers.h"
#include "value/decoder_access.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace flat_map_test {

using IntMap = FlatMap<int>;

std::vector<std::string> Names(const IntMap& m) {
  std::vector<std::string> names;
  for (const auto& [name, value] : m) names.push_back(name);
  return names;
}

TEST(FlatMap, IteratesInByteOrderOfNames) {
  IntMap m{{"b", 2}, {"a", 1}, {"B", 0}, {"\xC3\xA9", 4}, {"ab", 3}};
  EXPECT_EQ(Names(m), (std::vector<std::string>{"B", "a", "ab", "b", "\xC3\xA9"}));
  EXPECT_EQ(m.size(), 5u);
  EXPECT_FALSE(m.empty());
}

TEST(FlatMap, InitializerListKeepsTheFirstOfDuplicateNames) {
  IntMap m{{"a", 1}, {"a", 2}};
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(Attr(m, "a"), 1);  // as std::map
}

TEST(FlatMap, LooksUpWithAnyStringLikeKey) {
  IntMap m{{"alpha", 1}, {"beta", 2}};
  const std::string beta = "beta";
  EXPECT_EQ(m.find(std::string_view("alpha"))->second, 1);
  EXPECT_EQ(m.find(beta)->second, 2);
  EXPECT_EQ(m.find("gamma"), m.end());
  EXPECT_TRUE(m.contains("alpha"));
  EXPECT_FALSE(m.contains("alph"));
  EXPECT_EQ(m.count("beta"), 1u);
  EXPECT_EQ(m.count("zeta"), 0u);
  EXPECT_EQ(Attr(m, beta), 2);
  EXPECT_EQ(m.get("gamma"), nullptr);
  const IntMap& c = m;
  EXPECT_EQ(Attr(c, "alpha"), 1);
  EXPECT_EQ(c.find("beta")->first, "beta");
}

TEST(FlatMap, InsertionLeavesAnExistingEntryAlone) {
  IntMap m;
  auto [it, added] = m.insert({"k", 1});
  EXPECT_TRUE(added);
  EXPECT_EQ(it->second, 1);
  std::tie(it, added) = m.insert({"k", 2});
  EXPECT_FALSE(added);
  EXPECT_EQ(it->second, 1);
  std::tie(it, added) = m.emplace("k", 3);
  EXPECT_FALSE(added);
  std::tie(it, added) = m.try_emplace("k", 4);
  EXPECT_FALSE(added);
  EXPECT_EQ(Attr(m, "k"), 1);
  std::tie(it, added) = m.emplace("j", 5);
  EXPECT_TRUE(added);
  EXPECT_EQ(Names(m), (std::vector<std::string>{"j", "k"}));
}

TEST(FlatMap, InsertOrAssignAndSubscriptReplaceOrCreate) {
  IntMap m;
  EXPECT_TRUE(m.insert_or_assign("a", 1).second);
  EXPECT_FALSE(m.insert_or_assign("a", 2).second);
  EXPECT_EQ(Attr(m, "a"), 2);
  m["b"] = 3;  // created with a default value, then assigned
  EXPECT_EQ(m["b"], 3);
  EXPECT_EQ(m[std::string("c")], 0);
  EXPECT_EQ(Names(m), (std::vector<std::string>{"a", "b", "c"}));
}

TEST(FlatMap, HintedInsertionIsRightWhereverTheHintPoints) {
  IntMap m{{"b", 2}, {"d", 4}};
  m.try_emplace(m.end(), "e", 5);     // right hint: appended
  m.try_emplace(m.begin(), "c", 3);   // wrong hint: searched
  m.emplace_hint(m.end(), "a", 1);    // wrong hint again
  m.emplace_hint(m.begin(), "a", 9);  // present: unchanged
  EXPECT_EQ(Names(m), (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  EXPECT_EQ(Attr(m, "a"), 1);
}

TEST(FlatMap, DecoderAppendOnlyAppendsNamesInIncreasingOrder) {
  IntMap m;
  ASSERT_NE(detail::DecoderAccess::TryAppend(m, "a"), nullptr);
  int* b = detail::DecoderAccess::TryAppend(m, "b");
  ASSERT_NE(b, nullptr);
  *b = 7;
  EXPECT_EQ(detail::DecoderAccess::TryAppend(m, "b"), nullptr);   // repeated
  EXPECT_EQ(detail::DecoderAccess::TryAppend(m, "ab"), nullptr);  // out of order
  EXPECT_EQ(Names(m), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(Attr(m, "b"), 7);
}

TEST(FlatMap, ErasesByNameAndByIterator) {
  IntMap m{{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}};
  EXPECT_EQ(m.erase("b"), 1u);
  EXPECT_EQ(m.erase("b"), 0u);
  EXPECT_EQ(m.erase(std::string("zz")), 0u);
  auto next = m.erase(m.find("a"));
  EXPECT_EQ(next->first, "c");
  // The erase-while-iterating idiom of std::map works unchanged.
  for (auto it = m.begin(); it != m.end();) {
    it = it->second % 2 == 0 ? m.erase(it) : std::next(it);
  }
  EXPECT_EQ(Names(m), (std::vector<std::string>{"c"}));
  m.clear();
  EXPECT_TRUE(m.empty());
}

TEST(FlatMap, EqualityComparesNamesAndValues) {
  IntMap a{{"x", 1}, {"y", 2}};
  IntMap b{{"y", 2}, {"x", 1}};
  EXPECT_EQ(a, b);
  b["y"] = 3;
  EXPECT_NE(a, b);
  IntMap c{{"x", 1}};
  EXPECT_NE(a, c);
  EXPECT_EQ(IntMap{}, IntMap{});
}

TEST(FlatMap, CopiesAreIndependentAndMovesTakeTheEntries) {
  IntMap a{{"x", 1}, {"y", 2}};
  IntMap copy = a;
  copy["x"] = 10;
  EXPECT_EQ(Attr(a, "x"), 1);
  IntMap moved = std::move(copy);
  EXPECT_EQ(Attr(moved, "x"), 10);
  EXPECT_EQ(moved.size(), 2u);
  IntMap assigned;
  assigned = moved;
  EXPECT_EQ(assigned, moved);
  assigned = {{"z", 3}};
  EXPECT_EQ(Names(assigned), (std::vector<std::string>{"z"}));
  swap(assigned, a);
  EXPECT_EQ(Names(a), (std::vector<std::string>{"z"}));
}

TEST(FlatMap, NestedAttributeMapsWork) {
  // Item is FlatMap<AttributeValue>, and an M value holds another: the recursion compiles and
  // a nested map's entries survive copies of the outer item.
  Item inner{{"city", AttributeValue::S("Paris")}};
  Item item{{"address", AttributeValue::M(inner)}, {"name", AttributeValue::S("Ada")}};
  Item copy = item;
  copy["address"].map()["city"] = AttributeValue::S("London");
  EXPECT_EQ(Attr(Attr(item, "address").map(), "city").scalar(), "Paris");
  EXPECT_EQ(Attr(Attr(copy, "address").map(), "city").scalar(), "London");
  EXPECT_FALSE(item == copy);
}

// Every operation applied to a FlatMap and a std::map with the same random names; after each
// one they hold the same entries in the same order.
TEST(FlatMap, BehavesAsStdMapUnderRandomOperations) {
  std::mt19937 rng(20261127);
  std::uniform_int_distribution<int> pick_name(0, 39), pick_op(0, 7), pick_value(0, 999);
  auto name = [&] {
    std::string n = "attr" + std::to_string(pick_name(rng));
    if (n.size() % 2 == 0) n += std::string(20, 'x');  // some names beyond inline storage
    return n;
  };
  FlatMap<int> flat;
  std::map<std::string, int, std::less<>> oracle;
  for (int step = 0; step < 20000; ++step) {
    const std::string key = name();
    const int value = pick_value(rng);
    switch (pick_op(rng)) {
      case 0:
        EXPECT_EQ(flat.insert({key, value}).second, oracle.insert({key, value}).second);
        break;
      case 1:
        EXPECT_EQ(flat.try_emplace(key, value).second, oracle.try_emplace(key, value).second);
        break;
      case 2:
        EXPECT_EQ(flat.insert_or_assign(key, value).second,
                  oracle.insert_or_assign(key, value).second);
        break;
      case 3:
        flat[key] = value;
        oracle[key] = value;
        break;
      case 4:
        EXPECT_EQ(flat.erase(key), oracle.erase(key));
        break;
      case 5: {
        auto f = flat.find(key);
        auto o = oracle.find(key);
        ASSERT_EQ(f == flat.end(), o == oracle.end());
        if (o != oracle.end()) {
          EXPECT_EQ(f->second, o->second);
          flat.erase(f);
          oracle.erase(o);
        }
        break;
      }
      case 6:
        EXPECT_EQ(flat.contains(key), oracle.contains(key));
        EXPECT_EQ(flat.count(key), oracle.count(key));
        break;
      case 7:
        EXPECT_EQ(flat.emplace(key, value).second, oracle.emplace(key, value).second);
        break;
    }
    ASSERT_EQ(flat.size(), oracle.size());
    const auto same = [](const auto& a, const auto& b) {
      return a.first == b.first && a.second == b.second;
    };
    ASSERT_TRUE(std::equal(flat.begin(), flat.end(), oracle.begin(), oracle.end(), same))
        << "diverged at step " << step;
  }
  EXPECT_GT(flat.size(), 10u);  // the run exercised a populated map, not an empty one
}

TEST(FlatMap, GetAnswersNullForAnAbsentName) {
  Item item = {{"a", AttributeValue::S("x")}};
  ASSERT_NE(item.get("a"), nullptr);
  EXPECT_EQ(*item.get("a"), AttributeValue::S("x"));
  EXPECT_EQ(item.get("b"), nullptr);
  *item.get("a") = AttributeValue::N(1);
  const Item& view = item;
  EXPECT_EQ(view.get("a")->as_int64(), 1);
  EXPECT_EQ(view.get(""), nullptr);
}

}  // namespace flat_map_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
