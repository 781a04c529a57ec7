// Bulk put's operations in the JSON protocol (see operation_codecs.h): the validator has checked
// the body against the model (tools/gen_api_model.py's bulk supplement), so members are read as
// their shapes are.
#include "api_json/json_read.h"
#include "api_json/operation_codecs.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

InputS3Configuration ReadInput(const rapidjson::Value& c) {
  InputS3Configuration in;
  in.s3_bucket_owner = StringMember(c, "S3BucketOwner");
  in.s3_bucket = StringOr(c, "S3Bucket", "");
  in.s3_key_prefix = StringMember(c, "S3KeyPrefix");
  in.input_format = StringOr(c, "InputFormat", "DYNAMODB_JSON");
  in.input_compression_type = StringMember(c, "InputCompressionType");
  return in;
}

OutputS3Configuration ReadOutput(const rapidjson::Value& c) {
  OutputS3Configuration out;
  out.s3_bucket_owner = StringMember(c, "S3BucketOwner");
  out.s3_bucket = StringOr(c, "S3Bucket", "");
  out.s3_key_prefix = StringMember(c, "S3KeyPrefix");
  out.s3_sse_algorithm = StringMember(c, "S3SseAlgorithm");
  out.s3_sse_kms_key_id = StringMember(c, "S3SseKmsKeyId");
  if (const rapidjson::Value* types = Member(c, "OutputType"); types && types->IsArray()) {
    for (const auto& t : types->GetArray()) {
      if (t.IsString()) out.output_type.emplace_back(View(t));
    }
  }
  return out;
}

void Optional(JsonWriter& w, const char* key, const std::optional<std::string>& value) {
  if (!value) return;
  w.Key(key);
  WriteString(*value, w);
}

void WriteInput(const InputS3Configuration& in, JsonWriter& w) {
  w.StartObject();
  Optional(w, "S3BucketOwner", in.s3_bucket_owner);
  w.Key("S3Bucket");
  WriteString(in.s3_bucket, w);
  Optional(w, "S3KeyPrefix", in.s3_key_prefix);
  w.Key("InputFormat");
  WriteString(in.input_format, w);
  Optional(w, "InputCompressionType", in.input_compression_type);
  w.EndObject();
}

void WriteOutput(const OutputS3Configuration& out, JsonWriter& w) {
  w.StartObject();
  Optional(w, "S3BucketOwner", out.s3_bucket_owner);
  w.Key("S3Bucket");
  WriteString(out.s3_bucket, w);
  Optional(w, "S3KeyPrefix", out.s3_key_prefix);
  Optional(w, "S3SseAlgorithm", out.s3_sse_algorithm);
  Optional(w, "S3SseKmsKeyId", out.s3_sse_kms_key_id);
  w.Key("OutputType");
  w.StartArray();
  for (const std::string& t : out.output_type) WriteString(t, w);
  w.EndArray();
  w.EndObject();
}

void WriteDescription(const BulkOperationDescription& d, JsonWriter& w) {
  w.StartObject();
  w.Key("BulkOperationArn");
  WriteString(d.bulk_operation_arn, w);
  w.Key("BulkOperationStatus");
  WriteString(d.bulk_operation_status, w);
  w.Key("TableDetails");
  w.StartArray();
  for (const auto& t : d.table_details) {
    w.StartObject();
    w.Key("TableName");
    WriteString(t.table_name, w);
    w.Key("TableId");
    WriteString(t.table_id, w);
    w.EndObject();
  }
  w.EndArray();
  Optional(w, "ClientToken", d.client_token);
  w.Key("InputS3Configuration");
  WriteInput(d.input_s3_configuration, w);
  w.Key("OutputS3Configuration");
  WriteOutput(d.output_s3_configuration, w);
  w.Key("StartTime");
  WriteEpochSeconds(d.start_time_micros, w);
  if (d.end_time_micros) {
    w.Key("EndTime");
    WriteEpochSeconds(*d.end_time_micros, w);
  }
  w.Key("ProcessedItemCount");
  w.Int64(d.processed_item_count);
  w.Key("ProcessedInputBytes");
  w.Int64(d.processed_input_bytes);
  if (d.total_input_bytes) {
    w.Key("TotalInputBytes");
    w.Int64(*d.total_input_bytes);
  }
  w.Key("BulkOperationUsage");
  w.StartArray();
  for (const auto& u : d.bulk_operation_usage) {
    w.StartObject();
    w.Key("TableName");
    WriteString(u.table_name, w);
    w.Key("BulkPutBytes");
    w.Int64(u.bulk_put_bytes);
    w.Key("Table");
    w.StartObject();
    w.Key("BulkPutBytes");
    w.Int64(u.bulk_put_bytes);
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
  w.Key("FailedItemCount");
  w.Int64(d.failed_item_count);
  Optional(w, "FailureCode", d.failure_code);
  Optional(w, "FailureMessage", d.failure_message);
  if (d.max_write_request_units) {
    w.Key("MaxWriteRequestUnits");
    w.Int64(*d.max_write_request_units);
  }
  w.Key("PerformanceTier");
  WriteString(d.performance_tier, w);
  w.EndObject();
}

}  // namespace

Result<StartBulkPutItemsRequest> ParseStartBulkPutItems(const rapidjson::Value& body) {
  StartBulkPutItemsRequest r;
  r.client_token = StringMember(body, "ClientToken");
  if (const rapidjson::Value* in = Member(body, "InputS3Configuration"); in && in->IsObject()) {
    r.input_s3_configuration = ReadInput(*in);
  }
  if (const rapidjson::Value* out = Member(body, "OutputS3Configuration"); out && out->IsObject()) {
    r.output_s3_configuration = ReadOutput(*out);
  }
  r.table_name = StringOr(body, "TableName", "");
  r.max_write_request_units = IntMember(body, "MaxWriteRequestUnits");
  r.performance_tier = StringMember(body, "PerformanceTier");
  return r;
}

Result<DescribeBulkOperationRequest> ParseDescribeBulkOperation(const rapidjson::Value& body) {
  return DescribeBulkOperationRequest{StringOr(body, "BulkOperationArn", "")};
}

Result<ListBulkOperationsRequest> ParseListBulkOperations(const rapidjson::Value& body) {
  return ListBulkOperationsRequest{IntMember(body, "MaxResults"), StringMember(body, "NextToken")};
}

Result<CancelBulkOperationRequest> ParseCancelBulkOperation(const rapidjson::Value& body) {
  return CancelBulkOperationRequest{StringOr(body, "BulkOperationArn", "")};
}

std::string RenderBulkOperationDescription(const BulkOperationDescription& description) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("BulkOperationDescription");
  WriteDescription(description, w);
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderListBulkOperations(const ListBulkOperationsResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("BulkOperationsSummaryList");
  w.StartArray();
  for (const auto& s : response.bulk_operations_summary_list) {
    w.StartObject();
    w.Key("BulkOperationArn");
    WriteString(s.bulk_operation_arn, w);
    w.Key("BulkOperationStatus");
    WriteString(s.bulk_operation_status, w);
    w.Key("StartTime");
    WriteEpochSeconds(s.start_time_micros, w);
    if (s.end_time_micros) {
      w.Key("EndTime");
      WriteEpochSeconds(*s.end_time_micros, w);
    }
    w.EndObject();
  }
  w.EndArray();
  Optional(w, "NextToken", response.next_token);
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderCancelBulkOperation(const CancelBulkOperationResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("BulkOperationArn");
  WriteString(response.bulk_operation_arn, w);
  w.Key("BulkOperationStatus");
  WriteString(response.bulk_operation_status, w);
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
