// MigrationIo: every request a migration sends goes through here, so that each one is
//  - paced: a token bucket per capacity kind, refilled at the budget (MigrationOptions), may
//    go into debt by what a call actually consumed; the next call waits until it is repaid;
//  - retried when throttled (ProvisionedThroughputExceeded, ThrottlingException, a
//    transaction cancelled only by throttling or conflicts), after an exponential back-off,
//    and the budget halved (then regained step by step), so that a migration yields to the
//    live traffic the partition is also serving;
//  - metered: ReturnConsumedCapacity TOTAL, summed in consumed().
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "hrcore/errors.h"
#include "hrcore/migrations.h"

namespace hrcore::migrations {

using ddbemu::Item;

class MigrationIo {
 public:
  MigrationIo(ddbemu::Client& client, const MigrationOptions& options, double read_rate,
              double write_rate);

  const std::string& table() const { return options_.table_name; }
  const MigrationOptions& options() const { return options_; }
  const MigrationCapacity& consumed() const { return consumed_; }
  std::int64_t NowMicros() const;
  void Sleep(std::int64_t micros);

  // A consistent Scan page (consistent: the step must see every committed write).
  Result<ddbemu::ScanResponse> ScanPage(const std::optional<Item>& start, int limit);
  Result<std::optional<Item>> Get(const Item& key);
  // The items at `keys`, read from one snapshot (TransactGetItems).
  Result<std::vector<std::optional<Item>>> SnapshotGet(const std::vector<Item>& keys);
  // A conditional write: true when it took effect, false when its condition was false.
  Result<bool> Update(ddbemu::UpdateItemRequest request);
  Result<bool> Put(ddbemu::PutItemRequest request);
  Result<bool> Delete(ddbemu::DeleteItemRequest request);
  // True when committed, false when cancelled by a ConditionalCheckFailed.
  Result<bool> Transact(ddbemu::TransactWriteItemsRequest request);
  Result<ddbemu::TableDescription> Describe();
  Status UpdateTable(ddbemu::UpdateTableRequest request);

 private:
  template <class F>
  auto Call(bool write, F call) -> decltype(call());
  void Wait(bool write);
  void Charge(const ddbemu::ConsumedCapacity& c, bool write);

  ddbemu::Client& client_;
  const MigrationOptions& options_;
  const ddbemu::Clock& clock_;
  double rate_[2];    // units per second: [0] reads, [1] writes
  double tokens_[2];  // may be negative: the debt the next call waits for
  std::int64_t refilled_[2];
  double factor_ = 1.0;  // AIMD share of the budget after throttling
  MigrationCapacity consumed_;
};

// DynamoDB's item size (docs/capacity.md §1): names plus values; N one byte per pair of digits
// aligned on the decimal point, plus one (the service's rule, so that the plan sizes pages and
// writes as the service does).
std::int64_t ItemSize(const Item& item);

}  // namespace hrcore::migrations
