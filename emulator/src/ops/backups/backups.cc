// The backup operations (see backups.h and backup_store.h).
#include "ops/backups/backups.h"

#include <algorithm>
#include <cstdio>

#include "ops/backups/backup_store.h"
#include "ops/tables/tables.h"
#include "storage/item_store.h"
#include "storage/key_layout.h"
#include "storage/key_range.h"
#include "value/item_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

ApiError TableNotFoundError(std::string_view name) {
  return ApiError(ErrorCode::kTableNotFound, "Table not found: " + std::string(name));
}

ApiError BackupNotFound(std::string_view arn) {
  return ApiError(ErrorCode::kBackupNotFound, "Backup not found: " + std::string(arn));
}

// "01700000000123-0000002a": the creation time in milliseconds (14 digits) and 8 hex digits,
// the form of AWS's backup ids; the hex digits are the namespace's backup sequence number, so
// ids sort in creation order even within one millisecond.
std::string NewBackupId(std::int64_t now_micros, std::uint64_t sequence) {
  char text[40];
  std::snprintf(text, sizeof text, "%014lld-%08llx", static_cast<long long>(now_micros / 1000),
                static_cast<unsigned long long>(sequence & 0xFFFFFFFFULL));
  return text;
}

std::string BackupArn(const Caller& caller, const BackupRecord& r) {
  return caller.TableArn(r.table_name) + "/backup/" + r.id;
}

// The backup id of "arn:...:table/NAME/backup/ID", or "" when the ARN is not of that form.
std::string_view IdOf(std::string_view arn) {
  const std::size_t at = arn.rfind("/backup/");
  if (at == std::string_view::npos || !arn.starts_with("arn:")) return {};
  return arn.substr(at + 8);
}

api::BackupView View(const Caller& caller, const BackupRecord& r,
                     std::optional<TableSchema> source) {
  api::BackupView v;
  v.arn = BackupArn(caller, r);
  v.name = r.name;
  v.status = "AVAILABLE";
  v.size_bytes = r.size_bytes;
  v.creation_micros = r.creation_micros;
  v.table_name = r.table_name;
  v.table_id = r.table_id;
  v.table_arn = caller.TableArn(r.table_name);
  v.item_count = r.item_count;
  v.source = std::move(source);
  return v;
}

// Copies every item of `from` into `to` (another incarnation of the same key schema), through
// ItemStore::Put so that `to`'s indexes and statistics are built. Items are read first and
// written after, so no cursor is open while the map changes.
Status CopyItems(storage::WriteTxn& txn, storage::ItemStore& store, const TableSchema& from,
                 const TableSchema& to) {
  std::vector<Item> items;
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::RangeCursor cursor,
                            store.OpenRange(txn, storage::KeyspaceRange(from.keyspace_id),
                                            storage::ScanDirection::kForward));
    for (; cursor.valid(); cursor.Next()) {
      Item item;
      if (!itemcodec::DecodeItem(cursor.value(), &item)) {
        return ApiError::InternalServerError("An item does not decode");
      }
      items.push_back(std::move(item));
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }
  for (const Item& item : items) {
    DDBEMU_ASSIGN_OR_RETURN(const std::string key, storage::EncodeTableKey(to, item));
    DDBEMU_ASSIGN_OR_RETURN(auto changes, store.Put(txn, to, key, nullptr, item));
    (void)changes;
  }
  return Status::Ok();
}

struct Located {
  BackupRecord record;
  TableSchema snapshot;
};

Result<Located> Locate(const Engine& engine, const storage::Txn& txn, const Caller& caller,
                       std::string_view arn) {
  const std::string_view id = IdOf(arn);
  if (id.empty()) return BackupNotFound(arn);
  const BackupStore backups(engine.env);
  DDBEMU_ASSIGN_OR_RETURN(auto record, backups.Get(txn, caller.ns, id));
  if (!record) return BackupNotFound(arn);
  DDBEMU_ASSIGN_OR_RETURN(auto snapshot, engine.catalog.Get(txn, BackupNamespace(caller.ns), id));
  if (!snapshot) return BackupNotFound(arn);
  return Located{std::move(*record), std::move(*snapshot)};
}

}  // namespace

Result<api::BackupView> CreateBackup(Engine& engine, const Caller& caller,
                                     const api::CreateBackupRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.Get(txn, caller.ns, name));
  if (!table) return TableNotFoundError(name);
  storage::ItemStore store(engine.env);
  DDBEMU_ASSIGN_OR_RETURN(const storage::KeyspaceStats stats, store.TableStats(txn, *table));

  BackupRecord record;
  record.creation_micros = engine.clock.NowMicros();
  DDBEMU_ASSIGN_OR_RETURN(const std::uint64_t sequence,
                          BackupStore(engine.env).NextSequence(txn, caller.ns));
  record.id = NewBackupId(record.creation_micros, sequence);
  record.name = request.backup_name;
  record.table_name = table->name;
  record.table_id = table->table_id;
  record.size_bytes = stats.size_bytes;
  record.item_count = stats.item_count;

  // The snapshot: the schema as it is now, under the backup's id, with key spaces of its own.
  TableSchema snapshot = *table;
  snapshot.name = record.id;
  DDBEMU_RETURN_IF_ERROR(AllocateKeyspaces(engine.catalog, txn, &snapshot));
  DDBEMU_RETURN_IF_ERROR(CopyItems(txn, store, *table, snapshot));
  snapshot.name = record.id;
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, BackupNamespace(caller.ns), snapshot));
  DDBEMU_RETURN_IF_ERROR(BackupStore(engine.env).Put(txn, caller.ns, record));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  return View(caller, record, std::nullopt);
}

Result<api::BackupView> DescribeBackup(Engine& engine, const Caller& caller,
                                       const api::BackupArnRequest& request) {
  const std::string_view backup_arn = request.backup_arn;
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(Located found, Locate(engine, txn, caller, backup_arn));
  // The snapshot keeps the source's creation time and throughput, not its name.
  return View(caller, found.record, std::move(found.snapshot));
}

Result<api::BackupView> DeleteBackup(Engine& engine, const Caller& caller,
                                     const api::BackupArnRequest& request) {
  const std::string_view backup_arn = request.backup_arn;
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(Located found, Locate(engine, txn, caller, backup_arn));
  storage::ItemStore store(engine.env);
  DDBEMU_RETURN_IF_ERROR(store.DropTable(txn, found.snapshot));
  DDBEMU_ASSIGN_OR_RETURN(bool removed,
                          engine.catalog.Delete(txn, BackupNamespace(caller.ns), found.record.id));
  (void)removed;
  DDBEMU_ASSIGN_OR_RETURN(bool dropped,
                          BackupStore(engine.env).Delete(txn, caller.ns, found.record.id));
  (void)dropped;
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  api::BackupView view = View(caller, found.record, std::move(found.snapshot));
  view.status = "DELETED";
  return view;
}

Result<api::ListBackupsResponse> ListBackups(Engine& engine, const Caller& caller,
                                             const api::ListBackupsRequest& request) {
  std::string table;
  if (!request.table_name.empty()) {
    DDBEMU_ASSIGN_OR_RETURN(table, ResolveTableName(caller, request.table_name));
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::vector<BackupRecord> records,
                          BackupStore(engine.env).List(txn, caller.ns));
  const std::string_view start_id = IdOf(request.exclusive_start_backup_arn);
  const bool user =
      request.backup_type.empty() || request.backup_type == "USER" || request.backup_type == "ALL";
  const std::size_t limit =
      static_cast<std::size_t>(std::clamp<std::int64_t>(request.limit.value_or(100), 1, 100));
  api::ListBackupsResponse response;
  std::vector<api::BackupView>& out = response.backups;
  std::string& last = response.last_evaluated_arn;
  for (const BackupRecord& r : records) {
    if (!user) break;  // every backup here is a USER backup
    if (!table.empty() && r.table_name != table) continue;
    if (!start_id.empty() && r.id <= start_id) continue;
    const double seconds = static_cast<double>(r.creation_micros) / 1e6;
    if (request.lower_seconds && seconds < *request.lower_seconds) continue;
    if (request.upper_seconds && seconds >= *request.upper_seconds) continue;
    if (out.size() == limit) {
      last = out.back().arn;
      break;
    }
    out.push_back(View(caller, r, std::nullopt));
  }
  return response;
}

Result<api::RestoreTableResponse> RestoreTableFromBackup(
    Engine& engine, const Caller& caller, const api::RestoreTableFromBackupRequest& request) {
  const std::string_view backup_arn = request.backup_arn;
  const std::string_view target_table_name = request.target_table_name;
  DDBEMU_ASSIGN_OR_RETURN(const std::string target, ResolveTableName(caller, target_table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(Located found, Locate(engine, txn, caller, backup_arn));
  DDBEMU_ASSIGN_OR_RETURN(auto existing, engine.catalog.Get(txn, caller.ns, target));
  if (existing) {
    return ApiError(ErrorCode::kTableAlreadyExists, "Table already exists: " + target);
  }
  const std::int64_t now = engine.clock.NowMicros();
  TableSchema restored = found.snapshot;
  restored.name = target;
  restored.table_id = NewTableId();
  restored.creation_micros = now;
  restored.status = TableStatus::kActive;
  DDBEMU_RETURN_IF_ERROR(ShapeRestoredTable(request.overrides, found.snapshot, now, &restored));
  DDBEMU_RETURN_IF_ERROR(AllocateKeyspaces(engine.catalog, txn, &restored));
  storage::ItemStore store(engine.env);
  DDBEMU_RETURN_IF_ERROR(CopyItems(txn, store, found.snapshot, restored));
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, caller.ns, restored));
  DDBEMU_ASSIGN_OR_RETURN(api::TableCounts counts, ReadCounts(engine, txn, restored));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());

  // As CreateTable answers: CREATING, while the table is already usable.
  api::RestoreTableResponse response;
  response.shown = std::move(restored);
  response.shown.status = TableStatus::kCreating;
  response.options = OptionsFor(engine, caller, response.shown, api::DescriptionView::kCreate);
  response.counts = std::move(counts);
  response.source_backup_arn = std::string(backup_arn);
  response.source_table_arn = caller.TableArn(found.record.table_name);
  response.restore_micros = now;
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
