// ExportTableToPointInTime, DescribeExport, ListExports (see exports.h).
#include "ops/transfer/exports.h"

#include <ctime>
#include <map>
#include <optional>
#include <random>
#include <vector>

#include "capacity/partition_map.h"
#include "capacity/throughput_registry.h"
#include "ops/capacity/capacity_charge.h"
#include "ops/control/control.h"
#include "ops/tables/tables.h"
#include "ops/transfer/item_file.h"
#include "ops/transfer/transfer_store.h"
#include "storage/key_layout.h"
#include "storage/key_range.h"
#include "storage/local_s3.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

constexpr std::int64_t kMicrosPerMinute = 60'000'000;

ApiError OutsideWindow() {
  return ApiError(ErrorCode::kInvalidExportTime,
                  "The specified ExportTime is outside of the point in time recovery window.");
}

// What one export produced: a data file per partition of the table's partition map (the
// service exports partitions in parallel, each into its own files), and its counts.
struct ExportOutput {
  explicit ExportOutput(capacity::PartitionMap partitions)
      : map(std::move(partitions)), files(static_cast<std::size_t>(map.count())) {}

  // A record of the item stored at `stored_key`, into its partition's file.
  void Add(std::string_view stored_key, const std::string& record, const Item& item) {
    ExportDataFile& file =
        files[static_cast<std::size_t>(map.PartitionOf(storage::StoredPartitionHash(stored_key)))];
    file.data += record;
    ++file.item_count;
    ++item_count;
    billed_size_bytes += static_cast<std::int64_t>(ItemSize(item));
  }

  struct ExportDataFile {
    std::string data;  // the records, uncompressed
    std::int64_t item_count = 0;
  };
  capacity::PartitionMap map;
  std::vector<ExportDataFile> files;
  std::int64_t item_count = 0;
  std::int64_t billed_size_bytes = 0;
};

// The table's partitions as the capacity model has split them (docs/capacity.md); one when the
// database models no capacity.
capacity::PartitionMap ExportPartitions(Engine& engine, const Caller& caller,
                                        const storage::Txn& txn, const TableSchema& table) {
  if (engine.throughput == nullptr) return capacity::PartitionMap(1);
  const TableCapacityReport report =
      engine.throughput->Report(SchemaSource(engine, caller, txn, table), 0);
  std::vector<std::uint64_t> first_hashes;
  for (const PartitionCapacity& p : report.table.partitions) {
    first_hashes.push_back(p.first_hash);
  }
  if (first_hashes.empty()) return capacity::PartitionMap(1);
  return capacity::PartitionMap::FromFirstHashes(std::move(first_hashes));
}

// The table's items as of `at`: the current ones, with every item changed since put back at its
// version of that time (as RestoreTableToPointInTime rebuilds it).
Status FullRecords(const Engine& engine, const storage::Txn& txn, const TableSchema& table,
                   std::int64_t at, FileFormat format, ExportOutput* out) {
  DDBEMU_ASSIGN_OR_RETURN(auto changed, engine.change_log->VersionsAt(txn, table.table_id, at));
  auto add = [&](std::string_view key, const Item& item) {
    out->Add(key, ItemRecord(format, item), item);
  };
  DDBEMU_ASSIGN_OR_RETURN(storage::RangeCursor cursor,
                          engine.items.OpenRange(txn, storage::KeyspaceRange(table.keyspace_id),
                                                 storage::ScanDirection::kForward));
  for (; cursor.valid(); cursor.Next()) {
    if (changed.contains(std::string(cursor.key()))) continue;
    Item item;
    if (!itemcodec::DecodeItem(cursor.value(), &item)) {
      return ApiError::InternalServerError("An item does not decode");
    }
    add(cursor.key(), item);
  }
  DDBEMU_RETURN_IF_ERROR(cursor.status());
  for (const auto& [key, version] : changed) {
    if (version) add(key, *version);
  }
  return Status::Ok();
}

Item KeysOf(const TableSchema& table, const Item& image) {
  Item keys;
  for (const KeyAttribute* k :
       {&table.partition_key, table.sort_key ? &*table.sort_key : nullptr}) {
    if (k == nullptr) continue;
    if (auto it = image.find(k->name); it != image.end())
      keys.insert_or_assign(k->name, it->second);
  }
  return keys;
}

// One record per item written in (from, to]: its image at `to` and, unless the view is
// NEW_IMAGE, at `from`.
Status IncrementalRecords(const Engine& engine, const storage::Txn& txn, const TableSchema& table,
                          std::int64_t from, std::int64_t to, bool old_images, FileFormat format,
                          ExportOutput* out) {
  const storage::ChangeLog& log = *engine.change_log;
  DDBEMU_ASSIGN_OR_RETURN(auto writes, log.LastWritesBetween(txn, table.table_id, from, to));
  DDBEMU_ASSIGN_OR_RETURN(auto at_from, log.VersionsAt(txn, table.table_id, from));
  DDBEMU_ASSIGN_OR_RETURN(auto at_to, log.VersionsAt(txn, table.table_id, to));
  for (const auto& [key, micros] : writes) {
    std::optional<Item> before;
    if (auto it = at_from.find(key); it != at_from.end()) before = it->second;
    std::optional<Item> after;
    if (auto it = at_to.find(key); it != at_to.end()) {
      after = it->second;
    } else {
      Item current;
      DDBEMU_ASSIGN_OR_RETURN(const bool found, engine.items.Get(txn, key, &current));
      if (found) after = std::move(current);
    }
    if (!before && !after) continue;  // created and deleted inside the window
    const Item keys = KeysOf(table, after ? *after : *before);
    const Item* old_image = old_images && before ? &*before : nullptr;
    out->Add(key, ChangeRecord(format, micros, keys, after ? &*after : nullptr, old_image),
             after ? *after : *before);
  }
  return Status::Ok();
}

std::string RandomName() {
  std::random_device device;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%08x%08x%08x", device(), device(), device());
  return buf;
}

std::string JsonOr(const std::optional<std::string>& s) {
  return s ? JsonString(*s) : std::string("null");
}

// Writes the export's objects; an S3 error is the export's failure (code, message).
storage::S3Status WriteObjects(const storage::LocalS3& s3, ExportDescription& d,
                               const std::string& id, const ExportOutput& output) {
  std::string base = d.s3_prefix.value_or("");
  if (!base.empty() && base.back() != '/') base.push_back('/');
  base += "AWSDynamoDB/" + id + "/";
  DDBEMU_RETURN_IF_ERROR(s3.PutObject(d.s3_bucket, base + "_started", ""));
  const bool ion = d.export_format == "ION";
  std::string files;  // manifest-files.json: a line per data file
  for (const ExportOutput::ExportDataFile& file : output.files) {
    const std::string data_key = base + "data/" + RandomName() + (ion ? ".ion.gz" : ".json.gz");
    const std::string gz = Gzip(file.data);
    DDBEMU_RETURN_IF_ERROR(s3.PutObject(d.s3_bucket, data_key, gz));
    files += "{\"itemCount\":" + std::to_string(file.item_count) +
             ",\"md5Checksum\":" + JsonString(Md5Base64(gz)) +
             ",\"etag\":" + JsonString(Md5Hex(gz)) + ",\"dataFileS3Key\":" + JsonString(data_key) +
             "}\n";
  }
  DDBEMU_RETURN_IF_ERROR(s3.PutObject(d.s3_bucket, base + "manifest-files.json", files));
  DDBEMU_RETURN_IF_ERROR(
      s3.PutObject(d.s3_bucket, base + "manifest-files.checksum", Md5Hex(files)));
  std::string summary =
      "{\"version\":\"2020-06-30\",\"exportArn\":" + JsonString(d.export_arn) +
      ",\"startTime\":" + JsonString(IsoTime(d.start_time_micros)) +
      ",\"endTime\":" + JsonString(IsoTime(*d.end_time_micros)) +
      ",\"tableArn\":" + JsonString(d.table_arn) + ",\"tableId\":" + JsonString(d.table_id) +
      ",\"exportTime\":" + JsonString(IsoTime(d.export_time_micros)) +
      ",\"s3Bucket\":" + JsonString(d.s3_bucket) + ",\"s3Prefix\":" + JsonOr(d.s3_prefix) +
      ",\"s3SseAlgorithm\":" + JsonString(d.s3_sse_algorithm) +
      ",\"s3SseKmsKeyId\":" + JsonOr(d.s3_sse_kms_key_id) +
      ",\"manifestFilesS3Key\":" + JsonString(base + "manifest-files.json") +
      ",\"billedSizeBytes\":" + std::to_string(output.billed_size_bytes) +
      ",\"itemCount\":" + std::to_string(output.item_count) +
      ",\"outputFormat\":" + JsonString(d.export_format) +
      ",\"exportType\":" + JsonString(d.export_type);
  if (const auto& spec = d.incremental_export_specification) {
    summary += ",\"exportFromTime\":" + JsonString(IsoTime(*spec->export_from_time_micros)) +
               ",\"exportToTime\":" + JsonString(IsoTime(*spec->export_to_time_micros)) +
               ",\"outputView\":" + JsonString(spec->export_view_type.value_or(""));
  }
  summary += "}\n";
  DDBEMU_RETURN_IF_ERROR(s3.PutObject(d.s3_bucket, base + "manifest-summary.json", summary));
  DDBEMU_RETURN_IF_ERROR(
      s3.PutObject(d.s3_bucket, base + "manifest-summary.checksum", Md5Hex(summary)));
  d.export_manifest = base + "manifest-summary.json";
  return storage::S3Status::Ok();
}

// The request's parameters, for the ClientToken's comparison.
std::string Fingerprint(const ExportTableToPointInTimeRequest& r) {
  std::string f;
  for (const std::string& s :
       {r.table_arn, r.s3_bucket, r.s3_bucket_owner.value_or(""), r.s3_prefix.value_or(""),
        r.s3_sse_algorithm.value_or(""), r.s3_sse_kms_key_id.value_or(""),
        r.export_format.value_or(""), r.export_type.value_or(""),
        r.export_time_micros ? std::to_string(*r.export_time_micros) : std::string()}) {
    f += s;
    f += '\n';
  }
  if (const auto& spec = r.incremental_export_specification) {
    f += std::to_string(spec->export_from_time_micros.value_or(-1)) + "\n" +
         std::to_string(spec->export_to_time_micros.value_or(-1)) + "\n" +
         spec->export_view_type.value_or("");
  }
  return f;
}

// The description as it stands at `now`: IN_PROGRESS, without the results, until ready.
ExportDescription View(const ExportRecord& r, std::int64_t now) {
  ExportDescription d = r.description;
  if (now >= r.ready_micros) return d;
  d.export_status = "IN_PROGRESS";
  d.end_time_micros.reset();
  d.item_count.reset();
  d.billed_size_bytes.reset();
  d.failure_code.reset();
  d.failure_message.reset();
  return d;
}

// The incremental window, checked as the service checks it; sets `spec`'s defaults.
Status CheckIncrementalWindow(IncrementalExportSpecification& spec,
                              const api::PitrDescription& window, std::int64_t now) {
  if (!spec.export_from_time_micros) {
    return ApiError::Validation("ExportFromTime is required for an incremental export");
  }
  if (!spec.export_to_time_micros) spec.export_to_time_micros = now;
  if (!spec.export_view_type) spec.export_view_type = "NEW_AND_OLD_IMAGES";
  const std::int64_t from = *spec.export_from_time_micros;
  const std::int64_t to = *spec.export_to_time_micros;
  if (to <= from) return ApiError::Validation("ExportFromTime must be before ExportToTime");
  if (to - from < 15 * kMicrosPerMinute) {
    return ApiError::Validation(
        "The duration of an incremental export must be at least 15 minutes");
  }
  if (to - from > 24 * 60 * kMicrosPerMinute) {
    return ApiError::Validation(
        "The duration of an incremental export must not be more than 24 hours");
  }
  if (from < window.earliest_micros || to > now) return OutsideWindow();
  return Status::Ok();
}

}  // namespace

std::string IsoTime(std::int64_t micros) {
  const std::time_t seconds = static_cast<std::time_t>(micros / 1'000'000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[80];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(micros / 1000 % 1000));
  return buf;
}

Result<ExportTableToPointInTimeResponse> ExportTableToPointInTime(
    Engine& engine, const Caller& caller, const ExportTableToPointInTimeRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, request.table_arn));
  const std::int64_t now = engine.clock.NowMicros();
  TransferStore store(engine.env);
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  const std::string fingerprint = Fingerprint(request);
  DDBEMU_ASSIGN_OR_RETURN(const std::vector<ExportRecord> all, store.ListExports(txn, caller.ns));
  if (request.client_token) {
    for (const ExportRecord& r : all) {
      if (r.description.client_token != request.client_token ||
          now - r.description.start_time_micros > kIdempotencyWindowMicros) {
        continue;
      }
      // ExportTableToPointInTimeInput.ClientToken: "If you submit a request with the same client
      // token but a change in other parameters within the 8-hour idempotency window, DynamoDB
      // returns an ExportConflictException" (the one case the API reference gives for it).
      if (r.request_fingerprint != fingerprint) {
        return ApiError(ErrorCode::kExportConflict,
                        "Export with the same client token was made with different parameters");
      }
      return ExportTableToPointInTimeResponse{View(r, now)};
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.Get(txn, caller.ns, name));
  if (!table) return ApiError(ErrorCode::kTableNotFound, "Table not found: " + name);
  DDBEMU_ASSIGN_OR_RETURN(const PitrSetting setting, LoadPitr(txn, engine.env, *table));
  if (!setting.enabled || engine.change_log == nullptr) {
    return ApiError(ErrorCode::kPointInTimeRecoveryUnavailable,
                    "Point in time recovery is not enabled for table '" + name + "'");
  }
  const api::PitrDescription window = PitrWindow(setting, now);

  ExportDescription d;
  const std::string id = NewTransferId(now, all.size());
  d.export_arn = caller.TableArn(name) + "/export/" + id;
  d.export_status = "COMPLETED";
  d.start_time_micros = now;
  d.table_arn = caller.TableArn(name);
  d.table_id = table->table_id;
  d.export_time_micros = request.export_time_micros.value_or(now);
  d.client_token = request.client_token;
  d.s3_bucket = request.s3_bucket;
  d.s3_bucket_owner = request.s3_bucket_owner;
  d.s3_prefix = request.s3_prefix;
  d.s3_sse_algorithm = request.s3_sse_algorithm.value_or("AES256");
  d.s3_sse_kms_key_id = request.s3_sse_kms_key_id;
  d.export_format = request.export_format.value_or("DYNAMODB_JSON");
  d.export_type = request.export_type.value_or("FULL_EXPORT");
  const FileFormat format = FileFormatNamed(d.export_format);
  ExportOutput output(ExportPartitions(engine, caller, txn, *table));
  if (d.export_type == "INCREMENTAL_EXPORT") {
    IncrementalExportSpecification spec =
        request.incremental_export_specification.value_or(IncrementalExportSpecification{});
    DDBEMU_RETURN_IF_ERROR(CheckIncrementalWindow(spec, window, now));
    d.export_time_micros = *spec.export_to_time_micros;
    DDBEMU_RETURN_IF_ERROR(IncrementalRecords(
        engine, txn, *table, *spec.export_from_time_micros, *spec.export_to_time_micros,
        spec.export_view_type != "NEW_IMAGE", format, &output));
    d.incremental_export_specification = std::move(spec);
  } else {
    if (d.export_time_micros < window.earliest_micros || d.export_time_micros > now) {
      return OutsideWindow();
    }
    DDBEMU_RETURN_IF_ERROR(FullRecords(engine, txn, *table, d.export_time_micros, format, &output));
  }

  // S3 is written before the record commits: a failed write is the export's FAILED status.
  d.end_time_micros = now;
  storage::S3Status written = engine.s3 == nullptr
                                  ? storage::S3Status(storage::S3Error{
                                        "NoSuchBucket", "The specified bucket does not exist"})
                                  : engine.s3->CheckBucket(d.s3_bucket);
  if (written.ok()) written = WriteObjects(*engine.s3, d, id, output);
  if (written.ok()) {
    d.item_count = output.item_count;
    d.billed_size_bytes = output.billed_size_bytes;
  } else {
    d.export_status = "FAILED";
    d.failure_code = "S3" + written.error().code;
    d.failure_message = written.error().message;
  }
  ExportRecord record{id, now + engine.options.transient_status_ms * 1000, fingerprint, d};
  DDBEMU_RETURN_IF_ERROR(store.PutExport(txn, caller.ns, record));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  // The answer is always IN_PROGRESS, as the service's is: the work is seen done on Describe.
  ExportDescription answer = View(record, std::min(now, record.ready_micros - 1));
  return ExportTableToPointInTimeResponse{std::move(answer)};
}

Result<DescribeExportResponse> DescribeExport(Engine& engine, const Caller& caller,
                                              const DescribeExportRequest& request) {
  const std::string id = TransferIdOf(request.export_arn, "export");
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  std::optional<ExportRecord> record;
  if (!id.empty()) {
    DDBEMU_ASSIGN_OR_RETURN(record, TransferStore(engine.env).GetExport(txn, caller.ns, id));
  }
  if (!record || record->description.export_arn != request.export_arn) {
    return ApiError(ErrorCode::kExportNotFound, "Export not found: " + request.export_arn);
  }
  return DescribeExportResponse{View(*record, engine.clock.NowMicros())};
}

Result<ListExportsResponse> ListExports(Engine& engine, const Caller& caller,
                                        const ListExportsRequest& request) {
  std::optional<std::string> table_arn;
  if (request.table_arn) {
    DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, *request.table_arn));
    table_arn = caller.TableArn(name);
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(const std::vector<ExportRecord> all,
                          TransferStore(engine.env).ListExports(txn, caller.ns));
  const std::int64_t now = engine.clock.NowMicros();
  const std::int64_t limit = std::min(request.max_results.value_or(kMaxListPage), kMaxListPage);
  ListExportsResponse out;
  for (const ExportRecord& r : all) {
    if (table_arn && r.description.table_arn != *table_arn) continue;
    if (request.next_token && r.id < *request.next_token) continue;
    if (static_cast<std::int64_t>(out.export_summaries.size()) == limit) {
      out.next_token = r.id;
      break;
    }
    const ExportDescription d = View(r, now);
    out.export_summaries.push_back({d.export_arn, d.export_status, d.export_type});
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
