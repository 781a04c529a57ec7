// BulkPutJob (ops/transfer/bulk_put_job.h) on a virtual timeline: pacing by
// MaxWriteRequestUnits, the table's throttling slowing it, cancel between batches, and records
// that are not items counted as failures.
#include "ops/transfer/bulk_put_job.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

constexpr std::int64_t kStart = 1'700'000'000'000'000;
constexpr std::int64_t kSecond = 1'000'000;

// `n` items of one write unit each (well under 1 KB).
std::vector<BulkRecord> Items(std::size_t n) {
  std::vector<BulkRecord> records;
  for (std::size_t i = 0; i < n; ++i) {
    Item item;
    item["pk"] = AttributeValue::S("item" + std::to_string(i));
    records.push_back({std::move(item), "", "", 40});
  }
  return records;
}

// Writes every item, remembering them.
struct Table {
  std::vector<std::string> keys;
  std::size_t calls = 0;
  BulkBatchWriter writer() {
    return [this](const std::vector<const Item*>& batch) {
      ++calls;
      EXPECT_LE(batch.size(), BulkPutJob::kItemsPerBatch);
      std::vector<BulkWrite> out;
      for (const Item* item : batch) {
        keys.push_back(*item->get("pk")->as_string());
        out.push_back({});
      }
      return out;
    };
  }
};

TEST(BulkPutJobTest, WritesAtMostMaxWriteRequestUnitsPerSecond) {
  BulkPutJob job(Items(5000), 1024, kStart);
  Table table;
  job.Advance(kStart + kSecond - 1, table.writer());  // the first second has not passed
  EXPECT_EQ(job.counts().processed_items, 0u);
  EXPECT_EQ(job.status(), BulkStatus::kInProgress);
  for (std::size_t s = 1; s <= 4; ++s) {
    job.Advance(kStart + static_cast<std::int64_t>(s) * kSecond, table.writer());
    EXPECT_EQ(job.counts().processed_items, 1024 * s) << "after second " << s;
    EXPECT_EQ(job.status(), BulkStatus::kInProgress);
    EXPECT_FALSE(job.end_micros().has_value());
  }
  // ceil(5000 / 1024) = 5 seconds.
  job.Advance(kStart + 5 * kSecond, table.writer());
  EXPECT_EQ(job.status(), BulkStatus::kCompleted);
  EXPECT_EQ(job.end_micros(), kStart + 5 * kSecond);
  EXPECT_EQ(table.keys.size(), 5000u);
  EXPECT_EQ(job.counts().write_units, 5000u);
  EXPECT_EQ(job.counts().processed_input_bytes, job.counts().total_input_bytes);
  EXPECT_EQ(job.counts().failed_items, 0u);
}

TEST(BulkPutJobTest, OneLateAdvanceRunsEverySecondThatPassed) {
  BulkPutJob job(Items(3000), 1024, kStart);
  Table table;
  job.Advance(kStart + 10 * kSecond, table.writer());
  EXPECT_EQ(job.status(), BulkStatus::kCompleted);
  EXPECT_EQ(job.end_micros(), kStart + 3 * kSecond);  // when the third second's writes ended
  // Batches do not span seconds: 1024 items are 41 batches, the last 952 are 39.
  EXPECT_EQ(table.calls, 41u + 41u + 39u);
}

TEST(BulkPutJobTest, LargerItemsCostMoreUnits) {
  std::vector<BulkRecord> records;
  for (int i = 0; i < 1000; ++i) {  // about 3 KB each: 3 units
    Item item;
    item["pk"] = AttributeValue::S("k" + std::to_string(i));
    item["blob"] = AttributeValue::S(std::string(3000, 'x'));
    records.push_back({std::move(item), "", "", 3100});
  }
  BulkPutJob job(std::move(records), 1024, kStart);
  Table table;
  job.Advance(kStart + kSecond, table.writer());
  EXPECT_EQ(job.counts().processed_items, 1024u / 3);
  EXPECT_EQ(job.counts().write_units, 3u * (1024 / 3));
  job.Advance(kStart + 2 * kSecond, table.writer());
  EXPECT_EQ(job.counts().processed_items, 2u * (1024 / 3));
}

TEST(BulkPutJobTest, TableThrottlingEndsTheSecondAndTheItemWaits) {
  BulkPutJob job(Items(100), 1024, kStart);
  // The table takes 30 items a second (a hot partition): the rest of each batch is throttled.
  std::size_t this_second = 0;
  std::vector<std::string> written;
  BulkBatchWriter hot = [&](const std::vector<const Item*>& batch) {
    std::vector<BulkWrite> out;
    for (const Item* item : batch) {
      if (this_second < 30) {
        ++this_second;
        written.push_back(*item->get("pk")->as_string());
        out.push_back({});
      } else {
        out.push_back({BulkWrite::Outcome::kThrottled, ""});
      }
    }
    return out;
  };
  for (int s = 1; s <= 3; ++s) {
    this_second = 0;
    job.Advance(kStart + s * kSecond, hot);
    EXPECT_EQ(job.counts().processed_items, 30u * s);
  }
  this_second = 0;
  job.Advance(kStart + 4 * kSecond, hot);
  EXPECT_EQ(job.status(), BulkStatus::kCompleted);
  ASSERT_EQ(written.size(), 100u);
  for (std::size_t i = 0; i < written.size(); ++i)
    EXPECT_EQ(written[i], "item" + std::to_string(i));
}

TEST(BulkPutJobTest, CancelStopsBeforeTheNextBatch) {
  BulkPutJob job(Items(5000), 1024, kStart);
  Table table;
  job.Advance(kStart + 2 * kSecond, table.writer());
  ASSERT_TRUE(job.Cancel());
  EXPECT_EQ(job.status(), BulkStatus::kCancelling);
  job.Advance(kStart + 2 * kSecond + kSecond / 2, table.writer());
  EXPECT_EQ(job.status(), BulkStatus::kCancelling);  // the next second has not come
  job.Advance(kStart + 10 * kSecond, table.writer());
  EXPECT_EQ(job.status(), BulkStatus::kCancelled);
  EXPECT_EQ(job.end_micros(), kStart + 3 * kSecond);
  EXPECT_EQ(job.counts().processed_items, 2048u);
  EXPECT_EQ(table.keys.size(), 2048u);
  EXPECT_FALSE(job.Cancel());  // ended: nothing to cancel
}

TEST(BulkPutJobTest, BadRecordsAndRefusedItemsAreFailuresWithTheirText) {
  std::vector<BulkRecord> records = Items(3);
  records.insert(records.begin() + 1,
                 BulkRecord{std::nullopt, "Malformed DynamoDB JSON", "oops", 5});
  Item no_key;
  no_key["other"] = AttributeValue::S("x");
  records.push_back({std::move(no_key), "", "{\"other\":{\"S\":\"x\"}}", 20});
  BulkPutJob job(std::move(records), 1024, kStart);
  BulkBatchWriter write = [](const std::vector<const Item*>& batch) {
    std::vector<BulkWrite> out;
    for (const Item* item : batch) {
      if (item->get("pk")) {
        out.push_back({});
      } else {
        out.push_back(
            {BulkWrite::Outcome::kRejected, "One of the required keys was not given a value"});
      }
    }
    return out;
  };
  job.Advance(kStart + kSecond, write);
  EXPECT_EQ(job.status(), BulkStatus::kCompletedWithErrors);
  EXPECT_EQ(job.counts().processed_items, 5u);
  EXPECT_EQ(job.counts().failed_items, 2u);
  ASSERT_EQ(job.failures().size(), 2u);
  EXPECT_EQ(job.failures()[0].record, 1u);
  EXPECT_EQ(job.failures()[0].text, "oops");
  EXPECT_EQ(job.failures()[1].record, 4u);
  EXPECT_EQ(job.failures()[1].error, "One of the required keys was not given a value");
  EXPECT_EQ(job.counts().write_units, 3u);  // the refused write consumed nothing
}

TEST(BulkPutJobTest, EmptyInputCompletesAtItsStart) {
  BulkPutJob job({}, std::nullopt, kStart);
  job.Advance(kStart, [](const std::vector<const Item*>&) { return std::vector<BulkWrite>(); });
  EXPECT_EQ(job.status(), BulkStatus::kCompleted);
  EXPECT_EQ(job.end_micros(), kStart);
  EXPECT_EQ(BulkStatusName(job.status()), "COMPLETED");
  EXPECT_EQ(BulkStatusName(BulkStatus::kCompletedWithErrors), "COMPLETED_WITH_ERRORS");
}

TEST(BulkPutJobTest, WithoutARateOnlyTheTableBoundsIt) {
  BulkPutJob job(Items(5000), std::nullopt, kStart);
  Table table;
  job.Advance(kStart + kSecond, table.writer());
  EXPECT_EQ(job.status(), BulkStatus::kCompleted);
  EXPECT_EQ(table.keys.size(), 5000u);
}

}  // namespace
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
