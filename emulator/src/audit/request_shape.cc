// Observations of the single-item operations and of Query and Scan (request_shape.h), and the
// pieces every Observe overload shares (observation_parts.h).
#include "audit/request_shape.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

#include "audit/observation_parts.h"
#include "storage/table_schema.h"
#include "value/encoded_item_keys.h"
#include "value/item_size.h"

namespace ddbemu::audit {

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
  const std::span<const KeyAttribute> attributes(&schema.partition_key, 1);
  return KeyRef{attributes, &item, KeyHash(attributes, item)};
}

std::uint64_t ItemHash(std::string_view ns, const TableSchema& schema, const Item& item) {
  const std::uint64_t partition = KeyHash({&schema.partition_key, 1}, item);
  if (partition == 0) return 0;
  std::uint64_t h =
      CombineHash(std::hash<std::string_view>{}(ns), std::hash<std::string_view>{}(schema.name));
  h = CombineHash(h, partition);
  if (schema.sort_key) {
    const std::uint64_t sort = KeyHash({&*schema.sort_key, 1}, item);
    if (sort == 0) return 0;
    h = CombineHash(h, sort);
  }
  return h | 1;
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
  if (expressions != nullptr && expressions->condition_expression) {
    o.filter =
        "condition: " + NormalizeExpression(*expressions->condition_expression, expressions->names);
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
  std::uint64_t read_item = 0;  // 0: no schema, or the key lacks an attribute
  if (schema != nullptr) {
    o.partition_key = PartitionKey(*schema, key);
    read_item = ItemHash(caller.ns, *schema, key);
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

// Reads past this many items are not checked against recent writes (bounds the cost).
constexpr std::size_t kItemsChecked = 100;

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

// The key attributes (`names`) of the first `n` items of a page: all the audit reads of them.
// The JSON path keeps the items in their storage encoding (api::ReadResponse::encoded_items);
// only these attributes of these few are decoded.
// The first item gets `first_names` (a GSI read's needs the index's partition key too), the
// others `names`.
std::vector<Item> FirstItems(const api::ReadResponse& response, std::size_t n,
                             std::span<const std::string_view> first_names,
                             std::span<const std::string_view> names) {
  if (!response.items.empty() || response.encoded_items.empty()) {
    const std::size_t count = std::min(n, response.items.size());
    return {response.items.begin(), response.items.begin() + static_cast<std::ptrdiff_t>(count)};
  }
  std::vector<Item> items;
  std::size_t offset = 0;
  for (std::uint32_t size : response.encoded_item_sizes) {
    if (items.size() == n) break;
    Item item;
    if (!itemcodec::DecodeItemAttributes(
            std::string_view(response.encoded_items).substr(offset, size),
            items.empty() ? first_names : names, &item)) {
      break;
    }
    items.push_back(std::move(item));
    offset += size;
  }
  return items;
}

// The names of the attributes KeyHash and ItemHash read: the table's key and, for an index
// read, the index's partition key (at most 2 + 4 names).
std::size_t KeyNames(const TableSchema& schema, const IndexSchema* index,
                     std::array<std::string_view, 6>& names) {
  std::size_t n = 0;
  names[n++] = schema.partition_key.name;
  if (schema.sort_key) names[n++] = schema.sort_key->name;
  if (index != nullptr) {
    for (const KeyAttribute& a : index->partition_key) {
      if (n < names.size()) names[n++] = a.name;
    }
  }
  return n;
}

// Query and Scan: index, expressions, counts and the items' keys.
template <class Request>
void ObserveRead(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                 std::string_view operation, const Request& request,
                 std::optional<std::string_view> key_condition,
                 const Result<api::ReadResponse>& response) {
  const api::ReadParameters& read = request.read;
  Observation o = Begin(caller, operation, read.table_name, ErrorOf(response));
  o.index = read.index_name ? std::string_view(*read.index_name) : std::string_view();
  if (key_condition) o.key_condition = NormalizeExpression(*key_condition, read.names);
  if (read.filter_expression) o.filter = NormalizeExpression(*read.filter_expression, read.names);
  if (read.filter) o.filter = "(legacy QueryFilter/ScanFilter)";
  if (read.projection_expression) {
    o.projection = NormalizeExpression(*read.projection_expression, read.names);
  }
  if (read.select && *read.select == api::Select::kCount) o.projection = "COUNT";
  o.consistent_read = read.consistent_read;
  o.limit = read.limit.value_or(0);
  if (response.ok()) {
    o.items_read = response->scanned_count;
    o.items_returned = response->count;
    if (response->consumed_capacity) o.read_units = response->consumed_capacity->capacity_units;
  }
  const auto schema = SchemaOf(audit, engine, caller, read.table_name);
  std::vector<Item> items;
  std::array<std::uint64_t, kItemsChecked> read_items;
  if (schema && response.ok()) {
    const IndexSchema* index = o.index.empty() ? nullptr : schema->FindIndex(o.index);
    o.global_index_read = index != nullptr && !index->is_local;
    // Only a Query's first item is needed (for its partition key), unless the read is checked
    // against recent writes (GSI reads, consistent reads): decode no more than that.
    const bool check_items = o.global_index_read || o.consistent_read;
    const bool is_query = operation == "Query";
    if (check_items) {
      std::array<std::string_view, 6> names;
      const std::size_t n = KeyNames(*schema, index, names);
      const std::size_t table_key = schema->sort_key ? 2 : 1;  // all ItemHash reads
      items = FirstItems(*response, kItemsChecked, {names.data(), n}, {names.data(), table_key});
    } else if (is_query) {
      // A base table's or an LSI's Query: its first item's partition key is all it needs.
      const std::string_view name = schema->partition_key.name;
      items = FirstItems(*response, 1, {&name, 1}, {&name, 1});
    }
    if (is_query && !items.empty()) {
      if (o.global_index_read) {
        o.partition_key = KeyRef{index->partition_key, &items.front(),
                                 KeyHash(index->partition_key, items.front())};
      } else {
        o.partition_key = PartitionKey(*schema, items.front());
      }
    }
    if (check_items) {
      std::size_t n = 0;
      for (const Item& item : items) {
        if (std::uint64_t h = ItemHash(caller.ns, *schema, item)) read_items[n++] = h;
      }
      o.read_items = std::span<const std::uint64_t>(read_items.data(), n);
    }
  }
  audit.Record(o);
}

}  // namespace

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::GetItemRequest& request, const Result<api::ItemResponse>& response) {
  Observation o = Begin(caller, "GetItem", request.table_name, ErrorOf(response));
  o.consistent_read = request.consistent_read;
  if (request.expressions.projection_expression) {
    o.projection =
        NormalizeExpression(*request.expressions.projection_expression, request.expressions.names);
  }
  if (response.ok()) {
    o.items_read = 1;
    o.items_returned = response->item || !response->encoded_item.empty() ? 1 : 0;
    if (response->consumed_capacity) o.read_units = response->consumed_capacity->capacity_units;
  }
  const auto schema = SchemaOf(audit, engine, caller, request.table_name);
  RecordKeyRead(audit, caller, schema.get(), request.key, o);
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
  std::optional<std::string_view> condition;
  if (request.key_condition_expression) {
    condition = *request.key_condition_expression;
  } else if (request.key_conditions) {
    condition = "(legacy KeyConditions)";
  }
  ObserveRead(audit, engine, caller, "Query", request, condition, response);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ScanRequest& request, const Result<api::ReadResponse>& response) {
  ObserveRead(audit, engine, caller, "Scan", request, std::nullopt, response);
}

}  // namespace ddbemu::audit
