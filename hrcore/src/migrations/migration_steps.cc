// Helpers shared by the migrations (see migration.h).
#include <algorithm>
#include <cmath>

#include "hrcore/keys.h"
#include "item_codec.h"
#include "migrations/migration.h"

namespace hrcore::migrations {

bool IsEmployeeItem(const Item& item) {
  const std::string pk = GetOr<std::string>(item, keys::kPK),
                    sk = GetOr<std::string>(item, keys::kSK);
  return pk.rfind("ORG#", 0) == 0 && sk.rfind(keys::kEmpPrefix, 0) == 0;
}

Status ForEachItem(MigrationIo& io, const std::function<void(const Item&)>& fn) {
  std::optional<Item> start;
  do {
    DDBEMU_ASSIGN_OR_RETURN(auto page, io.ScanPage(start, kWholeTablePage));
    for (const Item& item : page.items) fn(item);
    start = page.last_evaluated_key;
  } while (start);
  return {};
}

Result<SchemaState> ReadSchema(MigrationIo& io) {
  DDBEMU_ASSIGN_OR_RETURN(auto item, io.Get(SchemaStateKey()));
  return SchemaStateFrom(item ? &*item : nullptr);
}

Status MoveSchemaSwitch(MigrationIo& io, const std::string& set, ddbemu::AttributeValue value,
                        const std::string& condition,
                        ddbemu::ExpressionAttributeValues cond_values) {
  cond_values[":v"] = std::move(value);
  ddbemu::UpdateItemRequest u{.key = SchemaStateKey(),
                              .update_expression = "SET " + set,
                              .expression_attribute_values = std::move(cond_values)};
  if (!condition.empty()) u.condition_expression = condition;
  DDBEMU_ASSIGN_OR_RETURN(bool moved, io.Update(std::move(u)));
  if (!moved) {
    return Error(ErrorKind::kInvalidArgument,
                 "the schema switch is not where this step expects it (" + condition + ")");
  }
  io.Sleep(io.options().grace_ms * 1000);
  return {};
}

namespace {

double Units1K(std::int64_t bytes) {
  return static_cast<double>(std::max<std::int64_t>(1, (bytes + 1023) / 1024));
}

// The item's key in a GSI, or "" when the item has no entry there (a sparse index).
std::string IndexKey(const Item* item, std::string_view pk, std::string_view sk) {
  if (item == nullptr || !item->count(std::string(pk)) || !item->count(std::string(sk))) return "";
  return GetOr<std::string>(*item, std::string(pk)) + '\x1f' +
         GetOr<std::string>(*item, std::string(sk));
}

}  // namespace

double WriteCost(const Item* before, const Item* after, bool transactional) {
  const std::int64_t old_size = before ? ItemSize(*before) : 0;
  const std::int64_t new_size = after ? ItemSize(*after) : 0;
  double units = Units1K(std::max(old_size, new_size)) * (transactional ? 2 : 1);
  const std::pair<std::string_view, std::string_view> indexes[] = {{keys::kGsi1Pk, keys::kGsi1Sk},
                                                                   {keys::kGsi2Pk, keys::kGsi2Sk}};
  for (const auto& [pk, sk] : indexes) {
    const std::string was = IndexKey(before, pk, sk), now = IndexKey(after, pk, sk);
    if (was.empty() && now.empty()) continue;
    if (was == now) {  // projection ALL: any change to the item rewrites its entry
      if (*before != *after) units += Units1K(std::max(old_size, new_size));
    } else {
      if (!was.empty()) units += Units1K(old_size);
      if (!now.empty()) units += Units1K(new_size);
    }
  }
  return units;
}

double CheckCost(const Item& item) { return 2 * Units1K(ItemSize(item)); }

}  // namespace hrcore::migrations
