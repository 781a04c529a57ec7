// Observations of the single-item operations and of Query and Scan (request_shape.h), and the
// pieces every Observe overload shares (observation_parts.h).
#include "audit/request_shape.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>

#include "audit/observation_parts.h"
#include "audit/raw_shape.h"
#include "audit/read_keys.h"
#include "storage/table_schema.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

std::shared_ptr<const TableSchema> SchemaOf(AccessAudit& audit, ops::Engine& engine,
                                            const ops::Caller& caller, std::string_view table) {
  if (auto cached = audit.CachedSchema(caller.ns, table)) return cached;
  auto txn = engine.env.BeginRead();
  if (!txn.ok()) return nullptr;
  auto schema = engine.catalog.GetShared(*txn, caller.ns, std::string(table));
  if (!schema.ok() || *schema == nullptr) return nullptr;
  audit.CacheSchema(caller.ns, table, *schema);
  return *schema;
}

KeyRef PartitionKey(const TableSchema& schema, const Item& item) {
  return KeyOf({&schema.partition_key, 1}, item);
}

std::uint64_t TableSeed(std::string_view ns, const TableSchema& schema) {
  return CombineHash(std::hash<std::string_view>{}(ns), std::hash<std::string_view>{}(schema.name));
}

std::uint64_t ItemHash(std::uint64_t seed, const KeyScalar& partition, const KeyScalar* sort) {
  const std::uint64_t partition_hash = KeyHash({&partition, 1});
  if (partition_hash == 0) return 0;
  std::uint64_t h = CombineHash(seed, partition_hash);
  if (sort != nullptr) {
    const std::uint64_t sort_hash = KeyHash({sort, 1});
    if (sort_hash == 0) return 0;
    h = CombineHash(h, sort_hash);
  }
  return h | 1;
}

std::uint64_t ItemHash(std::string_view ns, const TableSchema& schema, const Item& item) {
  const KeyRef partition = PartitionKey(schema, item);
  if (!schema.sort_key) return ItemHash(TableSeed(ns, schema), partition.values[0], nullptr);
  const KeyRef sort = KeyOf({&*schema.sort_key, 1}, item);
  return ItemHash(TableSeed(ns, schema), partition.values[0], &sort.values[0]);
}

bool Throttled(const ApiError& error) {
  return error.code() == ErrorCode::kProvisionedThroughputExceeded ||
         error.code() == ErrorCode::kThrottling || error.code() == ErrorCode::kRequestLimitExceeded;
}

bool ThrottledCode(std::string_view code) {
  return code == "ProvisionedThroughputExceeded" || code == "ThrottlingError" ||
         code == "RequestLimitExceeded";
}

Observation Begin(const ops::Caller& caller, std::string_view operation, std::string_view table,
                  const ApiError* error) {
  Observation o;
  o.ns = caller.ns;
  o.table = table;
  o.operation = operation;
  if (error != nullptr) {
    o.ok = false;
    o.throttled = Throttled(*error);
  }
  return o;
}

void ObserveItemWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                      Observation o, const ItemWrite& write) {
  const Item& key_source = *write.key_source;
  const api::ExpressionParameters* expressions = write.expressions;
  // The condition is the write's shape: found by its raw form, as a read's expressions are
  // (raw_shape.h). A caller that set expressions of its own (PartiQL's WHERE) is normalised.
  RawShape raw;
  if (o.key_condition.empty() && o.filter.empty() && o.projection.empty()) {
    if (expressions != nullptr && expressions->condition_expression) {
      raw.filter = {RawExpression::kExpression, *expressions->condition_expression, "condition: "};
      SetExpressions(raw, expressions->names, o);
    } else {
      o.raw = &raw;  // no expression: the rest of the shape is its raw form
    }
  }
  if (write.put) {
    for (std::size_t i = 0; i < std::size(kRequiredAttributes); ++i) {
      (key_source.contains(kRequiredAttributes[i]) ? o.present_attributes : o.missing_attributes) |=
          1u << i;
    }
  }
  o.write_units = write.write_units;
  o.item_kb = write.item_kb;
  const auto schema = SchemaOf(audit, engine, caller, o.table);
  if (schema) {
    o.partition_key = PartitionKey(*schema, key_source);
    o.written_item = ItemHash(caller.ns, *schema, key_source);
    if (write.put && schema->sort_key) {
      o.grows_collection = true;
      o.sort_key_hash = KeyHash({&*schema->sort_key, 1}, key_source);
    }
  }
  if (o.written_item == 0) o.written_item = 1;  // a write all the same (sizes count)
  if (!o.ok) o.written_item = 0;
  audit.Record(o);
}

void RecordKeyRead(AccessAudit& audit, const ops::Caller& caller, const TableSchema* schema,
                   const Item& key, Observation& o) {
  std::uint64_t read_item = 0;  // 0: not needed, no schema, or the key lacks an attribute
  if (schema != nullptr) {
    o.partition_key = PartitionKey(*schema, key);
    // Record checks only consistent and GSI reads against recent writes, and finds the same
    // without the item when no write is recent.
    if ((o.consistent_read || o.global_index_read) && audit.WroteWithinWindow(audit.NowMicros())) {
      read_item = ItemHash(caller.ns, *schema, key);
    }
  }
  if (read_item != 0) o.read_items = {&read_item, 1};
  audit.Record(o);
  o.read_items = {};  // it pointed at this frame
}

UnitsShare ShareOf(const std::vector<api::TableCapacity>& capacity, std::string_view table,
                   std::int64_t items, bool reads) {
  UnitsShare share;
  if (items <= 0) return share;
  for (const api::TableCapacity& t : capacity) {
    if (t.table_name != table) continue;
    const double n = static_cast<double>(items);
    if (t.read_capacity_units + t.write_capacity_units > 0) {
      share.read_units = t.read_capacity_units / n;
      share.write_units = t.write_capacity_units / n;
    } else {
      (reads ? share.read_units : share.write_units) = t.capacity_units / n;
    }
    break;
  }
  return share;
}

double ItemKb(const Item& item) { return std::ceil(static_cast<double>(ItemSize(item)) / 1024.0); }

namespace {

template <class Request>
void ObserveWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                  std::string_view operation, const Request& request, const Item& key_source,
                  const Result<api::ItemResponse>& response, bool put) {
  ItemWrite write{&key_source, &request.expressions, 0, 0, put};
  if (response.ok() && response->consumed_capacity) {
    const api::ConsumedCapacity& capacity = *response->consumed_capacity;
    write.write_units = capacity.capacity_units;
    write.item_kb = capacity.table ? capacity.table->capacity_units : capacity.capacity_units;
  }
  ObserveItemWrite(audit, engine, caller,
                   Begin(caller, operation, request.table_name, ErrorOf(response)), write);
}

// Records `o`, whose read_keys reads its keys from the table's schema: the recorder's, or, when
// it holds none (a table's first request, or the table does not exist), the catalog's.
void RecordWithKeys(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                    const Observation& o) {
  if (audit.Record(o)) return;
  const auto schema = SchemaOf(audit, engine, caller, o.table);  // caches it
  audit.Record(o, /*schema_looked_up=*/true);
}

// A Query's or Scan's items, whose keys the audit reads (ReadKeys).
struct ReadContext {
  std::string_view ns;
  std::string_view index;
  bool consistent;
  bool is_query;
  const api::ReadResponse* response;
  std::optional<ReadKeys> keys;  // what ObservedKeys points into
};

void ReadItemKeys(void* context, const TableSchema& schema, bool recent_write, ObservedKeys& out) {
  auto& c = *static_cast<ReadContext*>(context);
  const IndexSchema* index = c.index.empty() ? nullptr : schema.FindIndex(c.index);
  out.global_index_read = index != nullptr && !index->is_local;
  // GSI and consistent reads are checked against recent writes: they need their items' table
  // keys, but only while a write is recent (otherwise Record finds the same without them).
  const bool check_items = (out.global_index_read || c.consistent) && recent_write;
  // A Query's partition: its first item's partition key, on the GSI it read or the table (an
  // LSI shares the table's).
  std::span<const KeyAttribute> partition;
  if (c.is_query) {
    partition = out.global_index_read ? std::span<const KeyAttribute>(index->partition_key)
                                      : std::span<const KeyAttribute>(&schema.partition_key, 1);
  }
  if (partition.empty() && !check_items) return;  // a Scan not checked: it needs no key
  c.keys.emplace(c.ns, schema, partition, check_items ? ReadKeys::kMaxItems : 0);
  c.keys->Read(*c.response);
  out.partition_key = c.keys->partition_key();
  if (check_items) out.read_items = c.keys->item_hashes();
}

// Query and Scan: index, expressions, counts and the items' keys.
template <class Request>
void ObserveRead(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                 std::string_view operation, const Request& request, RawExpression key_condition,
                 const Result<api::ReadResponse>& response) {
  const api::ReadParameters& read = request.read;
  Observation o = Begin(caller, operation, read.table_name, ErrorOf(response));
  o.index = read.index_name ? std::string_view(*read.index_name) : std::string_view();
  RawShape raw;
  raw.key_condition = key_condition;
  if (read.filter_expression) raw.filter = {RawExpression::kExpression, *read.filter_expression};
  if (read.filter) raw.filter = {RawExpression::kLiteral, "(legacy QueryFilter/ScanFilter)"};
  if (read.projection_expression) {
    raw.projection = {RawExpression::kExpression, *read.projection_expression};
  }
  if (read.select && *read.select == api::Select::kCount) {
    raw.projection = {RawExpression::kLiteral, "COUNT"};
  }
  SetExpressions(raw, read.names, o);
  o.consistent_read = read.consistent_read;
  o.limit = read.limit.value_or(0);
  if (response.ok()) {
    o.items_read = response->scanned_count;
    o.items_returned = response->count;
    if (response->consumed_capacity) o.read_units = response->consumed_capacity->capacity_units;
  }
  if (!response.ok()) {
    audit.Record(o);  // no items: no keys
    return;
  }
  ReadContext context{caller.ns, o.index, o.consistent_read, operation == "Query", &*response};
  o.read_keys = &ReadItemKeys;
  o.keys_context = &context;
  RecordWithKeys(audit, engine, caller, o);
}

// GetItem's key, read from the request.
struct KeyContext {
  std::string_view ns;
  const Item* key;
  bool consistent;
  std::uint64_t read_item = 0;  // read_items points here
};

void ReadRequestKey(void* context, const TableSchema& schema, bool recent_write,
                    ObservedKeys& out) {
  auto& c = *static_cast<KeyContext*>(context);
  out.partition_key = PartitionKey(schema, *c.key);
  // Record checks only consistent reads (of the table) against recent writes, and finds the
  // same without the item when no write is recent.
  if (c.consistent && recent_write) {
    c.read_item = ItemHash(c.ns, schema, *c.key);
    if (c.read_item != 0) out.read_items = {&c.read_item, 1};
  }
}

}  // namespace

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::GetItemRequest& request, const Result<api::ItemResponse>& response) {
  Observation o = Begin(caller, "GetItem", request.table_name, ErrorOf(response));
  o.consistent_read = request.consistent_read;
  RawShape raw;
  if (request.expressions.projection_expression) {
    raw.projection = {RawExpression::kExpression, *request.expressions.projection_expression};
  }
  SetExpressions(raw, request.expressions.names, o);
  if (response.ok()) {
    o.items_read = 1;
    o.items_returned = response->item || !response->encoded_item.empty() ? 1 : 0;
    if (response->consumed_capacity) o.read_units = response->consumed_capacity->capacity_units;
  }
  KeyContext context{caller.ns, &request.key, request.consistent_read};
  o.read_keys = &ReadRequestKey;
  o.keys_context = &context;
  RecordWithKeys(audit, engine, caller, o);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::PutItemRequest& request, const Result<api::ItemResponse>& response) {
  ObserveWrite(audit, engine, caller, "PutItem", request, request.item, response, true);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::UpdateItemRequest& request, const Result<api::ItemResponse>& response) {
  ObserveWrite(audit, engine, caller, "UpdateItem", request, request.key, response, false);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::DeleteItemRequest& request, const Result<api::ItemResponse>& response) {
  ObserveWrite(audit, engine, caller, "DeleteItem", request, request.key, response, false);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::QueryRequest& request, const Result<api::ReadResponse>& response) {
  RawExpression condition;
  if (request.key_condition_expression) {
    condition = {RawExpression::kExpression, *request.key_condition_expression};
  } else if (request.key_conditions) {
    condition = {RawExpression::kLiteral, "(legacy KeyConditions)"};
  }
  ObserveRead(audit, engine, caller, "Query", request, condition, response);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ScanRequest& request, const Result<api::ReadResponse>& response) {
  ObserveRead(audit, engine, caller, "Scan", request, RawExpression{}, response);
}

void Observe(AccessAudit& audit, ops::Engine&, const ops::Caller& caller,
             const api::SearchVectorsRequest& request,
             const Result<api::SearchVectorsResult>& response) {
  Observation o = Begin(caller, "SearchVectors", request.table_name, ErrorOf(response));
  o.index = request.index_name;
  RawShape raw;
  if (request.search_condition_expression) {
    raw.key_condition = {RawExpression::kExpression, *request.search_condition_expression};
  }
  if (request.projection_expression) {
    raw.projection = {RawExpression::kExpression, *request.projection_expression};
  }
  SetExpressions(raw, request.names, o);
  o.limit = request.top_k;
  if (response.ok()) {
    o.items_read = response->vectors_examined;
    o.items_returned = static_cast<std::int64_t>(response->results.size());
    o.vector_search_bytes = response->search_request_bytes.value_or(0);
  }
  audit.Record(o);  // no keys: a vector index is not a key space the other findings read
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
