// RestoreTableToPointInTime (see point_in_time.h).
#include "ops/backups/point_in_time.h"

#include <vector>

#include "api/backup_requests.h"
#include "ops/backups/backups.h"
#include "ops/control/control.h"
#include "ops/tables/tables.h"
#include "storage/item_store.h"
#include "storage/key_layout.h"
#include "storage/key_range.h"
#include "value/item_codec.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The source's items as they were at `micros`: the current ones, with every item changed
// since then put back at its version of that time.
Status CopyAsOf(storage::WriteTxn& txn, storage::ItemStore& store, const storage::ChangeLog& log,
                const TableSchema& from, const TableSchema& to, std::int64_t micros) {
  DDBEMU_ASSIGN_OR_RETURN(auto changed, log.VersionsAt(txn, from.table_id, micros));
  std::vector<Item> items;
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::RangeCursor cursor,
                            store.OpenRange(txn, storage::KeyspaceRange(from.keyspace_id),
                                            storage::ScanDirection::kForward));
    for (; cursor.valid(); cursor.Next()) {
      if (changed.contains(std::string(cursor.key()))) continue;
      Item item;
      if (!itemcodec::DecodeItem(cursor.value(), &item)) {
        return ApiError::InternalServerError("An item does not decode");
      }
      items.push_back(std::move(item));
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }
  for (auto& [key, version] : changed) {
    if (version) items.push_back(std::move(*version));
  }
  for (const Item& item : items) {
    DDBEMU_ASSIGN_OR_RETURN(const std::string key, storage::EncodeTableKey(to, item));
    DDBEMU_ASSIGN_OR_RETURN(auto changes, store.Put(txn, to, key, nullptr, item));
    (void)changes;
  }
  return Status::Ok();
}

}  // namespace

Result<api::RestoreTableResponse> RestoreTableToPointInTime(
    Engine& engine, const Caller& caller, const api::RestoreTableToPointInTimeRequest& request) {
  // The service's order (DDB-TABLE-100, 272): the request's shape, the source, its recovery
  // setting, the time, and only then the target.
  if (request.source_name_and_arn) {
    return ApiError::Validation("Must provide exactly one of: sourceTableArn, sourceTableName");
  }
  if (!request.use_latest && !request.restore_micros) {
    return ApiError::Validation(
        "Invalid Request: Either one of RestoreDateTime or UseLatestRestorableTime must be "
        "specified, but not both");
  }
  DDBEMU_ASSIGN_OR_RETURN(const std::string source, ResolveTableName(caller, request.source_table));
  DDBEMU_ASSIGN_OR_RETURN(const std::string target,
                          ResolveTableName(caller, request.target_table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.Get(txn, caller.ns, source));
  if (!table) return ApiError(ErrorCode::kTableNotFound, "Table not found: " + source);
  DDBEMU_ASSIGN_OR_RETURN(const PitrSetting setting, LoadPitr(txn, engine.env, *table));
  if (!setting.enabled || engine.change_log == nullptr) {
    return ApiError(ErrorCode::kPointInTimeRecoveryUnavailable,
                    "Point in time recovery is not enabled for table '" + source + "'");
  }
  const std::int64_t now = engine.clock.NowMicros();
  const api::PitrDescription window = PitrWindow(setting, now);
  const std::int64_t at = request.use_latest ? window.latest_micros : *request.restore_micros;
  if (at < window.earliest_micros || at > window.latest_micros) {
    return ApiError(ErrorCode::kInvalidRestoreTime,
                    "RestoreDateTime '" + FormatUtcSeconds(at) +
                        "' must be within EarliestRestorableDateTime '" +
                        FormatUtcSeconds(window.earliest_micros) +
                        "' and LatestRestorableDateTime '" +
                        FormatUtcSeconds(window.latest_micros) + "'");
  }
  DDBEMU_ASSIGN_OR_RETURN(auto existing, engine.catalog.Get(txn, caller.ns, target));
  if (existing) {
    return ApiError(ErrorCode::kTableAlreadyExists, "Table already exists: " + target);
  }

  TableSchema restored = *table;
  restored.name = target;
  restored.table_id = NewTableId();
  restored.creation_micros = now;
  restored.status = TableStatus::kActive;
  DDBEMU_RETURN_IF_ERROR(ShapeRestoredTable(request.overrides, *table, now, &restored));
  DDBEMU_RETURN_IF_ERROR(AllocateKeyspaces(engine.catalog, txn, &restored));
  storage::ItemStore store(engine.env);
  DDBEMU_RETURN_IF_ERROR(CopyAsOf(txn, store, *engine.change_log, *table, restored, at));
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, caller.ns, restored));
  DDBEMU_ASSIGN_OR_RETURN(api::TableCounts counts, ReadCounts(engine, txn, restored));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());

  api::RestoreTableResponse response;
  response.shown = std::move(restored);
  response.shown.status = TableStatus::kCreating;
  response.options = OptionsFor(engine, caller, response.shown, api::DescriptionView::kCreate);
  response.counts = std::move(counts);
  response.source_table_arn = caller.TableArn(source);
  response.restore_micros = at;
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
