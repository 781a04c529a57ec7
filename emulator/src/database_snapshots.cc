// Database::Snapshot, Restore, Reset, ListSnapshots and DeleteSnapshot: whole-database snapshots
// for tests (docs/testing.md, "Snapshots"). A snapshot is one compacted LMDB file,
// <database directory>/snapshots/<name>.mdb (storage/env.h, Env::CopyTo); a restore copies its
// records back in one write transaction (Env::ReplaceContents), then drops what the engine keeps
// in memory about the state it replaced. Database::Compact rewrites a closed data directory with
// its pages full (storage::RepackDirectory).
#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <ctime>
#include <filesystem>
#include <string>
#include <system_error>

#include "database_access.h"
#include "database_impl.h"
#include "ddbemu/database.h"
#include "ops/access/access_check.h"
#include "storage/env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

namespace fs = std::filesystem;
using Engine = detail::DatabaseAccess::Engine;  // Database::Impl

constexpr std::string_view kSnapshotSuffix = ".mdb";
// With its suffix and a temporary copy's (Env::CopyTo), well within a file name's 255 bytes.
constexpr std::size_t kMaxSnapshotName = 128;

bool IsLetterOrDigit(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
bool IsNameCharacter(char c) { return IsLetterOrDigit(c) || c == '_' || c == '-' || c == '.'; }

// The name as a file name: letters, digits, '_', '-', '.', starting with a letter or digit, so
// that it can name no other directory ("..", "a/b") and no hidden file.
bool IsSnapshotName(std::string_view name) {
  if (name.empty() || name.size() > kMaxSnapshotName) return false;
  return IsLetterOrDigit(name.front()) && std::all_of(name.begin(), name.end(), IsNameCharacter);
}

// The service's wording of a constraint failure on a parameter.
Status CheckSnapshotName(std::string_view name) {
  if (IsSnapshotName(name)) return Status::Ok();
  std::string constraint;
  if (name.empty()) {
    constraint = "Member must have length greater than or equal to 1";
  } else if (name.size() > kMaxSnapshotName) {
    constraint = "Member must have length less than or equal to 128";
  } else {
    constraint = "Member must satisfy regular expression pattern: [a-zA-Z0-9][a-zA-Z0-9_.-]*";
  }
  return ApiError::Validation("1 validation error detected: Value '" + std::string(name) +
                              "' at 'name' failed to satisfy constraint: " + constraint);
}

ApiError SnapshotNotFound(std::string_view name) {
  return ApiError::ResourceNotFound("Requested resource not found: Snapshot: " + std::string(name) +
                                    " not found");
}

ApiError FileError(const fs::path& path, std::string_view what, const std::error_code& ec) {
  return ApiError::InternalServerError("Cannot " + std::string(what) + " '" + path.string() +
                                       "': " + ec.message());
}

fs::path SnapshotDirectory(const Engine& impl) { return fs::path(impl.env->path()) / "snapshots"; }

fs::path SnapshotFile(const Engine& impl, std::string_view name) {
  std::string file(name);
  file += kSnapshotSuffix;
  return SnapshotDirectory(impl) / file;
}

// A whole-database action needs the action on every table: a tenant's policy, limited to its
// tables, may not snapshot or restore the others'.
Status Authorize(const Engine& impl, const RequestContext& context, std::string_view action) {
  const ops::Caller caller = impl.CallerFor(context);
  return ops::access::CheckOperation(caller, action, "*");
}

// The snapshot's description from its file: the size, and the creation time the file's
// modification time holds (set from the database's clock when it was taken).
Result<SnapshotInfo> Describe(const fs::path& file, std::string name) {
  struct stat info {};
  if (stat(file.c_str(), &info) != 0) {
    if (errno == ENOENT) return SnapshotNotFound(name);
    return FileError(file, "read", std::error_code(errno, std::generic_category()));
  }
  SnapshotInfo out;
  out.name = std::move(name);
  out.size_bytes = static_cast<std::uint64_t>(info.st_size);
  out.created_micros = std::int64_t{info.st_mtim.tv_sec} * 1'000'000 + info.st_mtim.tv_nsec / 1000;
  return out;
}

// Replaces the whole database by `copy` (null: an empty one), then forgets what the engine held
// in memory about the state it replaced.
Status ReplaceDatabase(Engine& impl, const storage::Env::Copy* copy) {
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, impl.env->BeginWrite());
    DDBEMU_ASSIGN_OR_RETURN(storage::Catalog::Counters before, impl.catalog->ReadCounters(txn));
    DDBEMU_RETURN_IF_ERROR(impl.env->ReplaceContents(txn, copy));
    // Key-space ids are not handed out twice and the schema cache starts again (catalog.h).
    DDBEMU_RETURN_IF_ERROR(impl.catalog->KeepCounters(txn, before));
    // Versions are recorded inside write transactions: holding the writer, none can be added
    // between this and the commit, so no read lags into the replaced state.
    if (impl.history) impl.history->Clear();
    DDBEMU_RETURN_IF_ERROR(txn.Commit());
  }
  // The replaced state's buckets, usage, scaling and schema caches: every table starts afresh
  // from its (restored) schema, with full buckets. Overrides (SetCapacityOverrides) stay.
  impl.throughput->ForgetTables();
  if (impl.transient) impl.transient->Clear();
  if (impl.audit) impl.audit->ForgetSchemas();
  return Status::Ok();
}

}  // namespace

Result<SnapshotInfo> Database::Snapshot(std::string_view name, const RequestContext& context) {
  DDBEMU_RETURN_IF_ERROR(Authorize(*impl_, context, "Snapshot"));
  DDBEMU_RETURN_IF_ERROR(CheckSnapshotName(name));
  std::error_code ec;
  const fs::path directory = SnapshotDirectory(*impl_);
  fs::create_directories(directory, ec);
  if (ec) return FileError(directory, "create", ec);
  const fs::path file = SnapshotFile(*impl_, name);
  DDBEMU_RETURN_IF_ERROR(impl_->env->CopyTo(file.string()));
  // The creation time is the database's clock's (a virtual one in tests), kept as the file's
  // modification time so that the listing needs no file of its own.
  const std::int64_t now = impl_->clock->NowMicros();
  const timespec times[2] = {{now / 1'000'000, (now % 1'000'000) * 1000},
                             {now / 1'000'000, (now % 1'000'000) * 1000}};
  (void)utimensat(AT_FDCWD, file.c_str(), times, 0);  // best effort: the copy itself is whole
  return Describe(file, std::string(name));
}

Status Database::Restore(std::string_view name, const RequestContext& context) {
  DDBEMU_RETURN_IF_ERROR(Authorize(*impl_, context, "RestoreSnapshot"));
  DDBEMU_RETURN_IF_ERROR(CheckSnapshotName(name));
  const fs::path file = SnapshotFile(*impl_, name);
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return SnapshotNotFound(name);
  DDBEMU_ASSIGN_OR_RETURN(std::unique_ptr<storage::Env::Copy> copy,
                          storage::Env::Copy::Open(file.string()));
  return ReplaceDatabase(*impl_, copy.get());
}

Status Database::Reset(const RequestContext& context) {
  DDBEMU_RETURN_IF_ERROR(Authorize(*impl_, context, "ResetDatabase"));
  return ReplaceDatabase(*impl_, nullptr);
}

Result<std::vector<SnapshotInfo>> Database::ListSnapshots(const RequestContext& context) {
  DDBEMU_RETURN_IF_ERROR(Authorize(*impl_, context, "ListSnapshots"));
  std::vector<SnapshotInfo> out;
  const fs::path directory = SnapshotDirectory(*impl_);
  std::error_code ec;
  if (!fs::is_directory(directory, ec)) return out;  // none taken yet
  for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file = it->path().filename().string();
    if (!file.ends_with(kSnapshotSuffix)) continue;  // a copy being written ends otherwise
    std::string name = file.substr(0, file.size() - kSnapshotSuffix.size());
    if (!IsSnapshotName(name)) continue;
    Result<SnapshotInfo> info = Describe(it->path(), std::move(name));
    if (info.ok()) out.push_back(std::move(*info));  // one deleted meanwhile is left out
  }
  if (ec) return FileError(directory, "list", ec);
  std::sort(out.begin(), out.end(),
            [](const SnapshotInfo& a, const SnapshotInfo& b) { return a.name < b.name; });
  return out;
}

Status Database::DeleteSnapshot(std::string_view name, const RequestContext& context) {
  DDBEMU_RETURN_IF_ERROR(Authorize(*impl_, context, "DeleteSnapshot"));
  DDBEMU_RETURN_IF_ERROR(CheckSnapshotName(name));
  const fs::path file = SnapshotFile(*impl_, name);
  std::error_code ec;
  if (!fs::remove(file, ec)) {
    if (ec) return FileError(file, "delete", ec);
    return SnapshotNotFound(name);
  }
  return Status::Ok();
}

Result<CompactionResult> Database::Compact(const std::string& path) {
  DDBEMU_ASSIGN_OR_RETURN(storage::RepackResult repacked, storage::RepackDirectory(path));
  return CompactionResult{.bytes_before = repacked.bytes_before,
                          .bytes_after = repacked.bytes_after};
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
