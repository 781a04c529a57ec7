// What the multi-item operations (BatchGetItem, BatchWriteItem, TransactGetItems,
// TransactWriteItems) share beyond the single-item machinery: the tables a request names, each
// looked up once inside the request's LMDB transaction; the key checks with the wording each
// operation answers; and the per-table capacity tally.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/batch_requests.h"
#include "capacity/capacity_units.h"
#include "capacity/request_charge.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// The tables of one request, by the name or ARN the request used. Schemas stay valid (and
// their addresses stable) for the object's lifetime. They are the catalog's shared, cached
// decodings (Catalog::GetShared): a transaction of a few items decodes no schema.
class RequestTables {
 public:
  RequestTables(Engine& engine, const storage::Txn& txn, const Caller& caller)
      : engine_(engine), txn_(txn), caller_(caller) {}

  // The schema of the table `name_or_arn` designates, or ResourceNotFoundException "Requested
  // resource not found" (the data-plane wording) when the caller has no such table.
  Result<const TableSchema*> Find(std::string_view name_or_arn);

 private:
  Engine& engine_;
  const storage::Txn& txn_;
  const Caller& caller_;
  std::map<std::string, std::shared_ptr<const TableSchema>, std::less<>> tables_;
};

// Whether `key_or_item` holds every key attribute of `table` with its declared type (and, for
// a Key map, nothing else; for an item, the declared type for each index key it holds). When it
// does, a failing ValidateKey / ValidateItemKeys is about a key *value* (empty, too long): the
// service rejects that before it runs a transaction, as a ValidationException; a missing or
// mistyped key attribute instead cancels the transaction with a ValidationError reason
// (paritysuite/dynamodb-conformance captures from AWS, 2026-06).
bool KeyAttributesWellTyped(const TableSchema& table, const Item& key_or_item, bool is_item);

// BatchWriteItem's check of a PutRequest item: the table's key attributes missing or mistyped
// are "The provided key element does not match the schema" (not PutItem's "Missing the key" /
// "Type mismatch for key" wording; dynalite and paritysuite recorded it from AWS); index key
// types and key values are worded as in PutItem.
Status ValidateBatchPutItem(const TableSchema& table, const Item& item);

// Appends the ItemCollectionMetrics of one write to `table`'s list (nothing for a table without
// local secondary indexes, whose writes have none).
void AddItemCollectionMetrics(std::string_view table,
                              std::optional<api::ItemCollectionMetrics> metrics,
                              api::ItemCollectionMetricsPerTable* out);

// Capacity by table, in the order the tables were first charged (the order of the request),
// with each table's own share and its indexes' (ReturnConsumedCapacity INDEXES).
class CapacityTally {
 public:
  void AddRead(std::string_view table, capacity::HalfUnits half_units);
  void AddWrite(std::string_view table, capacity::HalfUnits half_units);
  // A whole request's charge (the table's share and its indexes', ops/capacity/capacity_charge.h).
  void Add(std::string_view table, const capacity::RequestCharge& charge);
  // Makes `table` appear in the list even if nothing is charged to it.
  void Touch(std::string_view table);
  std::vector<api::TableCapacity> Tables() const;

 private:
  struct Entry {
    std::string table;
    capacity::RequestCharge charge;
  };
  Entry& At(std::string_view table);
  std::vector<Entry> entries_;  // a handful of tables: a linear search is the fastest map
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
