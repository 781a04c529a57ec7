// ReadTarget: what a Query or Scan reads — a table, or one of its secondary indexes — with the
// key it is addressed by and the storage key space its entries live in; and the two keys a read
// exchanges with its caller: ExclusiveStartKey in, LastEvaluatedKey out. On an index both hold
// the index key attributes and the table's key attributes, as the service returns them
// (API reference, Query, LastEvaluatedKey).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/key_condition.h"
#include "ops/engine.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

struct ReadTarget {
  const TableSchema* table = nullptr;
  const IndexSchema* index = nullptr;  // null: the table itself
  // The key the request addresses: the index's for an index, else the table's. Views into
  // `table`'s schema (which outlives the target): resolving a target per read copied them.
  std::span<const KeyAttribute> partition_key;
  std::span<const KeyAttribute> sort_key;
  std::uint32_t keyspace_id = 0;

  bool is_index() const { return index != nullptr; }
  bool is_global_index() const { return index != nullptr && !index->is_local; }
  bool is_local_index() const { return index != nullptr && index->is_local; }
  // The addressed key as the expression layer sees it (expr::ExtractKeyCondition).
  expr::KeySchemaView KeyView() const;
  // Whether `name` is one of the addressed key's attributes.
  bool IsKeyAttribute(std::string_view name) const;
};

// The caller's table `table_name_or_arn` in `txn`'s snapshot; ResourceNotFoundException
// "Requested resource not found" (the data plane's wording) when there is none.
// Shared and immutable (the catalog's cache of decoded schemas).
Result<std::shared_ptr<const TableSchema>> LoadReadTable(Engine& engine, const storage::Txn& txn,
                                                         const Caller& caller,
                                                         std::string_view table_name_or_arn);

// Query and Scan do not read vector indexes (Developer Guide, vector index "Requirements and
// limitations"): "<operation> operation not supported on this index type" when `index_name`
// names one, as the service answers.
Status RefuseVectorIndex(const TableSchema& table, const std::optional<std::string>& index_name,
                         std::string_view operation);

// The table itself, or the index named `index_name`: "The table does not have the specified
// index: NAME" when it has none of that name, and "Consistent reads are not supported on
// global secondary indexes" for a strongly consistent read of a GSI (AWS's wording; dynalite's
// tests against the service). `table` must outlive the target.
Result<ReadTarget> ResolveReadTarget(const TableSchema& table,
                                     const std::optional<std::string>& index_name,
                                     bool consistent_read);

// ExclusiveStartKey checks before it is used, as the service makes them: exactly the table's
// and the target's key attributes ("The provided starting key is invalid"); the addressed key's
// attributes of their declared types ("The provided key element does not match the schema"),
// checked when `check_addressed_key` (Query, and Scan of an index); then the table's key
// ("The provided starting key is invalid: The provided key element does not match the schema"
// for a mistyped one).
Status ValidateStartKey(const ReadTarget& target, const Item& start_key, bool check_addressed_key);

// The storage key of the entry `start_key` (validated) names; reading resumes after it.
Result<std::string> StartAfterStorageKey(const ReadTarget& target, const Item& start_key);

// LastEvaluatedKey of the entry stored under `storage_key` in the target's key space.
Result<Item> LastEvaluatedKey(const ReadTarget& target, std::string_view storage_key);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
