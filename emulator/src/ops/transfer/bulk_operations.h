// Bulk put's four operations (ddbemu/model/bulk_operations.h) and the register of a database's
// bulk operations. StartBulkPutItems reads every object under the input prefix of the local S3
// (storage/local_s3.h), decodes it with the data-file codec of exports and imports
// (item_file.h: DYNAMODB_JSON or ION, NONE, GZIP or ZSTD), and starts a BulkPutJob (bulk_put_job.h)
// on the engine's clock; each item is written as a PutItem of the starting caller, so it is charged
// to, and throttled by, the table's capacity model. A job's passed seconds run before the database
// serves its next request, whichever it is (the run step calls Tick: on a virtual clock, advance
// and then any request sees the job's writes); once it ends, its summary and, with OutputType
// ERROR, its failed records are written under the output prefix.
//
// Kept in the catalog (transfer_store.h), as exports and imports are: a reopened database lists
// the finished operations and resumes one in progress from its next record. Without requests,
// the database's periodic task (the TTL sweeper's, on the real clock) calls Tick.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/model/bulk_operations.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "ops/transfer/bulk_put_job.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {

class BulkOperations {
 public:
  BulkOperations();
  ~BulkOperations();

  Result<BulkOperationDescription> Start(Engine& engine, const Caller& caller,
                                         const StartBulkPutItemsRequest& request);
  Result<BulkOperationDescription> Describe(Engine& engine, const Caller& caller,
                                            std::string_view arn);
  Result<ListBulkOperationsResponse> List(Engine& engine, const Caller& caller,
                                          const ListBulkOperationsRequest& request);
  Result<CancelBulkOperationResponse> Cancel(Engine& engine, const Caller& caller,
                                             std::string_view arn);

  // Runs the passed seconds of the jobs in progress; one atomic load when there are none (the
  // run step calls it before every request).
  void Tick(Engine& engine) {
    if (loaded_.load(std::memory_order_acquire) &&
        unfinished_.load(std::memory_order_acquire) == 0) {
      return;
    }
    sync::MutexLock lock(mutex_);
    if (!Load(engine).ok()) return;  // tried again by the next tick
    AdvanceAll(engine);
  }

 private:
  struct Operation;

  // Runs every job's passed seconds (and writes the outputs of those that end).
  void AdvanceAll(Engine& engine) REQUIRES(mutex_);
  Operation* Find(const Caller& caller, std::string_view arn) REQUIRES(mutex_);
  // The catalog's records (transfer_store.h): Load reads them once, before the first use; Save
  // writes one operation's as it starts, advances and ends.
  Status Load(Engine& engine) REQUIRES(mutex_);
  Status Save(Engine& engine, const Operation& op) const;
  BulkOperationDescription Describe(const Operation& op) const;

  sync::Mutex mutex_;
  std::vector<std::unique_ptr<Operation>> operations_ GUARDED_BY(mutex_);  // in start order
  std::uint64_t started_ GUARDED_BY(mutex_) = 0;
  std::atomic<int> unfinished_{0};  // operations whose outputs are not yet written
  std::atomic<bool> loaded_{false};
};

// The operations as operation_table.cc and the embedded client call them: on
// engine.bulk_operations (an InternalServerError when the database has none).
Result<StartBulkPutItemsResponse> StartBulkPutItems(Engine& engine, const Caller& caller,
                                                    const StartBulkPutItemsRequest& request);
Result<DescribeBulkOperationResponse> DescribeBulkOperation(
    Engine& engine, const Caller& caller, const DescribeBulkOperationRequest& request);
Result<ListBulkOperationsResponse> ListBulkOperations(Engine& engine, const Caller& caller,
                                                      const ListBulkOperationsRequest& request);
Result<CancelBulkOperationResponse> CancelBulkOperation(Engine& engine, const Caller& caller,
                                                        const CancelBulkOperationRequest& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
