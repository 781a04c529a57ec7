// The embedded StreamsClient (ddbemu/embedded_client.h, MakeEmbeddedStreamsClient): the four
// DynamoDB Streams operations as typed calls — public request -> ops/streams/stream_ops.h's
// request, checked with the Streams model's constraints (api/constraint_violations.h, as the
// JSON codec checks them) -> ops -> the public response with what api_json/stream_codec.cc
// renders. No JSON and no Database::Call.
#include <algorithm>
#include <exception>

#include "api/constraint_violations.h"
#include "database_access.h"
#include "database_impl.h"
#include "ddbemu/embedded_client.h"
#include "ops/streams/stream_ops.h"
#include "run_step.h"
#include "storage/stream_store.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

namespace streams = ops::streams;

StreamStatus StreamStatusOf(const std::string& status) {
  if (status == "ENABLING") return StreamStatus::kEnabling;
  if (status == "DISABLING") return StreamStatus::kDisabling;
  if (status == "DISABLED") return StreamStatus::kDisabled;
  return StreamStatus::kEnabled;
}

OperationType EventOf(storage::StreamEventKind kind) {
  switch (kind) {
    case storage::StreamEventKind::kInsert:
      return OperationType::kInsert;
    case storage::StreamEventKind::kRemove:
      return OperationType::kRemove;
    default:
      return OperationType::kModify;
  }
}

std::vector<KeySchemaElement> KeySchemaOf(const storage::StreamInfo& info) {
  std::vector<KeySchemaElement> out{{info.partition_key.name, KeyType::kHash}};
  if (info.sort_key) out.push_back({info.sort_key->name, KeyType::kRange});
  return out;
}

// ---- requests -----------------------------------------------------------------------------

Result<streams::ListStreamsRequest> ToEngine(const ListStreamsRequest& in) {
  api::Violations v;
  v.Length("tableName", in.table_name, 3, 255);
  v.MinValue("limit", in.limit, 1);
  v.MaxValue("limit", in.limit, 100);
  v.Length("exclusiveStartStreamArn", in.exclusive_start_stream_arn, 37, 1024);
  DDBEMU_RETURN_IF_ERROR(v.Result());
  streams::ListStreamsRequest out;
  out.table_name = in.table_name;
  out.exclusive_start_stream_arn = in.exclusive_start_stream_arn;
  if (in.limit) out.limit = static_cast<int>(*in.limit);
  return out;
}

Result<streams::DescribeStreamRequest> ToEngine(const DescribeStreamRequest& in) {
  api::Violations v;
  v.Length("streamArn", in.stream_arn, 37, 1024);
  v.MinValue("limit", in.limit, 1);
  v.Length("exclusiveStartShardId", in.exclusive_start_shard_id, 28, 65);
  // The public ShardFilter is CHILD_SHARDS by construction; its shard id is checked as the
  // JSON codec checks ShardFilter.ShardId.
  if (in.shard_filter) {
    v.Length("shardFilter.shardId", in.shard_filter->shard_id, 28, 65);
  }
  DDBEMU_RETURN_IF_ERROR(v.Result());
  streams::DescribeStreamRequest out;
  out.stream_arn = in.stream_arn;
  out.exclusive_start_shard_id = in.exclusive_start_shard_id;
  if (in.shard_filter) out.child_shards_of = in.shard_filter->shard_id;
  if (in.limit) out.limit = static_cast<int>(std::min<std::int64_t>(*in.limit, 100));
  return out;
}

Result<streams::GetShardIteratorRequest> ToEngine(const GetShardIteratorRequest& in) {
  api::Violations v;
  v.Length("streamArn", in.stream_arn, 37, 1024);
  v.Length("shardId", in.shard_id, 28, 65);
  v.Length("sequenceNumber", in.sequence_number, 21, 40);
  DDBEMU_RETURN_IF_ERROR(v.Result());
  streams::GetShardIteratorRequest out;
  out.stream_arn = in.stream_arn;
  out.shard_id = in.shard_id;
  out.sequence_number = in.sequence_number;
  switch (in.shard_iterator_type) {
    case ShardIteratorType::kTrimHorizon:
      out.type = streams::IteratorType::kTrimHorizon;
      break;
    case ShardIteratorType::kLatest:
      out.type = streams::IteratorType::kLatest;
      break;
    case ShardIteratorType::kAtSequenceNumber:
      out.type = streams::IteratorType::kAtSequenceNumber;
      break;
    case ShardIteratorType::kAfterSequenceNumber:
      out.type = streams::IteratorType::kAfterSequenceNumber;
      break;
  }
  return out;
}

Result<streams::GetRecordsRequest> ToEngine(const GetRecordsRequest& in) {
  api::Violations v;
  v.Length("shardIterator", in.shard_iterator, 1, 2048);
  v.MinValue("limit", in.limit, 1);
  v.MaxValue("limit", in.limit, 1000);
  DDBEMU_RETURN_IF_ERROR(v.Result());
  streams::GetRecordsRequest out;
  out.shard_iterator = in.shard_iterator;
  if (in.limit) out.limit = static_cast<int>(*in.limit);
  return out;
}

// ---- responses ----------------------------------------------------------------------------

ListStreamsResponse ToPublic(streams::ListStreamsResponse in) {
  ListStreamsResponse out;
  for (streams::StreamSummary& s : in.streams) {
    out.streams.push_back(
        {std::move(s.stream_arn), std::move(s.table_name), std::move(s.stream_label)});
  }
  out.last_evaluated_stream_arn = std::move(in.last_evaluated_stream_arn);
  return out;
}

DescribeStreamResponse ToPublic(streams::DescribeStreamResponse in) {
  const storage::StreamInfo& info = in.stream;
  StreamDescription d;
  d.stream_arn = std::move(in.stream_arn);
  d.stream_label = info.label;
  d.stream_status = StreamStatusOf(in.status);
  d.stream_view_type = info.view_type;
  d.creation_request_date_time_micros = info.created_micros / 1000 * 1000;  // JSON's millis
  d.table_name = info.table_name;
  d.key_schema = KeySchemaOf(info);
  for (streams::ShardDescription& shard : in.shards) {
    Shard s;
    s.shard_id = std::move(shard.shard_id);
    s.sequence_number_range.starting_sequence_number = std::move(shard.starting_sequence_number);
    s.sequence_number_range.ending_sequence_number = std::move(shard.ending_sequence_number);
    if (!shard.parent_shard_id.empty()) s.parent_shard_id = std::move(shard.parent_shard_id);
    d.shards.push_back(std::move(s));
  }
  d.last_evaluated_shard_id = std::move(in.last_evaluated_shard_id);
  return {std::move(d)};
}

GetRecordsResponse ToPublic(streams::GetRecordsResponse in) {
  GetRecordsResponse out;
  for (streams::RecordOut& r : in.records) {
    storage::StreamRecord& rec = r.record;
    Record p;
    p.event_id = std::move(r.event_id);
    p.event_name = EventOf(rec.kind);
    p.event_version = "1.1";
    p.event_source = "aws:dynamodb";
    p.aws_region = std::move(r.region);
    // The model: "rounded down to the closest second".
    p.dynamodb.approximate_creation_date_time_seconds = rec.created_micros / 1'000'000;
    p.dynamodb.keys = std::move(rec.keys);
    p.dynamodb.new_image = std::move(rec.new_image);
    p.dynamodb.old_image = std::move(rec.old_image);
    p.dynamodb.sequence_number = storage::FormatSequenceNumber(rec.sequence);
    p.dynamodb.size_bytes = static_cast<std::int64_t>(rec.size_bytes);
    p.dynamodb.stream_view_type = r.view_type;
    // Developer Guide, "DynamoDB Streams and Time to Live": TTL deletions carry this identity.
    if (rec.by_ttl) p.user_identity = Identity{"dynamodb.amazonaws.com", "Service"};
    out.records.push_back(std::move(p));
  }
  out.next_shard_iterator = std::move(in.next_shard_iterator);
  return out;
}

GetShardIteratorResponse ToPublic(std::string iterator) {
  return GetShardIteratorResponse{std::move(iterator)};
}

// ---- the client ---------------------------------------------------------------------------

class EmbeddedStreamsClient final : public StreamsClient {
 public:
  EmbeddedStreamsClient(Database& database, RequestContext context)
      : impl_(detail::DatabaseAccess::EngineOf(database)), context_(std::move(context)) {}

#define DDB_EMBEDDED_STREAMS_CALL(Op)                            \
  Result<Op##Response> Op(const Op##Request& request) override { \
    return Run<Op##Response>(#Op, request, &streams::Op);        \
  }
  DDBEMU_STREAMS_OPERATIONS(DDB_EMBEDDED_STREAMS_CALL)
#undef DDB_EMBEDDED_STREAMS_CALL

 private:
  // Convert, the run step (run_step.h: faults, the tenant check, the audit), convert back; a
  // bug that throws becomes an InternalServerError, as on the JSON path.
  template <class Response, class Request, class Op>
  Result<Response> Run(std::string_view operation, const Request& request, Op op) {
    try {
      DDBEMU_ASSIGN_OR_RETURN(auto engine_request, ToEngine(request));
      ops::Engine engine = impl_.engine();
      const ops::Caller caller = impl_.CallerFor(context_);
      return run::RunStep(engine, caller, operation, engine_request, op,
                          [](auto& response) -> Result<Response> {
                            if (!response.ok()) return std::move(response).error();
                            return ToPublic(std::move(*response));
                          });
    } catch (const std::exception& e) {
      return ApiError::InternalServerError(std::string("Internal server error: ") + e.what());
    }
  }

  detail::DatabaseAccess::Engine& impl_;
  RequestContext context_;
};

}  // namespace

std::unique_ptr<StreamsClient> MakeEmbeddedStreamsClient(Database& database,
                                                         RequestContext context) {
  return std::make_unique<EmbeddedStreamsClient>(database, std::move(context));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
