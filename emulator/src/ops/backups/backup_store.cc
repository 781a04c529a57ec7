// Backup metadata records (see backup_store.h). A record's value is its fields separated by
// NUL bytes; none of them can hold one (names are [a-zA-Z0-9_.-], ids are UUIDs and digits).
#include "ops/backups/backup_store.h"

#include <charconv>

#include "storage/cursor.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

std::string Prefix(std::string_view ns) {
  std::string key = "B";
  storage::AppendU32(static_cast<std::uint32_t>(ns.size()), &key);
  key.append(ns);
  return key;
}

std::string Encode(const BackupRecord& r) {
  std::string v;
  for (const std::string& field :
       {r.name, r.table_name, r.table_id, std::to_string(r.creation_micros),
        std::to_string(r.size_bytes), std::to_string(r.item_count)}) {
    v += field;
    v += '\0';
  }
  return v;
}

template <class T>
T Number(std::string_view text) {
  T v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

bool Decode(std::string_view id, std::string_view value, BackupRecord* r) {
  std::vector<std::string_view> f;
  while (!value.empty()) {
    const std::size_t nul = value.find('\0');
    if (nul == std::string_view::npos) return false;
    f.push_back(value.substr(0, nul));
    value.remove_prefix(nul + 1);
  }
  if (f.size() != 6) return false;
  r->id = std::string(id);
  r->name = std::string(f[0]);
  r->table_name = std::string(f[1]);
  r->table_id = std::string(f[2]);
  r->creation_micros = Number<std::int64_t>(f[3]);
  r->size_bytes = Number<std::uint64_t>(f[4]);
  r->item_count = Number<std::uint64_t>(f[5]);
  return true;
}

}  // namespace

std::string BackupNamespace(std::string_view ns) {
  std::string out(kBackupNamespacePrefix);
  out.append(ns);
  return out;
}

Status BackupStore::Put(storage::WriteTxn& txn, std::string_view ns,
                        const BackupRecord& record) const {
  return txn.Put(meta_, Prefix(ns) + record.id, Encode(record));
}

Result<std::optional<BackupRecord>> BackupStore::Get(const storage::Txn& txn, std::string_view ns,
                                                     std::string_view id) const {
  DDBEMU_ASSIGN_OR_RETURN(auto value, txn.Get(meta_, Prefix(ns) + std::string(id)));
  if (!value) return std::optional<BackupRecord>();
  BackupRecord r;
  if (!Decode(id, *value, &r)) return ApiError::InternalServerError("A backup record is corrupt");
  return std::optional<BackupRecord>(std::move(r));
}

Result<std::uint64_t> BackupStore::NextSequence(storage::WriteTxn& txn, std::string_view ns) const {
  std::string key = "b";
  key.append(ns);
  DDBEMU_ASSIGN_OR_RETURN(auto value, txn.Get(meta_, key));
  const std::uint64_t next = (value ? Number<std::uint64_t>(*value) : 0) + 1;
  DDBEMU_RETURN_IF_ERROR(txn.Put(meta_, key, std::to_string(next)));
  return next;
}

Result<bool> BackupStore::Delete(storage::WriteTxn& txn, std::string_view ns,
                                 std::string_view id) const {
  return txn.Delete(meta_, Prefix(ns) + std::string(id));
}

Result<std::vector<BackupRecord>> BackupStore::List(const storage::Txn& txn,
                                                    std::string_view ns) const {
  const std::string prefix = Prefix(ns);
  std::vector<BackupRecord> out;
  DDBEMU_ASSIGN_OR_RETURN(storage::Cursor c, storage::Cursor::Open(txn, meta_));
  for (bool on = c.Seek(prefix); on && c.key().starts_with(prefix); on = c.Next()) {
    BackupRecord r;
    if (!Decode(c.key().substr(prefix.size()), c.value(), &r)) {
      return ApiError::InternalServerError("A backup record is corrupt");
    }
    out.push_back(std::move(r));
  }
  DDBEMU_RETURN_IF_ERROR(c.status());
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
