// Env: opening, closing and the read-transaction pool (see env.h).
#include "storage/env.h"

#include <lmdb.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#include "storage/meta_keys.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

namespace fs = std::filesystem;

// LMDB's compiled-in key limit; key layouts (long_key.h) assume at least this much.
constexpr int kRequiredMaxKeySize = 511;

ApiError PathError(const std::string& path, std::string_view what) {
  std::string message = "Cannot open the database at '" + path + "': ";
  message += what;
  return ApiError::InternalServerError(std::move(message));
}

// The database's size is checked against the free space again after it grew this much.
constexpr std::uint64_t kRoomRecheckBytes = std::uint64_t{16} << 20;
// /dev/shm is used for in-memory databases only with at least this much free: containers
// often give it 64 MiB, which a test's data outgrows.
constexpr std::uint64_t kShmMinimumFreeBytes = std::uint64_t{1} << 30;

std::optional<std::uint64_t> StatvfsFreeSpace(const std::string& dir) {
  struct statvfs fs_info {};
  if (statvfs(dir.c_str(), &fs_info) != 0) return std::nullopt;
  return std::uint64_t{fs_info.f_bavail} * fs_info.f_frsize;
}

// Creates the private directory of an in-memory database: on /dev/shm when the machine has
// it with room to spare, so that "in memory" is literally true (tmpfs: no disk writes, and a
// fixture opens in well under a millisecond); else under the system's temp directory.
Result<std::string> MakeScratchDirectory(const EnvOptions& options) {
  std::error_code ec;
  fs::path base = "/dev/shm";
  auto shm_free = options.free_space ? options.free_space(base) : StatvfsFreeSpace(base);
  if (!fs::is_directory(base, ec) || access(base.c_str(), W_OK) != 0 ||
      shm_free.value_or(0) < kShmMinimumFreeBytes) {
    base = fs::temp_directory_path(ec);
    if (ec) base = "/tmp";
  }
  std::string pattern = (base / "ddbemu-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return PathError(pattern, std::generic_category().message(errno));
  }
  return pattern;
}

unsigned EnvFlags(const EnvOptions& options) {
  // MDB_NOTLS: reader slots belong to transactions, not threads, so pooled read transactions
  // can be renewed on any thread of a server's pool.
  unsigned flags = MDB_NOTLS;
  if (options.in_memory || options.durability == Durability::kNone) {
    flags |= MDB_NOSYNC | MDB_NOMETASYNC;
  }
  // In-memory mode: a commit updates the pages in the shared map in place instead of copying
  // every dirty page into the file with pwrite (that copy, made under the single writer's
  // lock, was the largest cost of a write). LMDB then sizes the scratch file to the map
  // (sparse: no disk is used until pages are written). A full file system would then end the
  // process (SIGBUS) instead of failing the write, so BeginWrite checks the free space
  // first (CheckRoomToGrow). Not for a user's data directory: a 64 GiB file there would
  // surprise.
  if (options.in_memory) flags |= MDB_WRITEMAP;
  return flags;
}

}  // namespace

Env::Env(MDB_env* env, std::string path, const EnvOptions& options)
    : env_(env),
      path_(std::move(path)),
      in_memory_(options.in_memory),
      map_size_bytes_(options.map_size_bytes),
      free_space_(options.free_space ? options.free_space : StatvfsFreeSpace) {}

Result<std::unique_ptr<Env>> Env::Open(const EnvOptions& options) {
  std::string path = options.path;
  if (options.in_memory) {
    DDBEMU_ASSIGN_OR_RETURN(path, MakeScratchDirectory(options));
  } else {
    if (path.empty()) return PathError(path, "no data directory given");
    std::error_code ec;
    fs::create_directories(path, ec);
    if (ec) return PathError(path, ec.message());
  }
  MDB_env* raw = nullptr;
  if (int rc = mdb_env_create(&raw); rc != 0) return LmdbError("mdb_env_create", rc);
  // From here the Env owns `raw` and, in in-memory mode, the directory: its destructor cleans
  // up on every failure path below.
  std::unique_ptr<Env> env(new Env(raw, path, options));
  if (int rc = mdb_env_set_mapsize(raw, options.map_size_bytes); rc != 0) {
    return LmdbError("mdb_env_set_mapsize", rc);
  }
  if (int rc = mdb_env_set_maxdbs(raw, 4); rc != 0) return LmdbError("mdb_env_set_maxdbs", rc);
  if (int rc = mdb_env_set_maxreaders(raw, options.max_readers); rc != 0) {
    return LmdbError("mdb_env_set_maxreaders", rc);
  }
  if (int rc = mdb_env_open(raw, path.c_str(), EnvFlags(options), 0644); rc != 0) {
    return PathError(path, mdb_strerror(rc));
  }
  if (mdb_env_get_maxkeysize(raw) < kRequiredMaxKeySize) {
    return PathError(path, "the LMDB library's maximum key size is below 511 bytes");
  }
  DDBEMU_RETURN_IF_ERROR(env->OpenDatabases());
  return env;
}

// Opens the named databases once, in one write transaction, as LMDB requires of DBI handles
// that every later transaction shares; stamps or checks the storage format version.
Status Env::OpenDatabases() {
  DDBEMU_ASSIGN_OR_RETURN(WriteTxn txn, BeginWrite());
  for (auto [name, dbi] : {std::pair{"catalog", &catalog_}, {"data", &data_}, {"meta", &meta_}}) {
    if (int rc = mdb_dbi_open(txn.handle(), name, MDB_CREATE, &dbi->id); rc != 0) {
      return LmdbError("mdb_dbi_open", rc);
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(auto version, txn.Get(meta_, metakeys::kFormatVersion));
  const std::uint32_t found = version && version->size() == 4 ? ReadU32(*version) : 0;
  if (version && found != metakeys::kCurrentFormatVersion &&
      found != metakeys::kFormatVersionItemsOnly) {
    return PathError(path_, "the directory holds a database of an unknown storage format");
  }
  if (found != metakeys::kCurrentFormatVersion) {  // new, or version 1: its items read as they are
    std::string stamp;
    AppendU32(metakeys::kCurrentFormatVersion, &stamp);
    DDBEMU_RETURN_IF_ERROR(txn.Put(meta_, metakeys::kFormatVersion, stamp));
  }
  return txn.Commit();
}

Env::~Env() {
  assert(live_txns_.load() == 0 && "a transaction outlived its Env");
  for (MDB_txn* txn : idle_readers_) mdb_txn_abort(txn);
  // Handles of named DBIs need no closing: mdb_env_close releases them.
  mdb_env_close(env_);
  if (in_memory_) {
    std::error_code ec;  // best effort: nothing useful to do if removal fails
    fs::remove_all(path_, ec);
  }
}

Result<ReadTxn> Env::BeginRead() {
  MDB_txn* txn = nullptr;
  {
    sync::MutexLock lock(pool_mu_);
    if (!idle_readers_.empty()) {
      txn = idle_readers_.back();
      idle_readers_.pop_back();
    }
  }
  if (txn != nullptr && mdb_txn_renew(txn) != 0) {
    mdb_txn_abort(txn);  // a handle that cannot renew is dropped; begin a fresh one
    txn = nullptr;
  }
  if (txn == nullptr) {
    if (int rc = mdb_txn_begin(env_, nullptr, MDB_RDONLY, &txn); rc != 0) {
      return LmdbError("mdb_txn_begin(read)", rc);
    }
  }
  live_txns_.fetch_add(1, std::memory_order_relaxed);
  return ReadTxn(this, txn);
}

Result<WriteTxn> Env::BeginWrite() {
  MDB_txn* txn = nullptr;
  if (int rc = mdb_txn_begin(env_, nullptr, 0, &txn); rc != 0) {
    return LmdbError("mdb_txn_begin(write)", rc);
  }
  live_txns_.fetch_add(1, std::memory_order_relaxed);
  WriteTxn write(this, txn);
  if (in_memory_) DDBEMU_RETURN_IF_ERROR(CheckRoomToGrow());
  return write;
}

Status Env::CheckRoomToGrow() {
  MDB_envinfo info{};
  MDB_stat stat{};
  if (mdb_env_info(env_, &info) != 0 || mdb_env_stat(env_, &stat) != 0) return Status();
  const std::uint64_t used = (std::uint64_t{info.me_last_pgno} + 1) * stat.ms_psize;
  if (used < next_room_check_bytes_) return Status();
  std::optional<std::uint64_t> free = free_space_(path_);
  if (!free) {
    next_room_check_bytes_ = used + kRoomRecheckBytes;
    return Status();
  }
  if (*free < kWriteHeadroomBytes) {
    next_room_check_bytes_ = 0;  // ask again on the next write: space may have been freed
    return ApiError::InternalServerError(
        "The in-memory database cannot grow: the file system holding " + path_ + " has " +
        std::to_string(*free >> 20) + " MiB free, below the " +
        std::to_string(kWriteHeadroomBytes >> 20) + " MiB a write may need");
  }
  next_room_check_bytes_ = used + std::min(kRoomRecheckBytes, *free - kWriteHeadroomBytes);
  return Status();
}

void Env::ReturnReader(MDB_txn* txn) {
  // Reset releases the snapshot (so writers can reuse its pages) but keeps the reader slot.
  mdb_txn_reset(txn);
  sync::MutexLock lock(pool_mu_);
  idle_readers_.push_back(txn);
}

Status Env::Sync() { return LmdbStatus("mdb_env_sync", mdb_env_sync(env_, 1)); }

ApiError LmdbError(std::string_view call, int rc) {
  std::string message(call);
  message += " failed: ";
  message += mdb_strerror(rc);
  if (rc == MDB_MAP_FULL) {
    message +=
        ". The database is full: it has reached its maximum size (map_size_bytes); reopen it "
        "with a larger map size";
  }
  return ApiError::InternalServerError(std::move(message));
}

ApiError CorruptionError(std::string_view what) {
  std::string message = "Stored data is corrupt: ";
  message += what;
  return ApiError::InternalServerError(std::move(message));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
