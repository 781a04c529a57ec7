// Observations of the audited operations (request_shape.h).
#include "audit/request_shape.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <functional>
#include <span>

#include "storage/table_schema.h"
#include "value/item_codec.h"
#include "value/json_codec.h"

namespace ddbemu::audit {
namespace {

using ::ddbemu::KeyAttribute;
using ::ddbemu::TableSchema;

// Reads past this many items are not checked against recent writes (bounds the cost).
constexpr std::size_t kItemsChecked = 100;

std::shared_ptr<const TableSchema> SchemaOf(AccessAudit& audit, ops::Engine& engine,
                                            const ops::Caller& caller, const std::string& table) {
  if (auto cached = audit.CachedSchema(caller.ns, table)) return cached;
  auto txn = engine.env.BeginRead();
  if (!txn.ok()) return nullptr;
  auto schema = engine.catalog.GetShared(*txn, caller.ns, table);
  if (!schema.ok() || *schema == nullptr) return nullptr;
  audit.CacheSchema(caller.ns, table, *schema);
  return *schema;
}

// The values of `attributes` in `item` as DynamoDB JSON ({"PK":{"S":"ORG#1"}}), the way the
// capacity report labels keys; "" when one is missing.
std::string LabelOf(std::span<const KeyAttribute> attributes, const Item& item) {
  Item key;
  for (const KeyAttribute& a : attributes) {
    auto it = item.find(a.name);
    if (it == item.end()) return "";
    key.emplace(a.name, it->second);
  }
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteItem(key, writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string PartitionLabel(const TableSchema& schema, const Item& item) {
  return LabelOf({&schema.partition_key, 1}, item);
}

// A hash of the item's table key, never 0; 0 when the item lacks a key attribute.
// `partition` is the item's PartitionLabel when the caller has it already ("" otherwise).
std::uint64_t ItemHash(const ops::Caller& caller, const TableSchema& schema, const Item& item,
                       std::string partition = "") {
  std::string label = partition.empty() ? PartitionLabel(schema, item) : std::move(partition);
  if (label.empty()) return 0;
  if (schema.sort_key) {
    const std::string sort = LabelOf({&*schema.sort_key, 1}, item);
    if (sort.empty()) return 0;
    label += sort;
  }
  return std::hash<std::string>{}(caller.ns + '\x1f' + schema.name + '\x1f' + label) | 1;
}

bool Throttled(const ApiError& error) {
  return error.code() == ErrorCode::kProvisionedThroughputExceeded ||
         error.code() == ErrorCode::kThrottling || error.code() == ErrorCode::kRequestLimitExceeded;
}

Observation Begin(const ops::Caller& caller, std::string_view operation, const std::string& table,
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

template <class Response>
const ApiError* ErrorOf(const Result<Response>& response) {
  return response.ok() ? nullptr : &response.error();
}

// One item written (alone, in a batch or in a transaction): key, size, the item collection a
// put grows, required attributes. `capacity` is null when the request reports none per item.
void ObserveItemWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                      std::string_view operation, const std::string& table, const Item& key_source,
                      const api::ExpressionParameters* expressions, const ApiError* error,
                      const api::ConsumedCapacity* capacity, bool put) {
  Observation o = Begin(caller, operation, table, error);
  if (expressions != nullptr && expressions->condition_expression) {
    o.filter =
        "condition: " + NormalizeExpression(*expressions->condition_expression, expressions->names);
  }
  if (put) {
    for (std::string_view a : kRequiredAttributes) {
      (key_source.contains(a) ? o.present_attributes : o.missing_attributes).emplace_back(a);
    }
  }
  if (capacity != nullptr) {
    o.write_units = capacity->capacity_units;
    o.item_kb = capacity->table ? capacity->table->capacity_units : capacity->capacity_units;
  }
  if (auto schema = SchemaOf(audit, engine, caller, table)) {
    o.partition_key = PartitionLabel(*schema, key_source);
    o.written_item = ItemHash(caller, *schema, key_source, o.partition_key);
    if (put && schema->sort_key) {
      o.collection_key = o.partition_key;
      o.sort_key_hash = std::hash<std::string>{}(LabelOf({&*schema->sort_key, 1}, key_source));
    }
  }
  if (o.written_item == 0) o.written_item = 1;  // a write all the same (sizes count)
  if (!o.ok) o.written_item = 0;
  audit.Record(o);
}

template <class Request>
void ObserveWrite(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                  std::string_view operation, const Request& request, const Item& key_source,
                  const Result<api::ItemResponse>& response, bool put) {
  const api::ConsumedCapacity* capacity =
      response.ok() && response->consumed_capacity ? &*response->consumed_capacity : nullptr;
  ObserveItemWrite(audit, engine, caller, operation, request.table_name, key_source,
                   &request.expressions, ErrorOf(response), capacity, put);
}

// The first `n` items of a page. The JSON path keeps them in their storage encoding
// (api::ReadResponse::encoded_items); only these few are decoded, for the audit's checks.
std::vector<Item> FirstItems(const api::ReadResponse& response, std::size_t n) {
  if (!response.items.empty() || response.encoded_items.empty()) {
    const std::size_t count = std::min(n, response.items.size());
    return {response.items.begin(), response.items.begin() + static_cast<std::ptrdiff_t>(count)};
  }
  std::vector<Item> items;
  std::size_t offset = 0;
  for (std::uint32_t size : response.encoded_item_sizes) {
    if (items.size() == n) break;
    Item item;
    if (!itemcodec::DecodeItem(std::string_view(response.encoded_items).substr(offset, size),
                               &item)) {
      break;
    }
    items.push_back(std::move(item));
    offset += size;
  }
  return items;
}

// Query and Scan: index, expressions, counts and the items' keys.
template <class Request>
void ObserveRead(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
                 std::string_view operation, const Request& request,
                 const std::optional<std::string>& key_condition,
                 const Result<api::ReadResponse>& response) {
  const api::ReadParameters& read = request.read;
  Observation o = Begin(caller, operation, read.table_name, ErrorOf(response));
  o.index = read.index_name.value_or("");
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
  auto schema = SchemaOf(audit, engine, caller, read.table_name);
  if (schema && response.ok()) {
    const IndexSchema* index = o.index.empty() ? nullptr : schema->FindIndex(o.index);
    o.global_index_read = index != nullptr && !index->is_local;
    const std::vector<Item> items = FirstItems(*response, kItemsChecked);
    if (operation == "Query" && !items.empty()) {
      o.partition_key = o.global_index_read ? LabelOf(index->partition_key, items.front())
                                            : PartitionLabel(*schema, items.front());
    }
    if (o.global_index_read || o.consistent_read) {
      for (std::size_t i = 0; i < items.size() && i < kItemsChecked; ++i) {
        if (std::uint64_t h = ItemHash(caller, *schema, items[i])) o.read_items.push_back(h);
      }
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
  if (auto schema = SchemaOf(audit, engine, caller, request.table_name)) {
    o.partition_key = PartitionLabel(*schema, request.key);
    if (std::uint64_t h = ItemHash(caller, *schema, request.key, o.partition_key)) {
      o.read_items.push_back(h);
    }
  }
  audit.Record(o);
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
             const api::BatchWriteItemRequest& request,
             const Result<api::BatchWriteItemResponse>& response) {
  for (const api::TableWriteRequests& table : request.tables) {
    for (const api::WriteRequest& w : table.requests) {
      const bool put = w.kind == api::WriteRequest::Kind::kPut;
      ObserveItemWrite(audit, engine, caller, put ? "BatchWriteItem:Put" : "BatchWriteItem:Delete",
                       table.table, w.item, nullptr, ErrorOf(response), nullptr, put);
    }
  }
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::TransactWriteItemsRequest& request,
             const Result<api::TransactWriteItemsResponse>& response) {
  for (const api::TransactWriteAction& a : request.actions) {
    using Kind = api::TransactActionKind;
    if (a.kind == Kind::kConditionCheck) continue;
    const char* name = a.kind == Kind::kPut      ? "TransactWriteItems:Put"
                       : a.kind == Kind::kDelete ? "TransactWriteItems:Delete"
                                                 : "TransactWriteItems:Update";
    ObserveItemWrite(audit, engine, caller, name, a.table_name,
                     a.kind == Kind::kPut ? a.item : a.key, &a.expressions, ErrorOf(response),
                     nullptr, a.kind == Kind::kPut);
  }
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::QueryRequest& request, const Result<api::ReadResponse>& response) {
  std::optional<std::string> condition = request.key_condition_expression;
  if (!condition && request.key_conditions) condition = "(legacy KeyConditions)";
  ObserveRead(audit, engine, caller, "Query", request, condition, response);
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ScanRequest& request, const Result<api::ReadResponse>& response) {
  ObserveRead(audit, engine, caller, "Scan", request, std::nullopt, response);
}

}  // namespace ddbemu::audit
