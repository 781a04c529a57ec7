// The catalog's binary TableSchema encoding: every field round-trips, old records decode.
#include "storage/table_schema.h"

#include <gtest/gtest.h>

#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace schema_codec_test {

// A schema with every field set to a non-default value.
TableSchema FullSchema() {
  TableSchema s;
  s.name = "Orders.v2_-";
  s.table_id = "2f1c7a1e-8d3b-4b9e-9a41-0c5d0a8c1e11";
  s.attribute_definitions = {{"pk", AttributeType::kS},
                             {"sk", AttributeType::kN},
                             {"g1", AttributeType::kB},
                             {"g2", AttributeType::kS}};
  s.partition_key = {"pk", AttributeType::kS};
  s.sort_key = KeyAttribute{"sk", AttributeType::kN};
  IndexSchema gsi;
  gsi.name = "ByG";
  gsi.is_local = false;
  gsi.partition_key = {{"g1", AttributeType::kB},
                       {"g2", AttributeType::kS},
                       {"g3", AttributeType::kN},
                       {"g4", AttributeType::kS}};
  gsi.sort_key = {{"s1", AttributeType::kN},
                  {"s2", AttributeType::kS},
                  {"s3", AttributeType::kB},
                  {"s4", AttributeType::kN}};
  gsi.projection = ProjectionType::kInclude;
  gsi.non_key_attributes = {"a", "b", "ünïcødé"};
  gsi.status = IndexStatus::kCreating;
  gsi.backfilling = true;
  gsi.throughput = {5, 7, 1'700'000'000'000'001, 1'700'000'000'000'002, 3};
  gsi.on_demand = {100, 200};
  gsi.keyspace_id = 0xFFFFFFFE;
  IndexSchema lsi;
  lsi.name = "ByDate";
  lsi.is_local = true;
  lsi.partition_key = {{"pk", AttributeType::kS}};
  lsi.sort_key = {{"date", AttributeType::kS}};
  lsi.projection = ProjectionType::kKeysOnly;
  lsi.status = IndexStatus::kDeleting;
  lsi.keyspace_id = 3;
  s.indexes = {gsi, lsi};
  s.billing_mode = BillingMode::kPayPerRequest;
  s.billing_mode_last_update_micros = 1'700'000'000'123'456;
  s.throughput = {10, 20, 30, 40, 4};
  s.on_demand = {-1, 50};
  s.tags = {{"env", "prod"}, {"", ""}, {"k", std::string("v\0x", 3)}};
  s.deletion_protection = true;
  s.table_class = "STANDARD_INFREQUENT_ACCESS";
  s.status = TableStatus::kUpdating;
  s.creation_micros = -5;  // signed fields survive negative values
  s.keyspace_id = 2;
  return s;
}

TableSchema RoundTrip(const TableSchema& s) {
  std::string bytes;
  EncodeTableSchema(s, &bytes);
  auto decoded = DecodeTableSchema(bytes);
  EXPECT_TRUE(decoded.ok());
  return decoded.ok() ? decoded.value() : TableSchema{};
}

TEST(SchemaCodecTest, EveryFieldRoundTrips) {
  TableSchema s = FullSchema();
  EXPECT_EQ(RoundTrip(s), s);
}

TEST(SchemaCodecTest, DefaultSchemaRoundTrips) {
  TableSchema s;
  EXPECT_EQ(RoundTrip(s), s);
}

TEST(SchemaCodecTest, EachEnumValueRoundTrips) {
  for (auto status : {TableStatus::kCreating, TableStatus::kUpdating, TableStatus::kDeleting,
                      TableStatus::kActive}) {
    TableSchema s = FullSchema();
    s.status = status;
    EXPECT_EQ(RoundTrip(s).status, status);
  }
  for (auto mode : {BillingMode::kProvisioned, BillingMode::kPayPerRequest}) {
    TableSchema s = FullSchema();
    s.billing_mode = mode;
    EXPECT_EQ(RoundTrip(s).billing_mode, mode);
  }
  for (auto projection :
       {ProjectionType::kAll, ProjectionType::kKeysOnly, ProjectionType::kInclude}) {
    TableSchema s = FullSchema();
    s.indexes[0].projection = projection;
    EXPECT_EQ(RoundTrip(s).indexes[0].projection, projection);
  }
  for (auto type : {AttributeType::kS, AttributeType::kN, AttributeType::kB}) {
    TableSchema s = FullSchema();
    s.partition_key.type = type;
    EXPECT_EQ(RoundTrip(s).partition_key.type, type);
  }
  TableSchema no_sort = FullSchema();
  no_sort.sort_key.reset();
  EXPECT_EQ(RoundTrip(no_sort), no_sort);
}

TEST(SchemaCodecTest, StreamAndTimeToLiveSettingsRoundTrip) {
  TableSchema s = FullSchema();
  s.stream = StreamSettings{true, StreamViewType::kNewAndOldImages, "2023-11-14T22:13:20.000", 42};
  s.ttl = TimeToLiveSettings{true, "expires_at", 1'700'000'000'000'000};
  EXPECT_EQ(RoundTrip(s), s);
  // Older records (without the two trailing records) decode with the defaults — no stream,
  // TTL disabled — by RecordFromAnOlderWriterDecodesWithDefaults' rule.
  EXPECT_FALSE(TableSchema{}.stream.enabled);
  EXPECT_FALSE(TableSchema{}.ttl.enabled);
}

TEST(SchemaCodecTest, EncodingIsCompact) {
  TableSchema s;
  s.name = "T";
  s.partition_key = {"pk", AttributeType::kS};
  s.attribute_definitions = {s.partition_key};
  std::string bytes;
  EncodeTableSchema(s, &bytes);
  EXPECT_LT(bytes.size(), 64u);
}

TEST(SchemaCodecTest, TruncatedOrForeignBytesAreCorruptionNotACrash) {
  std::string bytes;
  EncodeTableSchema(FullSchema(), &bytes);
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    auto decoded = DecodeTableSchema(std::string_view(bytes).substr(0, n));
    EXPECT_FALSE(decoded.ok()) << "prefix of " << n << " bytes decoded";
  }
  auto foreign = DecodeTableSchema("\x07garbage");
  ASSERT_FALSE(foreign.ok());
  EXPECT_EQ(foreign.error().code(), ErrorCode::kInternalServerError);
}

TEST(SchemaCodecTest, RecordFromAnOlderWriterDecodesWithDefaults) {
  // An older writer knew only name and table_id: the rest takes its defaults.
  std::string bytes(1, '\x01');
  RecordWriter w(&bytes);
  w.Record([](RecordWriter& r) {
    r.Bytes("Old");
    r.Bytes("id-1");
  });
  auto decoded = DecodeTableSchema(bytes);
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(decoded->name, "Old");
  EXPECT_EQ(decoded->table_id, "id-1");
  EXPECT_EQ(decoded->table_class, "STANDARD");
  EXPECT_EQ(decoded->status, TableStatus::kActive);
}

TEST(SchemaCodecTest, RecordFromANewerWriterIgnoresUnknownTrailingFields) {
  TableSchema s = FullSchema();
  std::string full;
  EncodeTableSchema(s, &full);
  // full = version | varint(length) | table record body. Append a field to the body.
  std::string_view rest = std::string_view(full).substr(1);
  std::uint64_t length = 0;
  RecordReader(rest).Varint(&length);
  std::string body(rest.substr(rest.size() - length));
  body += "\x05hello";
  std::string bytes(1, '\x01');
  RecordWriter(&bytes).Bytes(body);
  auto decoded = DecodeTableSchema(bytes);
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(decoded.value(), s);
}

}  // namespace schema_codec_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
