// One pass over a read request's members (see fast_parse.h).
#include "api_json/fast_parse.h"

#include <string_view>

#include "api_json/json_read.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

using Slot = const rapidjson::Value* ReadMembers::*;

// The field a member named `name` goes to, or null for a name the parse does not read. The
// length decides among at most two names, so a member costs one comparison of its bytes.
Slot SlotOf(std::string_view name) {
  switch (name.size()) {
    case 3:
      return name == "Key" ? &ReadMembers::key : nullptr;
    case 5:
      return name == "Limit" ? &ReadMembers::limit : nullptr;
    case 6:
      return name == "Select" ? &ReadMembers::select : nullptr;
    case 7:
      return name == "Segment" ? &ReadMembers::segment : nullptr;
    case 9:
      if (name == "TableName") return &ReadMembers::table_name;
      return name == "IndexName" ? &ReadMembers::index_name : nullptr;
    case 10:
      return name == "ScanFilter" ? &ReadMembers::scan_filter : nullptr;
    case 11:
      return name == "QueryFilter" ? &ReadMembers::query_filter : nullptr;
    case 13:
      if (name == "KeyConditions") return &ReadMembers::key_conditions;
      return name == "TotalSegments" ? &ReadMembers::total_segments : nullptr;
    case 14:
      return name == "ConsistentRead" ? &ReadMembers::consistent_read : nullptr;
    case 15:
      return name == "AttributesToGet" ? &ReadMembers::attributes_to_get : nullptr;
    case 16:
      if (name == "FilterExpression") return &ReadMembers::filter_expression;
      return name == "ScanIndexForward" ? &ReadMembers::scan_index_forward : nullptr;
    case 17:
      return name == "ExclusiveStartKey" ? &ReadMembers::exclusive_start_key : nullptr;
    case 19:
      return name == "ConditionalOperator" ? &ReadMembers::conditional_operator : nullptr;
    case 20:
      return name == "ProjectionExpression" ? &ReadMembers::projection_expression : nullptr;
    case 22:
      if (name == "ReturnConsumedCapacity") return &ReadMembers::return_consumed_capacity;
      return name == "KeyConditionExpression" ? &ReadMembers::key_condition_expression : nullptr;
    case 24:
      return name == "ExpressionAttributeNames" ? &ReadMembers::names : nullptr;
    case 25:
      return name == "ExpressionAttributeValues" ? &ReadMembers::values : nullptr;
    default:
      return nullptr;
  }
}

constexpr Slot kSlots[] = {
    &ReadMembers::table_name,
    &ReadMembers::index_name,
    &ReadMembers::select,
    &ReadMembers::limit,
    &ReadMembers::consistent_read,
    &ReadMembers::return_consumed_capacity,
    &ReadMembers::filter_expression,
    &ReadMembers::projection_expression,
    &ReadMembers::conditional_operator,
    &ReadMembers::attributes_to_get,
    &ReadMembers::query_filter,
    &ReadMembers::scan_filter,
    &ReadMembers::names,
    &ReadMembers::values,
    &ReadMembers::exclusive_start_key,
    &ReadMembers::scan_index_forward,
    &ReadMembers::key_condition_expression,
    &ReadMembers::key_conditions,
    &ReadMembers::segment,
    &ReadMembers::total_segments,
    &ReadMembers::key,
};

}  // namespace

ReadMembers FindReadMembers(const rapidjson::Value& body) {
  ReadMembers found;
  if (!body.IsObject()) return found;
  bool any_null = false;
  for (const auto& m : body.GetObject()) {
    const Slot slot = SlotOf(View(m.name));
    // The first of a repeated name is kept, null or not, as FindMember finds it.
    if (slot != nullptr && found.*slot == nullptr) {
      found.*slot = &m.value;
      any_null = any_null || m.value.IsNull();
    }
  }
  // A null member reads as absent; bodies seldom hold one, so the fields are seldom revisited.
  if (any_null) {
    for (const Slot slot : kSlots) found.*slot = Present(found.*slot);
  }
  return found;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
