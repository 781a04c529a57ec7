// The DynamoDB Streams API's JSON face ("DynamoDBStreams_20120810.<Operation>"): each
// operation's body read into its typed request (stream_ops.h) with the Streams model's
// constraints checked in the Coral validator's words (the DynamoDB model's validator does not
// cover this service), and each answer written with the service's member names. The rows of
// the one dispatch table (operation_table.cc) join these to stream_ops.h.
#include "api_json/stream_codec.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <array>
#include <vector>

#include "api/constraint_violations.h"
#include "api_json/json_read.h"
#include "storage/stream_store.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json::streams {
namespace {

using ops::streams::IteratorType;
using ops::streams::RecordOut;
using ops::streams::ShardDescription;
using ops::streams::StreamSummary;
using ops::streams::ViewTypeName;

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

// A member of the wrong JSON type: the service's deserializer answers SerializationException.
Status CheckTypes(const rapidjson::Value& body,
                  std::initializer_list<std::pair<std::string_view, bool>> members) {
  if (!body.IsObject()) return ApiError::Serialization("");
  for (const auto& [name, is_string] : members) {
    const rapidjson::Value* v = api::json::Member(body, name);
    if (v == nullptr) continue;
    if (is_string && !v->IsString()) {
      return ApiError::Serialization(v->IsNumber() ? "NUMBER_VALUE cannot be converted to String"
                                                   : "Unexpected field type");
    }
    if (!is_string && !v->IsInt64()) {
      return ApiError::Serialization(v->IsString()
                                         ? "STRING_VALUE can not be converted to an Integer"
                                         : "Unexpected field type");
    }
  }
  return Status::Ok();
}

void Str(Writer& w, std::string_view key, std::string_view value) {
  w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
  w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
}

std::string_view EventName(storage::StreamEventKind kind) {
  switch (kind) {
    case storage::StreamEventKind::kInsert:
      return "INSERT";
    case storage::StreamEventKind::kModify:
      return "MODIFY";
    case storage::StreamEventKind::kRemove:
      return "REMOVE";
  }
  return "MODIFY";
}

void WriteKeySchema(Writer& w, const storage::StreamInfo& info) {
  w.Key("KeySchema");
  w.StartArray();
  w.StartObject();
  Str(w, "AttributeName", info.partition_key.name);
  Str(w, "KeyType", "HASH");
  w.EndObject();
  if (info.sort_key) {
    w.StartObject();
    Str(w, "AttributeName", info.sort_key->name);
    Str(w, "KeyType", "RANGE");
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

Result<ListStreamsRequest> ParseListStreams(const rapidjson::Value& body) {
  DDBEMU_RETURN_IF_ERROR(
      CheckTypes(body, {{"TableName", true}, {"Limit", false}, {"ExclusiveStartStreamArn", true}}));
  ListStreamsRequest request;
  request.table_name = api::json::StringMember(body, "TableName");
  request.exclusive_start_stream_arn = api::json::StringMember(body, "ExclusiveStartStreamArn");
  const std::optional<std::int64_t> limit = api::json::IntMember(body, "Limit");
  Violations v;
  v.Length("tableName", request.table_name, 3, 255);
  v.MinValue("limit", limit, 1);
  v.MaxValue("limit", limit, 100);
  v.Length("exclusiveStartStreamArn", request.exclusive_start_stream_arn, 37, 1024);
  DDBEMU_RETURN_IF_ERROR(v.Result());
  if (limit) request.limit = static_cast<int>(*limit);
  return request;
}

std::string RenderListStreams(const ListStreamsRequest&, const ListStreamsResponse& response) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("Streams");
  w.StartArray();
  for (const StreamSummary& s : response.streams) {
    w.StartObject();
    Str(w, "StreamArn", s.stream_arn);
    Str(w, "TableName", s.table_name);
    Str(w, "StreamLabel", s.stream_label);
    w.EndObject();
  }
  w.EndArray();
  if (response.last_evaluated_stream_arn) {
    Str(w, "LastEvaluatedStreamArn", *response.last_evaluated_stream_arn);
  }
  w.EndObject();
  return BufferText(buffer);
}

Result<DescribeStreamRequest> ParseDescribeStream(const rapidjson::Value& body) {
  DDBEMU_RETURN_IF_ERROR(
      CheckTypes(body, {{"StreamArn", true}, {"Limit", false}, {"ExclusiveStartShardId", true}}));
  DescribeStreamRequest request;
  const std::optional<std::string> arn = api::json::StringMember(body, "StreamArn");
  const std::optional<std::int64_t> limit = api::json::IntMember(body, "Limit");
  request.exclusive_start_shard_id = api::json::StringMember(body, "ExclusiveStartShardId");
  // ShardFilter {Type, ShardId}: the one filter type, CHILD_SHARDS, needs both members (a filter
  // that names no type or no shard filters nothing the service could answer for).
  std::optional<std::string> filter_type, filter_shard;
  const rapidjson::Value* filter = api::json::Member(body, "ShardFilter");
  if (filter != nullptr) {
    if (!filter->IsObject()) return ApiError::Serialization("Unexpected field type");
    DDBEMU_RETURN_IF_ERROR(CheckTypes(*filter, {{"Type", true}, {"ShardId", true}}));
    filter_type = api::json::StringMember(*filter, "Type");
    filter_shard = api::json::StringMember(*filter, "ShardId");
  }
  Violations v;
  v.Length("streamArn", arn, 37, 1024);
  v.MinValue("limit", limit, 1);
  v.Length("exclusiveStartShardId", request.exclusive_start_shard_id, 28, 65);
  if (filter != nullptr) {
    if (filter_type && *filter_type != "CHILD_SHARDS") {
      v.Add("shardFilter.type", *filter_type, "Member must satisfy enum value set: [CHILD_SHARDS]");
    }
    v.Required("shardFilter.type", filter_type.has_value());
    v.Length("shardFilter.shardId", filter_shard, 28, 65);
    v.Required("shardFilter.shardId", filter_shard.has_value());
  }
  v.Required("streamArn", arn.has_value());
  DDBEMU_RETURN_IF_ERROR(v.Result());
  request.child_shards_of = filter_shard;
  request.stream_arn = *arn;
  if (limit) request.limit = static_cast<int>(std::min<std::int64_t>(*limit, 100));
  return request;
}

std::string RenderDescribeStream(const DescribeStreamRequest&,
                                 const DescribeStreamResponse& response) {
  const storage::StreamInfo& info = response.stream;
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("StreamDescription");
  w.StartObject();
  Str(w, "StreamArn", response.stream_arn);
  Str(w, "StreamLabel", info.label);
  Str(w, "StreamStatus", response.status);
  Str(w, "StreamViewType", ViewTypeName(info.view_type));
  w.Key("CreationRequestDateTime");
  w.Double(static_cast<double>(info.created_micros / 1000) / 1000.0);
  Str(w, "TableName", info.table_name);
  WriteKeySchema(w, info);
  w.Key("Shards");
  w.StartArray();
  for (const ShardDescription& shard : response.shards) {
    w.StartObject();
    Str(w, "ShardId", shard.shard_id);
    w.Key("SequenceNumberRange");
    w.StartObject();
    Str(w, "StartingSequenceNumber", shard.starting_sequence_number);
    if (shard.ending_sequence_number) {
      Str(w, "EndingSequenceNumber", *shard.ending_sequence_number);
    }
    w.EndObject();
    if (!shard.parent_shard_id.empty()) Str(w, "ParentShardId", shard.parent_shard_id);
    w.EndObject();
  }
  w.EndArray();
  if (response.last_evaluated_shard_id) {
    Str(w, "LastEvaluatedShardId", *response.last_evaluated_shard_id);
  }
  w.EndObject();
  w.EndObject();
  return BufferText(buffer);
}

Result<GetShardIteratorRequest> ParseGetShardIterator(const rapidjson::Value& body) {
  DDBEMU_RETURN_IF_ERROR(CheckTypes(body, {{"StreamArn", true},
                                           {"ShardId", true},
                                           {"ShardIteratorType", true},
                                           {"SequenceNumber", true}}));
  const std::optional<std::string> arn = api::json::StringMember(body, "StreamArn");
  const std::optional<std::string> shard = api::json::StringMember(body, "ShardId");
  const std::optional<std::string> type = api::json::StringMember(body, "ShardIteratorType");
  GetShardIteratorRequest request;
  request.sequence_number = api::json::StringMember(body, "SequenceNumber");
  Violations v;
  v.Length("streamArn", arn, 37, 1024);
  v.Required("streamArn", arn.has_value());
  v.Length("shardId", shard, 28, 65);
  v.Required("shardId", shard.has_value());
  static constexpr std::array<std::pair<std::string_view, IteratorType>, 4> kTypes = {{
      {"TRIM_HORIZON", IteratorType::kTrimHorizon},
      {"LATEST", IteratorType::kLatest},
      {"AT_SEQUENCE_NUMBER", IteratorType::kAtSequenceNumber},
      {"AFTER_SEQUENCE_NUMBER", IteratorType::kAfterSequenceNumber},
  }};
  bool known_type = false;
  if (type) {
    for (const auto& [name, value] : kTypes) {
      if (*type == name) {
        request.type = value;
        known_type = true;
      }
    }
    if (!known_type) {
      v.Add("shardIteratorType", *type,
            "Member must satisfy enum value set: [AFTER_SEQUENCE_NUMBER, LATEST, "
            "AT_SEQUENCE_NUMBER, TRIM_HORIZON]");
    }
  }
  v.Required("shardIteratorType", type.has_value());
  v.Length("sequenceNumber", request.sequence_number, 21, 40);
  DDBEMU_RETURN_IF_ERROR(v.Result());
  request.stream_arn = *arn;
  request.shard_id = *shard;
  return request;
}

std::string RenderGetShardIterator(const GetShardIteratorRequest&, const std::string& iterator) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  Str(w, "ShardIterator", iterator);
  w.EndObject();
  return BufferText(buffer);
}

Result<GetRecordsRequest> ParseGetRecords(const rapidjson::Value& body) {
  DDBEMU_RETURN_IF_ERROR(CheckTypes(body, {{"ShardIterator", true}, {"Limit", false}}));
  const std::optional<std::string> iterator = api::json::StringMember(body, "ShardIterator");
  const std::optional<std::int64_t> limit = api::json::IntMember(body, "Limit");
  Violations v;
  v.Length("shardIterator", iterator, 1, 2048);
  v.Required("shardIterator", iterator.has_value());
  v.MinValue("limit", limit, 1);
  v.MaxValue("limit", limit, 1000);
  DDBEMU_RETURN_IF_ERROR(v.Result());
  GetRecordsRequest request;
  request.shard_iterator = *iterator;
  if (limit) request.limit = static_cast<int>(*limit);
  return request;
}

std::string RenderGetRecords(const GetRecordsRequest&, const GetRecordsResponse& response) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("Records");
  w.StartArray();
  for (const RecordOut& out : response.records) {
    const storage::StreamRecord& rec = out.record;
    w.StartObject();
    Str(w, "eventID", out.event_id);
    Str(w, "eventName", EventName(rec.kind));
    Str(w, "eventVersion", "1.1");
    Str(w, "eventSource", "aws:dynamodb");
    Str(w, "awsRegion", out.region);
    w.Key("dynamodb");
    w.StartObject();
    // The model: "rounded down to the closest second".
    w.Key("ApproximateCreationDateTime");
    w.Int64(rec.created_micros / 1'000'000);
    w.Key("Keys");
    WriteItem(rec.keys, w);
    if (rec.new_image) {
      w.Key("NewImage");
      WriteItem(*rec.new_image, w);
    }
    if (rec.old_image) {
      w.Key("OldImage");
      WriteItem(*rec.old_image, w);
    }
    Str(w, "SequenceNumber", storage::FormatSequenceNumber(rec.sequence));
    w.Key("SizeBytes");
    w.Uint64(rec.size_bytes);
    Str(w, "StreamViewType", ViewTypeName(out.view_type));
    w.EndObject();
    if (rec.by_ttl) {
      // Developer Guide, "DynamoDB Streams and Time to Live": TTL deletions carry this identity.
      w.Key("userIdentity");
      w.StartObject();
      Str(w, "PrincipalId", "dynamodb.amazonaws.com");
      Str(w, "Type", "Service");
      w.EndObject();
    }
    w.EndObject();
  }
  w.EndArray();
  if (response.next_shard_iterator) Str(w, "NextShardIterator", *response.next_shard_iterator);
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json::streams
