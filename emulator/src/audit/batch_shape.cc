// Observations of the batches and transactions (request_shape.h): every key read and every
// item written is its own observation, so that a BatchGetItem of 100 keys counts as 100 reads
// of its shape, and its table's ConsumedCapacity is shared among them.
#include <algorithm>
#include <string>
#include <vector>

#include "audit/observation_parts.h"
#include "audit/request_shape.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace {

// Which of `table`'s keys (BatchGetItem) or write requests (BatchWriteItem) a batch left
// unprocessed: the service hands them back as they were given, in UnprocessedKeys /
// UnprocessedItems, so each is found there by value.
template <class Element, class Entries, class Same>
std::vector<bool> Unprocessed(const std::vector<Element>& given, const Entries& unprocessed,
                              const std::string& table, Same same) {
  std::vector<bool> out(given.size(), false);
  for (const auto& entry : unprocessed) {
    if (entry.table != table) continue;
    const auto& left = [&]() -> const auto& {
      if constexpr (requires { entry.keys; }) {
        return entry.keys;
      } else {
        return entry.requests;
      }
    }
    ();
    for (const auto& e : left) {
      for (std::size_t i = 0; i < given.size(); ++i) {
        if (!out[i] && same(given[i], e)) {
          out[i] = true;
          break;
        }
      }
    }
  }
  return out;
}

// How many of a transaction's actions name `table`.
template <class Actions>
std::int64_t ActionsOn(const Actions& actions, std::string_view table) {
  std::int64_t n = 0;
  for (const auto& a : actions) n += a.table_name == table ? 1 : 0;
  return n;
}

const char* WriteActionName(api::TransactActionKind kind) {
  switch (kind) {
    case api::TransactActionKind::kPut:
      return "TransactWriteItems:Put";
    case api::TransactActionKind::kDelete:
      return "TransactWriteItems:Delete";
    case api::TransactActionKind::kUpdate:
      return "TransactWriteItems:Update";
    default:
      return "TransactWriteItems:ConditionCheck";
  }
}

}  // namespace

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchGetItemRequest& request,
             const Result<api::BatchGetItemResponse>& response) {
  const ApiError* error = ErrorOf(response);
  for (std::size_t t = 0; t < request.tables.size(); ++t) {
    const api::KeysAndAttributes& entry = request.tables[t];
    const std::size_t keys = entry.keys.size();
    std::vector<bool> unprocessed(keys, false);
    std::size_t found = 0;
    if (response.ok()) {
      unprocessed = Unprocessed(entry.keys, response->unprocessed, entry.table,
                                [](const Item& a, const Item& b) { return a == b; });
      for (const auto& [table, items] : response->responses) {
        if (table == entry.table) found = items.size();
      }
    }
    const std::size_t processed =
        keys - static_cast<std::size_t>(std::count(unprocessed.begin(), unprocessed.end(), true));
    const UnitsShare share = response.ok()
                                 ? ShareOf(response->consumed_capacity, entry.table,
                                           static_cast<std::int64_t>(processed), /*reads=*/true)
                                 : UnitsShare{};
    const auto schema = SchemaOf(audit, engine, caller, entry.table);
    std::string projection;
    if (entry.expressions.projection_expression) {
      projection =
          NormalizeExpression(*entry.expressions.projection_expression, entry.expressions.names);
    }
    // The service reads the keys in no order it promises; which key found an item does not
    // change the shape's totals, so the first `found` processed keys are counted as found.
    std::size_t counted = 0;
    for (std::size_t k = 0; k < keys; ++k) {
      Observation o = Begin(caller, "BatchGetItem:Get", entry.table, error);
      o.consistent_read = entry.consistent_read.value_or(false);
      o.projection = projection;
      if (o.ok && unprocessed[k]) {
        o.ok = false;
        o.throttled = true;  // UnprocessedKeys: refused by the capacity layer
      }
      if (o.ok) {
        o.items_read = 1;
        o.items_returned = counted++ < found ? 1 : 0;
        o.read_units = share.read_units;
      }
      RecordKeyRead(audit, caller, schema.get(), entry.keys[k], o);
    }
  }
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchWriteItemRequest& request,
             const Result<api::BatchWriteItemResponse>& response) {
  const ApiError* error = ErrorOf(response);
  for (const api::TableWriteRequests& table : request.tables) {
    const std::size_t count = table.requests.size();
    std::vector<bool> unprocessed(count, false);
    if (response.ok()) {
      unprocessed = Unprocessed(table.requests, response->unprocessed, table.table,
                                [](const api::WriteRequest& a, const api::WriteRequest& b) {
                                  return a.kind == b.kind && a.item == b.item;
                                });
    }
    const std::size_t processed =
        count - static_cast<std::size_t>(std::count(unprocessed.begin(), unprocessed.end(), true));
    const UnitsShare share = response.ok()
                                 ? ShareOf(response->consumed_capacity, table.table,
                                           static_cast<std::int64_t>(processed), /*reads=*/false)
                                 : UnitsShare{};
    for (std::size_t i = 0; i < count; ++i) {
      const api::WriteRequest& w = table.requests[i];
      const bool put = w.kind == api::WriteRequest::Kind::kPut;
      Observation o =
          Begin(caller, put ? "BatchWriteItem:Put" : "BatchWriteItem:Delete", table.table, error);
      if (o.ok && unprocessed[i]) {
        o.ok = false;
        o.throttled = true;  // UnprocessedItems: refused by the capacity layer
      }
      ItemWrite write{&w.item, nullptr, o.ok ? share.write_units : 0, put ? ItemKb(w.item) : 0,
                      put};
      ObserveItemWrite(audit, engine, caller, std::move(o), write);
    }
  }
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::TransactGetItemsRequest& request,
             const Result<api::TransactGetItemsResponse>& response) {
  const ApiError* error = ErrorOf(response);
  for (std::size_t i = 0; i < request.actions.size(); ++i) {
    const api::TransactGetAction& a = request.actions[i];
    Observation o = Begin(caller, "TransactGetItems:Get", a.table_name, error);
    o.consistent_read = true;  // a transaction's reads are serializable
    if (a.expressions.projection_expression) {
      o.projection = NormalizeExpression(*a.expressions.projection_expression, a.expressions.names);
    }
    if (response.ok()) {
      o.items_read = 1;
      o.items_returned = i < response->items.size() && response->items[i] ? 1 : 0;
      o.read_units = ShareOf(response->consumed_capacity, a.table_name,
                             ActionsOn(request.actions, a.table_name), /*reads=*/true)
                         .read_units;
    }
    const auto schema = SchemaOf(audit, engine, caller, a.table_name);
    RecordKeyRead(audit, caller, schema.get(), a.key, o);
  }
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::TransactWriteItemsRequest& request,
             const Result<api::TransactWriteItemsResponse>& response) {
  const ApiError* error = ErrorOf(response);
  for (const api::TransactWriteAction& a : request.actions) {
    const bool put = a.kind == api::TransactActionKind::kPut;
    Observation o = Begin(caller, WriteActionName(a.kind), a.table_name, error);
    UnitsShare share;
    if (response.ok()) {
      share = ShareOf(response->consumed_capacity, a.table_name,
                      ActionsOn(request.actions, a.table_name), /*reads=*/false);
      o.read_units = share.read_units;
    }
    if (a.kind == api::TransactActionKind::kConditionCheck) {
      // A check writes nothing: its condition is its shape, no key is remembered as written.
      if (a.expressions.condition_expression) {
        o.filter = "condition: " +
                   NormalizeExpression(*a.expressions.condition_expression, a.expressions.names);
      }
      o.write_units = share.write_units;
      audit.Record(o);
      continue;
    }
    ObserveItemWrite(audit, engine, caller, std::move(o),
                     ItemWrite{put ? &a.item : &a.key, &a.expressions, share.write_units,
                               put ? ItemKb(a.item) : 0, put});
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
