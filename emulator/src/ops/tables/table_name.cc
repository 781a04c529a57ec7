// Table names and table ARNs (API reference: "You can also provide the Amazon Resource Name
// (ARN) of the table in this parameter").
#include "ops/tables/tables.h"

#include <string>
#include <vector>

#include "api/table_names.h"
#include "ops/items/items.h"
#include "ops/realism/transient_statuses.h"
#include "storage/catalog.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

bool IsAwsPartition(std::string_view partition) {
  return partition == "aws" || partition == "aws-cn" || partition == "aws-us-gov";
}

}  // namespace

Result<std::string> ResolveTableName(const Caller& caller, std::string_view table_name_or_arn) {
  if (!table_name_or_arn.starts_with("arn:")) {
    if (!api::IsValidTableName(table_name_or_arn)) return api::InvalidTableName(table_name_or_arn);
    return std::string(table_name_or_arn);
  }
  const std::vector<std::string_view> parts = api::SplitArn(table_name_or_arn);
  if (parts.size() != 6 || !IsAwsPartition(parts[1]) || parts[2] != "dynamodb" ||
      !parts[5].starts_with("table/") || !api::IsValidTableName(parts[5].substr(6))) {
    return api::InvalidTableName(table_name_or_arn);  // not a table ARN: judged as a name
  }
  const std::string_view name = parts[5].substr(6);
  if (parts[3] != caller.region || parts[4] != caller.account_id) {
    return ApiError::ResourceNotFound(
        "Requested resource not found: Table: " + std::string(table_name_or_arn) + " not found");
  }
  return std::string(name);
}

Result<std::shared_ptr<const TableSchema>> FindTable(Engine& engine, const storage::Txn& txn,
                                                     const Caller& caller,
                                                     std::string_view table_name_or_arn) {
  std::string resolved;
  if (table_name_or_arn.starts_with("arn:")) {
    DDBEMU_ASSIGN_OR_RETURN(resolved, ResolveTableName(caller, table_name_or_arn));
  }
  const std::string_view name = resolved.empty() ? table_name_or_arn : resolved;
  // The client's memo first (reads on a committed snapshot only: a write's is 0).
  const std::uint64_t snapshot = caller.table_memo != nullptr ? storage::CommittedSnapshot(txn) : 0;
  std::shared_ptr<const TableSchema> table;
  if (snapshot != 0) table = caller.table_memo->Find(snapshot, name);
  if (!table) {
    DDBEMU_ASSIGN_OR_RETURN(table, engine.catalog.GetShared(txn, caller.ns, name));
    if (!table) return TableNotFound();
    if (snapshot != 0) caller.table_memo->Remember(snapshot, name, table);
  }
  return table;
}

Result<std::shared_ptr<const TableSchema>> FindItemTable(Engine& engine, const storage::Txn& txn,
                                                         const Caller& caller,
                                                         std::string_view table_name_or_arn) {
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> table,
                          FindTable(engine, txn, caller, table_name_or_arn));
  if (engine.transient != nullptr) {
    DDBEMU_RETURN_IF_ERROR(engine.transient->CheckItemAccess(caller.ns, table->name));
  }
  return table;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
