// Contributor Insights status (see control.h).
#include "ops/control/control.h"

#include <algorithm>

#include "ops/tables/tables.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

ApiError NotFound(std::string_view table) {
  return ApiError::ResourceNotFound("Requested resource not found: Table: " + std::string(table) +
                                    " not found");
}

// Whether `index` is "" (the table) or one of its GSIs (LSIs share the table's rules).
bool HasTarget(const TableSchema& table, std::string_view index) {
  if (index.empty()) return true;
  return std::any_of(table.indexes.begin(), table.indexes.end(),
                     [&](const IndexSchema& i) { return !i.is_local && i.name == index; });
}

// The rules AWS creates: partition keys most accessed (PKC) and most throttled (PKT), and the
// same for partition + sort keys (SKC, SKT) when the key schema has a sort key.
std::vector<std::string> Rules(const TableSchema& table, std::string_view index,
                               std::string_view mode) {
  bool has_sort = table.sort_key.has_value();
  std::string target = table.name;
  if (!index.empty()) {
    target += "-" + std::string(index);
    for (const IndexSchema& i : table.indexes) {
      if (i.name == index) has_sort = !i.sort_key.empty();
    }
  }
  const std::string suffix = "-" + target + "-" + std::to_string(table.creation_micros / 1000);
  std::vector<std::string> rules;
  const bool accessed = mode != "THROTTLED_KEYS";
  if (accessed) rules.push_back("DynamoDBContributorInsights-PKC" + suffix);
  rules.push_back("DynamoDBContributorInsights-PKT" + suffix);
  if (has_sort) {
    if (accessed) rules.push_back("DynamoDBContributorInsights-SKC" + suffix);
    rules.push_back("DynamoDBContributorInsights-SKT" + suffix);
  }
  return rules;
}

api::InsightsDescription Describe(const TableSchema& table, std::string_view index,
                                  const std::optional<InsightsSetting>& setting) {
  api::InsightsDescription d;
  d.table_name = table.name;
  d.index_name = std::string(index);
  d.status = setting && setting->enabled ? "ENABLED" : "DISABLED";
  if (setting) {
    d.updated_micros = setting->updated_micros;
    d.mode = setting->mode;
    if (setting->enabled) d.rules = Rules(table, index, setting->mode);
  }
  return d;
}

}  // namespace

Result<api::InsightsDescription> DescribeContributorInsights(
    Engine& engine, const Caller& caller, const api::ContributorInsightsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.GetShared(txn, caller.ns, name));
  if (table == nullptr || !HasTarget(*table, request.index_name)) return NotFound(name);
  DDBEMU_ASSIGN_OR_RETURN(auto setting, LoadInsights(txn, engine.env, *table, request.index_name));
  return Describe(*table, request.index_name, setting);
}

Result<api::InsightsDescription> UpdateContributorInsights(
    Engine& engine, const Caller& caller, const api::ContributorInsightsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.Get(txn, caller.ns, name));
  if (!table || !HasTarget(*table, request.index_name)) return NotFound(name);
  DDBEMU_ASSIGN_OR_RETURN(auto previous, LoadInsights(txn, engine.env, *table, request.index_name));
  InsightsSetting setting = previous.value_or(InsightsSetting{});
  setting.enabled = request.action == "ENABLE";
  setting.updated_micros = engine.clock.NowMicros();
  if (!request.mode.empty()) setting.mode = request.mode;
  DDBEMU_RETURN_IF_ERROR(StoreInsights(txn, engine.env, *table, request.index_name, setting));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  return Describe(*table, request.index_name, setting);
}

Result<InsightsPage> ListContributorInsights(Engine& engine, const Caller& caller,
                                             const api::ListContributorInsightsRequest& request) {
  std::vector<std::string> names;
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  if (!request.table_name.empty()) {
    DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, request.table_name));
    names.push_back(std::move(name));
  } else {
    std::string after;
    for (;;) {
      DDBEMU_ASSIGN_OR_RETURN(storage::TableNamePage page,
                              engine.catalog.List(txn, caller.ns, after, 100));
      for (std::string& n : page.names) names.push_back(std::move(n));
      if (!page.has_more || names.empty()) break;
      after = names.back();
    }
  }
  InsightsPage page;
  std::vector<api::InsightsDescription>& out = page.summaries;
  const std::size_t limit =
      static_cast<std::size_t>(std::clamp<std::int64_t>(request.max_results, 1, 100));
  for (const std::string& name : names) {
    DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.GetShared(txn, caller.ns, name));
    if (table == nullptr) {
      if (!request.table_name.empty()) return NotFound(name);
      continue;
    }
    std::vector<std::string> targets = {""};
    for (const IndexSchema& i : table->indexes) {
      if (!i.is_local) targets.push_back(i.name);
    }
    for (const std::string& index : targets) {
      const std::string position = name + "/" + index;
      if (!request.next_token.empty() && position <= request.next_token) continue;
      DDBEMU_ASSIGN_OR_RETURN(auto setting, LoadInsights(txn, engine.env, *table, index));
      if (!setting) continue;
      if (out.size() == limit) {
        page.next_token = out.back().table_name + "/" + out.back().index_name;
        return page;
      }
      out.push_back(Describe(*table, index, setting));
    }
  }
  return page;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
