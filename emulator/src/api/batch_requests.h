// Typed requests and responses of BatchGetItem and BatchWriteItem, and the multi-table
// ConsumedCapacity list they share with the transactions. The JSON codec in batch_requests.cc
// fills them from a body that ValidateRequest has accepted (so the model's constraints —
// 1..100 Keys per table, 1..25 WriteRequests per table, table-name patterns, enums — hold);
// ops/batch/batch.h executes them.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/item_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

// One table's entry of BatchGetItem.RequestItems (the KeysAndAttributes shape). Everything but
// the keys is kept as given, so that UnprocessedKeys can hand it back unchanged ("in the same
// form as RequestItems, so the value can be provided directly to a subsequent BatchGetItem").
struct KeysAndAttributes {
  std::string table;  // the RequestItems key: a table name or a table ARN
  std::vector<Item> keys;
  std::optional<bool> consistent_read;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy projection
  ExpressionParameters expressions;  // ProjectionExpression and ExpressionAttributeNames only
  LegacyParameters legacy;           // AttributesToGet only (points into the request body)
};

struct BatchGetItemRequest {
  std::vector<KeysAndAttributes> tables;  // in request order
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

// ConsumedCapacity of one table of a multi-table operation. `capacity_units` is the total;
// the read and write parts are rendered only for the operations that report them (the
// transactions).
struct TableCapacity {
  std::string table_name;  // as the request named it (a name or an ARN)
  double capacity_units = 0;
  double read_capacity_units = 0;
  double write_capacity_units = 0;
  // With ReturnConsumedCapacity INDEXES: the table's own share ("Table"; the whole entry when
  // unset) and each secondary index the request charged.
  std::optional<Capacity> table;
  std::map<std::string, Capacity> local_secondary_indexes;
  std::map<std::string, Capacity> global_secondary_indexes;
  std::map<std::string, double> vector_write_bytes;  // VectorIndexes (INDEXES only)
};

struct BatchGetItemResponse {
  // Every requested table, in request order, with the items found (possibly none).
  std::vector<std::pair<std::string, std::vector<Item>>> responses;
  // Tables with keys left unread (16 MB response limit, or refused by the capacity layer).
  std::vector<KeysAndAttributes> unprocessed;
  std::vector<TableCapacity> consumed_capacity;  // empty unless asked for
};

// One element of a BatchWriteItem table list: a PutRequest (the item) or a DeleteRequest (the
// key).
struct WriteRequest {
  enum class Kind { kPut, kDelete };
  Kind kind = Kind::kPut;
  Item item;  // kPut: the item; kDelete: the key
};

struct TableWriteRequests {
  std::string table;  // the RequestItems key: a table name or a table ARN
  std::vector<WriteRequest> requests;
};

struct BatchWriteItemRequest {
  std::vector<TableWriteRequests> tables;  // in request order
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  bool return_item_collection_metrics = false;
};

// ItemCollectionMetrics of a multi-item write (BatchWriteItem, TransactWriteItems): per table
// with local secondary indexes, in request order, the metrics of each item written.
using ItemCollectionMetricsPerTable =
    std::vector<std::pair<std::string, std::vector<ItemCollectionMetrics>>>;

struct BatchWriteItemResponse {
  std::vector<TableWriteRequests> unprocessed;  // empty when everything was written
  std::vector<TableCapacity> consumed_capacity;
  ItemCollectionMetricsPerTable item_collection_metrics;  // ReturnItemCollectionMetrics SIZE
};

// How much of a TableCapacity a multi-table ConsumedCapacity list shows. The batches show
// CapacityUnits only; the transactions also ReadCapacityUnits / WriteCapacityUnits (when
// non-zero), at the top of each entry and, for TransactWriteItems, inside "Table" (what
// DynamoDB Local answers; the API reference leaves the INDEXES detail open).
struct CapacityParts {
  bool read_write_units = false;
  bool read_write_units_in_table = false;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
