// UpdatePlan: the state one UpdateTable request computes before anything is written — the
// schema the catalog will hold, the schema the response shows, and the index to backfill or
// drop. Built by table_update.cc (table-level changes) and table_index_update.cc (GSI actions).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "storage/table_schema.h"

namespace ddbemu::ops {

struct UpdatePlan {
  const TableSchema* current = nullptr;  // as stored before the request
  TableSchema next;                      // as stored after it
  TableSchema shown;                     // as the response reports it (filled last)
  bool target_on_demand = false;         // the billing mode after the request
  bool switching_billing = false;        // the request changes the billing mode
  std::int64_t now_micros = 0;
  std::string region;                        // for quota messages
  std::optional<std::string> created_index;  // name of a GSI to backfill (in next.indexes)
  std::optional<IndexSchema> deleted_index;  // a GSI to drop (no longer in next.indexes)
};

}  // namespace ddbemu::ops
