// BulkPutJob: the progress of one bulk put (StartBulkPutItems) over time, as
// DescribeBulkOperation reports it — its status (the SDK's BulkOperationStatus), its counts, and
// the records that failed, for the ERROR output. Pure: the caller decodes the input into
// records (item_file.h) and passes the write of a batch into the table, so the
// pacing is tested on a virtual clock and the wiring to the table (its capacity buckets) lives
// with the operation.
//
// Pacing (StartBulkPutItemsInput.MaxWriteRequestUnits: "the maximum rate, in write request
// units per second, at which the bulk operation attempts to write ... The actual write rate can
// be lower"): time is cut into whole seconds from the start; in each second the job writes
// batches of up to 25 items while the second's units last, each item costing a standard write's
// units (1 per KB, rounded up). The table may refuse a write (its capacity model throttles): the
// item is kept and the second ends, so a hot partition slows the job. A second's writes are
// done once it has passed: N one-unit items at R units per second are all written ceil(N / R)
// seconds after the start.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {

enum class BulkStatus {
  kInProgress,
  kCompleted,            // every record processed, none failed parsing or validation
  kCompletedWithErrors,  // every record processed, at least one failed
  kCancelling,           // CancelBulkOperation accepted; stops before its next batch
  kCancelled,
  kFailed,
};
// The API's name: "IN_PROGRESS", "COMPLETED", ...
std::string_view BulkStatusName(BulkStatus status);
bool IsTerminal(BulkStatus status);

// One record of the input, decoded by the caller.
struct BulkRecord {
  std::optional<Item> item;  // absent: the record is not an item (`error` says why)
  std::string error;
  std::string text;       // the record as read, for the failure output
  std::size_t bytes = 0;  // its share of the input's bytes
};

// What the table did with one item of a batch.
struct BulkWrite {
  enum class Outcome { kWritten, kThrottled, kRejected };
  Outcome outcome = Outcome::kWritten;
  std::string error;  // kRejected: the service's message (a missing key, an item too large)
};
// Writes `items` into the table; one BulkWrite per item, in order.
using BulkBatchWriter = std::function<std::vector<BulkWrite>(const std::vector<const Item*>&)>;

struct BulkCounts {
  std::size_t processed_items = 0;  // written + failed (DescribeBulkOperation's ProcessedItemCount)
  std::size_t failed_items = 0;     // FailedItemCount
  std::uint64_t processed_input_bytes = 0;
  std::uint64_t total_input_bytes = 0;
  std::uint64_t bulk_put_bytes = 0;  // the written items' sizes (BulkOperationUsage.BulkPutBytes)
  std::uint64_t write_units = 0;     // units the writes consumed
};

// A record that failed, for the ERROR output file.
struct BulkFailure {
  std::size_t record = 0;  // its index in the input
  std::string error;
  std::string text;
};

// Where a job stands, as the catalog keeps it (transfer_store.h): with the same input records,
// a job built from it goes on from its next record.
struct BulkJobState {
  BulkStatus status = BulkStatus::kInProgress;
  std::int64_t start_micros = 0;
  std::int64_t seconds_run = 0;
  std::size_t next = 0;  // the first record not yet processed
  std::optional<std::int64_t> end_micros;
  BulkCounts counts;
  std::vector<BulkFailure> failures;
};

class BulkPutJob {
 public:
  static constexpr std::size_t kItemsPerBatch = 25;

  // `max_write_units` absent: no rate of its own, only the table's capacity bounds it.
  BulkPutJob(std::vector<BulkRecord> records, std::optional<std::int64_t> max_write_units,
             std::int64_t start_micros);
  // A job resumed where `state` left it, over the records it was started with.
  BulkPutJob(std::vector<BulkRecord> records, std::optional<std::int64_t> max_write_units,
             BulkJobState state);

  // Runs every whole second that has passed by `now_micros` (none twice); a finished or
  // cancelled job does nothing.
  void Advance(std::int64_t now_micros, const BulkBatchWriter& write);
  // CancelBulkOperation: CANCELLING until the next second, which stops it (CANCELLED) before
  // its first batch. False when the job has already ended.
  bool Cancel();

  BulkStatus status() const { return status_; }
  const BulkCounts& counts() const { return counts_; }
  std::int64_t start_micros() const { return start_micros_; }
  std::optional<std::int64_t> end_micros() const { return end_micros_; }
  const std::vector<BulkFailure>& failures() const { return failures_; }
  BulkJobState state() const;

 private:
  // One second's batches; false when the table throttled (the second ends early).
  void RunSecond(const BulkBatchWriter& write);
  void Finish(std::int64_t at_micros);

  std::vector<BulkRecord> records_;
  std::optional<std::int64_t> max_write_units_;
  std::int64_t start_micros_;
  std::int64_t seconds_run_ = 0;
  std::size_t next_ = 0;  // the first record not yet processed
  BulkStatus status_ = BulkStatus::kInProgress;
  std::optional<std::int64_t> end_micros_;
  BulkCounts counts_;
  std::vector<BulkFailure> failures_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
