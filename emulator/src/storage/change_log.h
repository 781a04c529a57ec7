// ChangeLog: the history that point-in-time recovery restores from (RestoreTableToPointInTime).
// For each table with PITR enabled, every write of an item appends, inside the write's own LMDB
// transaction, the version the write replaced — so the log is never ahead of or behind the
// table. The table as it was at time T is then: every item changed after T at the version its
// first change after T replaced, every other item as it is now.
//
// In the meta DBI:
//   "p" | table id                        -> u64 retention (micros)      PITR is on for the table
//   "P" | table id | u64 micros | u64 seq -> u32 key length | table key | encoded item ("" when
//                                            the write created the item)
// Entries older than the retention are dropped as new ones arrive; turning PITR off (or deleting
// the table) drops the table's log, as the service forgets the history then.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/clock.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/env.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

class ChangeLog {
 public:
  ChangeLog(const Env& env, const Clock& clock) : meta_(env.meta_dbi()), clock_(clock) {}

  // Logs the writes of table `table_id` from now on, keeping `retention_micros` of history (a
  // table already logged keeps its log and takes the new retention).
  Status Enable(WriteTxn& txn, std::string_view table_id, std::int64_t retention_micros);
  // Stops logging the table and drops its log.
  Status Disable(WriteTxn& txn, std::string_view table_id);

  // A write of the item under `table_key` of `schema` replaced `old_item` (null: none). Does
  // nothing unless the table is logged.
  Status Record(WriteTxn& txn, const TableSchema& schema, std::string_view table_key,
                const Item* old_item);

  // Every item of the table changed after `micros`, by table key, at the version it had at
  // `micros` (nullopt: it did not exist then).
  Result<std::map<std::string, std::optional<Item>>> VersionsAt(const Txn& txn,
                                                                std::string_view table_id,
                                                                std::int64_t micros) const;

  // Every item of the table written in (from_micros, to_micros], by table key, with the time of
  // its last write in that window (an incremental export's WriteTimestampMicros).
  Result<std::map<std::string, std::int64_t>> LastWritesBetween(const Txn& txn,
                                                                std::string_view table_id,
                                                                std::int64_t from_micros,
                                                                std::int64_t to_micros) const;

 private:
  Dbi meta_;
  const Clock& clock_;
  std::atomic<std::uint64_t> sequence_{0};  // orders the writes of one microsecond
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
