// ListStreams, DescribeStream, GetShardIterator, GetRecords (see stream_ops.h).
#include "ops/streams/stream_ops.h"

#include <algorithm>
#include <cstdio>

#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams {
namespace {

using storage::StreamInfo;
using storage::StreamShard;

// GetRecords returns at most 1 MB of data (API reference, GetRecords).
constexpr std::uint64_t kMaxRecordsBytes = 1 << 20;

ApiError StreamNotFound(std::string_view arn) {
  return ApiError::ResourceNotFound("Requested resource not found: Stream: " + std::string(arn) +
                                    " not found");
}

ApiError ShardNotFound(std::string_view shard_id, std::string_view arn) {
  return ApiError::ResourceNotFound(
      "Requested resource not found: Shard: " + std::string(shard_id) +
      " in Stream: " + std::string(arn) + " not found");
}

ApiError InvalidIterator() { return ApiError::Validation("Invalid ShardIterator"); }

// "arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>".
bool LooksLikeStreamArn(std::string_view arn) {
  return arn.starts_with("arn:") && arn.find(":dynamodb:") != std::string_view::npos &&
         arn.find(":table/") != std::string_view::npos &&
         arn.find("/stream/") != std::string_view::npos;
}

Result<StreamInfo> FindStream(Engine& engine, const storage::Txn& txn, const Caller& caller,
                              std::string_view arn) {
  if (!LooksLikeStreamArn(arn)) return ApiError::Validation("Invalid StreamArn");
  DDBEMU_ASSIGN_OR_RETURN(std::vector<StreamInfo> streams, engine.streams->List(txn, caller.ns));
  for (StreamInfo& info : streams) {
    if (info.arn() == arn) return std::move(info);
  }
  return StreamNotFound(arn);
}

const StreamShard* FindShard(const StreamInfo& info, std::string_view shard_id) {
  for (const StreamShard& shard : info.shards) {
    if (shard.shard_id == shard_id) return &shard;
  }
  return nullptr;
}

// The last sequence number a shard holds or will hold so far: its end, or for the open shard
// the stream's latest record.
std::uint64_t LastOf(const StreamInfo& info, const StreamShard& shard) {
  return shard.open() ? info.next_sequence - 1 : shard.ending_sequence;
}

// ---- iterators ----

struct IteratorState {
  std::uint32_t stream_id = 0;
  std::string shard_id;
  std::uint64_t position = 0;  // the next sequence number to read
  std::int64_t created_micros = 0;
};

std::string Hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

std::optional<std::string> Unhex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    int v = 0;
    for (char c : hex.substr(i, 2)) {
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= c - '0';
      else if (c >= 'a' && c <= 'f')
        v |= c - 'a' + 10;
      else
        return std::nullopt;
    }
    out.push_back(static_cast<char>(v));
  }
  return out;
}

std::string EncodeIterator(const StreamInfo& info, const IteratorState& state) {
  std::string payload;
  storage::RecordWriter w(&payload);
  w.Varint(state.stream_id);
  w.Bytes(state.shard_id);
  w.Varint(state.position);
  w.Signed(state.created_micros);
  return info.arn() + "|1|" + Hex(payload);
}

Result<std::pair<std::string, IteratorState>> DecodeIterator(std::string_view text) {
  const std::size_t bar = text.find("|1|");
  if (bar == std::string_view::npos) return InvalidIterator();
  std::optional<std::string> payload = Unhex(text.substr(bar + 3));
  if (!payload) return InvalidIterator();
  IteratorState state;
  storage::RecordReader r(*payload);
  r.Unsigned(&state.stream_id, UINT32_MAX);
  r.Bytes(&state.shard_id);
  r.Unsigned(&state.position, UINT64_MAX);
  r.Signed(&state.created_micros);
  if (!r.ok() || !r.at_end() || state.stream_id == 0) return InvalidIterator();
  return std::make_pair(std::string(text.substr(0, bar)), std::move(state));
}

std::string EventId(std::uint32_t stream_id, std::uint64_t sequence) {
  // A stable 32-hex-digit id per record (the service's are opaque hex strings).
  std::uint64_t a = (std::uint64_t{stream_id} << 32) ^ sequence ^ 0x9e3779b97f4a7c15ULL;
  std::uint64_t b = sequence * 0xbf58476d1ce4e5b9ULL + stream_id;
  a ^= a >> 31;
  b ^= b >> 29;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(a),
                static_cast<unsigned long long>(b));
  return buf;
}

std::string RegionOf(std::string_view arn) {  // arn:aws:dynamodb:REGION:...
  std::size_t start = 0;
  for (int i = 0; i < 3; ++i) start = arn.find(':', start) + 1;
  return std::string(arn.substr(start, arn.find(':', start) - start));
}

}  // namespace

std::string_view ViewTypeName(StreamViewType type) {
  switch (type) {
    case StreamViewType::kKeysOnly:
      return "KEYS_ONLY";
    case StreamViewType::kNewImage:
      return "NEW_IMAGE";
    case StreamViewType::kOldImage:
      return "OLD_IMAGE";
    case StreamViewType::kNewAndOldImages:
      return "NEW_AND_OLD_IMAGES";
  }
  return "KEYS_ONLY";
}

Result<ListStreamsResponse> ListStreams(Engine& engine, const Caller& caller,
                                        const ListStreamsRequest& request) {
  // A start that is not a stream ARN is refused, as the service refuses it (ScyllaDB's
  // test_streams.py, run against AWS: ValidationException); one of no stream of this caller is
  // ResourceNotFoundException, as DescribeStream answers it, rather than an empty page that
  // would end a caller's pagination silently.
  if (request.exclusive_start_stream_arn &&
      !LooksLikeStreamArn(*request.exclusive_start_stream_arn)) {
    return ApiError::Validation("Invalid ExclusiveStartStreamArn");
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::vector<StreamInfo> streams, engine.streams->List(txn, caller.ns));
  if (request.exclusive_start_stream_arn &&
      std::none_of(streams.begin(), streams.end(), [&](const StreamInfo& info) {
        return info.arn() == *request.exclusive_start_stream_arn;
      })) {
    return StreamNotFound(*request.exclusive_start_stream_arn);
  }
  ListStreamsResponse response;
  bool started = !request.exclusive_start_stream_arn.has_value();
  for (const StreamInfo& info : streams) {
    if (request.table_name && info.table_name != *request.table_name) continue;
    if (!started) {
      started = info.arn() == *request.exclusive_start_stream_arn;
      continue;
    }
    if (static_cast<int>(response.streams.size()) == request.limit) {
      response.last_evaluated_stream_arn = response.streams.back().stream_arn;
      break;
    }
    response.streams.push_back({info.arn(), info.table_name, info.label});
  }
  return response;
}

Result<DescribeStreamResponse> DescribeStream(Engine& engine, const Caller& caller,
                                              const DescribeStreamRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DescribeStreamResponse response;
  DDBEMU_ASSIGN_OR_RETURN(response.stream, FindStream(engine, txn, caller, request.stream_arn));
  const StreamInfo& info = response.stream;
  response.stream_arn = info.arn();
  response.status = info.enabled() ? "ENABLED" : "DISABLED";
  // A filter naming a shard the stream does not have: the shard is not found, as for
  // GetShardIterator.
  if (request.child_shards_of && FindShard(info, *request.child_shards_of) == nullptr) {
    return ShardNotFound(*request.child_shards_of, response.stream_arn);
  }
  bool started = !request.exclusive_start_shard_id.has_value();
  for (const StreamShard& shard : info.shards) {
    if (!started) {
      started = shard.shard_id == *request.exclusive_start_shard_id;
      continue;
    }
    if (request.child_shards_of && shard.parent_shard_id != *request.child_shards_of) continue;
    if (static_cast<int>(response.shards.size()) == request.limit) {
      response.last_evaluated_shard_id = response.shards.back().shard_id;
      break;
    }
    ShardDescription out{shard.shard_id, shard.parent_shard_id,
                         storage::FormatSequenceNumber(shard.starting_sequence), std::nullopt};
    if (!shard.open())
      out.ending_sequence_number = storage::FormatSequenceNumber(shard.ending_sequence);
    response.shards.push_back(std::move(out));
  }
  return response;
}

Result<std::string> GetShardIterator(Engine& engine, const Caller& caller,
                                     const GetShardIteratorRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(StreamInfo info, FindStream(engine, txn, caller, request.stream_arn));
  const StreamShard* shard = FindShard(info, request.shard_id);
  if (shard == nullptr) return ShardNotFound(request.shard_id, request.stream_arn);
  IteratorState state{info.id, shard->shard_id, 0, engine.clock.NowMicros()};
  const std::uint64_t last = LastOf(info, *shard);
  switch (request.type) {
    case IteratorType::kTrimHorizon:
      state.position = shard->starting_sequence;
      break;
    case IteratorType::kLatest:
      state.position = last + 1;
      break;
    case IteratorType::kAtSequenceNumber:
    case IteratorType::kAfterSequenceNumber: {
      if (!request.sequence_number) {
        return ApiError::Validation(
            "Must provide a SequenceNumber when using ShardIteratorType AT_SEQUENCE_NUMBER or "
            "AFTER_SEQUENCE_NUMBER");
      }
      std::optional<std::uint64_t> seq = storage::ParseSequenceNumber(*request.sequence_number);
      // A shard holds the numbers from its StartingSequenceNumber to its last record; its
      // StartingSequenceNumber even before any record is written (DescribeStream gives it, and
      // the service takes it for either type: ScyllaDB's test_streams.py against AWS).
      if (!seq || *seq < shard->starting_sequence ||
          *seq > std::max(last, shard->starting_sequence)) {
        return ApiError::Validation("Invalid SequenceNumber " + *request.sequence_number +
                                    " for shard " + shard->shard_id);
      }
      // A record past the retention period is gone: reading from it is refused.
      DDBEMU_ASSIGN_OR_RETURN(std::vector<storage::StreamRecord> at,
                              engine.streams->Read(txn, info.id, *seq, *seq, 1));
      if (at.empty() && *seq <= last) {
        return ApiError(ErrorCode::kTrimmedDataAccess,
                        "Requested sequence number " + *request.sequence_number +
                            " is beyond the trim horizon of the stream");
      }
      state.position = request.type == IteratorType::kAtSequenceNumber ? *seq : *seq + 1;
      break;
    }
  }
  return EncodeIterator(info, state);
}

Result<GetRecordsResponse> GetRecords(Engine& engine, const Caller& caller,
                                      const GetRecordsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(auto decoded, DecodeIterator(request.shard_iterator));
  auto& [arn, state] = decoded;
  const std::int64_t now = engine.clock.NowMicros();
  if (now - state.created_micros > kIteratorLifetimeMicros || now < state.created_micros) {
    return ApiError(ErrorCode::kExpiredIterator, "Shard iterator has expired");
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(StreamInfo info, FindStream(engine, txn, caller, arn));
  if (info.id != state.stream_id) return InvalidIterator();
  const StreamShard* shard = FindShard(info, state.shard_id);
  if (shard == nullptr) {
    return ApiError(ErrorCode::kTrimmedDataAccess,
                    "The shard " + state.shard_id + " has been trimmed from the stream");
  }
  const std::uint64_t last = LastOf(info, *shard);
  DDBEMU_ASSIGN_OR_RETURN(std::vector<storage::StreamRecord> records,
                          engine.streams->Read(txn, info.id, state.position, last,
                                               static_cast<std::size_t>(request.limit)));
  GetRecordsResponse response;
  const std::string region = RegionOf(arn);
  std::uint64_t bytes = 0;
  std::uint64_t next = state.position;
  for (storage::StreamRecord& rec : records) {
    if (!response.records.empty() && bytes + rec.size_bytes > kMaxRecordsBytes) break;
    bytes += rec.size_bytes;
    next = rec.sequence + 1;
    std::string id = EventId(info.id, rec.sequence);
    response.records.push_back({std::move(rec), std::move(id), region, info.view_type});
  }
  // A closed shard read to its end has no next iterator: the consumer moves to its children.
  if (shard->open() || next <= shard->ending_sequence) {
    IteratorState after{info.id, shard->shard_id, next, now};
    response.next_shard_iterator = EncodeIterator(info, after);
  }
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams
