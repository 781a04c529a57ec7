// BulkPutJob (see bulk_put_job.h).
#include "ops/transfer/bulk_put_job.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

constexpr std::int64_t kSecond = 1'000'000;

// A standard write's units: one per KB of the item, rounded up (the Developer Guide's write
// request units).
std::int64_t WriteUnits(const Item& item) {
  return static_cast<std::int64_t>((ItemSize(item) + 1023) / 1024);
}

}  // namespace

std::string_view BulkStatusName(BulkStatus status) {
  switch (status) {
    case BulkStatus::kInProgress:
      return "IN_PROGRESS";
    case BulkStatus::kCompleted:
      return "COMPLETED";
    case BulkStatus::kCompletedWithErrors:
      return "COMPLETED_WITH_ERRORS";
    case BulkStatus::kCancelling:
      return "CANCELLING";
    case BulkStatus::kCancelled:
      return "CANCELLED";
    case BulkStatus::kFailed:
      return "FAILED";
  }
  return "FAILED";
}

bool IsTerminal(BulkStatus status) {
  return status == BulkStatus::kCompleted || status == BulkStatus::kCompletedWithErrors ||
         status == BulkStatus::kCancelled || status == BulkStatus::kFailed;
}

BulkPutJob::BulkPutJob(std::vector<BulkRecord> records, std::optional<std::int64_t> max_write_units,
                       std::int64_t start_micros)
    : records_(std::move(records)), max_write_units_(max_write_units), start_micros_(start_micros) {
  for (const BulkRecord& r : records_) counts_.total_input_bytes += r.bytes;
}

BulkPutJob::BulkPutJob(std::vector<BulkRecord> records, std::optional<std::int64_t> max_write_units,
                       BulkJobState state)
    : records_(std::move(records)),
      max_write_units_(max_write_units),
      start_micros_(state.start_micros),
      seconds_run_(state.seconds_run),
      next_(std::min(state.next, records_.size())),
      status_(state.status),
      end_micros_(state.end_micros),
      counts_(state.counts),
      failures_(std::move(state.failures)) {}

BulkJobState BulkPutJob::state() const {
  return {status_, start_micros_, seconds_run_, next_, end_micros_, counts_, failures_};
}

bool BulkPutJob::Cancel() {
  if (IsTerminal(status_)) return false;
  status_ = BulkStatus::kCancelling;
  return true;
}

void BulkPutJob::Finish(std::int64_t at_micros) {
  end_micros_ = at_micros;
  if (status_ == BulkStatus::kCancelling) {
    status_ = BulkStatus::kCancelled;
  } else {
    status_ = counts_.failed_items == 0 ? BulkStatus::kCompleted : BulkStatus::kCompletedWithErrors;
  }
}

void BulkPutJob::Advance(std::int64_t now_micros, const BulkBatchWriter& write) {
  // A job with nothing to do is done at its start.
  if (status_ == BulkStatus::kInProgress && next_ == records_.size()) Finish(start_micros_);
  while (!IsTerminal(status_) && start_micros_ + (seconds_run_ + 1) * kSecond <= now_micros) {
    ++seconds_run_;
    const std::int64_t second_end = start_micros_ + seconds_run_ * kSecond;
    if (status_ == BulkStatus::kCancelling) {  // stopped between batches
      Finish(second_end);
      break;
    }
    RunSecond(write);
    if (next_ == records_.size()) Finish(second_end);
  }
}

void BulkPutJob::RunSecond(const BulkBatchWriter& write) {
  std::int64_t units_left = max_write_units_.value_or(std::numeric_limits<std::int64_t>::max());
  while (next_ < records_.size()) {
    // The next batch: records that are not items are processed (failed) on the way, costing
    // no units; items join while the second's units last.
    std::vector<const Item*> batch;
    std::vector<std::size_t> indexes;
    std::int64_t batch_units = 0;
    std::size_t scan = next_;
    while (scan < records_.size() && batch.size() < kItemsPerBatch) {
      const BulkRecord& r = records_[scan];
      if (r.item) {
        const std::int64_t units = WriteUnits(*r.item);
        if (batch_units + units > units_left) break;
        batch_units += units;
        batch.push_back(&*r.item);
        indexes.push_back(scan);
      }
      ++scan;
    }
    if (batch.empty() && scan == next_) return;  // this second's units are spent
    const std::vector<BulkWrite> written = batch.empty() ? std::vector<BulkWrite>() : write(batch);
    // Records up to the first throttled item are processed; it and those after it wait.
    std::size_t in_batch = 0;
    bool throttled = false;
    for (std::size_t i = next_; i < scan; ++i) {
      BulkRecord& r = records_[i];
      if (!r.item) {
        ++counts_.processed_items;
        ++counts_.failed_items;
        counts_.processed_input_bytes += r.bytes;
        failures_.push_back({i, r.error, r.text});
        next_ = i + 1;
        continue;
      }
      const BulkWrite outcome = in_batch < written.size() ? written[in_batch] : BulkWrite{};
      ++in_batch;
      if (outcome.outcome == BulkWrite::Outcome::kThrottled) {
        throttled = true;
        break;
      }
      ++counts_.processed_items;
      counts_.processed_input_bytes += r.bytes;
      const std::int64_t units = WriteUnits(*r.item);
      if (outcome.outcome == BulkWrite::Outcome::kWritten) {
        units_left -= units;  // a refused write consumes nothing
        counts_.bulk_put_bytes += ItemSize(*r.item);
        counts_.write_units += static_cast<std::uint64_t>(units);
      } else {
        ++counts_.failed_items;
        failures_.push_back({i, outcome.error, r.text});
      }
      next_ = i + 1;
    }
    if (throttled) return;
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
