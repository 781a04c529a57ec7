// Engine responses -> public responses; see typed_conversions.h. The capacity members follow the
// JSON renderers (api/item_requests.cc, read_requests.cc, batch_requests.cc): CapacityUnits
// always; ReadCapacityUnits / WriteCapacityUnits only where the service reports them, and only
// when non-zero.
#include "embedded/typed_conversions.h"

#include <utility>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {
namespace {

std::optional<double> NonZero(bool shown, double units) {
  if (!shown || units <= 0) return std::nullopt;
  return units;
}

Capacity ToPublic(const api::Capacity& c, bool read_write_units) {
  return {c.capacity_units, NonZero(read_write_units, c.read_capacity_units),
          NonZero(read_write_units, c.write_capacity_units)};
}

std::map<std::string, Capacity> ToPublic(const std::map<std::string, api::Capacity>& indexes,
                                         bool read_write_units) {
  std::map<std::string, Capacity> out;
  for (const auto& [name, c] : indexes) out.emplace(name, ToPublic(c, read_write_units));
  return out;
}

ConsumedCapacity ToPublic(const api::ConsumedCapacity& c) {
  ConsumedCapacity out;
  out.table_name = c.table_name;
  out.capacity_units = c.capacity_units;
  out.read_capacity_units = NonZero(c.read_write_units, c.read_capacity_units);
  out.write_capacity_units = NonZero(c.read_write_units, c.write_capacity_units);
  if (c.table) out.table = ToPublic(*c.table, c.read_write_units);
  out.local_secondary_indexes = ToPublic(c.local_secondary_indexes, c.read_write_units);
  out.global_secondary_indexes = ToPublic(c.global_secondary_indexes, c.read_write_units);
  for (const auto& [name, bytes] : c.vector_write_bytes) {
    out.vector_indexes[name].vector_write_request_bytes = bytes;
  }
  return out;
}

ItemCollectionMetrics ToPublic(api::ItemCollectionMetrics m) {
  return {std::move(m.item_collection_key), {m.size_lower_gb, m.size_upper_gb}};
}

std::map<std::string, std::vector<ItemCollectionMetrics>> ToPublic(
    api::ItemCollectionMetricsPerTable metrics) {
  std::map<std::string, std::vector<ItemCollectionMetrics>> out;
  for (auto& [table, list] : metrics) {
    auto& entries = out[table];
    for (auto& m : list) entries.push_back(ToPublic(std::move(m)));
  }
  return out;
}

// How much of a multi-table entry is shown (api::CapacityParts).
struct Parts {
  bool read_write_units = false;
  bool read_write_units_in_table = false;
};

std::vector<ConsumedCapacity> ToPublic(const std::vector<api::TableCapacity>& tables,
                                       api::ReturnConsumedCapacity mode, Parts parts) {
  std::vector<ConsumedCapacity> out;
  if (mode == api::ReturnConsumedCapacity::kNone) return out;
  for (const api::TableCapacity& t : tables) {
    ConsumedCapacity c;
    c.table_name = t.table_name;
    c.capacity_units = t.capacity_units;
    c.read_capacity_units = NonZero(parts.read_write_units, t.read_capacity_units);
    c.write_capacity_units = NonZero(parts.read_write_units, t.write_capacity_units);
    if (mode == api::ReturnConsumedCapacity::kIndexes) {
      const api::Capacity own = t.table.value_or(
          api::Capacity{t.capacity_units, t.read_capacity_units, t.write_capacity_units});
      c.table = ToPublic(own, parts.read_write_units_in_table);
      c.local_secondary_indexes =
          ToPublic(t.local_secondary_indexes, parts.read_write_units_in_table);
      c.global_secondary_indexes =
          ToPublic(t.global_secondary_indexes, parts.read_write_units_in_table);
      for (const auto& [name, bytes] : t.vector_write_bytes) {
        c.vector_indexes[name].vector_write_request_bytes = bytes;
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

template <class Response>
Response ItemWriteResponse(api::ItemResponse r) {
  Response out;
  out.attributes = std::move(r.item);
  if (r.consumed_capacity) out.consumed_capacity = ToPublic(*r.consumed_capacity);
  if (r.item_collection_metrics)
    out.item_collection_metrics = ToPublic(std::move(*r.item_collection_metrics));
  return out;
}

KeysAndAttributes ToPublic(api::KeysAndAttributes k) {
  KeysAndAttributes out;
  out.keys = std::move(k.keys);
  out.consistent_read = k.consistent_read.value_or(false);
  out.projection_expression = std::move(k.expressions.projection_expression);
  out.expression_attribute_names.insert(k.expressions.names.begin(), k.expressions.names.end());
  out.attributes_to_get = std::move(k.attributes_to_get);
  return out;
}

std::vector<WriteRequest> ToPublic(std::vector<api::WriteRequest> requests) {
  std::vector<WriteRequest> out;
  for (api::WriteRequest& r : requests) {
    if (r.kind == api::WriteRequest::Kind::kPut) {
      out.push_back(PutRequest{std::move(r.item)});
    } else {
      out.push_back(DeleteRequest{std::move(r.item)});
    }
  }
  return out;
}

}  // namespace

PutItemResponse ToPutItemResponse(api::ItemResponse r) {
  return ItemWriteResponse<PutItemResponse>(std::move(r));
}
UpdateItemResponse ToUpdateItemResponse(api::ItemResponse r) {
  return ItemWriteResponse<UpdateItemResponse>(std::move(r));
}
DeleteItemResponse ToDeleteItemResponse(api::ItemResponse r) {
  return ItemWriteResponse<DeleteItemResponse>(std::move(r));
}

GetItemResponse ToGetItemResponse(api::ItemResponse&& r) {
  GetItemResponse out;
  out.item = std::move(r.item);
  if (r.consumed_capacity) out.consumed_capacity = ToPublic(*r.consumed_capacity);
  return out;
}

QueryResponse ToPublic(api::ReadResponse r) {
  QueryResponse out;
  if (!r.count_only) out.items = std::move(r.items);
  out.count = r.count;
  out.scanned_count = r.scanned_count;
  out.last_evaluated_key = std::move(r.last_evaluated_key);
  if (r.consumed_capacity) {
    const api::ReadConsumedCapacity& c = *r.consumed_capacity;
    ConsumedCapacity cc;
    cc.table_name = c.table_name;
    cc.capacity_units = c.capacity_units;
    if (c.with_parts) {
      cc.table = Capacity{c.table_units};
      if (c.index_name) {
        auto& indexes = c.index_is_local ? cc.local_secondary_indexes : cc.global_secondary_indexes;
        indexes.emplace(*c.index_name, Capacity{c.index_units});
      }
    }
    out.consumed_capacity = std::move(cc);
  }
  return out;
}

BatchGetItemResponse ToPublic(api::BatchGetItemResponse r, api::ReturnConsumedCapacity mode) {
  BatchGetItemResponse out;
  for (auto& [table, items] : r.responses) {
    auto& list = out.responses[table];
    for (Item& item : items) list.push_back(std::move(item));
  }
  for (api::KeysAndAttributes& k : r.unprocessed) {
    std::string table = k.table;
    out.unprocessed_keys.emplace(std::move(table), ToPublic(std::move(k)));
  }
  out.consumed_capacity = ToPublic(r.consumed_capacity, mode, {});
  return out;
}

BatchWriteItemResponse ToPublic(api::BatchWriteItemResponse r, api::ReturnConsumedCapacity mode) {
  BatchWriteItemResponse out;
  for (api::TableWriteRequests& t : r.unprocessed)
    out.unprocessed_items.emplace(t.table, ToPublic(std::move(t.requests)));
  out.consumed_capacity = ToPublic(r.consumed_capacity, mode, {});
  out.item_collection_metrics = ToPublic(std::move(r.item_collection_metrics));
  return out;
}

TransactWriteItemsResponse ToPublic(api::TransactWriteItemsResponse r,
                                    api::ReturnConsumedCapacity mode) {
  TransactWriteItemsResponse out;
  out.consumed_capacity = ToPublic(r.consumed_capacity, mode,
                                   {.read_write_units = true, .read_write_units_in_table = true});
  out.item_collection_metrics = ToPublic(std::move(r.item_collection_metrics));
  return out;
}

TransactGetItemsResponse ToPublic(api::TransactGetItemsResponse r,
                                  api::ReturnConsumedCapacity mode) {
  TransactGetItemsResponse out;
  out.responses = std::move(r.items);
  out.consumed_capacity = ToPublic(r.consumed_capacity, mode,
                                   {.read_write_units = true, .read_write_units_in_table = false});
  return out;
}

ListTablesResponse ToPublic(api::ListTablesResponse r) {
  return {std::move(r.table_names), std::move(r.last_evaluated_table_name)};
}

// ---- PartiQL -----------------------------------------------------------------------------

ExecuteStatementResponse ToPublic(api::ExecuteStatementResponse r) {
  ExecuteStatementResponse out;
  out.items = std::move(r.items);
  out.next_token = std::move(r.next_token);
  if (r.consumed_capacity) out.consumed_capacity = ToPublic(*r.consumed_capacity);
  return out;
}

BatchExecuteStatementResponse ToPublic(api::BatchExecuteStatementResponse r,
                                       api::ReturnConsumedCapacity mode) {
  BatchExecuteStatementResponse out;
  for (api::BatchStatementResponse& one : r.responses) {
    BatchStatementResponse p;
    if (one.error_code) {
      BatchStatementError error;
      for (std::size_t i = 0; i < std::size(kBatchStatementErrorCodeNames); ++i) {
        if (kBatchStatementErrorCodeNames[i] == *one.error_code)
          error.code = static_cast<BatchStatementErrorCode>(i);
      }
      error.message = std::move(one.error_message);
      error.item = std::move(one.error_item);
      p.error = std::move(error);
    }
    p.table_name = std::move(one.table_name);
    p.item = std::move(one.item);
    out.responses.push_back(std::move(p));
  }
  out.consumed_capacity = ToPublic(r.consumed_capacity, mode, Parts{});
  return out;
}

ExecuteTransactionResponse ToPublic(api::ExecuteTransactionResponse r,
                                    api::ReturnConsumedCapacity mode) {
  ExecuteTransactionResponse out;
  if (r.items) out.responses = std::move(*r.items);
  out.consumed_capacity =
      ToPublic(r.consumed_capacity, mode,
               {.read_write_units = true, .read_write_units_in_table = r.is_write});
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
