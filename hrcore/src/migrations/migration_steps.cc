// Helpers shared by the migrations (see migration.h).
#include <cmath>

#include "hrcore/keys.h"
#include "item_codec.h"
#include "migrations/migration.h"

namespace hrcore::migrations {

bool IsEmployeeItem(const Item& item) {
  const std::string pk = codec::GetS(item, keys::kPK), sk = codec::GetS(item, keys::kSK);
  return pk.rfind("ORG#", 0) == 0 && sk.rfind(keys::kEmpPrefix, 0) == 0;
}

Status ForEachItem(MigrationIo& io, const std::function<void(const Item&)>& fn) {
  std::optional<Item> start;
  do {
    HR_ASSIGN_OR_RETURN(auto page, io.ScanPage(start, 500));
    for (const Item& item : page.items) fn(item);
    start = page.last_evaluated_key;
  } while (start);
  return {};
}

Result<SchemaState> ReadSchema(MigrationIo& io) {
  HR_ASSIGN_OR_RETURN(auto item, io.Get(SchemaStateKey()));
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
  HR_ASSIGN_OR_RETURN(bool moved, io.Update(std::move(u)));
  if (!moved) {
    return Error(ErrorKind::kInvalidArgument,
                 "the schema switch is not where this step expects it (" + condition + ")");
  }
  io.Sleep(io.options().grace_ms * 1000);
  return {};
}

double WriteUnits(const Item& item, int index_writes) {
  return std::ceil(static_cast<double>(ItemSize(item)) / 1024.0) + index_writes;
}

}  // namespace hrcore::migrations
