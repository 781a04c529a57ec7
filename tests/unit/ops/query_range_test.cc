// QueryRange: the storage key range of a key condition, checked against the ranges
// storage/key_range.h states for each sort-key operator, built here from the key codec step by
// step (partition prefix P, the sort value's component e): a range QueryRange builds in place
// must hold exactly the same bytes.
#include "ops/reads/reads.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "storage/key_layout.h"
#include "storage/key_range.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace query_range_test {

using expr::KeyCondition;
using expr::KeyOperator;
using expr::KeyPredicate;
using storage::PrefixSuccessor;

TableSchema Table(AttributeType sort_type) {
  TableSchema table;
  table.name = "t";
  table.partition_key = {"pk", AttributeType::kS};
  table.sort_key = KeyAttribute{"sk", sort_type};
  table.keyspace_id = 7;
  return table;
}

KeyPredicate Predicate(std::string attribute, KeyOperator op, AttributeValue value,
                       AttributeValue upper = {}) {
  KeyPredicate p;
  p.attribute = std::move(attribute);
  p.op = op;
  p.value = std::move(value);
  p.upper = std::move(upper);
  return p;
}

std::string Component(const AttributeValue& v) {
  std::string out;
  keycodec::AppendComponent(v, &out);
  return out;
}

// The range of key_range.h's table for `last`, inside partition prefix `p`.
storage::KeyRange Expected(const std::string& p, const KeyPredicate& last) {
  const std::string e = Component(last.value);
  storage::KeyRange r;
  switch (last.op) {
    case KeyOperator::kEq:
      return storage::KeyRange::Prefix(p + e);
    case KeyOperator::kLt:
      r.lower = p;
      r.upper = p + e;
      return r;
    case KeyOperator::kLe:
      r.lower = p;
      r.upper = PrefixSuccessor(p + e);
      return r;
    case KeyOperator::kGt:
      r.lower = *PrefixSuccessor(p + e);
      r.upper = PrefixSuccessor(p);
      return r;
    case KeyOperator::kGe:
      r.lower = p + e;
      r.upper = PrefixSuccessor(p);
      return r;
    case KeyOperator::kBetween:
      r.lower = p + e;
      r.upper = PrefixSuccessor(p + Component(last.upper));
      return r;
    case KeyOperator::kBeginsWith:  // e without the string terminator 0x00 0x01
      return storage::KeyRange::Prefix(p + e.substr(0, e.size() - 2));
  }
  return r;
}

void ExpectSameRange(const storage::KeyRange& got, const storage::KeyRange& want) {
  EXPECT_EQ(got.lower, want.lower);
  EXPECT_EQ(got.upper, want.upper);
}

TEST(QueryRangeTest, EverySortOperatorGivesTheDocumentedRange) {
  const AttributeValue pk = AttributeValue::S("ORG#01HZX3Y5K2Q8W7E6R5T4Y3U2I1");
  const struct {
    AttributeType type;
    KeyOperator op;
    AttributeValue value;
    AttributeValue upper;
  } cases[] = {
      {AttributeType::kS, KeyOperator::kEq, AttributeValue::S("EMP#0001"), {}},
      {AttributeType::kS, KeyOperator::kBeginsWith, AttributeValue::S("EMP#"), {}},
      {AttributeType::kS, KeyOperator::kBeginsWith, AttributeValue::S(std::string("a\0b", 3)), {}},
      {AttributeType::kS, KeyOperator::kBeginsWith, AttributeValue::S(std::string(40, 'x')), {}},
      {AttributeType::kS, KeyOperator::kLt, AttributeValue::S("m"), {}},
      {AttributeType::kS, KeyOperator::kLe, AttributeValue::S("m"), {}},
      {AttributeType::kS, KeyOperator::kGt, AttributeValue::S("m"), {}},
      {AttributeType::kS, KeyOperator::kGe, AttributeValue::S("m"), {}},
      {AttributeType::kS, KeyOperator::kBetween, AttributeValue::S("a"), AttributeValue::S("q")},
      {AttributeType::kN, KeyOperator::kEq, AttributeValue::N("-12.5"), {}},
      {AttributeType::kN, KeyOperator::kBetween, AttributeValue::N("1"), AttributeValue::N("3")},
      {AttributeType::kB, KeyOperator::kBeginsWith, AttributeValue::B("\xff\x00"), {}},
  };
  for (const auto& c : cases) {
    const TableSchema table = Table(c.type);
    Result<ReadTarget> target = ResolveReadTarget(table, std::nullopt, false);
    ASSERT_TRUE(target.ok());
    KeyCondition condition;
    condition.partition.push_back(Predicate("pk", KeyOperator::kEq, pk));
    condition.sort.push_back(Predicate("sk", c.op, c.value, c.upper));
    Result<storage::KeyRange> got = QueryRange(*target, condition);
    ASSERT_TRUE(got.ok());
    const std::string p = *storage::EncodePartitionPrefix(7, table.partition_key, pk);
    ExpectSameRange(*got, Expected(p, condition.sort.back()));
  }
}

TEST(QueryRangeTest, PartitionAloneIsItsPrefix) {
  const TableSchema table = Table(AttributeType::kS);
  Result<ReadTarget> target = ResolveReadTarget(table, std::nullopt, false);
  ASSERT_TRUE(target.ok());
  EXPECT_EQ(target->partition_key.size(), 1u);
  EXPECT_EQ(target->partition_key[0].name, "pk");
  ASSERT_EQ(target->sort_key.size(), 1u);
  EXPECT_EQ(target->sort_key[0].name, "sk");
  KeyCondition condition;
  condition.partition.push_back(Predicate("pk", KeyOperator::kEq, AttributeValue::S("p")));
  Result<storage::KeyRange> got = QueryRange(*target, condition);
  ASSERT_TRUE(got.ok());
  const std::string p =
      *storage::EncodePartitionPrefix(7, table.partition_key, AttributeValue::S("p"));
  ExpectSameRange(*got, storage::KeyRange::Prefix(p));
}

// A multi-attribute sort key: the leading equalities extend the prefix, the last predicate
// ranges inside it.
TEST(QueryRangeTest, MultiAttributeSortKeyAppendsLeadingEqualities) {
  TableSchema table = Table(AttributeType::kS);
  IndexSchema index;
  index.name = "g";
  index.partition_key = {{"tid", AttributeType::kS}};
  index.sort_key = {{"yr", AttributeType::kN}, {"mth", AttributeType::kN}};
  index.keyspace_id = 9;
  table.indexes.push_back(index);
  Result<ReadTarget> target = ResolveReadTarget(table, std::string("g"), false);
  ASSERT_TRUE(target.ok());
  EXPECT_EQ(target->sort_key.size(), 2u);
  KeyCondition condition;
  condition.partition.push_back(Predicate("tid", KeyOperator::kEq, AttributeValue::S("t1")));
  condition.sort.push_back(Predicate("yr", KeyOperator::kEq, AttributeValue::N("2024")));
  condition.sort.push_back(Predicate("mth", KeyOperator::kGe, AttributeValue::N("3")));
  Result<storage::KeyRange> got = QueryRange(*target, condition);
  ASSERT_TRUE(got.ok());
  const std::string p =
      *storage::EncodePartitionPrefix(9, index.partition_key[0], AttributeValue::S("t1")) +
      Component(AttributeValue::N("2024"));
  ExpectSameRange(*got, Expected(p, condition.sort.back()));
}

}  // namespace query_range_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
