// Database: the emulator, in-process. Open one on a data directory (or an in-memory one for a
// test fixture) and call any DynamoDB operation on it as JSON (the path ddb-local serves), or
// through a typed ddbemu::Client (ddbemu/embedded_client.h).
//
//   auto db = ddbemu::Database::Open({.in_memory = true});
//   auto r = (*db)->Call("ListTables", "{}");   // r.http_status == 200, r.body ==
//   {"TableNames":[]}
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/audit_report.h"
#include "ddbemu/capacity_report.h"
#include "ddbemu/error.h"
#include "ddbemu/options.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

namespace detail {
struct DatabaseAccess;
}

// Who is calling: selects the namespace of tables unless the database is shared
// (DynamoDB Local keeps one set of tables per access key id and region).
struct RequestContext {
  std::string access_key_id;
  std::string region = "us-east-1";
};

// A response body as DynamoDB sends it: the operation's JSON output on success, or the
// error envelope {"__type": ..., "message": ...} with its HTTP status.
struct Response {
  // 0: no response at all — a dropped connection injected by Options::faults ("drop");
  // ddb-local then closes the connection without answering.
  int http_status = 200;
  std::string body;
  // Admin replies only (ddb-local's console pages and scripts): the Content-Type, pointing to
  // static storage; empty means application/json. DynamoDB replies ignore it.
  std::string_view content_type;
};

// A snapshot of a whole database (Database::Snapshot): its name, the size of its file, and when it
// was taken on the database's clock.
struct SnapshotInfo {
  std::string name;
  std::uint64_t size_bytes = 0;
  std::int64_t created_micros = 0;
};

// What Database::Compact did to a data directory's data.mdb.
struct CompactionResult {
  std::uint64_t bytes_before = 0;
  std::uint64_t bytes_after = 0;
};

class Database {
 public:
  // Opens (creating if needed) the database the options describe. Fails with
  // InternalServerError and a message naming the path when the directory cannot be used.
  static Result<std::unique_ptr<Database>> Open(Options options);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one operation, e.g. ("PutItem", "{\"TableName\":...}"). Thread-safe. Never throws
  // on bad input: malformed JSON is a SerializationException, an unknown operation an
  // UnknownOperationException, and a failed request changes nothing.
  Response Call(std::string_view operation, std::string_view json_body,
                const RequestContext& context = {});

  const Options& options() const;
  Clock& clock() const;

  // The capacity model's view of a table (ddbemu/capacity_report.h): its limits, its partitions
  // with their items, and what it consumed and how often it was throttled over the last minute,
  // with the `top_n` busiest and most throttled partition keys. Thread-safe. Fails with
  // ResourceNotFoundException for a table the caller cannot see.
  Result<TableCapacityReport> CapacityReport(std::string_view table_name, std::size_t top_n = 10,
                                             const RequestContext& context = {});
  // The heat map's history (ddbemu/capacity_report.h): the report with, for the table and each
  // GSI, what each partition consumed and how often it was throttled in each of the last
  // `seconds` (1 to kCapacityHistorySeconds) of the clock, with the partition layout of each
  // second and its hottest keys; no top keys and no item counts. Thread-safe. Fails with
  // ResourceNotFoundException, or ValidationException for `seconds` out of range.
  Result<TableCapacityReport> CapacityHistory(std::string_view table_name,
                                              std::int64_t seconds = kCapacityHistorySeconds,
                                              const RequestContext& context = {});
  // Changes the model's defaults (partition count, per-partition caps, on-demand quota, burst)
  // for a table or one of its GSIs; in memory, from the table's next request on. Fails with
  // ResourceNotFoundException or, for a bad index or value, ValidationException.
  Status SetCapacityOverrides(std::string_view table_name, const CapacityOverrides& overrides,
                              const RequestContext& context = {});

  // Time to Live: deletes every item whose TTL attribute (UpdateTimeToLive) is a Number of
  // epoch seconds before the clock's now, in every table and namespace, as the service's
  // background process does — no write capacity consumed, indexes updated, a REMOVE stream
  // record with the service as userIdentity. Returns how many items were deleted. On a
  // virtual clock this is the only sweep; Options::ttl_sweep_interval_ms adds a background one.
  Result<std::size_t> SweepExpiredItems();

  // The access-pattern audit of the caller's tables (audit_report.h): every request shape seen
  // since the start (or the last ResetAudit) and the anti-patterns they show, the hot keys
  // coming from the capacity model. Thread-safe. With Options::audit off: Enabled false, empty.
  Result<AuditReport> Audit(const RequestContext& context = {},
                            const AuditThresholds& thresholds = {});
  void ResetAudit();

  // ---- Snapshots for tests (docs/testing.md, "Snapshots") ----
  // Snapshot copies the whole database — every namespace's tables, items, indexes, streams, TTL
  // settings and backups — into the snapshot `name`, replacing one of that name; Restore makes
  // the database what the snapshot holds; Reset empties it (every table dropped, with its items,
  // streams and backups; the snapshots stay). A name is 1 to 128 letters, digits, '_', '-' and
  // '.', starting with a letter or digit (else ValidationException); a name no snapshot has is
  // ResourceNotFoundException. Snapshots are files under the data directory's `snapshots/` (the
  // in-memory database's temporary directory: they go with it). A restore copies the snapshot's
  // LMDB records into the database in one write transaction, decoding nothing: requests see the old
  // state or the new, never a mix. After a restore or a reset the capacity model's buckets start
  // full (its overrides stay), transient statuses have ended, eventually consistent reads lag
  // behind nothing, and the clock goes on (it is not turned back). Thread-safe. With
  // Options::access_policies, the caller's policy must allow the action (Snapshot, RestoreSnapshot,
  // ResetDatabase, ListSnapshots, DeleteSnapshot) on every table ("Tables": ["*"]): else
  // AccessDeniedException.
  Result<SnapshotInfo> Snapshot(std::string_view name, const RequestContext& context = {});
  Status Restore(std::string_view name, const RequestContext& context = {});
  Status Reset(const RequestContext& context = {});
  // Every snapshot, by name.
  Result<std::vector<SnapshotInfo>> ListSnapshots(const RequestContext& context = {});
  Status DeleteSnapshot(std::string_view name, const RequestContext& context = {});

  // ---- Compaction (docs/performance.md, "Bytes on disk"; `ddb-local compact DIR`) ----
  // Rewrites the data directory `path` with every page of its B-trees full, typically after a
  // bulk load: items arrive in hash order, so a page splits at its middle and the leaves stay
  // about two-thirds full. The records are copied as they are (every table, item, index,
  // stream, backup and TTL setting stays); the new file replaces data.mdb, and a crash leaves
  // the old one. No process may have `path` open, this one included: another process's is
  // ResourceInUseException; no database there, or an older storage format (upgraded by opening
  // it once), InternalServerError. Writes after it fill pages as before.
  static Result<CompactionResult> Compact(const std::string& path);

 private:
  // The engine's own clients (the embedded Client, the server's connections) reach the engine
  // and the reply-reusing Call through it; it is not part of the interface.
  friend struct detail::DatabaseAccess;
  struct Impl;

  explicit Database(std::unique_ptr<Impl> impl);
  // Call into `response`, replacing all it held; its body's storage is reused where the
  // operation writes its body in place (the reads), so that a caller keeping one Response (a
  // server connection) answers without allocating a body per request.
  void CallInto(std::string_view operation, std::string_view json_body,
                const RequestContext& context, Response& response);

  std::unique_ptr<Impl> impl_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
