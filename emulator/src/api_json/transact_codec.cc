// JSON <-> typed structs for TransactWriteItems and TransactGetItems.
#include "api_json/operation_codecs.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "api_json/json_read.h"
#include "value/digests.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

constexpr std::string_view kActionNames[] = {"ConditionCheck", "Put", "Delete", "Update"};

// An object's members are ordered through pointers in this many slots on the stack; a larger
// object (rare in a request) uses the heap. Most objects here are attribute values
// ({"S": "..."}, one member) and small maps: ordering them allocated a vector each, the
// largest part of the fingerprint's cost on a transaction of a few items.
constexpr std::size_t kStackMembers = 16;

// Little-endian whatever the host: fingerprints are stored (value/digests.h).
void AppendBytes(std::uint64_t v, int bytes, std::string& out) {
  char le[8];
  for (int i = 0; i < bytes; ++i) le[i] = static_cast<char>((v >> (8 * i)) & 0xff);
  out.append(le, static_cast<std::size_t>(bytes));
}

void AppendLength(std::size_t n, std::string& out) { AppendBytes(n, 4, out); }

void AppendString(const rapidjson::Value& s, std::string& out) {
  AppendLength(s.GetStringLength(), out);
  out.append(s.GetString(), s.GetStringLength());
}

// Appends `value` in a canonical binary form: every object's members sorted by name, so two
// requests that differ only in member order canonicalize alike (the service ignores member
// order when it compares a retried request with the first one, localstack/localstack#6529
// observed on AWS). Each value is a tag byte, strings and containers carry their length, so
// the form is unambiguous without JSON's escaping (rendering JSON text here was 5% of the
// write mix's CPU, most of it rapidjson's escaping of strings that are hashed and dropped).
void AppendCanonical(const rapidjson::Value& value, std::string& out) {
  switch (value.GetType()) {
    case rapidjson::kObjectType: {
      using Member = rapidjson::Value::Member;
      const std::size_t n = value.MemberCount();
      std::array<const Member*, kStackMembers> on_stack;
      std::vector<const Member*> on_heap;
      const Member** members = on_stack.data();
      if (n > on_stack.size()) {
        on_heap.resize(n);
        members = on_heap.data();
      }
      std::size_t i = 0;
      for (const auto& m : value.GetObject()) members[i++] = &m;
      std::sort(members, members + n,
                [](const Member* a, const Member* b) { return View(a->name) < View(b->name); });
      out += 'o';
      AppendLength(n, out);
      for (std::size_t k = 0; k < n; ++k) {
        AppendString(members[k]->name, out);
        AppendCanonical(members[k]->value, out);
      }
      return;
    }
    case rapidjson::kArrayType:
      out += 'a';
      AppendLength(value.Size(), out);
      for (const auto& element : value.GetArray()) AppendCanonical(element, out);
      return;
    case rapidjson::kStringType:
      out += 's';
      AppendString(value, out);
      return;
    case rapidjson::kNumberType: {
      // A JSON number (no DynamoDB value is one; a malformed request may hold any): its integer
      // or its double's bits.
      std::uint64_t bits = 0;
      if (value.IsInt64()) {
        out += 'i';
        bits = static_cast<std::uint64_t>(value.GetInt64());
      } else if (value.IsUint64()) {
        out += 'u';
        bits = value.GetUint64();
      } else {
        out += 'd';
        const double d = value.GetDouble();
        std::memcpy(&bits, &d, sizeof bits);
      }
      AppendBytes(bits, 8, out);
      return;
    }
    case rapidjson::kTrueType:
      out += 't';
      return;
    case rapidjson::kFalseType:
      out += 'f';
      return;
    case rapidjson::kNullType:
      out += 'z';
      return;
  }
}

// The canonical form is hashed and dropped: one buffer sized for a typical transaction's
// request.
constexpr std::size_t kCanonicalBufferBytes = 4096;

std::string Fingerprint(const rapidjson::Value& body) {
  std::string canonical;
  canonical.reserve(kCanonicalBufferBytes);
  AppendCanonical(body, canonical);
  return Fingerprint128(canonical);
}

// The service's serialization pass over every attribute map of the actions (see
// batch_codec.cc: SerializationExceptions come before any ValidationException).
Status CheckActionsJson(const rapidjson::Value& items) {
  for (const auto& element : items.GetArray()) {
    for (std::string_view name : kActionNames) {
      const rapidjson::Value* action = Member(element, name);
      if (action == nullptr) continue;
      for (std::string_view map : {"Item", "Key", "ExpressionAttributeValues"}) {
        if (const rapidjson::Value* json = Member(*action, map)) {
          DDBEMU_RETURN_IF_ERROR(CheckItemJson(*json));
        }
      }
    }
  }
  return Status::Ok();
}

// Which action an element of TransactItems holds. The messages are DynamoDB Local's (the
// service's own wording for these two cases is not on record).
Result<std::pair<TransactActionKind, const rapidjson::Value*>> ActionOf(
    const rapidjson::Value& element) {
  std::optional<std::pair<TransactActionKind, const rapidjson::Value*>> found;
  for (std::size_t i = 0; i < std::size(kActionNames); ++i) {
    const rapidjson::Value* action = Member(element, kActionNames[i]);
    if (action == nullptr) continue;
    if (found) {
      return ApiError::Validation(
          "TransactItems can only contain one of Check, Put, Update or Delete");
    }
    found.emplace(static_cast<TransactActionKind>(i), action);
  }
  if (!found) {
    return ApiError::Validation(
        "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
  }
  return *found;
}

Status ParseAction(TransactActionKind kind, const rapidjson::Value& json,
                   TransactWriteAction* out) {
  out->kind = kind;
  out->table_name = StringOr(json, "TableName", "");
  auto on_failure = StringMember(json, "ReturnValuesOnConditionCheckFailure");
  out->return_old_on_condition_failure = on_failure && *on_failure == "ALL_OLD";
  DDBEMU_RETURN_IF_ERROR(ParseExpressions(json, &out->expressions));
  const bool is_put = kind == TransactActionKind::kPut;
  if (const rapidjson::Value* map = Member(json, is_put ? "Item" : "Key")) {
    DDBEMU_ASSIGN_OR_RETURN(Item parsed, ItemFromJson(*map));
    (is_put ? out->item : out->key) = std::move(parsed);
  }
  return Status::Ok();
}

TransactWriteAction ParseWriteElement(const rapidjson::Value& element) {
  TransactWriteAction action;
  auto kind = ActionOf(element);
  if (!kind.ok()) {
    action.invalid = std::move(kind).error();
    return action;
  }
  action.invalid = ParseAction(kind->first, *kind->second, &action);
  return action;
}

}  // namespace

Result<TransactWriteItemsRequest> ParseTransactWriteItems(const rapidjson::Value& body) {
  TransactWriteItemsRequest request;
  request.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  auto metrics = StringMember(body, "ReturnItemCollectionMetrics");
  request.return_item_collection_metrics = metrics && *metrics == "SIZE";
  request.client_request_token = StringMember(body, "ClientRequestToken");
  if (request.client_request_token) request.fingerprint = Fingerprint(body);
  const rapidjson::Value* items = Member(body, "TransactItems");
  if (items == nullptr || !items->IsArray()) return request;  // the model requires it
  DDBEMU_RETURN_IF_ERROR(CheckActionsJson(*items));
  for (const auto& element : items->GetArray())
    request.actions.push_back(ParseWriteElement(element));
  return request;
}

Result<TransactGetItemsRequest> ParseTransactGetItems(const rapidjson::Value& body) {
  TransactGetItemsRequest request;
  request.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  const rapidjson::Value* items = Member(body, "TransactItems");
  if (items == nullptr || !items->IsArray()) return request;  // the model requires it
  for (const auto& element : items->GetArray()) {
    if (const rapidjson::Value* get = Member(element, "Get")) {
      if (const rapidjson::Value* key = Member(*get, "Key"))
        DDBEMU_RETURN_IF_ERROR(CheckItemJson(*key));
    }
  }
  for (const auto& element : items->GetArray()) {
    const rapidjson::Value* get = Member(element, "Get");  // required by the model
    if (get == nullptr) continue;
    TransactGetAction action;
    action.table_name = StringOr(*get, "TableName", "");
    DDBEMU_RETURN_IF_ERROR(ParseExpressions(*get, &action.expressions));
    if (const rapidjson::Value* key = Member(*get, "Key")) {
      DDBEMU_ASSIGN_OR_RETURN(action.key, ItemFromJson(*key));
    }
    request.actions.push_back(std::move(action));
  }
  return request;
}

std::string RenderTransactWriteItems(const TransactWriteItemsResponse& response,
                                     ReturnConsumedCapacity return_consumed_capacity) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  WriteConsumedCapacityList(response.consumed_capacity, return_consumed_capacity,
                            {.read_write_units = true, .read_write_units_in_table = true}, w);
  WriteItemCollectionMetricsPerTable(response.item_collection_metrics, w);
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderTransactGetItems(const TransactGetItemsResponse& response,
                                   ReturnConsumedCapacity return_consumed_capacity) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("Responses");
  w.StartArray();
  for (const std::optional<Item>& item : response.items) {
    w.StartObject();
    if (item) {
      w.Key("Item");
      WriteItem(*item, w);
    }
    w.EndObject();
  }
  w.EndArray();
  WriteConsumedCapacityList(response.consumed_capacity, return_consumed_capacity,
                            {.read_write_units = true, .read_write_units_in_table = false}, w);
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
