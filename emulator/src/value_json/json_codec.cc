// Reading and writing DynamoDB JSON. Reading runs in the service's order: the whole input is
// first checked for SerializationExceptions (json_shape.cc); then each attribute, in input order,
// is checked for nesting depth and validated member by member, the first failure winning.
//
// Validation messages are AWS's as recorded by dynalite's tests against the service, and were
// checked against DynamoDB Local 2.x; where the two differ the comment at the message says how.
#include "value_json/json_codec.h"

#include <rapidjson/error/en.h>

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

#include "ddbemu/json.h"
#include "value/item_size.h"
#include "value/number.h"
#include "value/text_encodings.h"
#include "value/value_rules.h"
#include "value_json/json_shape.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

using rapidjson::Value;
using namespace value_messages;  // the service's words, shared by both paths

constexpr std::string_view kEmptyValue =
    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
constexpr std::string_view kSeveralTypes =
    "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
    "supported datatypes";
constexpr std::string_view kNullValue = "The supplied Item contains a null AttributeValue";
// The service's wording, including "An string set" and its double space.
constexpr std::string_view kNullFalse = "Null attribute value types must have the value of true";
constexpr std::string_view kNullInSS = "An string set may not have a null string as a member";
constexpr std::string_view kNotANumber = "The parameter cannot be converted to a numeric value";

std::string_view View(const Value& v) { return {v.GetString(), v.GetStringLength()}; }

// "[a, b, a]": how the service prints the input collection (Java's List.toString).
std::string PrintCollection(const Value& array) {
  std::string s = "[";
  bool first = true;
  for (const Value& e : array.GetArray()) {
    if (!first) s += ", ";
    first = false;
    s += e.IsString() ? View(e) : std::string_view("null");
  }
  s += "]";
  return s;
}

// DynamoDB Local drops the period for SS and the list for BS; we follow AWS.
ApiError DuplicateMembers(AttributeType type, const Value& array) {
  return value_messages::DuplicateMembers(type, PrintCollection(array));
}

// Of members in set order, where equal members are neighbours.
bool HasAdjacentDuplicates(const std::vector<std::string>& members) {
  return std::adjacent_find(members.begin(), members.end()) != members.end();
}

// --- nesting -------------------------------------------------------------------------------

// DynamoDB allows 32 levels, the enclosing item counting as one: an item attribute may hold 31
// nested L/M containers, a standalone value (an ExpressionAttributeValue) 32. Scalars and sets
// add no level. Stops descending as soon as the limit is passed.
bool ExceedsNesting(const Value& v, int level) {
  if (!v.IsObject()) return false;
  for (const auto& m : v.GetObject()) {
    const auto type = jsonshape::TypeOfMember(View(m.name));
    const bool list = type == AttributeType::kL && m.value.IsArray();
    const bool map = type == AttributeType::kM && m.value.IsObject();
    if (!list && !map) continue;
    if (level + 1 > kMaxNestingDepth) return true;
    if (list) {
      for (const Value& e : m.value.GetArray()) {
        if (ExceedsNesting(e, level + 1)) return true;
      }
    } else {
      for (const auto& e : m.value.GetObject()) {
        if (ExceedsNesting(e.value, level + 1)) return true;
      }
    }
  }
  return false;
}

// --- members -------------------------------------------------------------------------------

Result<AttributeValue> BuildValue(const Value& v);

Result<AttributeValue> BuildNumber(const Value& v) {
  DDBEMU_ASSIGN_OR_RETURN(std::string canonical, CanonicalNumber(View(v)));
  return AttributeValue::N(std::move(canonical));
}

Result<AttributeValue> BuildBinary(const Value& v) {
  std::string bytes;
  DecodeBase64Strict(View(v), &bytes);  // validated by the shape check
  return AttributeValue::B(std::move(bytes));
}

Result<AttributeValue> BuildStringSet(const Value& v) {
  if (v.Empty()) return Invalid(kEmptySS);
  std::vector<std::string> members;
  members.reserve(v.Size());
  for (const Value& e : v.GetArray()) {
    if (e.IsNull()) return Invalid(kNullInSS);
    members.emplace_back(View(e));
  }
  // Sorted once here: in set order (value_rules.h), duplicates are neighbours.
  std::sort(members.begin(), members.end());
  if (HasAdjacentDuplicates(members)) return DuplicateMembers(AttributeType::kSS, v);
  return AttributeValue::SS(std::move(members));
}

Result<AttributeValue> BuildNumberSet(const Value& v) {
  if (v.Empty()) return Invalid(kEmptyNS);
  std::vector<std::string> members;
  members.reserve(v.Size());
  for (const Value& e : v.GetArray()) {
    // A null member cannot be converted either; the service then names no value.
    if (e.IsNull()) return ApiError::Validation(std::string(kNotANumber));
    DDBEMU_ASSIGN_OR_RETURN(std::string canonical, CanonicalNumber(View(e)));
    members.push_back(std::move(canonical));
  }
  // Canonical text: numerically equal members are equal strings, neighbours once sorted.
  SortSetMembers(AttributeType::kNS, members);
  if (HasAdjacentDuplicates(members)) return ApiError::Validation(std::string(kDuplicateNumbers));
  return AttributeValue::NS(std::move(members));
}

Result<AttributeValue> BuildBinarySet(const Value& v) {
  if (v.Empty()) return Invalid(kEmptyBS);
  std::vector<std::string> members;
  members.reserve(v.Size());
  for (const Value& e : v.GetArray()) {
    if (e.IsNull()) return ApiError::Validation(std::string(kNullValue));  // as DynamoDB Local
    std::string bytes;
    DecodeBase64Strict(View(e), &bytes);
    members.push_back(std::move(bytes));
  }
  std::sort(members.begin(), members.end());
  if (HasAdjacentDuplicates(members)) return DuplicateMembers(AttributeType::kBS, v);
  return AttributeValue::BS(std::move(members));
}

Result<AttributeValue> BuildList(const Value& v) {
  AttributeList list;
  list.reserve(v.Size());
  for (const Value& e : v.GetArray()) {
    if (e.IsNull()) return ApiError::Validation(std::string(kNullValue));
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue element, BuildValue(e));
    list.push_back(std::move(element));
  }
  return AttributeValue::L(std::move(list));
}

ApiError NullAttribute(std::string_view name) {
  std::string m(kNullValue);
  m += ": ";
  m += name;
  m += " is null";
  return ApiError::Validation(std::move(m));
}

// The members of a map in input order; a repeated name keeps its last value, as the service's
// deserializer does.
Result<AttributeMap> BuildMap(const Value& v) {
  AttributeMap map;
  for (const auto& m : v.GetObject()) {
    if (m.value.IsNull()) return NullAttribute(View(m.name));
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue value, BuildValue(m.value));
    map.insert_or_assign(std::string(View(m.name)), std::move(value));
  }
  return map;
}

Result<AttributeValue> BuildMember(AttributeType type, const Value& v) {
  switch (type) {
    case AttributeType::kS:
      return AttributeValue::S(std::string(View(v)));
    case AttributeType::kN:
      return BuildNumber(v);
    case AttributeType::kB:
      return BuildBinary(v);
    case AttributeType::kBool:
      return AttributeValue::Bool(v.GetBool());
    case AttributeType::kNull:
      if (!v.GetBool()) return Invalid(kNullFalse);
      return AttributeValue::Null();
    case AttributeType::kSS:
      return BuildStringSet(v);
    case AttributeType::kNS:
      return BuildNumberSet(v);
    case AttributeType::kBS:
      return BuildBinarySet(v);
    case AttributeType::kL:
      return BuildList(v);
    case AttributeType::kM: {
      DDBEMU_ASSIGN_OR_RETURN(AttributeMap map, BuildMap(v));
      return AttributeValue::M(std::move(map));
    }
  }
  return ApiError::Validation(std::string(kEmptyValue));
}

// One AttributeValue object whose shape has been checked. Every present member is validated
// first, in input order; only then are "empty" and "more than one datatypes" decided (the
// service reports {"S": "a", "N": "x"} as a bad number).
Result<AttributeValue> BuildValue(const Value& v) {
  int types = 0;
  std::optional<AttributeValue> result;
  for (const auto& m : v.GetObject()) {
    const auto type = jsonshape::TypeOfMember(View(m.name));
    if (!type || m.value.IsNull()) continue;  // unknown members and nulls are absent
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue value, BuildMember(*type, m.value));
    if (++types == 1) result = std::move(value);
  }
  if (types == 0) return ApiError::Validation(std::string(kEmptyValue));
  if (types > 1) return ApiError::Validation(std::string(kSeveralTypes));
  return *std::move(result);
}

// A value at `level` (0 standalone, 1 in an item): nesting first, then its members.
Result<AttributeValue> ValidateValue(const Value& v, int level) {
  if (ExceedsNesting(v, level)) return ApiError::Validation(std::string(kNesting));
  return BuildValue(v);
}

Status ToStatus(std::optional<ApiError> error) {
  if (error) return *std::move(error);
  return Status::Ok();
}

}  // namespace

Status CheckAttributeValueJson(const rapidjson::Value& json) {
  return ToStatus(jsonshape::CheckValue(json));
}

Status CheckItemJson(const rapidjson::Value& json) { return ToStatus(jsonshape::CheckMap(json)); }

Result<AttributeValue> AttributeValueFromJson(const rapidjson::Value& json) {
  if (auto err = jsonshape::CheckValue(json)) return *std::move(err);
  if (json.IsNull()) return ApiError::Validation(std::string(kNullValue));
  return ValidateValue(json, 0);
}

Result<Item> ItemFromJson(const rapidjson::Value& json) {
  if (auto err = jsonshape::CheckMap(json)) return *std::move(err);
  Item item;
  // One allocation for the entries (a GetItem's Key grew its map twice, one entry at a time).
  item.reserve(json.MemberCount());
  for (const auto& m : json.GetObject()) {
    if (m.value.IsNull()) return NullAttribute(View(m.name));
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue value, ValidateValue(m.value, 1));
    item.insert_or_assign(std::string(View(m.name)), std::move(value));
  }
  return item;
}

Result<Item> ExpressionValuesFromJson(const rapidjson::Value& json) {
  if (auto err = jsonshape::CheckMap(json)) return *std::move(err);
  Item values;
  values.reserve(json.MemberCount());  // as ItemFromJson
  for (const auto& m : json.GetObject()) {
    if (m.value.IsNull()) return NullAttribute(View(m.name));
    Result<AttributeValue> value = ValidateValue(m.value, 1);
    if (!value.ok()) {
      if (value.error().code() != ErrorCode::kValidation) return std::move(value).error();
      std::string framed = "ExpressionAttributeValues contains invalid value: ";
      framed += value.error().message();
      framed += " for key ";
      framed += View(m.name);
      return ApiError::Validation(std::move(framed));
    }
    values.insert_or_assign(std::string(View(m.name)), std::move(value).value());
  }
  return values;
}

namespace {

void WriteStrings(const std::vector<std::string>& members, bool base64, JsonWriter& out) {
  out.StartArray();
  for (const auto& m : members) {
    if (base64) {
      WriteString(Base64Encode(m), out);
    } else {
      WriteString(m, out);
    }
  }
  out.EndArray();
}

}  // namespace

void WriteAttributeValue(const AttributeValue& value, JsonWriter& out) {
  out.StartObject();
  const std::string_view type = TypeDescriptor(value.type());
  out.Key(type.data(), static_cast<rapidjson::SizeType>(type.size()));
  switch (value.type()) {
    case AttributeType::kS:
    case AttributeType::kN:
      WriteString(value.scalar(), out);
      break;
    case AttributeType::kB:
      WriteString(Base64Encode(value.scalar()), out);
      break;
    case AttributeType::kBool:
      out.Bool(value.boolean());
      break;
    case AttributeType::kNull:
      out.Bool(true);
      break;
    case AttributeType::kM:
      WriteItem(value.map(), out);
      break;
    case AttributeType::kL:
      out.StartArray();
      for (const auto& e : value.list()) WriteAttributeValue(e, out);
      out.EndArray();
      break;
    case AttributeType::kSS:
    case AttributeType::kNS:
      WriteStrings(value.set(), false, out);
      break;
    case AttributeType::kBS:
      WriteStrings(value.set(), true, out);
      break;
  }
  out.EndObject();
}

void WriteItem(const Item& item, JsonWriter& out) {
  out.StartObject();
  for (const auto& [name, value] : item) {
    out.Key(name.data(), static_cast<rapidjson::SizeType>(name.size()));
    WriteAttributeValue(value, out);
  }
  out.EndObject();
}

void WriteString(std::string_view s, JsonWriter& out) {
  out.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

void WriteEpochSeconds(std::int64_t micros, JsonWriter& out) {
  out.Double(static_cast<double>(micros / 1000) / 1000.0);
}

std::string BufferText(const rapidjson::StringBuffer& buffer) {
  return std::string(buffer.GetString(), buffer.GetSize());
}

// ---- text -----------------------------------------------------------------------------------
// FromJson (ddbemu/json.h): text parsed iteratively, so a deeply nested text cannot overflow the
// stack before the 32-level check refuses it, and checked as UTF-8.
namespace {

Result<rapidjson::Document> ParseText(std::string_view text) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(text.data(),
                                                                                    text.size());
  if (doc.HasParseError()) {
    std::string m = "Malformed DynamoDB JSON at offset ";
    m += std::to_string(doc.GetErrorOffset());
    m += ": ";
    m += rapidjson::GetParseError_En(doc.GetParseError());
    return ApiError::Serialization(std::move(m));
  }
  return doc;
}

}  // namespace

template <>
Result<Item> FromJson<Item>(std::string_view text) {
  DDBEMU_ASSIGN_OR_RETURN(const rapidjson::Document doc, ParseText(text));
  return ItemFromJson(doc);
}

template <>
Result<AttributeValue> FromJson<AttributeValue>(std::string_view text) {
  DDBEMU_ASSIGN_OR_RETURN(const rapidjson::Document doc, ParseText(text));
  return AttributeValueFromJson(doc);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
