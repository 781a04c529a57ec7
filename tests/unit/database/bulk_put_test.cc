// Bulk put (StartBulkPutItems) through the embedded client on a virtual clock: its input read by
// the data-file codec of exports and imports (ION, ZSTD), paced by MaxWriteRequestUnits, and its
// operations kept in the catalog, so a reopened Database on the same directory shows them.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "database_test_util.h"
#include "ddbemu/embedded_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace bulk_put_test {

constexpr std::int64_t kSecond = 1'000'000;

class BulkPutTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "ddbemu-bulk-XXXXXX").string();
    root_ = mkdtemp(pattern.data());
    std::filesystem::create_directories(root_ + "/s3/in");
    std::filesystem::create_directories(root_ + "/s3/out");
    Open();
    CreateTableRequest create{.table_name = "songs",
                              .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
                              .key_schema = {{"pk", KeyType::kHash}},
                              .billing_mode = BillingMode::kPayPerRequest};
    auto created = client_->CreateTable(create);
    ASSERT_TRUE(created.ok()) << created.error();
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
    options.transient_status_ms = 0;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error();
    db_ = std::move(db).value();
    client_ = MakeEmbeddedClient(*db_);
  }

  void WriteInput(const std::string& key, const std::string& bytes) {
    std::filesystem::create_directories(
        std::filesystem::path(root_ + "/s3/in/" + key).parent_path());
    std::ofstream(root_ + "/s3/in/" + key, std::ios::binary) << bytes;
  }

  // `n` one-unit Ion records ("$ion_1_0 {Item:{pk:"p0",n:0.}}"), then `bad` lines that are not.
  static std::string IonLines(int n, const std::string& prefix, int bad = 0) {
    std::string out;
    for (int i = 0; i < n; ++i) {
      out += "$ion_1_0 {Item:{pk:\"" + prefix + std::to_string(i) + "\",n:" + std::to_string(i) +
             ".}}\n";
    }
    for (int i = 0; i < bad; ++i) out += "{Item:{pk:}\n";
    return out;
  }
  static std::string Zstd(const std::string& bytes) {
    std::string out(ZSTD_compressBound(bytes.size()), '\0');
    out.resize(ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3));
    return out;
  }

  StartBulkPutItemsRequest Request(const std::string& prefix, const std::string& format,
                                   const std::string& compression) {
    StartBulkPutItemsRequest r;
    r.table_name = "songs";
    r.input_s3_configuration = {.s3_bucket = "in",
                                .s3_key_prefix = prefix,
                                .input_format = format,
                                .input_compression_type = compression};
    r.output_s3_configuration = {.s3_bucket = "out", .output_type = {"ERROR"}};
    r.max_write_request_units = 1024;
    return r;
  }

  BulkOperationDescription Describe(const std::string& arn) {
    auto d = client_->DescribeBulkOperation({arn});
    EXPECT_TRUE(d.ok()) << d.error();
    return d.ok() ? d->bulk_operation_description : BulkOperationDescription{};
  }

  std::int64_t CountItems() {
    auto scanned = client_->Scan({.table_name = "songs", .select = Select::kCount});
    EXPECT_TRUE(scanned.ok());
    return scanned.ok() ? scanned->count : -1;
  }

  std::string root_;
  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>(1'700'000'000'000'000);
  std::unique_ptr<Database> db_;
  std::unique_ptr<Client> client_;
};

TEST_F(BulkPutTest, ReadsIonCompressedWithZstdAtItsRate) {
  WriteInput("ion/part-1.ion.zst", Zstd(IonLines(1500, "p", 1)));
  auto started = client_->StartBulkPutItems(Request("ion/", "ION", "ZSTD"));
  ASSERT_TRUE(started.ok()) << started.error();
  const std::string arn = started->bulk_operation_description.bulk_operation_arn;
  EXPECT_EQ(started->bulk_operation_description.bulk_operation_status, "IN_PROGRESS");
  clock_->AdvanceMicros(kSecond);
  EXPECT_EQ(Describe(arn).processed_item_count, 1024);
  EXPECT_EQ(CountItems(), 1024);
  clock_->AdvanceMicros(kSecond);
  const BulkOperationDescription d = Describe(arn);
  EXPECT_EQ(d.bulk_operation_status, "COMPLETED_WITH_ERRORS");
  EXPECT_EQ(d.processed_item_count, 1501);
  EXPECT_EQ(d.failed_item_count, 1);
  EXPECT_EQ(d.processed_input_bytes, d.total_input_bytes.value_or(-1));
  EXPECT_EQ(CountItems(), 1500);
  Item key;
  key.insert_or_assign("pk", AttributeValue::S("p7"));
  auto item = client_->GetItem({.table_name = "songs", .key = key});
  ASSERT_TRUE(item.ok() && item->item.has_value());
  EXPECT_EQ(*item->item->get("n")->as_number_text(), "7");
}

TEST_F(BulkPutTest, ACorruptObjectFailsTheOperation) {
  WriteInput("bad/part-1.json.zst", "not zstd at all");
  auto started = client_->StartBulkPutItems(Request("bad/", "DYNAMODB_JSON", "ZSTD"));
  ASSERT_TRUE(started.ok()) << started.error();
  const BulkOperationDescription d = started->bulk_operation_description;
  EXPECT_EQ(d.bulk_operation_status, "FAILED");
  EXPECT_EQ(d.failure_code, "InvalidInput");
  EXPECT_EQ(d.failure_message, "The file is not valid ZSTD");
}

TEST_F(BulkPutTest, AReopenedDatabaseShowsFinishedOperationsAndResumesOneInProgress) {
  WriteInput("small/part-1.json", "{\"Item\":{\"pk\":{\"S\":\"only\"}}}\n");
  std::string lines;
  for (int i = 0; i < 3000; ++i) {
    lines += "{\"Item\":{\"pk\":{\"S\":\"k" + std::to_string(i) + "\"}}}\n";
  }
  WriteInput("big/part-1.json", lines);
  auto small = client_->StartBulkPutItems(Request("small/", "DYNAMODB_JSON", "NONE"));
  ASSERT_TRUE(small.ok()) << small.error();
  clock_->AdvanceMicros(kSecond);
  EXPECT_EQ(Describe(small->bulk_operation_description.bulk_operation_arn).bulk_operation_status,
            "COMPLETED");
  auto big = client_->StartBulkPutItems(Request("big/", "DYNAMODB_JSON", "NONE"));
  ASSERT_TRUE(big.ok()) << big.error();
  const std::string arn = big->bulk_operation_description.bulk_operation_arn;
  clock_->AdvanceMicros(kSecond);
  EXPECT_EQ(Describe(arn).processed_item_count, 1024);

  Open();
  auto listed = client_->ListBulkOperations({});
  ASSERT_TRUE(listed.ok()) << listed.error();
  ASSERT_EQ(listed->bulk_operations_summary_list.size(), 2u);
  EXPECT_EQ(listed->bulk_operations_summary_list[0].bulk_operation_arn,
            small->bulk_operation_description.bulk_operation_arn);
  EXPECT_EQ(listed->bulk_operations_summary_list[0].bulk_operation_status, "COMPLETED");
  BulkOperationDescription d = Describe(arn);
  EXPECT_EQ(d.bulk_operation_status, "IN_PROGRESS");
  EXPECT_EQ(d.processed_item_count, 1024);
  EXPECT_EQ(d.max_write_request_units, 1024);
  EXPECT_EQ(d.input_s3_configuration.s3_key_prefix, "big/");
  // From its next record, at its rate: 1,024 more a second, 3,000 in all after 3 seconds.
  clock_->AdvanceMicros(kSecond);
  EXPECT_EQ(Describe(arn).processed_item_count, 2048);
  clock_->AdvanceMicros(kSecond);
  d = Describe(arn);
  EXPECT_EQ(d.bulk_operation_status, "COMPLETED");
  EXPECT_EQ(d.processed_item_count, 3000);
  EXPECT_EQ(d.end_time_micros.value_or(0) - d.start_time_micros, 3 * kSecond);
  EXPECT_EQ(CountItems(), 3001);
  EXPECT_TRUE(std::filesystem::exists(root_ + "/s3/out/AWSDynamoDBBulkPut/" +
                                      arn.substr(arn.rfind('/') + 1) + "/summary.json"));
}

}  // namespace bulk_put_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
