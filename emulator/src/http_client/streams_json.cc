// The DynamoDB Streams operations to and from JSON; see json_codec.h. Their bodies are the
// Streams API's (the "DynamoDBStreams_20120810." target).
#include "http_client/json_client.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

constexpr std::string_view kViewTypeNames[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                               "NEW_AND_OLD_IMAGES"};
constexpr std::string_view kStreamStatusNames[] = {"ENABLING", "ENABLED", "DISABLING", "DISABLED"};
constexpr std::string_view kIteratorTypeNames[] = {"TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER",
                                                   "AFTER_SEQUENCE_NUMBER"};
constexpr std::string_view kOperationNames[] = {"INSERT", "MODIFY", "REMOVE"};

Result<Shard> ShardFrom(const Json& e) {
  Shard s;
  DDBEMU_ASSIGN_OR_RETURN(s.shard_id, String(e, "ShardId"));
  DDBEMU_ASSIGN_OR_RETURN(const Json* range, OptObject(e, "SequenceNumberRange"));
  if (range != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(s.sequence_number_range.starting_sequence_number,
                            OptString(*range, "StartingSequenceNumber"));
    DDBEMU_ASSIGN_OR_RETURN(s.sequence_number_range.ending_sequence_number,
                            OptString(*range, "EndingSequenceNumber"));
  }
  DDBEMU_ASSIGN_OR_RETURN(s.parent_shard_id, OptString(e, "ParentShardId"));
  return s;
}

Result<Record> RecordFrom(const Json& e) {
  Record r;
  DDBEMU_ASSIGN_OR_RETURN(r.event_id, String(e, "eventID"));
  DDBEMU_ASSIGN_OR_RETURN(auto name, EnumOf<OperationType>(e, "eventName", kOperationNames));
  r.event_name = name.value_or(OperationType::kModify);
  DDBEMU_ASSIGN_OR_RETURN(r.event_version, String(e, "eventVersion"));
  DDBEMU_ASSIGN_OR_RETURN(r.event_source, String(e, "eventSource"));
  DDBEMU_ASSIGN_OR_RETURN(r.aws_region, String(e, "awsRegion"));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(e, "dynamodb"));
  if (d == nullptr) return Malformed("a record has no dynamodb member");
  StreamRecord& s = r.dynamodb;
  DDBEMU_ASSIGN_OR_RETURN(auto seconds, OptDouble(*d, "ApproximateCreationDateTime"));
  s.approximate_creation_date_time_seconds = static_cast<std::int64_t>(seconds.value_or(0));
  DDBEMU_ASSIGN_OR_RETURN(auto keys, OptItem(*d, "Keys"));
  s.keys = std::move(keys).value_or(Item{});
  DDBEMU_ASSIGN_OR_RETURN(s.new_image, OptItem(*d, "NewImage"));
  DDBEMU_ASSIGN_OR_RETURN(s.old_image, OptItem(*d, "OldImage"));
  DDBEMU_ASSIGN_OR_RETURN(s.sequence_number, String(*d, "SequenceNumber"));
  DDBEMU_ASSIGN_OR_RETURN(s.size_bytes, Int(*d, "SizeBytes"));
  DDBEMU_ASSIGN_OR_RETURN(auto view, EnumOf<StreamViewType>(*d, "StreamViewType", kViewTypeNames));
  s.stream_view_type = view.value_or(StreamViewType::kNewAndOldImages);
  DDBEMU_ASSIGN_OR_RETURN(const Json* who, OptObject(e, "userIdentity"));
  if (who != nullptr) {
    Identity identity;
    DDBEMU_ASSIGN_OR_RETURN(identity.principal_id, String(*who, "PrincipalId"));
    DDBEMU_ASSIGN_OR_RETURN(identity.type, String(*who, "Type"));
    r.user_identity = std::move(identity);
  }
  return r;
}

}  // namespace

std::string ToJson(const ListStreamsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  Member(out.w, "Limit", r.limit);
  Member(out.w, "ExclusiveStartStreamArn", r.exclusive_start_stream_arn);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, ListStreamsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(
      out.streams,
      ObjectList<StreamSummary>(doc, "Streams", [](const Json& e) -> Result<StreamSummary> {
        StreamSummary s;
        DDBEMU_ASSIGN_OR_RETURN(s.stream_arn, String(e, "StreamArn"));
        DDBEMU_ASSIGN_OR_RETURN(s.table_name, String(e, "TableName"));
        DDBEMU_ASSIGN_OR_RETURN(s.stream_label, String(e, "StreamLabel"));
        return s;
      }));
  DDBEMU_ASSIGN_OR_RETURN(out.last_evaluated_stream_arn, OptString(doc, "LastEvaluatedStreamArn"));
  return Status::Ok();
}

std::string ToJson(const DescribeStreamRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "StreamArn", r.stream_arn);
  Member(out.w, "Limit", r.limit);
  Member(out.w, "ExclusiveStartShardId", r.exclusive_start_shard_id);
  if (r.shard_filter) {
    Key(out.w, "ShardFilter");
    out.w.StartObject();
    Member(out.w, "Type", "CHILD_SHARDS");
    Member(out.w, "ShardId", r.shard_filter->shard_id);
    out.w.EndObject();
  }
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, DescribeStreamResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(doc, "StreamDescription"));
  if (d == nullptr) return Malformed("StreamDescription is missing");
  StreamDescription& s = out.stream_description;
  DDBEMU_ASSIGN_OR_RETURN(s.stream_arn, String(*d, "StreamArn"));
  DDBEMU_ASSIGN_OR_RETURN(s.stream_label, String(*d, "StreamLabel"));
  DDBEMU_ASSIGN_OR_RETURN(auto status,
                          EnumOf<StreamStatus>(*d, "StreamStatus", kStreamStatusNames));
  s.stream_status = status.value_or(StreamStatus::kEnabled);
  DDBEMU_ASSIGN_OR_RETURN(auto view, EnumOf<StreamViewType>(*d, "StreamViewType", kViewTypeNames));
  s.stream_view_type = view.value_or(StreamViewType::kNewAndOldImages);
  DDBEMU_ASSIGN_OR_RETURN(s.creation_request_date_time_micros,
                          Micros(*d, "CreationRequestDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(s.table_name, String(*d, "TableName"));
  DDBEMU_ASSIGN_OR_RETURN(
      s.key_schema,
      ObjectList<KeySchemaElement>(*d, "KeySchema", [](const Json& e) -> Result<KeySchemaElement> {
        KeySchemaElement k;
        DDBEMU_ASSIGN_OR_RETURN(k.attribute_name, String(e, "AttributeName"));
        DDBEMU_ASSIGN_OR_RETURN(auto type, EnumOf<KeyType>(e, "KeyType", kKeyTypeNames));
        k.key_type = type.value_or(KeyType::kHash);
        return k;
      }));
  DDBEMU_ASSIGN_OR_RETURN(s.shards, ObjectList<Shard>(*d, "Shards", ShardFrom));
  DDBEMU_ASSIGN_OR_RETURN(s.last_evaluated_shard_id, OptString(*d, "LastEvaluatedShardId"));
  return Status::Ok();
}

std::string ToJson(const GetShardIteratorRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "StreamArn", r.stream_arn);
  Member(out.w, "ShardId", r.shard_id);
  Member(out.w, "ShardIteratorType", NameOf(r.shard_iterator_type, kIteratorTypeNames));
  Member(out.w, "SequenceNumber", r.sequence_number);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, GetShardIteratorResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.shard_iterator, OptString(doc, "ShardIterator"));
  return Status::Ok();
}

std::string ToJson(const GetRecordsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "ShardIterator", r.shard_iterator);
  Member(out.w, "Limit", r.limit);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, GetRecordsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.records, ObjectList<Record>(doc, "Records", RecordFrom));
  DDBEMU_ASSIGN_OR_RETURN(out.next_shard_iterator, OptString(doc, "NextShardIterator"));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
