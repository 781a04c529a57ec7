// Export and import records (see transfer_store.h), in storage's record encoding: fields are only
// ever appended, so a newer build reads an older database's records.
#include "ops/transfer/transfer_store.h"

#include <algorithm>
#include <cstdio>
#include <random>

#include "storage/cursor.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
namespace {

using storage::RecordReader;
using storage::RecordWriter;

std::string Prefix(char kind, std::string_view ns) {
  std::string key(1, kind);
  storage::AppendU32(static_cast<std::uint32_t>(ns.size()), &key);
  key.append(ns);
  return key;
}

void Opt(RecordWriter& w, const std::optional<std::string>& v) {
  w.Varint(v.has_value());
  w.Bytes(v.value_or(""));
}
void Opt(RecordWriter& w, const std::optional<std::int64_t>& v) {
  w.Varint(v.has_value());
  w.Signed(v.value_or(0));
}
void Opt(RecordReader& r, std::optional<std::string>* v) {
  bool has = false;
  std::string s;
  r.Bool(&has);
  r.Bytes(&s);
  if (has) *v = std::move(s);
}
void Opt(RecordReader& r, std::optional<std::int64_t>* v) {
  bool has = false;
  std::int64_t n = 0;
  r.Bool(&has);
  r.Signed(&n);
  if (has) *v = n;
}

std::string EncodeExport(const ExportRecord& x) {
  std::string out;
  RecordWriter w(&out);
  const ExportDescription& d = x.description;
  w.Signed(x.ready_micros);
  w.Bytes(x.request_fingerprint);
  for (const std::string* s :
       {&d.export_arn, &d.export_status, &d.table_arn, &d.table_id, &d.s3_bucket,
        &d.s3_sse_algorithm, &d.export_format, &d.export_type}) {
    w.Bytes(*s);
  }
  w.Signed(d.start_time_micros);
  w.Signed(d.export_time_micros);
  for (const auto* o : {&d.export_manifest, &d.client_token, &d.s3_bucket_owner, &d.s3_prefix,
                        &d.s3_sse_kms_key_id, &d.failure_code, &d.failure_message}) {
    Opt(w, *o);
  }
  for (const auto* o : {&d.end_time_micros, &d.billed_size_bytes, &d.item_count}) Opt(w, *o);
  w.Varint(d.incremental_export_specification.has_value());
  const IncrementalExportSpecification spec =
      d.incremental_export_specification.value_or(IncrementalExportSpecification{});
  Opt(w, spec.export_from_time_micros);
  Opt(w, spec.export_to_time_micros);
  Opt(w, spec.export_view_type);
  return out;
}

bool DecodeExport(std::string_view id, std::string_view bytes, ExportRecord* x) {
  RecordReader r(bytes);
  ExportDescription& d = x->description;
  x->id = std::string(id);
  r.Signed(&x->ready_micros);
  r.Bytes(&x->request_fingerprint);
  for (std::string* s : {&d.export_arn, &d.export_status, &d.table_arn, &d.table_id, &d.s3_bucket,
                         &d.s3_sse_algorithm, &d.export_format, &d.export_type}) {
    r.Bytes(s);
  }
  r.Signed(&d.start_time_micros);
  r.Signed(&d.export_time_micros);
  for (auto* o : {&d.export_manifest, &d.client_token, &d.s3_bucket_owner, &d.s3_prefix,
                  &d.s3_sse_kms_key_id, &d.failure_code, &d.failure_message}) {
    Opt(r, o);
  }
  for (auto* o : {&d.end_time_micros, &d.billed_size_bytes, &d.item_count}) Opt(r, o);
  bool incremental = false;
  r.Bool(&incremental);
  IncrementalExportSpecification spec;
  Opt(r, &spec.export_from_time_micros);
  Opt(r, &spec.export_to_time_micros);
  Opt(r, &spec.export_view_type);
  if (incremental) d.incremental_export_specification = spec;
  return r.ok();
}

std::string EncodeImport(const ImportRecord& x) {
  std::string out;
  RecordWriter w(&out);
  const ImportTableDescription& d = x.description;
  const ImportSource& s = d.source;
  w.Signed(x.ready_micros);
  w.Bytes(x.request_fingerprint);
  w.Bytes(x.table_name);
  for (const std::string* v : {&d.import_arn, &d.import_status, &d.table_arn, &d.table_id,
                               &s.s3_bucket_source.s3_bucket, &s.input_format}) {
    w.Bytes(*v);
  }
  for (const auto* o : {&s.client_token, &s.s3_bucket_source.s3_bucket_owner,
                        &s.s3_bucket_source.s3_key_prefix, &s.input_compression_type,
                        &d.cloud_watch_log_group_arn, &d.failure_code, &d.failure_message}) {
    Opt(w, *o);
  }
  for (const std::int64_t* n : {&d.start_time_micros, &d.processed_size_bytes,
                                &d.processed_item_count, &d.imported_item_count, &d.error_count}) {
    w.Signed(*n);
  }
  Opt(w, d.end_time_micros);
  w.Varint(s.csv.has_value());
  const CsvOptions csv = s.csv.value_or(CsvOptions{});
  Opt(w, csv.delimiter);
  w.Varint(csv.header_list.size());
  for (const std::string& h : csv.header_list) w.Bytes(h);
  return out;
}

bool DecodeImport(std::string_view id, std::string_view bytes, ImportRecord* x) {
  RecordReader r(bytes);
  ImportTableDescription& d = x->description;
  ImportSource& s = d.source;
  x->id = std::string(id);
  r.Signed(&x->ready_micros);
  r.Bytes(&x->request_fingerprint);
  r.Bytes(&x->table_name);
  for (std::string* v : {&d.import_arn, &d.import_status, &d.table_arn, &d.table_id,
                         &s.s3_bucket_source.s3_bucket, &s.input_format}) {
    r.Bytes(v);
  }
  for (auto* o : {&s.client_token, &s.s3_bucket_source.s3_bucket_owner,
                  &s.s3_bucket_source.s3_key_prefix, &s.input_compression_type,
                  &d.cloud_watch_log_group_arn, &d.failure_code, &d.failure_message}) {
    Opt(r, o);
  }
  for (std::int64_t* n : {&d.start_time_micros, &d.processed_size_bytes, &d.processed_item_count,
                          &d.imported_item_count, &d.error_count}) {
    r.Signed(n);
  }
  Opt(r, &d.end_time_micros);
  bool has_csv = false;
  r.Bool(&has_csv);
  CsvOptions csv;
  Opt(r, &csv.delimiter);
  const std::uint64_t headers = r.Count();
  for (std::uint64_t i = 0; i < headers; ++i) {
    csv.header_list.emplace_back();
    r.Bytes(&csv.header_list.back());
  }
  if (has_csv) s.csv = std::move(csv);
  return r.ok();
}

std::string EncodeBulkOperation(const BulkOperationRecord& x) {
  std::string out;
  RecordWriter w(&out);
  const StartBulkPutItemsRequest& q = x.request;
  const InputS3Configuration& in = q.input_s3_configuration;
  const OutputS3Configuration& o = q.output_s3_configuration;
  for (const std::string* s : {&x.id, &x.ns, &x.region, &x.account_id, &x.access_key_id, &x.arn,
                               &x.table_name, &x.table_id, &x.request_fingerprint, &q.table_name,
                               &in.s3_bucket, &in.input_format, &o.s3_bucket}) {
    w.Bytes(*s);
  }
  for (const auto* v :
       {&q.client_token, &q.performance_tier, &in.s3_bucket_owner, &in.s3_key_prefix,
        &in.input_compression_type, &o.s3_bucket_owner, &o.s3_key_prefix, &o.s3_sse_algorithm,
        &o.s3_sse_kms_key_id, &x.failure_code, &x.failure_message}) {
    Opt(w, *v);
  }
  Opt(w, q.max_write_request_units);
  w.Varint(o.output_type.size());
  for (const std::string& t : o.output_type) w.Bytes(t);
  const BulkJobState& j = x.job;
  w.Varint(static_cast<std::uint64_t>(j.status));
  w.Signed(j.start_micros);
  w.Signed(j.seconds_run);
  w.Varint(j.next);
  Opt(w, j.end_micros);
  for (const std::uint64_t n :
       {std::uint64_t{j.counts.processed_items}, std::uint64_t{j.counts.failed_items},
        j.counts.processed_input_bytes, j.counts.total_input_bytes, j.counts.bulk_put_bytes,
        j.counts.write_units}) {
    w.Varint(n);
  }
  w.Varint(j.failures.size());
  for (const BulkFailure& f : j.failures) {
    w.Varint(f.record);
    w.Bytes(f.error);
    w.Bytes(f.text);
  }
  w.Varint(x.outputs_written);
  return out;
}

bool DecodeBulkOperation(std::string_view, std::string_view bytes, BulkOperationRecord* x) {
  RecordReader r(bytes);
  StartBulkPutItemsRequest& q = x->request;
  InputS3Configuration& in = q.input_s3_configuration;
  OutputS3Configuration& o = q.output_s3_configuration;
  for (std::string* s : {&x->id, &x->ns, &x->region, &x->account_id, &x->access_key_id, &x->arn,
                         &x->table_name, &x->table_id, &x->request_fingerprint, &q.table_name,
                         &in.s3_bucket, &in.input_format, &o.s3_bucket}) {
    r.Bytes(s);
  }
  for (auto* v :
       {&q.client_token, &q.performance_tier, &in.s3_bucket_owner, &in.s3_key_prefix,
        &in.input_compression_type, &o.s3_bucket_owner, &o.s3_key_prefix, &o.s3_sse_algorithm,
        &o.s3_sse_kms_key_id, &x->failure_code, &x->failure_message}) {
    Opt(r, v);
  }
  Opt(r, &q.max_write_request_units);
  const std::uint64_t types = r.Count();
  for (std::uint64_t i = 0; i < types && r.ok(); ++i) {
    o.output_type.emplace_back();
    r.Bytes(&o.output_type.back());
  }
  BulkJobState& j = x->job;
  std::uint64_t status = 0;
  r.Varint(&status);
  j.status = static_cast<BulkStatus>(
      std::min<std::uint64_t>(status, static_cast<std::uint64_t>(BulkStatus::kFailed)));
  r.Signed(&j.start_micros);
  r.Signed(&j.seconds_run);
  std::uint64_t next = 0;
  r.Varint(&next);
  j.next = static_cast<std::size_t>(next);
  Opt(r, &j.end_micros);
  std::uint64_t processed = 0;
  std::uint64_t failed = 0;
  for (std::uint64_t* n :
       {&processed, &failed, &j.counts.processed_input_bytes, &j.counts.total_input_bytes,
        &j.counts.bulk_put_bytes, &j.counts.write_units}) {
    r.Varint(n);
  }
  j.counts.processed_items = static_cast<std::size_t>(processed);
  j.counts.failed_items = static_cast<std::size_t>(failed);
  const std::uint64_t failures = r.Count();
  for (std::uint64_t i = 0; i < failures && r.ok(); ++i) {
    BulkFailure f;
    std::uint64_t record = 0;
    r.Varint(&record);
    f.record = static_cast<std::size_t>(record);
    r.Bytes(&f.error);
    r.Bytes(&f.text);
    j.failures.push_back(std::move(f));
  }
  r.Bool(&x->outputs_written);
  return r.ok();
}

template <class Record, class Decode>
Result<std::optional<Record>> Get(const storage::Txn& txn, storage::Dbi meta,
                                  const std::string& key, std::string_view id, Decode decode) {
  DDBEMU_ASSIGN_OR_RETURN(auto value, txn.Get(meta, key));
  if (!value) return std::optional<Record>();
  Record record;
  if (!decode(id, *value, &record)) {
    return ApiError::InternalServerError("An export or import record is corrupt");
  }
  return std::optional<Record>(std::move(record));
}

template <class Record, class Decode>
Result<std::vector<Record>> List(const storage::Txn& txn, storage::Dbi meta,
                                 const std::string& prefix, Decode decode) {
  std::vector<Record> out;
  DDBEMU_ASSIGN_OR_RETURN(storage::Cursor c, storage::Cursor::Open(txn, meta));
  for (bool on = c.Seek(prefix); on && c.key().starts_with(prefix); on = c.Next()) {
    Record record;
    if (!decode(c.key().substr(prefix.size()), c.value(), &record)) {
      return ApiError::InternalServerError("An export or import record is corrupt");
    }
    out.push_back(std::move(record));
  }
  DDBEMU_RETURN_IF_ERROR(c.status());
  return out;
}

}  // namespace

Status TransferStore::PutExport(storage::WriteTxn& txn, std::string_view ns,
                                const ExportRecord& r) const {
  return txn.Put(meta_, Prefix('E', ns) + r.id, EncodeExport(r));
}

Result<std::optional<ExportRecord>> TransferStore::GetExport(const storage::Txn& txn,
                                                             std::string_view ns,
                                                             std::string_view id) const {
  return Get<ExportRecord>(txn, meta_, Prefix('E', ns) + std::string(id), id, &DecodeExport);
}

Result<std::vector<ExportRecord>> TransferStore::ListExports(const storage::Txn& txn,
                                                             std::string_view ns) const {
  return List<ExportRecord>(txn, meta_, Prefix('E', ns), &DecodeExport);
}

Status TransferStore::PutImport(storage::WriteTxn& txn, std::string_view ns,
                                const ImportRecord& r) const {
  return txn.Put(meta_, Prefix('I', ns) + r.id, EncodeImport(r));
}

Result<std::optional<ImportRecord>> TransferStore::GetImport(const storage::Txn& txn,
                                                             std::string_view ns,
                                                             std::string_view id) const {
  return Get<ImportRecord>(txn, meta_, Prefix('I', ns) + std::string(id), id, &DecodeImport);
}

Result<std::vector<ImportRecord>> TransferStore::ListImports(const storage::Txn& txn,
                                                             std::string_view ns) const {
  return List<ImportRecord>(txn, meta_, Prefix('I', ns), &DecodeImport);
}

Status TransferStore::PutBulkOperation(storage::WriteTxn& txn, const BulkOperationRecord& r) const {
  return txn.Put(meta_, Prefix('U', r.ns) + r.id, EncodeBulkOperation(r));
}

Result<std::vector<BulkOperationRecord>> TransferStore::ListBulkOperations(
    const storage::Txn& txn) const {
  return List<BulkOperationRecord>(txn, meta_, "U", &DecodeBulkOperation);
}

std::string NewTransferId(std::int64_t now_micros, std::size_t sequence) {
  std::random_device device;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%014lld-%04x%04x", static_cast<long long>(now_micros / 1000),
                static_cast<unsigned>(sequence & 0xFFFF), static_cast<unsigned>(device() & 0xFFFF));
  return buf;
}

std::string TransferIdOf(std::string_view arn, std::string_view kind) {
  const std::string marker = "/" + std::string(kind) + "/";
  const std::size_t at = arn.rfind(marker);
  if (at == std::string_view::npos) return "";
  const std::string_view id = arn.substr(at + marker.size());
  if (id.empty() || id.find('/') != std::string_view::npos) return "";
  return std::string(id);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
