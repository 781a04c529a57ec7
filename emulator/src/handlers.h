// One handler per operation: parse the validated body (api/), execute (ops/), render (api/).
// Grouped by family in handlers_<family>.cc; listed once in operation_table.cc.
#pragma once

#include <string>

#include <rapidjson/document.h>

#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::handlers {

#define DDB_HANDLER(name) \
  Result<std::string> name(ops::Engine& engine, const ops::Caller& caller, const rapidjson::Value& body)

// Control plane (handlers_tables.cc).
DDB_HANDLER(CreateTable);
DDB_HANDLER(DescribeTable);
DDB_HANDLER(ListTables);
DDB_HANDLER(DeleteTable);
DDB_HANDLER(UpdateTable);

// Single items (handlers_items.cc).
DDB_HANDLER(PutItem);
DDB_HANDLER(GetItem);
DDB_HANDLER(DeleteItem);
DDB_HANDLER(UpdateItem);

// Reads (handlers_reads.cc).
DDB_HANDLER(Query);
DDB_HANDLER(Scan);

// Batches (handlers_batch.cc).
DDB_HANDLER(BatchGetItem);
DDB_HANDLER(BatchWriteItem);

// Transactions (handlers_transact.cc).
DDB_HANDLER(TransactGetItems);
DDB_HANDLER(TransactWriteItems);

// PartiQL (handlers_partiql.cc).
DDB_HANDLER(ExecuteStatement);
DDB_HANDLER(BatchExecuteStatement);
DDB_HANDLER(ExecuteTransaction);

#undef DDB_HANDLER

}  // namespace ddbemu::handlers
