// ReadPage: one page of a Query or Scan — the loop both share. It walks a key range of the
// target with an LMDB cursor inside the request's one read transaction and stops, in the
// service's way (API reference, Query/Scan Limit; Developer Guide, "Paginating table query
// results"):
//   - after Limit items have been *read* (before the filter), returning LastEvaluatedKey even
//     when no item follows (the service does not look ahead);
//   - once the items read add up to 1 MB (1,048,576 bytes by the item-size rule, counted before
//     the filter and the projection), when another item follows: the item that reaches the
//     limit is part of the page, and LastEvaluatedKey names it (as DynamoDB Local answers,
//     which stops at exactly 1 MB and does not return a key after the last item).
// Count is the items kept by the filter, ScannedCount the items read. Consumed capacity: the
// sizes read, summed and rounded up to 4 KB once (docs/capacity.md §1), plus, for an LSI read that
// fetches items from the table, one rounded read per fetched item (as DynamoDB Local charges).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "api/read_requests.h"
#include "capacity/read_tally.h"
#include "capacity/request_charge.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "ops/reads/read_target.h"
#include "ops/reads/reads.h"
#include "storage/item_store.h"
#include "storage/key_range.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

inline constexpr std::size_t kMaxPageBytes = std::size_t{1} << 20;

struct PageRequest {
  storage::KeyRange range;
  storage::ScanDirection direction = storage::ScanDirection::kForward;
  std::optional<std::string> start_after;  // resume strictly after this storage key
  std::optional<std::int64_t> limit;
  bool consistent_read = false;
  const expr::Condition* filter = nullptr;
  api::ReturnConsumedCapacity return_consumed_capacity = api::ReturnConsumedCapacity::kNone;
  // For the capacity model (ops/capacity/capacity_charge.h, AdmitPage), filled when set: where in
  // the partition-hash space the page read its bytes, and what it cost.
  capacity::ReadTally* tally = nullptr;
  capacity::RequestCharge* charge = nullptr;
  // The caller writes the items as JSON (api::ReadParameters::encoded_response): when the
  // shape keeps items whole, they stay in their storage encoding and are never decoded
  // (unless a filter must see them).
  bool encoded = false;
  // An eventually consistent read's view of recent writes (reads.h); null: the current data.
  const LaggedView* lagged = nullptr;
};

Result<api::ReadResponse> ReadPage(const storage::ItemStore& store, const storage::Txn& txn,
                                   const ReadTarget& target, const ReadShape& shape,
                                   const PageRequest& page);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
