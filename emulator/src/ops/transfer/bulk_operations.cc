// Bulk put's operations (see bulk_operations.h).
#include "ops/transfer/bulk_operations.h"

#include <algorithm>
#include <cstdio>
#include <tuple>
#include <utility>

#include "api/table_names.h"
#include "ops/items/items.h"
#include "ops/tables/tables.h"
#include "ops/transfer/item_file.h"
#include "ops/transfer/transfer_store.h"
#include "storage/local_s3.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

// StartBulkPutItemsInput.ClientToken: "During the 8 hours after the initial request, repeated
// requests that use the same token and parameters return the same bulk operation."
constexpr std::int64_t kTokenLifetimeMicros = 8LL * 3600 * 1'000'000;
// ListBulkOperationsInput.MaxResults: "If you don't specify a value, DynamoDB uses 10."
constexpr std::int64_t kDefaultPageSize = 10;

// The request's parameters, for ClientToken's "same token and parameters".
std::string Fingerprint(const StartBulkPutItemsRequest& r) {
  const auto& in = r.input_s3_configuration;
  const auto& out = r.output_s3_configuration;
  std::string f = r.table_name + '\0' + in.s3_bucket + '\0' + in.s3_key_prefix.value_or("") + '\0' +
                  in.s3_bucket_owner.value_or("") + '\0' + in.input_format + '\0' +
                  in.input_compression_type.value_or("NONE") + '\0' + out.s3_bucket + '\0' +
                  out.s3_key_prefix.value_or("") + '\0' + out.s3_bucket_owner.value_or("") + '\0' +
                  out.s3_sse_algorithm.value_or("") + '\0' + out.s3_sse_kms_key_id.value_or("") +
                  '\0' + std::to_string(r.max_write_request_units.value_or(0)) + '\0' +
                  r.performance_tier.value_or("STANDARD");
  for (const std::string& t : out.output_type) f += '\0' + t;
  return f;
}

// One input object's records, read by the data-file codec (item_file.h): a record that is not
// an item is kept, with its text, for the failed-items count and the ERROR output. False when
// the object cannot be decompressed (the operation then fails, as a corrupt object does).
bool ReadBulkObject(std::string_view bytes, const InputS3Configuration& in,
                    std::vector<BulkRecord>& out, std::string* error) {
  bool whole = true;
  ReadItemFileRecords(bytes, FileFormatNamed(in.input_format),
                      CompressionNamed(in.input_compression_type.value_or("NONE")), CsvSettings{},
                      [&](ItemFileRecord record) {
                        if (!record.item && record.error.line == 0) {
                          whole = false;
                          *error = record.error.message;
                          return;
                        }
                        out.push_back({std::move(record.item), std::move(record.error.message),
                                       std::string(record.text), record.text.size() + 1});
                      });
  return whole;
}

// The input: every object under the prefix, decoded (the records are the job's); the error that
// fails the operation when it cannot be read, or when the output bucket does not exist.
std::optional<storage::S3Error> ReadBulkPutInput(Engine& engine,
                                                 const StartBulkPutItemsRequest& request,
                                                 std::vector<BulkRecord>& records) {
  const auto& in = request.input_s3_configuration;
  if (engine.s3 == nullptr) {
    return storage::S3Error{"NoSuchBucket", "The specified bucket does not exist"};
  }
  auto objects = engine.s3->ListObjects(in.s3_bucket, in.s3_key_prefix.value_or(""));
  if (!objects.ok()) return objects.error();
  for (const storage::S3Object& object : *objects) {
    auto bytes = engine.s3->GetObject(in.s3_bucket, object.key);
    if (!bytes.ok()) return bytes.error();
    if (std::string error; !ReadBulkObject(*bytes, in, records, &error)) {
      return storage::S3Error{"InvalidInput", error};
    }
  }
  if (auto out = engine.s3->CheckBucket(request.output_s3_configuration.s3_bucket); !out.ok()) {
    return out.error();
  }
  return std::nullopt;
}

bool IsThrottling(const ApiError& e) {
  return e.code() == ErrorCode::kProvisionedThroughputExceeded ||
         e.code() == ErrorCode::kThrottling || e.code() == ErrorCode::kRequestLimitExceeded;
}

}  // namespace

struct BulkOperations::Operation {
  Caller caller;  // whose table the items go to, in its namespace
  std::string id;
  std::string arn;
  std::string table_name;
  std::string table_id;
  StartBulkPutItemsRequest request;
  std::string fingerprint;
  BulkPutJob job;
  std::optional<storage::S3Error> failure;  // FAILED at the start: the input could not be read
  bool outputs_written = false;
};

BulkOperations::BulkOperations() = default;
BulkOperations::~BulkOperations() = default;

Result<BulkOperationDescription> BulkOperations::Start(Engine& engine, const Caller& caller,
                                                       const StartBulkPutItemsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string_view table, api::ValidateTableName(request.table_name));
  DDBEMU_ASSIGN_OR_RETURN(const TableResult described,
                          DescribeTable(engine, caller, api::TableNameRequest{std::string(table)}));
  const std::int64_t now = engine.clock.NowMicros();
  sync::MutexLock lock(mutex_);
  DDBEMU_RETURN_IF_ERROR(Load(engine));
  AdvanceAll(engine);
  const std::string fingerprint = Fingerprint(request);
  if (request.client_token) {
    for (const auto& op : operations_) {
      if (op->caller.ns != caller.ns || op->request.client_token != request.client_token ||
          now - op->job.start_micros() > kTokenLifetimeMicros) {
        continue;
      }
      if (op->fingerprint != fingerprint) {
        return ApiError(ErrorCode::kIdempotentParameterMismatch,
                        "Request with the same client token was made with different parameters");
      }
      return Describe(*op);
    }
  }
  std::vector<BulkRecord> records;
  std::optional<storage::S3Error> failure = ReadBulkPutInput(engine, request, records);
  char id[48];
  std::snprintf(id, sizeof id, "%017lld-%08llx", static_cast<long long>(now / 1000),
                static_cast<unsigned long long>(++started_));
  auto op = std::make_unique<Operation>(
      Operation{caller, id, caller.TableArn(table) + "/bulk-operation/" + id, std::string(table),
                described.schema.table_id, request, fingerprint,
                BulkPutJob(failure ? std::vector<BulkRecord>() : std::move(records),
                           request.max_write_request_units, now),
                failure, false});
  op->caller.table_memo = nullptr;  // the embedded client's memo may not outlive its call
  op->caller.policy = nullptr;      // checked at the start; its writes are the start's
  DDBEMU_RETURN_IF_ERROR(Save(engine, *op));
  operations_.push_back(std::move(op));
  unfinished_.fetch_add(1, std::memory_order_acq_rel);
  AdvanceAll(engine);
  return Describe(*operations_.back());
}

void BulkOperations::AdvanceAll(Engine& engine) {
  const std::int64_t now = engine.clock.NowMicros();
  for (auto& op : operations_) {
    if (op->outputs_written) continue;
    if (!op->failure) {
      const std::int64_t seconds_before = op->job.state().seconds_run;
      const BulkStatus status_before = op->job.status();
      op->job.Advance(now, [&](const std::vector<const Item*>& batch) {
        std::vector<BulkWrite> out;
        for (const Item* item : batch) {
          api::PutItemRequest put;
          put.table_name = op->table_name;
          put.item = *item;
          auto written = PutItem(engine, op->caller, put);
          if (written.ok()) {
            out.push_back({});
          } else if (IsThrottling(written.error())) {
            out.push_back({BulkWrite::Outcome::kThrottled, ""});
          } else {
            out.push_back({BulkWrite::Outcome::kRejected, written.error().message()});
          }
        }
        return out;
      });
      if (!IsTerminal(op->job.status())) {
        // Best effort: a failed save is made again by the next second's.
        if (op->job.state().seconds_run != seconds_before || op->job.status() != status_before) {
          (void)Save(engine, *op);
        }
        continue;
      }
    }
    op->outputs_written = true;
    (void)Save(engine, *op);
    unfinished_.fetch_sub(1, std::memory_order_acq_rel);
    const auto& output = op->request.output_s3_configuration;
    if (engine.s3 == nullptr || !engine.s3->CheckBucket(output.s3_bucket).ok()) continue;
    // Under the output prefix, a folder per operation: summary.json (the final description's
    // counts) and, with OutputType ERROR, errors.json (one failed record per line).
    std::string base = output.s3_key_prefix.value_or("");
    if (!base.empty() && base.back() != '/') base += '/';
    base += "AWSDynamoDBBulkPut/" + op->id + "/";
    const BulkOperationDescription d = Describe(*op);
    std::string summary =
        "{\"bulkOperationArn\":" + JsonString(d.bulk_operation_arn) +
        ",\"bulkOperationStatus\":" + JsonString(d.bulk_operation_status) +
        ",\"tableName\":" + JsonString(op->table_name) +
        ",\"processedItemCount\":" + std::to_string(d.processed_item_count) +
        ",\"failedItemCount\":" + std::to_string(d.failed_item_count) +
        ",\"processedInputBytes\":" + std::to_string(d.processed_input_bytes) +
        ",\"bulkPutBytes\":" +
        std::to_string(d.bulk_operation_usage.empty() ? 0
                                                      : d.bulk_operation_usage[0].bulk_put_bytes) +
        "}\n";
    (void)engine.s3->PutObject(output.s3_bucket, base + "summary.json", summary);
    if (std::find(output.output_type.begin(), output.output_type.end(), "ERROR") !=
        output.output_type.end()) {
      std::string errors;
      for (const BulkFailure& f : op->job.failures()) {
        errors += "{\"recordIndex\":" + std::to_string(f.record) +
                  ",\"errorMessage\":" + JsonString(f.error) + ",\"input\":" + JsonString(f.text) +
                  "}\n";
      }
      if (op->failure) {
        errors += "{\"errorCode\":" + JsonString(op->failure->code) +
                  ",\"errorMessage\":" + JsonString(op->failure->message) + "}\n";
      }
      (void)engine.s3->PutObject(output.s3_bucket, base + "errors.json", errors);
    }
  }
}

Status BulkOperations::Save(Engine& engine, const Operation& op) const {
  BulkOperationRecord r{op.id,
                        op.caller.ns,
                        op.caller.region,
                        op.caller.account_id,
                        op.caller.access_key_id,
                        op.arn,
                        op.table_name,
                        op.table_id,
                        op.fingerprint,
                        op.request,
                        op.job.state(),
                        std::nullopt,
                        std::nullopt,
                        op.outputs_written};
  if (op.failure) {
    r.failure_code = op.failure->code;
    r.failure_message = op.failure->message;
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_RETURN_IF_ERROR(TransferStore(engine.env).PutBulkOperation(txn, r));
  return txn.Commit();
}

Status BulkOperations::Load(Engine& engine) {
  if (loaded_.load(std::memory_order_acquire)) return Status::Ok();
  std::vector<BulkOperationRecord> records;
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
    DDBEMU_ASSIGN_OR_RETURN(records, TransferStore(engine.env).ListBulkOperations(txn));
  }
  std::sort(records.begin(), records.end(), [](const auto& a, const auto& b) {
    return std::tie(a.job.start_micros, a.id) < std::tie(b.job.start_micros, b.id);
  });
  for (BulkOperationRecord& r : records) {
    Caller caller;
    caller.ns = r.ns;
    caller.region = r.region;
    caller.account_id = r.account_id;
    caller.access_key_id = r.access_key_id;
    std::optional<storage::S3Error> failure;
    if (r.failure_code) failure = storage::S3Error{*r.failure_code, r.failure_message.value_or("")};
    // One in progress goes on from its next record: its input is read again (docs/ddb-local.md).
    std::vector<BulkRecord> input;
    if (!failure && !IsTerminal(r.job.status)) failure = ReadBulkPutInput(engine, r.request, input);
    const bool unfinished = !r.outputs_written;
    operations_.push_back(std::make_unique<Operation>(Operation{
        std::move(caller), r.id, r.arn, r.table_name, r.table_id, r.request, r.request_fingerprint,
        BulkPutJob(std::move(input), r.request.max_write_request_units, std::move(r.job)),
        std::move(failure), r.outputs_written}));
    if (unfinished) unfinished_.fetch_add(1, std::memory_order_acq_rel);
  }
  started_ = operations_.size();
  loaded_.store(true, std::memory_order_release);
  return Status::Ok();
}

BulkOperations::Operation* BulkOperations::Find(const Caller& caller, std::string_view arn) {
  for (auto& op : operations_) {
    if (op->arn == arn && op->caller.ns == caller.ns) return op.get();
  }
  return nullptr;
}

BulkOperationDescription BulkOperations::Describe(const Operation& op) const {
  BulkOperationDescription d;
  d.bulk_operation_arn = op.arn;
  d.bulk_operation_status = op.failure ? "FAILED" : std::string(BulkStatusName(op.job.status()));
  d.table_details.push_back({op.table_name, op.table_id});
  d.client_token = op.request.client_token;
  d.input_s3_configuration = op.request.input_s3_configuration;
  d.output_s3_configuration = op.request.output_s3_configuration;
  d.start_time_micros = op.job.start_micros();
  d.end_time_micros = op.failure ? std::optional(op.job.start_micros()) : op.job.end_micros();
  const BulkCounts& c = op.job.counts();
  d.processed_item_count = static_cast<std::int64_t>(c.processed_items);
  d.failed_item_count = static_cast<std::int64_t>(c.failed_items);
  d.processed_input_bytes = static_cast<std::int64_t>(c.processed_input_bytes);
  d.total_input_bytes = static_cast<std::int64_t>(c.total_input_bytes);
  d.bulk_operation_usage.push_back({op.table_name, static_cast<std::int64_t>(c.bulk_put_bytes)});
  if (op.failure) {
    d.failure_code = op.failure->code;
    d.failure_message = op.failure->message;
  }
  d.max_write_request_units = op.request.max_write_request_units;
  d.performance_tier = op.request.performance_tier.value_or("STANDARD");
  return d;
}

Result<BulkOperationDescription> BulkOperations::Describe(Engine& engine, const Caller& caller,
                                                          std::string_view arn) {
  sync::MutexLock lock(mutex_);
  DDBEMU_RETURN_IF_ERROR(Load(engine));
  AdvanceAll(engine);
  const Operation* op = Find(caller, arn);
  if (op == nullptr) {
    return ApiError::ResourceNotFound("Requested resource not found: Bulk operation " +
                                      std::string(arn) + " not found");
  }
  return Describe(*op);
}

Result<ListBulkOperationsResponse> BulkOperations::List(Engine& engine, const Caller& caller,
                                                        const ListBulkOperationsRequest& request) {
  sync::MutexLock lock(mutex_);
  DDBEMU_RETURN_IF_ERROR(Load(engine));
  AdvanceAll(engine);
  std::vector<const Operation*> mine;
  for (const auto& op : operations_) {
    if (op->caller.ns == caller.ns) mine.push_back(op.get());
  }
  std::size_t first = 0;
  if (request.next_token) {
    const auto at = std::find_if(mine.begin(), mine.end(), [&](const Operation* op) {
      return op->arn == *request.next_token;
    });
    if (at == mine.end()) return ApiError::Validation("Invalid NextToken");
    first = static_cast<std::size_t>(at - mine.begin());
  }
  const auto page = static_cast<std::size_t>(request.max_results.value_or(kDefaultPageSize));
  ListBulkOperationsResponse out;
  for (std::size_t i = first; i < mine.size() && i < first + page; ++i) {
    const BulkOperationDescription d = Describe(*mine[i]);
    out.bulk_operations_summary_list.push_back(
        {d.bulk_operation_arn, d.bulk_operation_status, d.start_time_micros, d.end_time_micros});
  }
  if (first + page < mine.size()) out.next_token = mine[first + page]->arn;
  return out;
}

Result<CancelBulkOperationResponse> BulkOperations::Cancel(Engine& engine, const Caller& caller,
                                                           std::string_view arn) {
  sync::MutexLock lock(mutex_);
  DDBEMU_RETURN_IF_ERROR(Load(engine));
  AdvanceAll(engine);
  Operation* op = Find(caller, arn);
  if (op == nullptr) {
    return ApiError::ResourceNotFound("Requested resource not found: Bulk operation " +
                                      std::string(arn) + " not found");
  }
  if (op->failure || !op->job.Cancel()) {
    return ApiError::Validation("Bulk operation " + std::string(arn) + " cannot be cancelled: " +
                                "it is " + Describe(*op).bulk_operation_status);
  }
  DDBEMU_RETURN_IF_ERROR(Save(engine, *op));
  return CancelBulkOperationResponse{op->arn, "CANCELLING"};
}

namespace {
Result<BulkOperations*> Registry(Engine& engine) {
  if (engine.bulk_operations == nullptr) {
    return ApiError::InternalServerError("This database serves no bulk operations");
  }
  return engine.bulk_operations;
}
}  // namespace

Result<StartBulkPutItemsResponse> StartBulkPutItems(Engine& engine, const Caller& caller,
                                                    const StartBulkPutItemsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(BulkOperations * bulk, Registry(engine));
  DDBEMU_ASSIGN_OR_RETURN(auto d, bulk->Start(engine, caller, request));
  return StartBulkPutItemsResponse{std::move(d)};
}
Result<DescribeBulkOperationResponse> DescribeBulkOperation(
    Engine& engine, const Caller& caller, const DescribeBulkOperationRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(BulkOperations * bulk, Registry(engine));
  DDBEMU_ASSIGN_OR_RETURN(auto d, bulk->Describe(engine, caller, request.bulk_operation_arn));
  return DescribeBulkOperationResponse{std::move(d)};
}
Result<ListBulkOperationsResponse> ListBulkOperations(Engine& engine, const Caller& caller,
                                                      const ListBulkOperationsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(BulkOperations * bulk, Registry(engine));
  return bulk->List(engine, caller, request);
}
Result<CancelBulkOperationResponse> CancelBulkOperation(Engine& engine, const Caller& caller,
                                                        const CancelBulkOperationRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(BulkOperations * bulk, Registry(engine));
  return bulk->Cancel(engine, caller, request.bulk_operation_arn);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
