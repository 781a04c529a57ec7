// Exports and imports through the embedded client on a virtual clock (ops/transfer/): an export
// at a past ExportTime holds the items of then; an incremental export the window's changes;
// statuses IN_PROGRESS until the transient-status delay passes; the records survive a reopen;
// an import creates its table CREATING, then ACTIVE, with the exported items (GSIs included).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "database_test_util.h"
#include "ddbemu/embedded_client.h"
#include "ops/transfer/item_file.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace transfer_test {

constexpr std::int64_t kMinute = 60'000'000;
constexpr std::int64_t kDelayMs = 1000;

class TransferTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "ddbemu-xfer-XXXXXX").string();
    root_ = mkdtemp(pattern.data());
    std::filesystem::create_directories(root_ + "/s3/bucket");
    Open();
    CreateTableRequest create{.table_name = "src",
                              .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
                              .key_schema = {{"pk", KeyType::kHash}},
                              .billing_mode = BillingMode::kPayPerRequest};
    ASSERT_TRUE(client_->CreateTable(create).ok());
    clock_->AdvanceMicros(kDelayMs * 1000);
    ASSERT_TRUE(client_
                    ->UpdateContinuousBackups(
                        {.table_name = "src", .point_in_time_recovery_specification = {true}})
                    .ok());
  }
  void TearDown() override {
    client_.reset();
    db_.reset();
    std::filesystem::remove_all(root_);
  }

  void Open() {
    client_.reset();
    db_.reset();
    Options options;
    options.path = root_ + "/db";
    options.durability = Durability::kNone;
    options.clock = clock_;
    options.s3_dir = root_ + "/s3";
    options.transient_status_ms = kDelayMs;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error();
    db_ = std::move(db).value();
    client_ = MakeEmbeddedClient(*db_);
  }

  void Put(const std::string& pk, const std::string& v) {
    Item item;
    item.insert_or_assign("pk", AttributeValue::S(pk));
    item.insert_or_assign("v", AttributeValue::S(v));
    ASSERT_TRUE(client_->PutItem({.table_name = "src", .item = item}).ok());
  }

  // The records of an export's data files (data/ beside its manifest), uncompressed, one a line.
  std::vector<std::string> Records(const ExportDescription& d) {
    std::vector<std::string> out;
    const std::string base = d.export_manifest->substr(0, d.export_manifest->rfind('/') + 1);
    for (const auto& entry :
         std::filesystem::directory_iterator(root_ + "/s3/bucket/" + base + "data")) {
      std::string raw;
      EXPECT_TRUE(ops::transfer::Decompress(SlurpPath(entry.path()),
                                            ops::transfer::Compression::kGzip, &raw));
      std::istringstream lines(raw);
      for (std::string line; std::getline(lines, line);) out.push_back(line);
    }
    return out;
  }
  static std::string SlurpPath(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  ExportDescription Export(ExportTableToPointInTimeRequest request) {
    request.table_arn = "src";
    request.s3_bucket = "bucket";
    auto started = client_->ExportTableToPointInTime(request);
    EXPECT_TRUE(started.ok()) << started.error();
    if (!started.ok()) return {};
    EXPECT_EQ(started->export_description.export_status, "IN_PROGRESS");
    clock_->AdvanceMicros(kDelayMs * 1000);
    auto done = client_->DescribeExport({started->export_description.export_arn});
    EXPECT_TRUE(done.ok());
    return done->export_description;
  }

  std::string root_;
  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>(1'700'000'000'000'000);
  std::unique_ptr<Database> db_;
  std::unique_ptr<Client> client_;
};

TEST_F(TransferTest, ExportAtAPastTimeHoldsTheItemsOfThen) {
  Put("a", "old");
  Put("gone", "old");
  clock_->AdvanceMicros(10 * kMinute);
  const std::int64_t then = clock_->NowMicros();
  clock_->AdvanceMicros(kMinute);
  Put("a", "new");
  Put("later", "new");
  ASSERT_TRUE(
      client_->DeleteItem({.table_name = "src", .key = {{"pk", AttributeValue::S("gone")}}}).ok());
  const ExportDescription d = Export({.export_time_micros = then});
  EXPECT_EQ(d.export_status, "COMPLETED");
  EXPECT_EQ(d.item_count, 2);
  std::vector<std::string> records = Records(d);
  std::sort(records.begin(), records.end());
  EXPECT_EQ(records, (std::vector<std::string>{R"({"Item":{"pk":{"S":"a"},"v":{"S":"old"}}})",
                                               R"({"Item":{"pk":{"S":"gone"},"v":{"S":"old"}}})"}));
  // Now: the current items.
  records = Records(Export({}));
  std::sort(records.begin(), records.end());
  EXPECT_EQ(records,
            (std::vector<std::string>{R"({"Item":{"pk":{"S":"a"},"v":{"S":"new"}}})",
                                      R"({"Item":{"pk":{"S":"later"},"v":{"S":"new"}}})"}));
  // Before PITR was enabled, or in the future: outside the window.
  for (std::int64_t bad : {then - 60 * kMinute, clock_->NowMicros() + kMinute}) {
    auto refused = client_->ExportTableToPointInTime(
        {.table_arn = "src", .export_time_micros = bad, .s3_bucket = "bucket"});
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code(), ErrorCode::kInvalidExportTime);
  }
}

TEST_F(TransferTest, IncrementalExportShowsTheChangesInItsWindow) {
  Put("before", "1");
  clock_->AdvanceMicros(kMinute);
  const std::int64_t from = clock_->NowMicros();
  clock_->AdvanceMicros(kMinute);
  Put("before", "2");
  const std::int64_t written = clock_->NowMicros();
  Put("new", "1");
  clock_->AdvanceMicros(20 * kMinute);
  Put("after", "1");  // outside the window
  const ExportDescription d =
      Export({.export_type = "INCREMENTAL_EXPORT",
              .incremental_export_specification =
                  IncrementalExportSpecification{from, from + 16 * kMinute, "NEW_IMAGE"}});
  EXPECT_EQ(d.item_count, 2);
  std::vector<std::string> records = Records(d);
  std::sort(records.begin(), records.end());
  const std::string at = std::to_string(written);
  EXPECT_EQ(
      records,
      (std::vector<std::string>{
          R"({"Metadata":{"WriteTimestampMicros":{"N":")" + at +
              R"("}},"Keys":{"pk":{"S":"before"}},"NewImage":{"pk":{"S":"before"},"v":{"S":"2"}}})",
          R"({"Metadata":{"WriteTimestampMicros":{"N":")" + at +
              R"("}},"Keys":{"pk":{"S":"new"}},"NewImage":{"pk":{"S":"new"},"v":{"S":"1"}}})"}));
  for (std::int64_t length : {14 * kMinute, 25 * 60 * kMinute}) {
    auto refused = client_->ExportTableToPointInTime(
        {.table_arn = "src",
         .s3_bucket = "bucket",
         .export_type = "INCREMENTAL_EXPORT",
         .incremental_export_specification =
             IncrementalExportSpecification{from, from + length, {}}});
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code(), ErrorCode::kValidation) << refused.error();
  }
}

TEST_F(TransferTest, StatusesFollowTheClockAndSurviveAReopen) {
  Put("a", "1");
  auto started = client_->ExportTableToPointInTime({.table_arn = "src", .s3_bucket = "bucket"});
  ASSERT_TRUE(started.ok());
  const std::string arn = started->export_description.export_arn;
  clock_->AdvanceMicros(kDelayMs * 1000 - 1);
  EXPECT_EQ(client_->DescribeExport({arn})->export_description.export_status, "IN_PROGRESS");
  EXPECT_FALSE(client_->DescribeExport({arn})->export_description.item_count.has_value());
  clock_->AdvanceMicros(1);
  EXPECT_EQ(client_->DescribeExport({arn})->export_description.export_status, "COMPLETED");

  Open();
  auto described = client_->DescribeExport({arn});
  ASSERT_TRUE(described.ok()) << described.error();
  EXPECT_EQ(described->export_description.export_status, "COMPLETED");
  EXPECT_EQ(described->export_description.item_count, 1);
  auto listed = client_->ListExports({});
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->export_summaries.size(), 1u);
  EXPECT_EQ(listed->export_summaries[0].export_arn, arn);
  auto missing = client_->DescribeExport({arn + "0"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code(), ErrorCode::kExportNotFound);
}

// The service exports a table's partitions in parallel, a data file each: here one file per
// partition of the capacity model's map (an on-demand table starts with 4), each listed in
// manifest-files.json with its own count and checksums; an import reads them all.
TEST_F(TransferTest, AnExportWritesADataFilePerPartitionAndAnImportReadsThemAll) {
  constexpr int kItems = 200;
  for (int i = 0; i < kItems; ++i) Put("item" + std::to_string(i), "v");
  const ExportDescription d = Export({});
  ASSERT_EQ(d.export_status, "COMPLETED");
  EXPECT_EQ(d.item_count, kItems);
  const std::string base = d.export_manifest->substr(0, d.export_manifest->rfind('/') + 1);
  std::istringstream manifest(SlurpPath(root_ + "/s3/bucket/" + base + "manifest-files.json"));
  int files = 0;
  int items = 0;
  for (std::string line; std::getline(manifest, line);) {
    ++files;
    const auto field = [&](const std::string& name) {
      const std::size_t at = line.find("\"" + name + "\":") + name.size() + 3;
      return line.substr(at, line.find_first_of(",}", at) - at);
    };
    const int count = std::stoi(field("itemCount"));
    std::string key = field("dataFileS3Key");
    key = key.substr(1, key.size() - 2);
    const std::string gz = SlurpPath(root_ + "/s3/bucket/" + key);
    EXPECT_EQ(field("md5Checksum"), "\"" + ops::transfer::Md5Base64(gz) + "\"");
    EXPECT_EQ(field("etag"), "\"" + ops::transfer::Md5Hex(gz) + "\"");
    std::string raw;
    ASSERT_TRUE(ops::transfer::Decompress(gz, ops::transfer::Compression::kGzip, &raw));
    EXPECT_EQ(std::count(raw.begin(), raw.end(), '\n'), count) << key;
    EXPECT_GT(count, 0) << key;  // 200 keys hashed over 4 partitions leave none empty
    items += count;
  }
  EXPECT_GE(files, 4);
  EXPECT_EQ(items, kItems);
  EXPECT_EQ(Records(d).size(), static_cast<std::size_t>(kItems));

  ImportTableRequest request;
  request.source = {.s3_bucket_source = {.s3_bucket = "bucket", .s3_key_prefix = base + "data/"},
                    .input_format = "DYNAMODB_JSON",
                    .input_compression_type = "GZIP"};
  request.table_creation_parameters = {.table_name = "copied",
                                       .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
                                       .key_schema = {{"pk", KeyType::kHash}},
                                       .billing_mode = BillingMode::kPayPerRequest};
  auto started = client_->ImportTable(request);
  ASSERT_TRUE(started.ok()) << started.error();
  clock_->AdvanceMicros(kDelayMs * 1000);
  auto done = client_->DescribeImport({started->import_table_description.import_arn});
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->import_table_description.imported_item_count, kItems);
}

TEST_F(TransferTest, ImportCreatesTheTableWithItsItemsAndIndexes) {
  for (int i = 0; i < 5; ++i) Put("k" + std::to_string(i), "same");
  const ExportDescription d = Export({.export_format = "ION"});
  const std::string base = d.export_manifest->substr(0, d.export_manifest->rfind('/') + 1);
  ImportTableRequest request;
  request.source = {.s3_bucket_source = {.s3_bucket = "bucket", .s3_key_prefix = base + "data/"},
                    .input_format = "ION",
                    .input_compression_type = "GZIP"};
  request.table_creation_parameters = {
      .table_name = "copy",
      .attribute_definitions = {{"pk", ScalarAttributeType::kS}, {"v", ScalarAttributeType::kS}},
      .key_schema = {{"pk", KeyType::kHash}},
      .global_secondary_indexes = {{.index_name = "byV",
                                    .key_schema = {{"v", KeyType::kHash}},
                                    .projection = {.projection_type = ProjectionType::kAll}}},
      .billing_mode = BillingMode::kPayPerRequest};
  auto started = client_->ImportTable(request);
  ASSERT_TRUE(started.ok()) << started.error();
  EXPECT_EQ(started->import_table_description.import_status, "IN_PROGRESS");
  EXPECT_EQ(client_->DescribeTable({"copy"})->table.table_status, TableStatus::kCreating);
  clock_->AdvanceMicros(kDelayMs * 1000);
  EXPECT_EQ(client_->DescribeTable({"copy"})->table.table_status, TableStatus::kActive);
  auto done = client_->DescribeImport({started->import_table_description.import_arn});
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->import_table_description.import_status, "COMPLETED");
  EXPECT_EQ(done->import_table_description.imported_item_count, 5);
  EXPECT_EQ(done->import_table_description.error_count, 0);
  auto by_v = client_->Query({.table_name = "copy",
                              .index_name = "byV",
                              .key_condition_expression = "v = :v",
                              .expression_attribute_values = {{":v", AttributeValue::S("same")}}});
  ASSERT_TRUE(by_v.ok()) << by_v.error();
  EXPECT_EQ(by_v->items.size(), 5u);
  auto again = client_->ImportTable(request);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code(), ErrorCode::kResourceInUse);
}

TEST_F(TransferTest, RecordsThatCannotBeImportedAreCountedAndLogged) {
  const std::string big(401 * 1024, 'x');
  std::filesystem::create_directories(root_ + "/s3/bucket/in");
  std::ofstream(root_ + "/s3/bucket/in/items.json")
      << R"({"Item":{"pk":{"S":"ok"}}})"
      << "\n"
      << R"({"Item":{"pk":{"N":"1"}}})"
      << "\n"  // the key of the wrong type
      << R"({"Item":{"other":{"S":"x"}}})"
      << "\n"  // no key
      << R"({"Item":{"pk":{"S":""}}})"
      << "\n"  // an empty key
      << R"({"Item":{"pk":{"S":"big"},"v":{"S":")" << big << R"("}}})"
      << "\n"
      << R"({"Item":)"
      << "\n";  // cut short
  ImportTableRequest request;
  request.source = {.s3_bucket_source = {.s3_bucket = "bucket", .s3_key_prefix = "in/"},
                    .input_format = "DYNAMODB_JSON"};
  request.table_creation_parameters = {.table_name = "errs",
                                       .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
                                       .key_schema = {{"pk", KeyType::kHash}},
                                       .billing_mode = BillingMode::kPayPerRequest};
  auto started = client_->ImportTable(request);
  ASSERT_TRUE(started.ok()) << started.error();
  clock_->AdvanceMicros(kDelayMs * 1000);
  const ImportTableDescription d =
      client_->DescribeImport({started->import_table_description.import_arn})
          ->import_table_description;
  EXPECT_EQ(d.import_status, "COMPLETED");
  EXPECT_EQ(d.processed_item_count, 6);
  EXPECT_EQ(d.imported_item_count, 1);
  EXPECT_EQ(d.error_count, 5);
  ASSERT_TRUE(d.cloud_watch_log_group_arn.has_value());
  const std::string log = SlurpPath(d.cloud_watch_log_group_arn->substr(5));
  EXPECT_NE(log.find("Type mismatch for key pk expected: S actual: N"), std::string::npos) << log;
  EXPECT_NE(log.find("Missing the key pk"), std::string::npos) << log;
  EXPECT_NE(log.find("Item size has exceeded the maximum allowed size"), std::string::npos);
  EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 5);
}

}  // namespace transfer_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
