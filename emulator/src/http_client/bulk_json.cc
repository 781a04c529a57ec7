// Bulk put's operations to and from JSON; see json_client.h.
#include "http_client/json_client.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

void WriteInput(JsonWriter& w, const InputS3Configuration& in) {
  w.StartObject();
  Member(w, "S3BucketOwner", in.s3_bucket_owner);
  Member(w, "S3Bucket", in.s3_bucket);
  Member(w, "S3KeyPrefix", in.s3_key_prefix);
  Member(w, "InputFormat", in.input_format);
  Member(w, "InputCompressionType", in.input_compression_type);
  w.EndObject();
}

void WriteOutput(JsonWriter& w, const OutputS3Configuration& out) {
  w.StartObject();
  Member(w, "S3BucketOwner", out.s3_bucket_owner);
  Member(w, "S3Bucket", out.s3_bucket);
  Member(w, "S3KeyPrefix", out.s3_key_prefix);
  Member(w, "S3SseAlgorithm", out.s3_sse_algorithm);
  Member(w, "S3SseKmsKeyId", out.s3_sse_kms_key_id);
  StringList(w, "OutputType", out.output_type);
  w.EndObject();
}

Result<InputS3Configuration> ReadInput(const Json& j) {
  InputS3Configuration in;
  DDBEMU_ASSIGN_OR_RETURN(in.s3_bucket_owner, OptString(j, "S3BucketOwner"));
  DDBEMU_ASSIGN_OR_RETURN(in.s3_bucket, String(j, "S3Bucket"));
  DDBEMU_ASSIGN_OR_RETURN(in.s3_key_prefix, OptString(j, "S3KeyPrefix"));
  DDBEMU_ASSIGN_OR_RETURN(in.input_format, String(j, "InputFormat"));
  DDBEMU_ASSIGN_OR_RETURN(in.input_compression_type, OptString(j, "InputCompressionType"));
  return in;
}

Result<OutputS3Configuration> ReadOutput(const Json& j) {
  OutputS3Configuration out;
  DDBEMU_ASSIGN_OR_RETURN(out.s3_bucket_owner, OptString(j, "S3BucketOwner"));
  DDBEMU_ASSIGN_OR_RETURN(out.s3_bucket, String(j, "S3Bucket"));
  DDBEMU_ASSIGN_OR_RETURN(out.s3_key_prefix, OptString(j, "S3KeyPrefix"));
  DDBEMU_ASSIGN_OR_RETURN(out.s3_sse_algorithm, OptString(j, "S3SseAlgorithm"));
  DDBEMU_ASSIGN_OR_RETURN(out.s3_sse_kms_key_id, OptString(j, "S3SseKmsKeyId"));
  DDBEMU_ASSIGN_OR_RETURN(out.output_type, Strings(j, "OutputType"));
  return out;
}

Result<BulkOperationDescription> ReadDescription(const Json& d) {
  BulkOperationDescription out;
  DDBEMU_ASSIGN_OR_RETURN(out.bulk_operation_arn, String(d, "BulkOperationArn"));
  DDBEMU_ASSIGN_OR_RETURN(out.bulk_operation_status, String(d, "BulkOperationStatus"));
  DDBEMU_ASSIGN_OR_RETURN(
      out.table_details,
      ObjectList<BulkOperationTableDetail>(
          d, "TableDetails", [](const Json& t) -> Result<BulkOperationTableDetail> {
            BulkOperationTableDetail detail;
            DDBEMU_ASSIGN_OR_RETURN(detail.table_name, String(t, "TableName"));
            DDBEMU_ASSIGN_OR_RETURN(detail.table_id, String(t, "TableId"));
            return detail;
          }));
  DDBEMU_ASSIGN_OR_RETURN(out.client_token, OptString(d, "ClientToken"));
  DDBEMU_ASSIGN_OR_RETURN(const Json* in, OptObject(d, "InputS3Configuration"));
  if (in != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(out.input_s3_configuration, ReadInput(*in));
  }
  DDBEMU_ASSIGN_OR_RETURN(const Json* o, OptObject(d, "OutputS3Configuration"));
  if (o != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(out.output_s3_configuration, ReadOutput(*o));
  }
  DDBEMU_ASSIGN_OR_RETURN(out.start_time_micros, Micros(d, "StartTime"));
  DDBEMU_ASSIGN_OR_RETURN(out.end_time_micros, OptMicros(d, "EndTime"));
  DDBEMU_ASSIGN_OR_RETURN(out.processed_item_count, Int(d, "ProcessedItemCount"));
  DDBEMU_ASSIGN_OR_RETURN(out.processed_input_bytes, Int(d, "ProcessedInputBytes"));
  DDBEMU_ASSIGN_OR_RETURN(out.total_input_bytes, OptInt(d, "TotalInputBytes"));
  DDBEMU_ASSIGN_OR_RETURN(
      out.bulk_operation_usage,
      ObjectList<BulkOperationUsage>(
          d, "BulkOperationUsage", [](const Json& u) -> Result<BulkOperationUsage> {
            BulkOperationUsage usage;
            DDBEMU_ASSIGN_OR_RETURN(usage.table_name, String(u, "TableName"));
            DDBEMU_ASSIGN_OR_RETURN(usage.bulk_put_bytes, Int(u, "BulkPutBytes"));
            return usage;
          }));
  DDBEMU_ASSIGN_OR_RETURN(out.failed_item_count, Int(d, "FailedItemCount"));
  DDBEMU_ASSIGN_OR_RETURN(out.failure_code, OptString(d, "FailureCode"));
  DDBEMU_ASSIGN_OR_RETURN(out.failure_message, OptString(d, "FailureMessage"));
  DDBEMU_ASSIGN_OR_RETURN(out.max_write_request_units, OptInt(d, "MaxWriteRequestUnits"));
  DDBEMU_ASSIGN_OR_RETURN(auto tier, OptString(d, "PerformanceTier"));
  out.performance_tier = tier.value_or("STANDARD");
  return out;
}

Status ReadDescriptionBody(std::string_view body, BulkOperationDescription& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(doc, "BulkOperationDescription"));
  if (d == nullptr) return Malformed("BulkOperationDescription is missing");
  DDBEMU_ASSIGN_OR_RETURN(out, ReadDescription(*d));
  return Status::Ok();
}

std::string ArnBody(const std::string& arn) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "BulkOperationArn", arn);
  out.w.EndObject();
  return out.Take();
}

}  // namespace

std::string ToJson(const StartBulkPutItemsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "ClientToken", r.client_token);
  Key(out.w, "InputS3Configuration");
  WriteInput(out.w, r.input_s3_configuration);
  Key(out.w, "OutputS3Configuration");
  WriteOutput(out.w, r.output_s3_configuration);
  Member(out.w, "TableName", r.table_name);
  Member(out.w, "MaxWriteRequestUnits", r.max_write_request_units);
  Member(out.w, "PerformanceTier", r.performance_tier);
  out.w.EndObject();
  return out.Take();
}
Status FromJson(std::string_view body, StartBulkPutItemsResponse& out) {
  return ReadDescriptionBody(body, out.bulk_operation_description);
}

std::string ToJson(const DescribeBulkOperationRequest& r) { return ArnBody(r.bulk_operation_arn); }
Status FromJson(std::string_view body, DescribeBulkOperationResponse& out) {
  return ReadDescriptionBody(body, out.bulk_operation_description);
}

std::string ToJson(const ListBulkOperationsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "MaxResults", r.max_results);
  Member(out.w, "NextToken", r.next_token);
  out.w.EndObject();
  return out.Take();
}
Status FromJson(std::string_view body, ListBulkOperationsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(
      out.bulk_operations_summary_list,
      ObjectList<BulkOperationSummary>(
          doc, "BulkOperationsSummaryList", [](const Json& s) -> Result<BulkOperationSummary> {
            BulkOperationSummary summary;
            DDBEMU_ASSIGN_OR_RETURN(summary.bulk_operation_arn, String(s, "BulkOperationArn"));
            DDBEMU_ASSIGN_OR_RETURN(summary.bulk_operation_status,
                                    String(s, "BulkOperationStatus"));
            DDBEMU_ASSIGN_OR_RETURN(summary.start_time_micros, Micros(s, "StartTime"));
            DDBEMU_ASSIGN_OR_RETURN(summary.end_time_micros, OptMicros(s, "EndTime"));
            return summary;
          }));
  DDBEMU_ASSIGN_OR_RETURN(out.next_token, OptString(doc, "NextToken"));
  return Status::Ok();
}

std::string ToJson(const CancelBulkOperationRequest& r) { return ArnBody(r.bulk_operation_arn); }
Status FromJson(std::string_view body, CancelBulkOperationResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.bulk_operation_arn, String(doc, "BulkOperationArn"));
  DDBEMU_ASSIGN_OR_RETURN(out.bulk_operation_status, String(doc, "BulkOperationStatus"));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
