// LaggedView (see reads.h).
#include "ops/reads/reads.h"

#include "storage/key_layout.h"
#include "storage/table_schema.h"

namespace ddbemu::ops {

Result<LaggedView> BuildLaggedView(const storage::ItemStore& store, const storage::Txn& txn,
                                   const ReadTarget& target,
                                   const storage::VersionHistory& history) {
  const TableSchema& table = *target.table;
  LaggedView view;
  for (auto& lagged : history.LaggedIn(table.keyspace_id)) {
    if (!target.is_index()) {
      view.entries[lagged.storage_key] = lagged.version;
      continue;
    }
    const IndexSchema& index = *target.index;
    Item current;
    DDB_ASSIGN_OR_RETURN(bool found, store.Get(txn, lagged.storage_key, &current));
    // Hide the current entry first: when the lagged version sits under the same index key, it
    // takes the place back.
    if (found) {
      if (auto key = storage::EncodeIndexKey(table, index, current))
        view.entries[*key] = std::nullopt;
    }
    if (lagged.version) {
      if (auto key = storage::EncodeIndexKey(table, index, *lagged.version)) {
        view.entries[*key] = storage::ProjectItem(table, index, *lagged.version);
      }
    }
    view.base_items[lagged.storage_key] = std::move(lagged.version);
  }
  return view;
}

}  // namespace ddbemu::ops
