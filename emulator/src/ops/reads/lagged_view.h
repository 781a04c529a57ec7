// LaggedView: what an eventually consistent Query or Scan sees differently from the current
// data when eventual consistency is on (a realism switch, Options::eventual_consistency_window_ms;
// storage/version_history.h). For every item written within the window, the read sees the
// item's version from `window` ago: its current entry in the target (the table, or an index
// the item is projected into) is hidden, and the entry its lagged version had is shown in its
// place. Global secondary indexes are always read this way (they are eventually consistent in
// the service); table reads and LSI reads only without ConsistentRead.
//
// ReadPage merges the view into its cursor walk, so Limit, the 1 MB page, the filter,
// ScannedCount and LastEvaluatedKey treat lagged entries as stored ones.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "ddbemu/error.h"
#include "ops/reads/read_target.h"
#include "storage/item_store.h"
#include "storage/version_history.h"

namespace ddbemu::ops {

struct LaggedView {
  // Storage key in the target's key space -> the entry the read sees there (nullopt: none).
  std::map<std::string, std::optional<Item>> entries;
  // Table storage key -> the base item the read sees (LSI reads that fetch from the table).
  std::map<std::string, std::optional<Item>> base_items;
};

// The view of `target` for a read now; empty when nothing was written within the window.
Result<LaggedView> BuildLaggedView(const storage::ItemStore& store, const storage::Txn& txn,
                                   const ReadTarget& target,
                                   const storage::VersionHistory& history);

}  // namespace ddbemu::ops
