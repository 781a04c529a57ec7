// The migration records in the table (#MIGRATION / V<version>#<name>): load, and save with
// the scan checkpoint. One item per migration, rewritten whole at each checkpoint (a Put of a
// few hundred bytes: 1 WCU per page of the scan, counted in the record it writes).
#pragma once

#include <optional>

#include "migrations/migration.h"

namespace hrcore::migrations {

struct StoredRecord {
  MigrationRecord record;
  std::optional<Item> cursor;  // the LastEvaluatedKey of the last page done, in step `step`
  std::int64_t step_scanned = 0;
  bool rolling_back = false;  // the steps run are the rollback's
};

Item RecordKey(const MigrationInfo& info);
Result<StoredRecord> LoadRecord(MigrationIo& io, const MigrationInfo& info);
Status SaveRecord(MigrationIo& io, const StoredRecord& stored);
// The record as an item, with the capacity `stored` holds.
Item RecordItem(const StoredRecord& stored, std::int64_t now_micros);
// The item SaveRecord puts: the record counts the Put that writes it (one WCU: a record is a
// few hundred bytes), so that the consumption it states includes every save, the last one
// too, and the plan (which counts the saves) and the record agree.
Item CountedRecordItem(const StoredRecord& stored, std::int64_t now_micros);

}  // namespace hrcore::migrations
