// TransferStore: the exports and imports of each namespace, kept in the meta DBI so that
// DescribeExport, ListExports, DescribeImport and ListImports answer after a restart as they did
// before (the service keeps them for 90 days; here they are kept until the database is removed):
//   "E" | u32 length of namespace | namespace | export id -> the export's record
//   "I" | u32 length of namespace | namespace | import id -> the import's record
//   "U" | u32 length of namespace | namespace | bulk operation id -> the bulk put's record
// Ids ("01700000000000-1a2b3c4d": the start in milliseconds, then random hex) sort by start, so a
// listing is in the order the service lists (oldest first).
//
// A record holds the finished description (the work is done inside the request, as a table's is)
// and `ready_micros`, the time its status turns from IN_PROGRESS to COMPLETED or FAILED on the
// engine's clock (start + Options::transient_status_ms: at once when that is 0).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/model/bulk_operations.h"
#include "ddbemu/model/transfer.h"
#include "ddbemu/version.h"
#include "ops/transfer/bulk_put_job.h"
#include "storage/env.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {

struct ExportRecord {
  std::string id;
  std::int64_t ready_micros = 0;
  // What the ClientToken's idempotency compares: the request's parameters, as one text.
  std::string request_fingerprint;
  ExportDescription description;  // finished: COMPLETED or FAILED
};

struct ImportRecord {
  std::string id;
  std::int64_t ready_micros = 0;
  std::string request_fingerprint;
  std::string table_name;
  ImportTableDescription description;  // finished: COMPLETED or FAILED
};

// A bulk put (bulk_operations.h): its request, whose caller started it, and where its job stands
// (rewritten as it advances, so a reopened database resumes it from its next record).
struct BulkOperationRecord {
  std::string id;
  std::string ns;  // the caller's
  std::string region;
  std::string account_id;
  std::string access_key_id;
  std::string arn;
  std::string table_name;
  std::string table_id;
  std::string request_fingerprint;
  StartBulkPutItemsRequest request;
  BulkJobState job;
  std::optional<std::string> failure_code;  // FAILED at the start: the input could not be read
  std::optional<std::string> failure_message;
  bool outputs_written = false;
};

class TransferStore {
 public:
  explicit TransferStore(const storage::Env& env) : meta_(env.meta_dbi()) {}

  Status PutExport(storage::WriteTxn& txn, std::string_view ns, const ExportRecord& r) const;
  Result<std::optional<ExportRecord>> GetExport(const storage::Txn& txn, std::string_view ns,
                                                std::string_view id) const;
  Result<std::vector<ExportRecord>> ListExports(const storage::Txn& txn, std::string_view ns) const;

  Status PutImport(storage::WriteTxn& txn, std::string_view ns, const ImportRecord& r) const;
  Result<std::optional<ImportRecord>> GetImport(const storage::Txn& txn, std::string_view ns,
                                                std::string_view id) const;
  Result<std::vector<ImportRecord>> ListImports(const storage::Txn& txn, std::string_view ns) const;

  Status PutBulkOperation(storage::WriteTxn& txn, const BulkOperationRecord& r) const;
  // Every namespace's, in key order (the caller sorts by start).
  Result<std::vector<BulkOperationRecord>> ListBulkOperations(const storage::Txn& txn) const;

 private:
  storage::Dbi meta_;
};

// A ClientToken "is valid for 8 hours after the first request that uses it is completed".
inline constexpr std::int64_t kIdempotencyWindowMicros = 8LL * 3600 * 1'000'000;
// ListExports' MaxResults and ListImports' PageSize: at most (and by default) 25.
inline constexpr std::int64_t kMaxListPage = 25;

// A new id: `now_micros` in milliseconds (14 digits), then 8 hex digits: `sequence` (the number of
// the namespace's records before it, so that ids of one millisecond sort in creation order) in
// the first four, random in the last four.
std::string NewTransferId(std::int64_t now_micros, std::size_t sequence);
// The id at the end of an export or import ARN (".../export/ID", ".../import/ID"); "" if none.
std::string TransferIdOf(std::string_view arn, std::string_view kind);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
