// The checks UpdateTable makes on the request alone, before it looks the table up (the
// service validates first: an UpdateTable with nothing to change is a ValidationException
// even for a table that does not exist). The checks that need the table's current state are
// in ops/tables/table_update.cc.
#pragma once

#include "api/table_requests.h"
#include "ddbemu/error.h"

namespace ddbemu::api {

// The number of changes the request asks for (the members of the "At least one of ..." list
// that are present), GlobalSecondaryIndexUpdates counting once when non-empty.
int CountUpdateOperations(const UpdateTableRequest& request);

// At least one change; no empty GlobalSecondaryIndexUpdates beside other changes; one action
// per index entry and per index; at most one index Create or Delete (LimitExceededException);
// DeletionProtection, TableClass and SSE changes alone; an index Create or Delete not combined
// with throughput, stream or warm-throughput changes; throughput and on-demand values in range.
Status ValidateUpdateTable(const UpdateTableRequest& request);

}  // namespace ddbemu::api
