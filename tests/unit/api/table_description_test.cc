// api::Describe, the one typed TableDescription that the JSON codec writes and the embedded
// client returns: which members each response's view shows, and the values it reports.
#include "api/table_description.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <string>

#include "api_json/operation_codecs.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace table_description_test {

constexpr std::int64_t kDay = 86'400'000'000;
constexpr std::string_view kArn = "arn:aws:dynamodb:us-east-1:123456789012:table/Orders";

// An on-demand table with a sort key, a GSI with INCLUDE projection, an LSI and a stream.
TableSchema Orders() {
  TableSchema t;
  t.name = "Orders";
  t.table_id = "5b8a1c4e-0000-4000-8000-000000000001";
  t.attribute_definitions = {
      {"sk", AttributeType::kS}, {"pk", AttributeType::kS}, {"g", AttributeType::kN}};
  t.partition_key = {"pk", AttributeType::kS};
  t.sort_key = KeyAttribute{"sk", AttributeType::kS};
  t.billing_mode = BillingMode::kPayPerRequest;
  t.billing_mode_last_update_micros = 1'700'000'000'123'456;
  t.creation_micros = 1'700'000'000'123'456;
  IndexSchema gsi;
  gsi.name = "ByG";
  gsi.partition_key = {{"g", AttributeType::kN}};
  gsi.projection = ProjectionType::kInclude;
  gsi.non_key_attributes = {"z", "a"};
  IndexSchema lsi;
  lsi.name = "BySk";
  lsi.is_local = true;
  lsi.partition_key = {{"pk", AttributeType::kS}};
  lsi.sort_key = {{"g", AttributeType::kN}};
  t.indexes = {gsi, lsi};
  t.stream.enabled = true;
  t.stream.view_type = StreamViewType::kNewImage;
  t.stream.label = "2026-12-02T10:00:00.000";
  return t;
}

DescriptionOptions Options(DescriptionView view) {
  DescriptionOptions o;
  o.view = view;
  o.table_arn = std::string(kArn);
  o.now_micros = 20'000 * kDay;
  return o;
}

TEST(DescribeTest, DescribeShowsEverythingWithWarmThroughputAndSortedNames) {
  const TableCounts counts{{7, 700}, {{3, 300}, {7, 700}}};
  const TableDescription d = Describe(Orders(), counts, Options(DescriptionView::kDescribe));
  ASSERT_EQ(d.attribute_definitions.size(), 3u);
  EXPECT_EQ(d.attribute_definitions[0].attribute_name, "g");
  EXPECT_EQ(d.attribute_definitions[2].attribute_name, "sk");
  ASSERT_EQ(d.key_schema.size(), 2u);
  EXPECT_EQ(d.key_schema[1].key_type, KeyType::kRange);
  EXPECT_EQ(d.creation_date_time_micros, 1'700'000'000'123'000);  // at the millisecond
  ASSERT_TRUE(d.billing_mode_summary.has_value());
  EXPECT_EQ(d.billing_mode_summary->last_update_to_pay_per_request_micros, 1'700'000'000'123'000);
  ASSERT_TRUE(d.warm_throughput.has_value());
  EXPECT_EQ(d.warm_throughput->read_units_per_second, 12000);  // the on-demand baseline
  EXPECT_EQ(d.warm_throughput->write_units_per_second, 4000);
  ASSERT_EQ(d.global_secondary_indexes.size(), 1u);
  const GlobalSecondaryIndexDescription& g = d.global_secondary_indexes[0];
  EXPECT_EQ(g.index_arn, std::string(kArn) + "/index/ByG");
  EXPECT_EQ(g.projection.non_key_attributes, (std::vector<std::string>{"a", "z"}));
  EXPECT_EQ(g.item_count, 3);
  EXPECT_TRUE(g.warm_throughput.has_value());
  ASSERT_EQ(d.local_secondary_indexes.size(), 1u);
  EXPECT_EQ(d.local_secondary_indexes[0].item_count, 7);
  ASSERT_TRUE(d.stream_specification.has_value());
  EXPECT_EQ(d.latest_stream_arn, std::string(kArn) + "/stream/2026-12-02T10:00:00.000");
  EXPECT_EQ(d.table_class, "STANDARD");
}

TEST(DescribeTest, CreateHasNoWarmThroughputAndNoSwitchTime) {
  DescriptionOptions o = Options(DescriptionView::kCreate);
  o.billing_summary_without_time = true;
  const TableDescription d = Describe(Orders(), {}, o);
  EXPECT_FALSE(d.warm_throughput.has_value());
  EXPECT_FALSE(d.global_secondary_indexes.at(0).warm_throughput.has_value());
  ASSERT_TRUE(d.billing_mode_summary.has_value());
  EXPECT_EQ(d.billing_mode_summary->last_update_to_pay_per_request_micros, 0);
  EXPECT_EQ(d.key_schema.size(), 2u);
}

TEST(DescribeTest, DeleteLeavesOutSchemaIndexesStreamAndCreationTime) {
  const TableDescription d = Describe(Orders(), {{7, 700}, {}}, Options(DescriptionView::kDelete));
  EXPECT_TRUE(d.key_schema.empty());
  EXPECT_TRUE(d.attribute_definitions.empty());
  EXPECT_EQ(d.creation_date_time_micros, 0);
  EXPECT_TRUE(d.global_secondary_indexes.empty());
  EXPECT_TRUE(d.local_secondary_indexes.empty());
  EXPECT_FALSE(d.stream_specification.has_value());
  EXPECT_FALSE(d.latest_stream_label.has_value());
  EXPECT_FALSE(d.warm_throughput.has_value());
  EXPECT_EQ(d.item_count, 7);
  EXPECT_EQ(d.table_arn, kArn);
}

// A provisioned table that never was on-demand has no BillingModeSummary; its decreases count
// only on the current UTC day.
TEST(DescribeTest, ProvisionedTableHasNoBillingSummaryAndTodaysDecreases) {
  TableSchema t = Orders();
  t.billing_mode = BillingMode::kProvisioned;
  t.billing_mode_last_update_micros = 0;
  t.throughput = {5, 6, 0, 20'000 * kDay - 1, 3};  // the last decrease was yesterday
  const TableDescription d = Describe(t, {}, Options(DescriptionView::kDescribe));
  EXPECT_FALSE(d.billing_mode_summary.has_value());
  ASSERT_TRUE(d.provisioned_throughput.has_value());
  EXPECT_EQ(d.provisioned_throughput->decreases_today, 0);
  EXPECT_EQ(d.warm_throughput->read_units_per_second, 5);
}

// The JSON codec writes what Describe decided: the delete view's body has no KeySchema.
TEST(DescribeTest, TheJsonCodecWritesTheView) {
  rapidjson::Document doc;
  const std::string deleted = json::RenderTableDescription("TableDescription", Orders(), {},
                                                           Options(DescriptionView::kDelete));
  doc.Parse(deleted.c_str());
  ASSERT_TRUE(doc.IsObject()) << deleted;
  const rapidjson::Value& d = doc["TableDescription"];
  EXPECT_FALSE(d.HasMember("KeySchema"));
  EXPECT_FALSE(d.HasMember("WarmThroughput"));
  EXPECT_TRUE(d.HasMember("BillingModeSummary"));
  const std::string described =
      json::RenderTableDescription("Table", Orders(), {}, Options(DescriptionView::kDescribe));
  doc.Parse(described.c_str());
  ASSERT_TRUE(doc.IsObject()) << described;
  EXPECT_EQ(doc["Table"]["WarmThroughput"]["ReadUnitsPerSecond"].GetInt64(), 12000);
  EXPECT_EQ(doc["Table"]["GlobalSecondaryIndexes"][0]["Projection"]["NonKeyAttributes"][0], "a");
  EXPECT_DOUBLE_EQ(doc["Table"]["CreationDateTime"].GetDouble(), 1'700'000'000.123);
}

}  // namespace table_description_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
