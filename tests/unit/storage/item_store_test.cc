// ItemStore: base items — put/get/delete, statistics, key order, ranges, DropTable.
#include "storage/item_store.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "ddbemu/testing/matchers.h"
#include "item_fixture.h"
#include "value/item_codec.h"
#include "value/item_size.h"
#include "value/key_codec.h"
#include "value/number.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace item_store_test {

using namespace testing;  // NOLINT(google-build-using-namespace)
using namespace std::string_literals;

class ItemStoreTest : public ItemStoreFixture {};

TEST_F(ItemStoreTest, GetReturnsWhatPutStored) {
  TableSchema schema = MakeTable();
  Item item = {{"pk", S("p")},
               {"sk", S("s")},
               {"n", N("12.5")},
               {"m", AttributeValue::M({{"x", AttributeValue::Bool(true)}})}};
  Write(schema, item);
  EXPECT_EQ(Read(schema, {{"pk", S("p")}, {"sk", S("s")}}), item);
  EXPECT_EQ(Read(schema, {{"pk", S("p")}, {"sk", S("other")}}), std::nullopt);
}

// Items are stored with their size ahead of them (value/item_format.h, format 0x02); an item
// stored without (format 0x01, version 1 databases) reads the same.
TEST_F(ItemStoreTest, ItemsAreStoredWithTheirSizeAndOlderOnesReadTheSame) {
  TableSchema schema = MakeTable();
  const Item item = {{"pk", S("p")}, {"sk", S("s")}, {"n", N("12.5")}};
  Write(schema, item);
  const std::string key = TableKey(schema, item);
  {
    auto txn = Ok(env_->BeginRead());
    const auto bytes = Ok(store_.GetEncoded(txn, key));
    ASSERT_TRUE(bytes.has_value());
    EXPECT_EQ((*bytes)[0], '\x02');
    EXPECT_EQ(itemcodec::EncodedItemSize(*bytes), ItemSize(item));
  }
  const Item older = {{"pk", S("p")}, {"sk", S("t")}, {"x", S("old")}};
  std::string plain;
  itemcodec::EncodeItem(older, &plain);
  {
    auto txn = Ok(env_->BeginWrite());
    ExpectOk(txn.Put(env_->data_dbi(), TableKey(schema, older), plain));
    ExpectOk(txn.Commit());
  }
  EXPECT_EQ(Read(schema, older), older);
  auto txn = Ok(env_->BeginRead());
  const auto bytes = Ok(store_.GetEncoded(txn, TableKey(schema, older)));
  ASSERT_TRUE(bytes.has_value());
  EXPECT_EQ(itemcodec::EncodedItemSize(*bytes), ItemSize(older));
}

TEST_F(ItemStoreTest, EncodeTableKeyRejectsMissingOrMistypedKeyAttributes) {
  TableSchema schema = MakeTable();
  for (const Item& key :
       {Item{{"pk", S("p")}}, Item{{"pk", N("1")}, {"sk", S("s")}}, Item{{"sk", S("s")}}}) {
    auto encoded = EncodeTableKey(schema, key);
    ASSERT_FALSE(encoded.ok());
    EXPECT_EQ(encoded.error().code(), ErrorCode::kValidation);
    EXPECT_EQ(encoded.error().message(), "The provided key element does not match the schema");
  }
}

TEST_F(ItemStoreTest, TableKeyHasKeyspaceHashAndComponentsAndDecodesBack) {
  TableSchema schema = MakeTable(AttributeType::kN);
  schema.keyspace_id = 0x01020304;
  Item item = {{"pk", S("abc")}, {"sk", N("-7.25")}, {"other", S("x")}};
  std::string key = TableKey(schema, item);
  EXPECT_EQ(key.substr(0, 4), "\x01\x02\x03\x04");
  std::string enc_pk;
  keycodec::AppendComponent(S("abc"), &enc_pk);
  EXPECT_EQ(StoredPartitionHash(key), keycodec::PartitionHash(enc_pk));
  EXPECT_EQ(key.substr(kPartitionKeyOffset, enc_pk.size()), enc_pk);
  Item decoded;
  ASSERT_TRUE(DecodeTableKey(schema, key, &decoded));
  EXPECT_EQ(decoded, (Item{{"pk", S("abc")}, {"sk", N("-7.25")}}));
}

TEST_F(ItemStoreTest, DeleteRemovesTheItem) {
  TableSchema schema = MakeTable();
  Item item = {{"pk", S("p")}, {"sk", S("s")}};
  Write(schema, item);
  Remove(schema, item);
  EXPECT_EQ(Read(schema, item), std::nullopt);
  EXPECT_EQ(Stats(1), KeyspaceStats{});
  EXPECT_EQ(RawKeyCount(), 0u);
}

TEST_F(ItemStoreTest, DeleteOfAnAbsentItemChangesNothing) {
  TableSchema schema = MakeTable();
  Write(schema, {{"pk", S("p")}, {"sk", S("s")}});
  auto txn = Ok(env_->BeginWrite());
  Item ghost = {{"pk", S("p")}, {"sk", S("ghost")}};
  EXPECT_TRUE(Ok(store_.Delete(txn, schema, TableKey(schema, ghost), ghost)).empty());
  ExpectOk(txn.Commit());
  EXPECT_EQ(Stats(1).item_count, 1u);
}

TEST_F(ItemStoreTest, StatisticsAreExactThroughPutsOverwritesAndDeletes) {
  TableSchema schema = MakeTable();
  std::mt19937 rng(7);
  std::map<std::string, Item> model;
  for (int i = 0; i < 300; ++i) {
    Item item = {{"pk", S("p" + std::to_string(rng() % 5))}, {"sk", S(std::to_string(rng() % 20))}};
    if (rng() % 4 == 0) {
      Remove(schema, item);
      model.erase(TableKey(schema, item));
    } else {
      item["payload"] = S(std::string(rng() % 100, 'x'));
      Write(schema, item);
      model[TableKey(schema, item)] = item;
    }
  }
  KeyspaceStats expected;
  for (const auto& [key, item] : model) {
    expected.item_count += 1;
    expected.size_bytes += ItemSize(item);
  }
  EXPECT_EQ(Stats(1), expected);
  auto txn = Ok(env_->BeginRead());
  EXPECT_EQ(Ok(store_.TableStats(txn, schema)), expected);
}

TEST_F(ItemStoreTest, AbortedWriteLeavesNoItemAndNoStatistics) {
  TableSchema schema = MakeTable();
  schema.indexes = {Gsi("G", 2, {Key("g")})};
  {
    auto txn = Ok(env_->BeginWrite());
    Item item = {{"pk", S("p")}, {"sk", S("s")}, {"g", S("x")}};
    EXPECT_EQ(Ok(store_.Put(txn, schema, TableKey(schema, item), nullptr, item)).size(), 1u);
  }  // not committed
  EXPECT_EQ(RawKeyCount(), 0u);
  EXPECT_EQ(Stats(1), KeyspaceStats{});
  EXPECT_EQ(Stats(2), KeyspaceStats{});
}

// Sort keys of one partition come back in DynamoDB's order for each key type.
class SortOrderTest : public ItemStoreFixture,
                      public ::testing::WithParamInterface<AttributeType> {};

std::vector<AttributeValue> SortKeyValues(AttributeType type) {
  switch (type) {
    case AttributeType::kS:
      return {S(""),     S("a"), S("a\0"s),     S("a\0b"s), S("ab"), S("b"),
              S("\x7f"), S("é"), S("\xff\xff"), S("A"),     S("Z"),  S("aa")};
    case AttributeType::kN:
      return {N("-1000"),   N("-10"),   N("-9.99"), N("-1"),
              N("-0.5"),    N("-0.05"), N("0"),     N("0.000001"),
              N("0.5"),     N("1"),     N("2"),     N("9.5"),
              N("10"),      N("11"),    N("100"),   N("12345678901234567890123456789012345678"),
              N("-1E+125"), N("1E-130")};
    default:
      return {B(""),     B("\0"s),  B("\0\0"s),   B("\x01"),    B("\x7f"),
              B("\x80"), B("\xff"), B("\xff\0"s), B("\xff\xff")};
  }
}

bool DynamoLess(const AttributeValue& a, const AttributeValue& b) {
  if (a.type() == AttributeType::kN) return CompareCanonicalNumbers(a.scalar(), b.scalar()) < 0;
  return a.scalar() < b.scalar();  // S and B: unsigned byte order (std::string compares as
                                   // char_traits<char>, unsigned)
}

TEST_P(SortOrderTest, BaseKeysWithinAPartitionAreInSortKeyOrder) {
  TableSchema schema = MakeTable(GetParam());
  std::vector<AttributeValue> values = SortKeyValues(GetParam());
  for (auto& v : values) {
    if (v.type() == AttributeType::kN) v = N(CanonicalNumber(v.scalar()).value());
  }
  std::vector<AttributeValue> shuffled = values;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(3));
  for (const auto& v : shuffled) {
    Write(schema, {{"pk", S("p")}, {"sk", v}});
    Write(schema, {{"pk", S("other")}, {"sk", v}});
  }
  std::sort(values.begin(), values.end(), DynamoLess);
  auto range = PartitionRange(1, {&schema.partition_key, 1}, {{"pk", S("p")}});
  ASSERT_TRUE(range);
  std::vector<AttributeValue> forward, backward;
  for (auto& [key, item] : Entries(*range)) forward.push_back(Attr(item, "sk"));
  for (auto& [key, item] : Entries(*range, ScanDirection::kBackward))
    backward.push_back(Attr(item, "sk"));
  EXPECT_EQ(forward, values);
  std::reverse(values.begin(), values.end());
  EXPECT_EQ(backward, values);
}

INSTANTIATE_TEST_SUITE_P(KeyTypes, SortOrderTest,
                         ::testing::Values(AttributeType::kS, AttributeType::kN, AttributeType::kB),
                         [](const auto& info) { return std::string(TypeDescriptor(info.param)); });

TEST_F(ItemStoreTest, RangeStartsStrictlyAfterTheExclusiveStartKeyInBothDirections) {
  TableSchema schema = MakeTable(AttributeType::kN);
  for (int i = 1; i <= 5; ++i) Write(schema, {{"pk", S("p")}, {"sk", N(std::to_string(i))}});
  auto range = *PartitionRange(1, {&schema.partition_key, 1}, {{"pk", S("p")}});
  std::string after = TableKey(schema, {{"pk", S("p")}, {"sk", N("3")}});
  auto sks = [](const auto& entries) {
    std::vector<std::string> out;
    for (auto& [key, item] : entries) out.push_back(Attr(item, "sk").scalar());
    return out;
  };
  EXPECT_EQ(sks(Entries(range, ScanDirection::kForward, after)),
            (std::vector<std::string>{"4", "5"}));
  EXPECT_EQ(sks(Entries(range, ScanDirection::kBackward, after)),
            (std::vector<std::string>{"2", "1"}));
  // A start key that is not stored (deleted since the last page) works the same.
  Remove(schema, {{"pk", S("p")}, {"sk", N("3")}});
  EXPECT_EQ(sks(Entries(range, ScanDirection::kForward, after)),
            (std::vector<std::string>{"4", "5"}));
  EXPECT_EQ(sks(Entries(range, ScanDirection::kBackward, after)),
            (std::vector<std::string>{"2", "1"}));
}

// A cursor over a range the caller keeps (OpenBorrowedRange, the page loop's) walks what a
// cursor over its own copy walks, in both directions and after a start key; a cursor that owns
// its range still walks it after being moved (the range lives on the heap).
TEST_F(ItemStoreTest, BorrowedRangeWalksAsAnOwnedOne) {
  TableSchema schema = MakeTable(AttributeType::kN);
  for (int i = 1; i <= 6; ++i) Write(schema, {{"pk", S("p")}, {"sk", N(std::to_string(i))}});
  Write(schema, {{"pk", S("q")}, {"sk", N("1")}});
  const KeyRange range = *PartitionRange(1, {&schema.partition_key, 1}, {{"pk", S("p")}});
  const std::string third = Entries(range)[2].first;
  auto keys = [&](ScanDirection direction, std::optional<std::string_view> after) {
    auto txn = Ok(env_->BeginRead());
    auto cursor = Ok(store_.OpenBorrowedRange(txn, range, direction, after));
    std::vector<std::string> out;
    for (; cursor.valid(); cursor.Next()) out.emplace_back(cursor.key());
    ExpectOk(cursor.status());
    return out;
  };
  auto owned_keys = [&](ScanDirection direction, std::optional<std::string_view> after) {
    std::vector<std::string> out;
    for (auto& [key, item] : Entries(range, direction, after)) out.push_back(key);
    return out;
  };
  for (ScanDirection direction : {ScanDirection::kForward, ScanDirection::kBackward}) {
    for (std::optional<std::string_view> after :
         {std::optional<std::string_view>(), std::optional<std::string_view>(third)}) {
      const std::vector<std::string> owned = owned_keys(direction, after);
      EXPECT_FALSE(owned.empty());
      EXPECT_EQ(keys(direction, after), owned);
    }
  }
  auto txn = Ok(env_->BeginRead());
  auto opened = Ok(store_.OpenRange(txn, KeyRange(range), ScanDirection::kForward));
  RangeCursor moved = std::move(opened);
  std::size_t n = 0;
  for (; moved.valid(); moved.Next()) ++n;
  ExpectOk(moved.status());
  EXPECT_EQ(n, 6u);
}

TEST_F(ItemStoreTest, SortKeyConditionsAsHalfOpenRanges) {
  TableSchema schema = MakeTable(AttributeType::kN);
  for (int i = 1; i <= 5; ++i) Write(schema, {{"pk", S("p")}, {"sk", N(std::to_string(i))}});
  std::string p = *EncodePartitionPrefix(1, {&schema.partition_key, 1}, {{"pk", S("p")}});
  auto at = [&](const char* n) {
    std::string k = p;
    keycodec::AppendComponent(N(n), &k);
    return k;
  };
  auto count = [&](KeyRange r) { return Entries(r).size(); };
  EXPECT_EQ(count({at("2"), *PrefixSuccessor(at("4"))}), 3u);              // BETWEEN 2 AND 4
  EXPECT_EQ(count({p, at("3")}), 2u);                                      // < 3
  EXPECT_EQ(count({p, *PrefixSuccessor(at("3"))}), 3u);                    // <= 3
  EXPECT_EQ(count({*PrefixSuccessor(at("3")), *PrefixSuccessor(p)}), 2u);  // > 3
}

TEST_F(ItemStoreTest, ScanSegmentsAreDisjointAndCoverTheTableInHashOrder) {
  TableSchema schema = MakeTable();
  for (int i = 0; i < 200; ++i) Write(schema, {{"pk", S("p" + std::to_string(i))}, {"sk", S("s")}});
  auto whole = Entries(KeyspaceRange(1));
  ASSERT_EQ(whole.size(), 200u);
  EXPECT_TRUE(std::is_sorted(whole.begin(), whole.end(), [](const auto& a, const auto& b) {
    return StoredPartitionHash(a.first) < StoredPartitionHash(b.first);
  }));
  std::vector<std::string> concatenated;
  for (std::uint32_t segment = 0; segment < 7; ++segment) {
    for (auto& [key, item] : Entries(ScanSegmentRange(1, segment, 7))) concatenated.push_back(key);
  }
  std::vector<std::string> all;
  for (auto& [key, item] : whole) all.push_back(key);
  EXPECT_EQ(concatenated, all);
  EXPECT_EQ(Entries(ScanSegmentRange(1, 0, 1)).size(), 200u);
}

TEST_F(ItemStoreTest, MaximumSizeKeysAreStoredAndOrdered) {
  // DynamoDB allows a 2048-byte partition key and a 1024-byte sort key: far over LMDB's 511.
  TableSchema schema = MakeTable();
  std::string pk(2048, 'p');
  std::vector<std::string> sks;
  for (char c : std::string("dbeac")) sks.push_back(std::string(1023, 's') + c);
  for (const auto& sk : sks)
    Write(schema, {{"pk", S(pk)}, {"sk", S(sk)}, {"v", S(sk.substr(1023))}});
  std::sort(sks.begin(), sks.end());
  auto range = *PartitionRange(1, {&schema.partition_key, 1}, {{"pk", S(pk)}});
  std::vector<std::string> got;
  for (auto& [key, item] : Entries(range)) got.push_back(Attr(item, "sk").scalar());
  EXPECT_EQ(got, sks);
  EXPECT_EQ(Attr(*Read(schema, {{"pk", S(pk)}, {"sk", S(sks[2])}}), "v").scalar(), "c");
  Remove(schema, {{"pk", S(pk)}, {"sk", S(sks[2])}});
  EXPECT_EQ(Entries(range).size(), 4u);
  EXPECT_EQ(Stats(1).item_count, 4u);
}

TEST_F(ItemStoreTest, DropTableRemovesEveryKeyOfTheTableAndItsIndexesOnly) {
  TableSchema schema = MakeTable();
  schema.indexes = {Gsi("G", 2, {Key("g")}), Gsi("L", 3, {Key("pk")}, {Key("l")})};
  schema.indexes[1].is_local = true;
  TableSchema other = MakeTable();
  other.name = "Other";
  other.keyspace_id = 4;
  for (int i = 0; i < 50; ++i) {
    Item item = {{"pk", S("p" + std::to_string(i % 7))},
                 {"sk", S(std::to_string(i))},
                 {"g", S("g")},
                 {"l", S(std::string(600, 'l') + std::to_string(i))}};
    Write(schema, item);
    Write(other, item);
  }
  std::size_t other_keys = Entries(KeyspaceRange(4)).size();
  {
    auto txn = Ok(env_->BeginWrite());
    ExpectOk(store_.DropTable(txn, schema));
    ExpectOk(txn.Commit());
  }
  EXPECT_EQ(RawKeyCount(), other_keys);
  for (std::uint32_t ks : {1u, 2u, 3u}) {
    EXPECT_TRUE(Entries(KeyspaceRange(ks)).empty());
    EXPECT_EQ(Stats(ks), KeyspaceStats{});
  }
  EXPECT_EQ(Stats(4).item_count, 50u);
}

}  // namespace item_store_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
