// StreamSpecification on CreateTable and UpdateTable (see stream_spec.h).
#include "ops/streams/stream_spec.h"

#include <array>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams {
namespace {

std::optional<StreamViewType> ParseViewType(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, StreamViewType>, 4> kNames = {{
      {"KEYS_ONLY", StreamViewType::kKeysOnly},
      {"NEW_IMAGE", StreamViewType::kNewImage},
      {"OLD_IMAGE", StreamViewType::kOldImage},
      {"NEW_AND_OLD_IMAGES", StreamViewType::kNewAndOldImages},
  }};
  for (const auto& [text, type] : kNames) {
    if (text == name) return type;
  }
  return std::nullopt;
}

}  // namespace

Status CheckStreamSpecification(const StreamSpecification& spec) {
  // Worded as DynamoDB Local words them (AWS's wording is not documented).
  if (spec.enabled && (!spec.view_type || spec.view_type->empty())) {
    return ApiError::Validation(
        "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling "
        "streams.");
  }
  if (!spec.enabled && spec.view_type) {
    return ApiError::Validation(
        "Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was "
        "present.");
  }
  return Status::Ok();
}

Status ApplyStreamSpecification(Engine& engine, const Caller& caller, storage::WriteTxn& txn,
                                const StreamSpecification& spec, TableSchema* table) {
  if (spec.enabled && table->stream.enabled) {
    return ApiError::Validation("Table already has an enabled stream: TableName: " + table->name);
  }
  if (!spec.enabled && !table->stream.enabled) {
    return ApiError::Validation("Table has no stream to disable: TableName: " + table->name);
  }
  DDBEMU_RETURN_IF_ERROR(CheckStreamSpecification(spec));
  if (!spec.enabled) {
    DDBEMU_RETURN_IF_ERROR(engine.streams->Disable(txn, table->stream.stream_id));
    table->stream.enabled = false;
    return Status::Ok();
  }
  const std::optional<StreamViewType> view = ParseViewType(*spec.view_type);
  if (!view) return ApiError::Validation("Invalid StreamViewType: " + *spec.view_type);
  DDBEMU_ASSIGN_OR_RETURN(std::uint32_t id, engine.catalog.AllocateKeyspaceId(txn));
  DDBEMU_ASSIGN_OR_RETURN(
      storage::StreamInfo info,
      engine.streams->Create(txn, id, caller.ns, *table, caller.TableArn(table->name), *view));
  table->stream = StreamSettings{true, *view, info.label, id};
  return Status::Ok();
}

std::string StreamArn(const Caller& caller, const TableSchema& table) {
  return caller.TableArn(table.name) + "/stream/" + table.stream.label;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::streams
