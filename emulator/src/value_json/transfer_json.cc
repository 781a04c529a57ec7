// Export and import JSON (see transfer_json.h).
#include "value_json/transfer_json.h"

#include <cmath>
#include <optional>
#include <string_view>
#include <vector>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::transfer_json {
namespace {

using Json = rapidjson::Value;

class Writer {
 public:
  explicit Writer(JsonWriter& w) : w_(w) {}
  void Str(std::string_view k, const std::string& v) {
    Key(k);
    w_.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  }
  void Str(std::string_view k, const std::optional<std::string>& v) {
    if (v) Str(k, *v);
  }
  void Int(std::string_view k, const std::int64_t& v) {
    Key(k);
    w_.Int64(v);
  }
  void Int(std::string_view k, const std::optional<std::int64_t>& v) {
    if (v) Int(k, *v);
  }
  void Time(std::string_view k, const std::int64_t& v) {
    Key(k);
    WriteEpochSeconds(v, w_);
  }
  void Time(std::string_view k, const std::optional<std::int64_t>& v) {
    if (v) Time(k, *v);
  }
  void Strings(std::string_view k, const std::vector<std::string>& v) {
    if (v.empty()) return;
    Key(k);
    w_.StartArray();
    for (const std::string& s : v) w_.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
    w_.EndArray();
  }
  template <class T, class F>
  void Object(std::string_view k, const T& v, F fields) {
    Key(k);
    w_.StartObject();
    fields(*this, v);
    w_.EndObject();
  }
  template <class T, class F>
  void Object(std::string_view k, const std::optional<T>& v, F fields) {
    if (v) Object(k, *v, fields);
  }
  template <class T, class F>
  void List(std::string_view k, const std::vector<T>& v, F fields) {
    Key(k);
    w_.StartArray();
    for (const T& x : v) {
      w_.StartObject();
      fields(*this, x);
      w_.EndObject();
    }
    w_.EndArray();
  }

 private:
  void Key(std::string_view k) { w_.Key(k.data(), static_cast<rapidjson::SizeType>(k.size())); }
  JsonWriter& w_;
};

class Reader {
 public:
  explicit Reader(const Json& object) : o_(object) {}
  Status status() { return std::move(status_); }

  void Str(std::string_view k, std::string& v) {
    if (const Json* m = Find(k, &Json::IsString, "a string"))
      v.assign(m->GetString(), m->GetStringLength());
  }
  void Str(std::string_view k, std::optional<std::string>& v) {
    if (Find(k, &Json::IsString, "a string") != nullptr) Str(k, v.emplace());
  }
  void Int(std::string_view k, std::int64_t& v) {
    if (const Json* m = Find(k, &Json::IsNumber, "a number"))
      v = m->IsInt64() ? m->GetInt64() : static_cast<std::int64_t>(m->GetDouble());
  }
  void Int(std::string_view k, std::optional<std::int64_t>& v) {
    if (Find(k, &Json::IsNumber, "a number") != nullptr) Int(k, v.emplace());
  }
  void Time(std::string_view k, std::int64_t& v) {
    if (const Json* m = Find(k, &Json::IsNumber, "a number")) {
      v = static_cast<std::int64_t>(std::llround(m->GetDouble() * 1000.0)) * 1000;
    }
  }
  void Time(std::string_view k, std::optional<std::int64_t>& v) {
    if (Find(k, &Json::IsNumber, "a number") != nullptr) Time(k, v.emplace());
  }
  void Strings(std::string_view k, std::vector<std::string>& v) {
    const Json* m = Find(k, &Json::IsArray, "a list");
    if (m == nullptr) return;
    for (const Json& s : m->GetArray()) {
      if (!s.IsString()) return Fail(k, "a list of strings");
      v.emplace_back(s.GetString(), s.GetStringLength());
    }
  }
  template <class T, class F>
  void Object(std::string_view k, T& v, F fields) {
    const Json* m = Find(k, &Json::IsObject, "an object");
    if (m == nullptr) return;
    Reader inner(*m);
    fields(inner, v);
    if (Status s = inner.status(); !s.ok() && status_.ok()) status_ = std::move(s);
  }
  template <class T, class F>
  void Object(std::string_view k, std::optional<T>& v, F fields) {
    if (Find(k, &Json::IsObject, "an object") != nullptr) Object(k, v.emplace(), fields);
  }
  template <class T, class F>
  void List(std::string_view k, std::vector<T>& v, F fields) {
    const Json* m = Find(k, &Json::IsArray, "a list");
    if (m == nullptr) return;
    for (const Json& x : m->GetArray()) {
      if (!x.IsObject()) return Fail(k, "a list of objects");
      Reader inner(x);
      fields(inner, v.emplace_back());
      if (Status s = inner.status(); !s.ok() && status_.ok()) status_ = std::move(s);
    }
  }

 private:
  // The member `k` when it is present, not null and of the kind `is` checks; else null (and a
  // SerializationException when it is of another kind).
  const Json* Find(std::string_view k, bool (Json::*is)() const, std::string_view kind) {
    if (!o_.IsObject()) return nullptr;
    auto it = o_.FindMember(Json(k.data(), static_cast<rapidjson::SizeType>(k.size())));
    if (it == o_.MemberEnd() || it->value.IsNull()) return nullptr;
    if (!(it->value.*is)()) {
      Fail(k, kind);
      return nullptr;
    }
    return &it->value;
  }
  void Fail(std::string_view k, std::string_view kind) {
    if (status_.ok()) {
      status_ = ApiError::Serialization(std::string(k) + " is not " + std::string(kind));
    }
  }

  const Json& o_;
  Status status_ = Status::Ok();
};

// ---- each shape's members, once -----------------------------------------------------------------

template <class IO, class X>
void IncrementalFields(IO& io, X& s) {
  io.Time("ExportFromTime", s.export_from_time_micros);
  io.Time("ExportToTime", s.export_to_time_micros);
  io.Str("ExportViewType", s.export_view_type);
}

template <class IO, class X>
void ExportRequestFields(IO& io, X& r) {
  io.Str("TableArn", r.table_arn);
  io.Time("ExportTime", r.export_time_micros);
  io.Str("ClientToken", r.client_token);
  io.Str("S3Bucket", r.s3_bucket);
  io.Str("S3BucketOwner", r.s3_bucket_owner);
  io.Str("S3Prefix", r.s3_prefix);
  io.Str("S3SseAlgorithm", r.s3_sse_algorithm);
  io.Str("S3SseKmsKeyId", r.s3_sse_kms_key_id);
  io.Str("ExportFormat", r.export_format);
  io.Str("ExportType", r.export_type);
  io.Object("IncrementalExportSpecification", r.incremental_export_specification,
            [](auto& i, auto& s) { IncrementalFields(i, s); });
}

template <class IO, class X>
void ExportDescriptionFields(IO& io, X& d) {
  io.Str("ExportArn", d.export_arn);
  io.Str("ExportStatus", d.export_status);
  io.Time("StartTime", d.start_time_micros);
  io.Time("EndTime", d.end_time_micros);
  io.Str("ExportManifest", d.export_manifest);
  io.Str("TableArn", d.table_arn);
  io.Str("TableId", d.table_id);
  io.Time("ExportTime", d.export_time_micros);
  io.Str("ClientToken", d.client_token);
  io.Str("S3Bucket", d.s3_bucket);
  io.Str("S3BucketOwner", d.s3_bucket_owner);
  io.Str("S3Prefix", d.s3_prefix);
  io.Str("S3SseAlgorithm", d.s3_sse_algorithm);
  io.Str("S3SseKmsKeyId", d.s3_sse_kms_key_id);
  io.Str("FailureCode", d.failure_code);
  io.Str("FailureMessage", d.failure_message);
  io.Str("ExportFormat", d.export_format);
  io.Int("BilledSizeBytes", d.billed_size_bytes);
  io.Int("ItemCount", d.item_count);
  io.Str("ExportType", d.export_type);
  io.Object("IncrementalExportSpecification", d.incremental_export_specification,
            [](auto& i, auto& s) { IncrementalFields(i, s); });
}

template <class IO, class X>
void BucketSourceFields(IO& io, X& s) {
  io.Str("S3BucketOwner", s.s3_bucket_owner);
  io.Str("S3Bucket", s.s3_bucket);
  io.Str("S3KeyPrefix", s.s3_key_prefix);
}

template <class IO, class X>
void ImportSourceFields(IO& io, X& s) {
  io.Str("ClientToken", s.client_token);
  io.Object("S3BucketSource", s.s3_bucket_source,
            [](auto& i, auto& b) { BucketSourceFields(i, b); });
  io.Str("InputFormat", s.input_format);
  // InputFormatOptions: {"Csv": {"Delimiter": ",", "HeaderList": [...]}}.
  io.Object("InputFormatOptions", s.csv, [](auto& i, auto& csv) {
    i.Object("Csv", csv, [](auto& j, auto& c) {
      j.Str("Delimiter", c.delimiter);
      j.Strings("HeaderList", c.header_list);
    });
  });
  io.Str("InputCompressionType", s.input_compression_type);
}

template <class IO, class X>
void ImportDescriptionFields(IO& io, X& d) {
  io.Str("ImportArn", d.import_arn);
  io.Str("ImportStatus", d.import_status);
  io.Str("TableArn", d.table_arn);
  io.Str("TableId", d.table_id);
  ImportSourceFields(io, d.source);
  io.Str("CloudWatchLogGroupArn", d.cloud_watch_log_group_arn);
  io.Time("StartTime", d.start_time_micros);
  io.Time("EndTime", d.end_time_micros);
  io.Int("ProcessedSizeBytes", d.processed_size_bytes);
  io.Int("ProcessedItemCount", d.processed_item_count);
  io.Int("ImportedItemCount", d.imported_item_count);
  io.Int("ErrorCount", d.error_count);
  io.Str("FailureCode", d.failure_code);
  io.Str("FailureMessage", d.failure_message);
}

template <class IO, class X>
void ImportSummaryFields(IO& io, X& s) {
  io.Str("ImportArn", s.import_arn);
  io.Str("ImportStatus", s.import_status);
  io.Str("TableArn", s.table_arn);
  io.Object("S3BucketSource", s.s3_bucket_source,
            [](auto& i, auto& b) { BucketSourceFields(i, b); });
  io.Str("CloudWatchLogGroupArn", s.cloud_watch_log_group_arn);
  io.Str("InputFormat", s.input_format);
  io.Time("StartTime", s.start_time_micros);
  io.Time("EndTime", s.end_time_micros);
}

// Bulk put (ddbemu/model/bulk_operations.h).
template <class IO, class X>
void BulkInputFields(IO& io, X& in) {
  io.Str("S3BucketOwner", in.s3_bucket_owner);
  io.Str("S3Bucket", in.s3_bucket);
  io.Str("S3KeyPrefix", in.s3_key_prefix);
  io.Str("InputFormat", in.input_format);
  io.Str("InputCompressionType", in.input_compression_type);
}

template <class IO, class X>
void BulkOutputFields(IO& io, X& out) {
  io.Str("S3BucketOwner", out.s3_bucket_owner);
  io.Str("S3Bucket", out.s3_bucket);
  io.Str("S3KeyPrefix", out.s3_key_prefix);
  io.Str("S3SseAlgorithm", out.s3_sse_algorithm);
  io.Str("S3SseKmsKeyId", out.s3_sse_kms_key_id);
  io.Strings("OutputType", out.output_type);
}

template <class IO, class X>
void BulkDescriptionFields(IO& io, X& d) {
  io.Str("BulkOperationArn", d.bulk_operation_arn);
  io.Str("BulkOperationStatus", d.bulk_operation_status);
  io.List("TableDetails", d.table_details, [](auto& i, auto& t) {
    i.Str("TableName", t.table_name);
    i.Str("TableId", t.table_id);
  });
  io.Str("ClientToken", d.client_token);
  io.Object("InputS3Configuration", d.input_s3_configuration,
            [](auto& i, auto& in) { BulkInputFields(i, in); });
  io.Object("OutputS3Configuration", d.output_s3_configuration,
            [](auto& i, auto& out) { BulkOutputFields(i, out); });
  io.Time("StartTime", d.start_time_micros);
  io.Time("EndTime", d.end_time_micros);
  io.Int("ProcessedItemCount", d.processed_item_count);
  io.Int("ProcessedInputBytes", d.processed_input_bytes);
  io.Int("TotalInputBytes", d.total_input_bytes);
  // BulkOperationUsage: the table's bytes, at the top and as its Table's (the SDK has both).
  io.List("BulkOperationUsage", d.bulk_operation_usage, [](auto& i, auto& u) {
    i.Str("TableName", u.table_name);
    i.Int("BulkPutBytes", u.bulk_put_bytes);
    i.Object("Table", u, [](auto& j, auto& t) { j.Int("BulkPutBytes", t.bulk_put_bytes); });
  });
  io.Int("FailedItemCount", d.failed_item_count);
  io.Str("FailureCode", d.failure_code);
  io.Str("FailureMessage", d.failure_message);
  io.Int("MaxWriteRequestUnits", d.max_write_request_units);
  io.Str("PerformanceTier", d.performance_tier);
}

template <class IO, class X>
void BulkStartFields(IO& io, X& r) {
  io.Str("ClientToken", r.client_token);
  io.Object("InputS3Configuration", r.input_s3_configuration,
            [](auto& i, auto& in) { BulkInputFields(i, in); });
  io.Object("OutputS3Configuration", r.output_s3_configuration,
            [](auto& i, auto& out) { BulkOutputFields(i, out); });
  io.Str("TableName", r.table_name);
  io.Int("MaxWriteRequestUnits", r.max_write_request_units);
  io.Str("PerformanceTier", r.performance_tier);
}

// Each shape: its fields function, applied by Write and Read alike.
template <class IO, class X>
void Fields(IO& io, X& r) {
  using T = std::remove_const_t<X>;
  if constexpr (std::is_same_v<T, ExportTableToPointInTimeRequest>) {
    ExportRequestFields(io, r);
  } else if constexpr (std::is_same_v<T, ExportTableToPointInTimeResponse> ||
                       std::is_same_v<T, DescribeExportResponse>) {
    io.Object("ExportDescription", r.export_description,
              [](auto& i, auto& d) { ExportDescriptionFields(i, d); });
  } else if constexpr (std::is_same_v<T, DescribeExportRequest>) {
    io.Str("ExportArn", r.export_arn);
  } else if constexpr (std::is_same_v<T, ListExportsRequest>) {
    io.Str("TableArn", r.table_arn);
    io.Int("MaxResults", r.max_results);
    io.Str("NextToken", r.next_token);
  } else if constexpr (std::is_same_v<T, ListExportsResponse>) {
    io.List("ExportSummaries", r.export_summaries, [](auto& i, auto& s) {
      i.Str("ExportArn", s.export_arn);
      i.Str("ExportStatus", s.export_status);
      i.Str("ExportType", s.export_type);
    });
    io.Str("NextToken", r.next_token);
  } else if constexpr (std::is_same_v<T, ImportSource>) {
    ImportSourceFields(io, r);
  } else if constexpr (std::is_same_v<T, ImportTableResponse> ||
                       std::is_same_v<T, DescribeImportResponse>) {
    io.Object("ImportTableDescription", r.import_table_description,
              [](auto& i, auto& d) { ImportDescriptionFields(i, d); });
  } else if constexpr (std::is_same_v<T, DescribeImportRequest>) {
    io.Str("ImportArn", r.import_arn);
  } else if constexpr (std::is_same_v<T, ListImportsRequest>) {
    io.Str("TableArn", r.table_arn);
    io.Int("PageSize", r.page_size);
    io.Str("NextToken", r.next_token);
  } else if constexpr (std::is_same_v<T, StartBulkPutItemsRequest>) {
    BulkStartFields(io, r);
  } else if constexpr (std::is_same_v<T, StartBulkPutItemsResponse> ||
                       std::is_same_v<T, DescribeBulkOperationResponse>) {
    io.Object("BulkOperationDescription", r.bulk_operation_description,
              [](auto& i, auto& d) { BulkDescriptionFields(i, d); });
  } else if constexpr (std::is_same_v<T, DescribeBulkOperationRequest> ||
                       std::is_same_v<T, CancelBulkOperationRequest>) {
    io.Str("BulkOperationArn", r.bulk_operation_arn);
  } else if constexpr (std::is_same_v<T, ListBulkOperationsRequest>) {
    io.Int("MaxResults", r.max_results);
    io.Str("NextToken", r.next_token);
  } else if constexpr (std::is_same_v<T, ListBulkOperationsResponse>) {
    io.List("BulkOperationsSummaryList", r.bulk_operations_summary_list, [](auto& i, auto& s) {
      i.Str("BulkOperationArn", s.bulk_operation_arn);
      i.Str("BulkOperationStatus", s.bulk_operation_status);
      i.Time("StartTime", s.start_time_micros);
      i.Time("EndTime", s.end_time_micros);
    });
    io.Str("NextToken", r.next_token);
  } else if constexpr (std::is_same_v<T, CancelBulkOperationResponse>) {
    io.Str("BulkOperationArn", r.bulk_operation_arn);
    io.Str("BulkOperationStatus", r.bulk_operation_status);
  } else {
    static_assert(std::is_same_v<T, ListImportsResponse>);
    io.List("ImportSummaryList", r.import_summary_list,
            [](auto& i, auto& s) { ImportSummaryFields(i, s); });
    io.Str("NextToken", r.next_token);
  }
}

template <class T>
void WriteFields(JsonWriter& w, const T& value) {
  Writer writer(w);
  Fields(writer, value);
}
template <class T>
Status ReadFields(const Json& object, T& value) {
  if (!object.IsObject()) return ApiError::Serialization("The body is not a JSON object");
  Reader reader(object);
  Fields(reader, value);
  return reader.status();
}

}  // namespace

#define DDBEMU_TRANSFER_CODEC(T)                                       \
  void Write(JsonWriter& w, const T& value) { WriteFields(w, value); } \
  Status Read(const rapidjson::Value& object, T& value) { return ReadFields(object, value); }
DDBEMU_TRANSFER_CODEC(ExportTableToPointInTimeRequest)
DDBEMU_TRANSFER_CODEC(ExportTableToPointInTimeResponse)
DDBEMU_TRANSFER_CODEC(DescribeExportRequest)
DDBEMU_TRANSFER_CODEC(DescribeExportResponse)
DDBEMU_TRANSFER_CODEC(ListExportsRequest)
DDBEMU_TRANSFER_CODEC(ListExportsResponse)
DDBEMU_TRANSFER_CODEC(ImportSource)
DDBEMU_TRANSFER_CODEC(ImportTableResponse)
DDBEMU_TRANSFER_CODEC(DescribeImportRequest)
DDBEMU_TRANSFER_CODEC(DescribeImportResponse)
DDBEMU_TRANSFER_CODEC(ListImportsRequest)
DDBEMU_TRANSFER_CODEC(ListImportsResponse)
DDBEMU_TRANSFER_CODEC(StartBulkPutItemsRequest)
DDBEMU_TRANSFER_CODEC(StartBulkPutItemsResponse)
DDBEMU_TRANSFER_CODEC(DescribeBulkOperationRequest)
DDBEMU_TRANSFER_CODEC(DescribeBulkOperationResponse)
DDBEMU_TRANSFER_CODEC(ListBulkOperationsRequest)
DDBEMU_TRANSFER_CODEC(ListBulkOperationsResponse)
DDBEMU_TRANSFER_CODEC(CancelBulkOperationRequest)
DDBEMU_TRANSFER_CODEC(CancelBulkOperationResponse)
#undef DDBEMU_TRANSFER_CODEC

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::transfer_json
