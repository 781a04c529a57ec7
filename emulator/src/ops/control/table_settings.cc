// Per-table control-plane settings in the meta DBI (see control.h). Values are short
// texts ("1 1700000000000000 35"), read back with sscanf-free parsing of three fields.
#include "ops/control/control.h"

#include <charconv>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

std::string Key(const TableSchema& table, std::string_view name) {
  std::string key = "X";
  key += table.table_id;
  key += '\0';
  key += name;
  return key;
}

std::vector<std::string_view> Fields(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    out.push_back(text.substr(0, space));
    if (space == std::string_view::npos) break;
    text.remove_prefix(space + 1);
  }
  return out;
}

std::int64_t ToInt(std::string_view text) {
  std::int64_t v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

std::string InsightsKey(const TableSchema& table, std::string_view index) {
  std::string name = "ci:";
  name += index;
  return Key(table, name);
}

}  // namespace

Result<PitrSetting> LoadPitr(const storage::Txn& txn, const storage::Env& env,
                             const TableSchema& table) {
  PitrSetting setting;
  DDBEMU_ASSIGN_OR_RETURN(auto value, txn.Get(env.meta_dbi(), Key(table, "pitr")));
  if (!value) return setting;
  const std::vector<std::string_view> f = Fields(*value);
  if (f.size() >= 3) {
    setting.enabled = f[0] == "1";
    setting.enabled_micros = ToInt(f[1]);
    setting.recovery_days = ToInt(f[2]);
  }
  return setting;
}

Status StorePitr(storage::WriteTxn& txn, const storage::Env& env, const TableSchema& table,
                 const PitrSetting& setting) {
  const std::string value = std::string(setting.enabled ? "1 " : "0 ") +
                            std::to_string(setting.enabled_micros) + " " +
                            std::to_string(setting.recovery_days);
  return txn.Put(env.meta_dbi(), Key(table, "pitr"), value);
}

Result<std::optional<InsightsSetting>> LoadInsights(const storage::Txn& txn,
                                                    const storage::Env& env,
                                                    const TableSchema& table,
                                                    std::string_view index) {
  DDBEMU_ASSIGN_OR_RETURN(auto value, txn.Get(env.meta_dbi(), InsightsKey(table, index)));
  if (!value) return std::optional<InsightsSetting>();
  const std::vector<std::string_view> f = Fields(*value);
  InsightsSetting setting;
  if (f.size() >= 3) {
    setting.enabled = f[0] == "1";
    setting.updated_micros = ToInt(f[1]);
    setting.mode = std::string(f[2]);
  }
  return std::optional<InsightsSetting>(std::move(setting));
}

Status StoreInsights(storage::WriteTxn& txn, const storage::Env& env, const TableSchema& table,
                     std::string_view index, const InsightsSetting& setting) {
  const std::string value = std::string(setting.enabled ? "1 " : "0 ") +
                            std::to_string(setting.updated_micros) + " " + setting.mode;
  return txn.Put(env.meta_dbi(), InsightsKey(table, index), value);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
