// Running a compiled SELECT (see select_run.h).
#include "ops/partiql/select_run.h"

#include "expr/document_path.h"
#include "expr/evaluator.h"
#include "ops/items/items.h"
#include "ops/reads/reads.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

void AddUnits(api::Capacity& to, const api::Capacity& from) {
  to.capacity_units += from.capacity_units;
  to.read_capacity_units += from.read_capacity_units;
  to.write_capacity_units += from.write_capacity_units;
}

api::ConsumedCapacity FromRead(const api::ReadConsumedCapacity& read) {
  api::ConsumedCapacity c;
  c.table_name = read.table_name;
  c.capacity_units = read.capacity_units;
  c.read_capacity_units = read.capacity_units;
  if (read.with_parts) {
    c.table = api::Capacity{read.table_units, read.table_units, 0};
    if (read.index_name) {
      auto& indexes = read.index_is_local ? c.local_secondary_indexes : c.global_secondary_indexes;
      indexes[*read.index_name] = api::Capacity{read.index_units, read.index_units, 0};
    }
  }
  return c;
}

}  // namespace

Item ProjectPartiql(const Item& item, const std::vector<expr::DocumentPath>& paths) {
  // A PartiQL projection names each value by its path's last attribute name and any list
  // indexes after it (a.b[1] -> "b[1]"), not by the document structure a ProjectionExpression
  // keeps (what DynamoDB Local answers, and DynamoDB as Dynoxide's authors observed it).
  Item out;
  for (const expr::DocumentPath& path : paths) {
    const AttributeValue* value = expr::FindPath(item, path);
    if (value == nullptr) continue;
    std::size_t last_name = 0;
    for (std::size_t i = 0; i < path.elements.size(); ++i) {
      if (!path.elements[i].is_index()) last_name = i;
    }
    std::string key = path.elements[last_name].name;
    for (std::size_t i = last_name + 1; i < path.elements.size(); ++i) {
      key += "[" + std::to_string(path.elements[i].index) + "]";
    }
    out.insert_or_assign(std::move(key), *value);
  }
  return out;
}

namespace {

// Keeps `item` if it satisfies the rest of the WHERE, projected.
void Emit(const SelectPlan& plan, const Item& item, std::vector<Item>& out) {
  if (plan.filter && !expr::Evaluate(*plan.filter, item)) return;
  if (plan.projection) {
    out.push_back(ProjectPartiql(item, *plan.projection));
  } else {
    out.push_back(item);
  }
}

}  // namespace

void AddCapacity(std::optional<api::ConsumedCapacity>& total, const api::ConsumedCapacity& part) {
  if (!total) {
    total = part;
    return;
  }
  total->capacity_units += part.capacity_units;
  total->read_capacity_units += part.read_capacity_units;
  total->write_capacity_units += part.write_capacity_units;
  if (part.table) {
    if (!total->table) total->table = api::Capacity{};
    AddUnits(*total->table, *part.table);
  }
  for (const auto& [name, units] : part.local_secondary_indexes) {
    AddUnits(total->local_secondary_indexes[name], units);
  }
  for (const auto& [name, units] : part.global_secondary_indexes) {
    AddUnits(total->global_secondary_indexes[name], units);
  }
}

Result<SelectPage> RunSelect(Engine& engine, const Caller& caller, SelectPlan plan,
                             const SelectPosition& start, std::optional<std::int64_t> limit,
                             api::ReturnConsumedCapacity capacity) {
  SelectPage page;
  switch (plan.kind) {
    case SelectPlan::Kind::kGet:
      for (api::GetItemRequest& get : plan.gets) {
        DDBEMU_ASSIGN_OR_RETURN(api::ItemResponse r, GetItem(engine, caller, get));
        ++page.items_read;
        if (r.consumed_capacity) AddCapacity(page.consumed_capacity, *r.consumed_capacity);
        if (r.item) Emit(plan, *r.item, page.items);
      }
      break;
    case SelectPlan::Kind::kScan: {
      plan.scan.read.exclusive_start_key = start.exclusive_start_key;
      DDBEMU_ASSIGN_OR_RETURN(api::ReadResponse r, Scan(engine, caller, plan.scan));
      page.items_read += r.scanned_count;
      if (r.consumed_capacity) AddCapacity(page.consumed_capacity, FromRead(*r.consumed_capacity));
      for (const Item& item : r.items) Emit(plan, item, page.items);
      if (r.last_evaluated_key) {
        page.next = SelectPosition{0, r.last_evaluated_key};
        page.last_evaluated_key = std::move(r.last_evaluated_key);
      }
      break;
    }
    case SelectPlan::Kind::kQuery: {
      std::optional<std::int64_t> remaining = limit;
      std::optional<Item> start_key = start.exclusive_start_key;
      for (std::size_t i = start.read; i < plan.queries.size(); ++i) {
        api::QueryRequest& query = plan.queries[i];
        query.read.exclusive_start_key = std::move(start_key);
        start_key.reset();
        query.read.limit = remaining;
        DDBEMU_ASSIGN_OR_RETURN(api::ReadResponse r, Query(engine, caller, query));
        page.items_read += r.scanned_count;
        if (r.consumed_capacity) {
          AddCapacity(page.consumed_capacity, FromRead(*r.consumed_capacity));
        }
        for (const Item& item : r.items) Emit(plan, item, page.items);
        if (r.last_evaluated_key) {
          page.next = SelectPosition{i, r.last_evaluated_key};
          page.last_evaluated_key = std::move(r.last_evaluated_key);
          break;
        }
        if (remaining) {
          *remaining -= r.scanned_count;
          if (*remaining <= 0) {
            if (i + 1 < plan.queries.size()) page.next = SelectPosition{i + 1, std::nullopt};
            break;
          }
        }
      }
      break;
    }
  }
  if (capacity == api::ReturnConsumedCapacity::kNone) page.consumed_capacity.reset();
  return page;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
