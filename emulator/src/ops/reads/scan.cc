// Scan (see reads.h).
#include "ops/reads/reads.h"

#include <string>

#include "ops/capacity/capacity_charge.h"
#include "ops/reads/read_page.h"
#include "ops/reads/read_target.h"
#include "ops/realism/transient_statuses.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// Segment and TotalSegments go together, and Segment counts from 0 (the service's messages,
// from dynalite's tests and a conformance suite run against DynamoDB). Their ranges (0..999999,
// 1..1000000) are the model's and were checked by the request validator.
Status CheckSegments(const api::ScanRequest& request) {
  if (request.segment && !request.total_segments) {
    return ApiError::Validation(
        "The TotalSegments parameter is required but was not present in the request when "
        "Segment parameter is present");
  }
  if (request.total_segments && !request.segment) {
    return ApiError::Validation(
        "The Segment parameter is required but was not present in the request when parameter "
        "TotalSegments is present");
  }
  if (request.segment && *request.segment >= *request.total_segments) {
    return ApiError::Validation(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: " +
        std::to_string(*request.segment) +
        " is not less than TotalSegments: " + std::to_string(*request.total_segments));
  }
  return Status::Ok();
}

storage::KeyRange ScanRange(const ReadTarget& target, const api::ScanRequest& request) {
  if (!request.segment) return storage::KeyspaceRange(target.keyspace_id);
  return storage::ScanSegmentRange(target.keyspace_id, static_cast<std::uint32_t>(*request.segment),
                                   static_cast<std::uint32_t>(*request.total_segments));
}

// The start key as a storage key; in a parallel scan it must belong to the segment.
Result<std::optional<std::string>> StartAfter(const ReadTarget& target,
                                              const api::ScanRequest& request,
                                              const storage::KeyRange& range) {
  const std::optional<Item>& start_key = request.read.exclusive_start_key;
  if (!start_key) return std::optional<std::string>();
  DDBEMU_RETURN_IF_ERROR(ValidateStartKey(target, *start_key, target.is_index()));
  DDBEMU_ASSIGN_OR_RETURN(std::string key, StartAfterStorageKey(target, *start_key));
  if (request.segment && !range.Contains(key)) {
    return ApiError::Validation(
        "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
        "ExclusiveStartKey with correct Segment. TotalSegments: " +
        std::to_string(*request.total_segments) + " Segment: " + std::to_string(*request.segment));
  }
  return std::optional<std::string>(std::move(key));
}

}  // namespace

Result<api::ReadResponse> Scan(Engine& engine, const Caller& caller,
                               const api::ScanRequest& request) {
  const api::ReadParameters& read = request.read;
  DDBEMU_RETURN_IF_ERROR(CheckSegments(request));
  DDBEMU_ASSIGN_OR_RETURN(const ReadExpressions expressions,
                          PrepareScanExpressions(request, engine.expression_cache));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(const std::shared_ptr<const TableSchema> schema,
                          LoadReadTable(engine, txn, caller, read.table_name));
  const TableSchema& table = *schema;
  DDBEMU_RETURN_IF_ERROR(RefuseVectorIndex(table, read.index_name, "Scan"));
  DDBEMU_ASSIGN_OR_RETURN(const ReadTarget target,
                          ResolveReadTarget(table, read.index_name, read.consistent_read));
  if (engine.transient != nullptr && read.index_name) {  // realism switch: GSI backfilling
    DDBEMU_RETURN_IF_ERROR(
        engine.transient->CheckIndexRead(caller.ns, table.name, *read.index_name));
  }
  PageRequest page;
  page.range = ScanRange(target, request);
  DDBEMU_ASSIGN_OR_RETURN(page.start_after, StartAfter(target, request, page.range));
  DDBEMU_ASSIGN_OR_RETURN(const ReadShape shape,
                          PlanReadShape(target, read.select, expressions, /*is_query=*/false));
  page.limit = read.limit;
  page.consistent_read = read.consistent_read;
  // Realism switch: an eventually consistent read may not see the writes of the last window.
  LaggedView lagged;
  if (!read.consistent_read && engine.history != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(lagged, BuildLaggedView(engine.items, txn, target, *engine.history));
    page.lagged = &lagged;
  }
  page.filter = expressions.filter ? &*expressions.filter : nullptr;
  page.return_consumed_capacity = read.return_consumed_capacity;
  page.encoded = read.encoded_response;
  capacity::ReadTally tally;
  capacity::RequestCharge charge;
  page.tally = &tally;
  page.charge = &charge;
  DDBEMU_ASSIGN_OR_RETURN(api::ReadResponse response,
                          ReadPage(engine.items, txn, target, shape, page));
  // Sized only once read: throttled, the page is not returned (ops/capacity/capacity_charge.h).
  DDBEMU_RETURN_IF_ERROR(
      AdmitPage(engine, caller, txn, table, target.index, nullptr, tally, charge));
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
