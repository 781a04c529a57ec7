// Running a compiled SELECT (statement_plan.h) one page at a time: the GetItems, Queries or
// Scan of the plan, each charged and throttled as that operation is, then the rest of the WHERE
// and the projection applied to what they return.
#pragma once

#include <optional>
#include <vector>

#include "api/item_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "ops/partiql/partiql.h"
#include "ops/partiql/statement_plan.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

struct SelectPage {
  std::vector<Item> items;
  std::optional<SelectPosition> next;      // more to read
  std::optional<Item> last_evaluated_key;  // of the read that stopped
  std::optional<api::ConsumedCapacity> consumed_capacity;
  std::int64_t items_read = 0;  // items the reads evaluated, before the rest of the WHERE
};

// `limit` bounds the items evaluated (read) in this page, across the plan's reads.
Result<SelectPage> RunSelect(Engine& engine, const Caller& caller, SelectPlan plan,
                             const SelectPosition& start, std::optional<std::int64_t> limit,
                             api::ReturnConsumedCapacity capacity);

// `item` as a PartiQL SELECT list shows it: each path's value under its last name ("b[1]" for
// a.b[1]); paths that do not resolve are left out.
Item ProjectPartiql(const Item& item, const std::vector<expr::DocumentPath>& paths);

// Adds `part` into `total` (same table): units, and the table and index shares.
void AddCapacity(std::optional<api::ConsumedCapacity>& total, const api::ConsumedCapacity& part);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
