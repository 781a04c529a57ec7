// ImportTable, DescribeImport, ListImports (see imports.h).
#include "ops/transfer/imports.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "ops/tables/tables.h"
#include "ops/transfer/item_file.h"
#include "ops/transfer/transfer_store.h"
#include "storage/key_layout.h"
#include "storage/local_s3.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

std::string Fingerprint(const ImportTableJob& job) {
  const ImportSource& s = job.source;
  std::string f = job.target_table_name + "\n" + s.s3_bucket_source.s3_bucket + "\n" +
                  s.s3_bucket_source.s3_key_prefix.value_or("") + "\n" +
                  s.s3_bucket_source.s3_bucket_owner.value_or("") + "\n" + s.input_format + "\n" +
                  s.input_compression_type.value_or("") + "\n";
  if (s.csv) {
    f += s.csv->delimiter.value_or(",") + "\n";
    for (const std::string& h : s.csv->header_list) f += h + ",";
  }
  return f;
}

ImportTableDescription View(const ImportRecord& r, std::int64_t now) {
  ImportTableDescription d = r.description;
  if (now >= r.ready_micros) return d;
  d.import_status = "IN_PROGRESS";
  d.end_time_micros.reset();
  d.failure_code.reset();
  d.failure_message.reset();
  d.processed_item_count = d.imported_item_count = d.error_count = d.processed_size_bytes = 0;
  return d;
}

// Why `item` cannot be a row of `table` (its keys), or "" when it can.
std::string KeyProblem(const TableSchema& table, const Item& item) {
  auto check = [&](const KeyAttribute& k, bool required) -> std::string {
    auto it = item.find(k.name);
    if (it == item.end()) {
      return required ? "One or more parameter values were invalid: Missing the key " + k.name +
                            " in the item"
                      : "";
    }
    if (it->second.type() != k.type) {
      return "One or more parameter values were invalid: Type mismatch for key " + k.name +
             " expected: " + std::string(TypeDescriptor(k.type)) +
             " actual: " + std::string(TypeDescriptor(it->second.type()));
    }
    if (it->second.scalar().empty()) {
      return "One or more parameter values are not valid. The AttributeValue for a key "
             "attribute cannot contain an empty string value. Key: " +
             k.name;
    }
    return "";
  };
  if (std::string p = check(table.partition_key, true); !p.empty()) return p;
  if (table.sort_key) {
    if (std::string p = check(*table.sort_key, true); !p.empty()) return p;
  }
  for (const IndexSchema& index : table.indexes) {
    for (const auto* keys : {&index.partition_key, &index.sort_key}) {
      for (const KeyAttribute& k : *keys) {
        if (std::string p = check(k, false); !p.empty()) return p;
      }
    }
  }
  if (ItemSize(item) > kMaxItemSizeBytes) return "Item size has exceeded the maximum allowed size";
  return "";
}

// The error log (the service's CloudWatch Logs): one JSON line per record not imported.
class ErrorLog {
 public:
  ErrorLog(std::string path, std::string import_arn)
      : path_(std::move(path)), import_arn_(std::move(import_arn)) {}
  void Add(const std::string& bucket, const std::string& key, std::size_t index,
           const std::string& message) {
    lines_ += "{\"itemS3Pointer\":{\"bucket\":" + JsonString(bucket) +
              ",\"key\":" + JsonString(key) + ",\"itemIndex\":" + std::to_string(index) +
              "},\"importArn\":" + JsonString(import_arn_) + ",\"errorMessages\":[" +
              JsonString(message) + "]}\n";
  }
  void Write() const {
    std::error_code ignored;
    std::filesystem::create_directories(std::filesystem::path(path_).parent_path(), ignored);
    std::ofstream(path_, std::ios::binary) << lines_;
  }

 private:
  std::string path_;
  std::string import_arn_;
  std::string lines_;
};

struct Counts {
  std::int64_t processed = 0;
  std::int64_t imported = 0;
  std::int64_t errors = 0;
  std::int64_t bytes = 0;
};

CsvSettings CsvFor(const ImportSource& source, const TableSchema& table) {
  CsvSettings csv;
  if (source.csv) {
    if (source.csv->delimiter && source.csv->delimiter->size() == 1) {
      csv.delimiter = source.csv->delimiter->front();
    }
    csv.header = source.csv->header_list;
  }
  for (const KeyAttribute& k : table.attribute_definitions) {
    csv.typed_attributes.emplace_back(k.name, k.type);
  }
  return csv;
}

// Reads every object and writes its items into `table`, in one write transaction.
Status ImportObjects(Engine& engine, const TableSchema& table, const ImportSource& source,
                     const std::vector<storage::S3Object>& objects, ErrorLog& log, Counts* counts) {
  const std::string& bucket = source.s3_bucket_source.s3_bucket;
  const FileFormat format = FileFormatNamed(source.input_format);
  const Compression compression = CompressionNamed(source.input_compression_type.value_or(""));
  const CsvSettings csv = CsvFor(source, table);
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  for (const storage::S3Object& object : objects) {
    auto bytes = engine.s3->GetObject(bucket, object.key);
    if (!bytes.ok()) {
      ++counts->errors;
      log.Add(bucket, object.key, 0, bytes.error().message);
      continue;
    }
    counts->bytes += static_cast<std::int64_t>(bytes->size());
    std::size_t index = 0;
    Status failed = Status::Ok();
    ReadItemFile(
        *bytes, format, compression, csv,
        [&](Item item) {
          ++index;
          ++counts->processed;
          if (!failed.ok()) return;
          if (std::string problem = KeyProblem(table, item); !problem.empty()) {
            ++counts->errors;
            log.Add(bucket, object.key, index, problem);
            return;
          }
          auto key = storage::EncodeTableKey(table, item);
          if (!key.ok()) {
            ++counts->errors;
            log.Add(bucket, object.key, index, key.error().message());
            return;
          }
          Item old;
          auto found = engine.items.Get(txn, *key, &old);
          if (!found.ok()) {
            failed = std::move(found).error();
            return;
          }
          auto put = engine.items.Put(txn, table, *key, *found ? &old : nullptr, item);
          if (!put.ok()) {
            failed = std::move(put).error();
            return;
          }
          ++counts->imported;
        },
        [&](RecordError error) {
          ++index;
          ++counts->processed;
          ++counts->errors;
          log.Add(bucket, object.key, error.line, error.message);
        });
    DDBEMU_RETURN_IF_ERROR(failed);
  }
  return txn.Commit();
}

// The import's S3 failure before anything is created: (code, message), or nullopt.
std::optional<std::pair<std::string, std::string>> SourceFailure(
    const Engine& engine, const ImportSource& source, std::vector<storage::S3Object>* objects) {
  const S3BucketSource& s = source.s3_bucket_source;
  if (engine.s3 == nullptr) {
    return std::make_pair(std::string("S3NoSuchBucket"),
                          std::string("The specified bucket does not exist"));
  }
  auto listed = engine.s3->ListObjects(s.s3_bucket, s.s3_key_prefix.value_or(""));
  if (!listed.ok()) return std::make_pair("S3" + listed.error().code, listed.error().message);
  *objects = std::move(*listed);
  if (objects->empty()) {
    return std::make_pair(std::string("S3NoSuchKey"), "No object was found under the prefix " +
                                                          s.s3_key_prefix.value_or("") +
                                                          " of bucket " + s.s3_bucket);
  }
  return std::nullopt;
}

}  // namespace

Result<ImportTableResponse> ImportTable(Engine& engine, const Caller& caller,
                                        const ImportTableJob& job) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, job.target_table_name));
  const std::int64_t now = engine.clock.NowMicros();
  TransferStore store(engine.env);
  const std::string fingerprint = Fingerprint(job);
  std::vector<ImportRecord> all;
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
    DDBEMU_ASSIGN_OR_RETURN(all, store.ListImports(txn, caller.ns));
  }
  if (job.source.client_token) {
    for (const ImportRecord& r : all) {
      if (r.description.source.client_token != job.source.client_token ||
          now - r.description.start_time_micros > kIdempotencyWindowMicros) {
        continue;
      }
      if (r.request_fingerprint != fingerprint) {
        return ApiError(ErrorCode::kImportConflict,
                        "There was a conflict when importing from the specified S3 source. This "
                        "can occur when the current import conflicts with a previous import "
                        "request that had the same client token.");
      }
      return ImportTableResponse{View(r, now)};
    }
  }

  ImportRecord record;
  record.id = NewTransferId(now, all.size());
  record.ready_micros = now + engine.options.transient_status_ms * 1000;
  record.request_fingerprint = fingerprint;
  record.table_name = name;
  ImportTableDescription& d = record.description;
  d.import_arn = caller.TableArn(name) + "/import/" + record.id;
  d.import_status = "COMPLETED";
  d.table_arn = caller.TableArn(name);
  d.source = job.source;
  if (!d.source.input_compression_type) d.source.input_compression_type = "NONE";
  d.start_time_micros = now;
  d.end_time_micros = now;

  std::vector<storage::S3Object> objects;
  if (auto failure = SourceFailure(engine, job.source, &objects)) {
    // Nothing is created; the failure is the import's, as the service reports it.
    {
      DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
      DDBEMU_ASSIGN_OR_RETURN(auto existing, engine.catalog.Get(txn, caller.ns, name));
      if (existing) return ApiError::ResourceInUse("Table already exists: " + name);
    }
    d.import_status = "FAILED";
    d.failure_code = failure->first;
    d.failure_message = failure->second;
  } else {
    api::CreateTableRequest create = job.table;
    create.table_name = name;
    DDBEMU_ASSIGN_OR_RETURN(TableResult created, CreateTable(engine, caller, create));
    d.table_id = created.schema.table_id;
    const std::string log_path = engine.s3->root() + "/.ddbemu-import-logs/" + record.id + ".log";
    ErrorLog log(log_path, d.import_arn);
    Counts counts;
    std::optional<TableSchema> table;
    {
      DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
      DDBEMU_ASSIGN_OR_RETURN(table, engine.catalog.Get(txn, caller.ns, name));
    }
    if (!table) return ApiError::InternalServerError("The imported table vanished");
    DDBEMU_RETURN_IF_ERROR(ImportObjects(engine, *table, job.source, objects, log, &counts));
    d.processed_item_count = counts.processed;
    d.imported_item_count = counts.imported;
    d.error_count = counts.errors;
    d.processed_size_bytes = counts.bytes;
    if (counts.errors > 0) {
      log.Write();
      d.cloud_watch_log_group_arn = "file:" + log_path;
    }
  }
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
    DDBEMU_RETURN_IF_ERROR(store.PutImport(txn, caller.ns, record));
    DDBEMU_RETURN_IF_ERROR(txn.Commit());
  }
  return ImportTableResponse{View(record, std::min(now, record.ready_micros - 1))};
}

Result<DescribeImportResponse> DescribeImport(Engine& engine, const Caller& caller,
                                              const DescribeImportRequest& request) {
  const std::string id = TransferIdOf(request.import_arn, "import");
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  std::optional<ImportRecord> record;
  if (!id.empty()) {
    DDBEMU_ASSIGN_OR_RETURN(record, TransferStore(engine.env).GetImport(txn, caller.ns, id));
  }
  if (!record || record->description.import_arn != request.import_arn) {
    return ApiError(ErrorCode::kImportNotFound, "Import not found: " + request.import_arn);
  }
  return DescribeImportResponse{View(*record, engine.clock.NowMicros())};
}

Result<ListImportsResponse> ListImports(Engine& engine, const Caller& caller,
                                        const ListImportsRequest& request) {
  std::optional<std::string> table_arn;
  if (request.table_arn) {
    DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, *request.table_arn));
    table_arn = caller.TableArn(name);
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(const std::vector<ImportRecord> all,
                          TransferStore(engine.env).ListImports(txn, caller.ns));
  const std::int64_t now = engine.clock.NowMicros();
  const std::int64_t limit = std::min(request.page_size.value_or(kMaxListPage), kMaxListPage);
  ListImportsResponse out;
  for (const ImportRecord& r : all) {
    if (table_arn && r.description.table_arn != *table_arn) continue;
    if (request.next_token && r.id < *request.next_token) continue;
    if (static_cast<std::int64_t>(out.import_summary_list.size()) == limit) {
      out.next_token = r.id;
      break;
    }
    const ImportTableDescription d = View(r, now);
    out.import_summary_list.push_back({d.import_arn, d.import_status, d.table_arn,
                                       d.source.s3_bucket_source, d.cloud_watch_log_group_arn,
                                       d.source.input_format, d.start_time_micros,
                                       d.end_time_micros});
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
