// Env::CopyTo, Env::Copy and Env::ReplaceContents: the whole database copied out to one file and
// back (see env.h). Database::Snapshot and Restore are built on them (database_snapshots.cc),
// and RepackDirectory (Database::Compact, `ddb-local compact`) on the last two.
#include <fcntl.h>
#include <lmdb.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "storage/env.h"
#include "storage/meta_keys.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

constexpr const char* kDbiNames[] = {"catalog", "data", "meta"};

ApiError FileError(const std::string& file, std::string_view what, int error) {
  std::string message = "Cannot ";
  message += what;
  message += " '" + file + "': " + std::generic_category().message(error);
  return ApiError::InternalServerError(std::move(message));
}

ApiError NotACopy(const std::string& file, std::string_view why) {
  return ApiError::InternalServerError(
      "'" + file + "' is not a database copy of this version: " + std::string(why));
}

// A read transaction of a Copy's environment, aborted at scope exit.
struct CopyReader {
  MDB_txn* txn = nullptr;
  ~CopyReader() {
    if (txn != nullptr) mdb_txn_abort(txn);
  }
};

// LMDB holds a shared fcntl lock on the first byte of lock.mdb in every process that has the
// environment open (mdb_env_setup_locks, LMDB's documented lock file protocol). A write lock on
// that byte is therefore refused while another process has the directory open, and while held
// it makes a process that opens the directory wait. fcntl locks belong to the process: one of
// this process's own environments on the directory goes unseen (RepackDirectory's contract).
class ExclusiveDirectoryLock {
 public:
  static Result<ExclusiveDirectoryLock> Acquire(const std::string& dir) {
    const std::string file = dir + "/lock.mdb";
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return FileError(file, "open", errno);
    ExclusiveDirectoryLock lock(fd);
    struct flock first_byte {};
    first_byte.l_type = F_WRLCK;
    first_byte.l_whence = SEEK_SET;
    first_byte.l_start = 0;
    first_byte.l_len = 1;
    if (::fcntl(fd, F_SETLK, &first_byte) != 0) {
      if (errno == EAGAIN || errno == EACCES) {
        return ApiError::ResourceInUse("The data directory " + dir +
                                       " is open in another process (a running ddb-local?): "
                                       "stop it first");
      }
      return FileError(file, "lock", errno);
    }
    return lock;
  }
  ExclusiveDirectoryLock(ExclusiveDirectoryLock&& other) noexcept
      : fd_(std::exchange(other.fd_, -1)) {}
  ExclusiveDirectoryLock& operator=(ExclusiveDirectoryLock&&) = delete;
  ~ExclusiveDirectoryLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
  }

 private:
  explicit ExclusiveDirectoryLock(int fd) : fd_(fd) {}
  int fd_;
};

Status SyncDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return FileError(dir, "open", errno);
  const int rc = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  if (rc != 0) return FileError(dir, "sync", error);
  return Status::Ok();
}

}  // namespace

Status Env::CopyTo(const std::string& file) const {
  std::string temporary = file + ".XXXXXX";
  const int fd = mkstemp(temporary.data());
  if (fd < 0) return FileError(file, "create a temporary file beside", errno);
  unsigned flags = 0;
  mdb_env_get_flags(env_, &flags);
  int rc = mdb_env_copyfd2(env_, fd, MDB_CP_COMPACT);
  // Under kFsync a snapshot is as durable as the data it copies.
  const bool synced = rc != 0 || (flags & MDB_NOSYNC) != 0 || fsync(fd) == 0;
  const int sync_error = errno;
  if (close(fd) != 0 && rc == 0 && synced) rc = errno;
  if (rc != 0 || !synced) {
    std::remove(temporary.c_str());
    if (rc != 0) return LmdbError("mdb_env_copyfd2", rc);
    return FileError(temporary, "sync", sync_error);
  }
  if (std::rename(temporary.c_str(), file.c_str()) != 0) {
    const int error = errno;
    std::remove(temporary.c_str());
    return FileError(file, "rename a copy to", error);
  }
  return Status::Ok();
}

Result<std::unique_ptr<Env::Copy>> Env::Copy::Open(const std::string& file) {
  struct stat info {};
  if (stat(file.c_str(), &info) != 0) return FileError(file, "open", errno);
  MDB_env* raw = nullptr;
  if (int rc = mdb_env_create(&raw); rc != 0) return LmdbError("mdb_env_create", rc);
  std::unique_ptr<Copy> copy(new Copy(raw, static_cast<std::uint64_t>(info.st_size)));
  if (int rc = mdb_env_set_maxdbs(raw, 4); rc != 0) return LmdbError("mdb_env_set_maxdbs", rc);
  // LMDB raises the map to the file's used size; nothing is written, so no lock file either.
  if (int rc =
          mdb_env_open(raw, file.c_str(), MDB_RDONLY | MDB_NOSUBDIR | MDB_NOLOCK | MDB_NOTLS, 0444);
      rc != 0) {
    return NotACopy(file, mdb_strerror(rc));
  }
  // The copy must hold the three databases and this build's format.
  CopyReader reader;
  if (int rc = mdb_txn_begin(raw, nullptr, MDB_RDONLY, &reader.txn); rc != 0) {
    return NotACopy(file, mdb_strerror(rc));
  }
  MDB_dbi meta = 0;
  for (const char* name : kDbiNames) {
    MDB_dbi dbi = 0;
    if (mdb_dbi_open(reader.txn, name, 0, &dbi) != 0) {
      return NotACopy(file, std::string("no ") + name + " database");
    }
    meta = dbi;  // "meta" comes last
  }
  MDB_val key = ToVal(metakeys::kFormatVersion);
  MDB_val value{};
  if (mdb_get(reader.txn, meta, &key, &value) != 0 || value.mv_size != 4 ||
      ReadU32(ToView(value)) != metakeys::kCurrentFormatVersion) {
    return NotACopy(file, "its storage format is not this build's");
  }
  return copy;
}

Env::Copy::~Copy() { mdb_env_close(env_); }

Status Env::ReplaceContents(WriteTxn& txn, const Copy* copy) {
  if (copy != nullptr && in_memory_) {
    // MDB_WRITEMAP turns a full file system into a SIGBUS: the copy must fit with room to spare.
    if (std::optional<std::uint64_t> free = free_space_(path_);
        free && *free < copy->size_bytes() + kWriteHeadroomBytes) {
      return ApiError::InternalServerError(
          "The in-memory database cannot take the copy: the file system holding " + path_ +
          " has " + std::to_string(*free >> 20) + " MiB free, below the copy's " +
          std::to_string(copy->size_bytes() >> 20) + " MiB and the " +
          std::to_string(kWriteHeadroomBytes >> 20) + " MiB a write may need");
    }
  }
  const Dbi targets[] = {catalog_, data_, meta_};
  for (const Dbi dbi : targets) {
    DDBEMU_RETURN_IF_ERROR(LmdbStatus("mdb_drop", mdb_drop(txn.handle(), dbi.id, 0)));
  }
  if (copy == nullptr) {  // an empty database: only the format stamp, as Open writes it
    std::string stamp;
    AppendU32(metakeys::kCurrentFormatVersion, &stamp);
    return txn.Put(meta_, metakeys::kFormatVersion, stamp);
  }
  CopyReader reader;
  DDBEMU_RETURN_IF_ERROR(LmdbStatus("mdb_txn_begin(copy)",
                                    mdb_txn_begin(copy->env_, nullptr, MDB_RDONLY, &reader.txn)));
  for (std::size_t i = 0; i < std::size(kDbiNames); ++i) {
    MDB_dbi source = 0;
    DDBEMU_RETURN_IF_ERROR(
        LmdbStatus("mdb_dbi_open(copy)", mdb_dbi_open(reader.txn, kDbiNames[i], 0, &source)));
    MDB_cursor* cursor = nullptr;
    DDBEMU_RETURN_IF_ERROR(
        LmdbStatus("mdb_cursor_open(copy)", mdb_cursor_open(reader.txn, source, &cursor)));
    MDB_val key{};
    MDB_val value{};
    int rc = mdb_cursor_get(cursor, &key, &value, MDB_FIRST);
    while (rc == 0) {
      // In key order into an emptied database: MDB_APPEND writes each page once, no search.
      rc = mdb_put(txn.handle(), targets[i].id, &key, &value, MDB_APPEND);
      if (rc != 0) break;
      rc = mdb_cursor_get(cursor, &key, &value, MDB_NEXT);
    }
    mdb_cursor_close(cursor);
    if (rc != MDB_NOTFOUND) return LmdbError("mdb_put(MDB_APPEND)", rc);
  }
  return Status::Ok();
}

Result<RepackResult> RepackDirectory(const std::string& dir) {
  namespace fs = std::filesystem;
  const std::string data = dir + "/data.mdb";
  struct stat info {};
  if (::stat(data.c_str(), &info) != 0) return FileError(data, "open", errno);
  RepackResult result;
  result.bytes_before = static_cast<std::uint64_t>(info.st_size);
  DDBEMU_ASSIGN_OR_RETURN(ExclusiveDirectoryLock lock, ExclusiveDirectoryLock::Acquire(dir));
  auto copy = Env::Copy::Open(data);
  if (!copy.ok()) {
    return ApiError::InternalServerError(
        "Cannot compact " + dir + ": " + std::string(copy.error().message()) +
        " (a directory of an older format is upgraded by opening it once with ddb-local)");
  }
  // The new file is written beside the old one, so that the rename stays on one file system.
  const std::string scratch = dir + "/.compacting";
  std::error_code ignored;
  fs::remove_all(scratch, ignored);
  {
    EnvOptions options;
    options.path = scratch;
    options.durability = Durability::kFsync;  // on disk before it replaces the old file
    options.map_size_bytes =
        std::max<std::size_t>(options.map_size_bytes, 2 * static_cast<std::size_t>(info.st_size));
    DDBEMU_ASSIGN_OR_RETURN(auto fresh, Env::Open(options));
    DDBEMU_ASSIGN_OR_RETURN(WriteTxn txn, fresh->BeginWrite());
    DDBEMU_RETURN_IF_ERROR(fresh->ReplaceContents(txn, copy->get()));
    DDBEMU_RETURN_IF_ERROR(txn.Commit());
  }
  copy->reset();
  const std::string packed = scratch + "/data.mdb";
  if (::stat(packed.c_str(), &info) != 0) return FileError(packed, "open", errno);
  result.bytes_after = static_cast<std::uint64_t>(info.st_size);
  if (std::rename(packed.c_str(), data.c_str()) != 0) return FileError(data, "replace", errno);
  DDBEMU_RETURN_IF_ERROR(SyncDirectory(dir));
  fs::remove_all(scratch, ignored);
  return result;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
