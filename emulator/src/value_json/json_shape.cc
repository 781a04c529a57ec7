// SerializationException checks for DynamoDB JSON, with the service's messages.
//
// The messages are those of the service's Java deserializer, as recorded by dynalite's test
// suite against AWS (its helpers' `assertType` tables). DynamoDB Local deviates here: it coerces
// {"S": 5} and {"BOOL": 1}, and answers {"BOOL": "x"}, {"SS": "x"}, {"L": {}}, {"M": []} or a bad
// base64 string with an InternalFailure; we follow AWS.
#include "value_json/json_shape.h"

#include <string>

#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::jsonshape {
namespace {

using rapidjson::Value;

// Deeper than DynamoDB's 32 levels the value is rejected for nesting anyway; stop descending so
// that hostile input cannot exhaust the stack.
constexpr int kMaxCheckDepth = 40;

constexpr std::string_view kStartOfMap = "Start of structure or map found where not expected";
constexpr std::string_view kUnexpectedField = "Unexpected field type";
constexpr std::string_view kUnexpectedValue = "Unexpected value type in payload";
constexpr std::string_view kValueCollection =
    "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue";
constexpr std::string_view kMapCollection =
    "Unrecognized collection type java.util.Map<java.lang.String, "
    "com.amazonaws.dynamodb.v20120810.AttributeValue>";

ApiError Serialization(std::string_view message) {
  return ApiError::Serialization(std::string(message));
}

// How the deserializer names a JSON scalar token it cannot convert.
std::string_view TokenName(const Value& v) {
  if (v.IsTrue()) return "TRUE_VALUE";
  if (v.IsFalse()) return "FALSE_VALUE";
  if (v.IsDouble()) return "DECIMAL_VALUE";  // 34.56, 1e5
  return "NUMBER_VALUE";                     // integers
}

// A member the model types as String (S, N, and the members of SS and NS).
std::optional<ApiError> CheckString(const Value& v) {
  if (v.IsNull() || v.IsString()) return std::nullopt;
  if (v.IsObject()) return Serialization(kStartOfMap);
  if (v.IsArray()) return Serialization("Unrecognized collection type class java.lang.String");
  return Serialization(std::string(TokenName(v)) + " cannot be converted to String");
}

// A member the model types as Blob (B, and the members of BS): a base64 string.
std::optional<ApiError> CheckBlob(const Value& v) {
  if (v.IsNull()) return std::nullopt;
  if (v.IsObject()) return Serialization(kStartOfMap);
  if (v.IsArray()) return Serialization("Unrecognized collection type class java.nio.ByteBuffer");
  if (!v.IsString()) return Serialization("only base-64-encoded strings are convertible to bytes");
  std::string bytes;
  std::string error = DecodeBase64Strict({v.GetString(), v.GetStringLength()}, &bytes);
  if (!error.empty()) return ApiError::Serialization(std::move(error));
  return std::nullopt;
}

// A member the model types as Boolean (BOOL, NULL).
std::optional<ApiError> CheckBoolean(const Value& v) {
  if (v.IsNull() || v.IsBool()) return std::nullopt;
  if (v.IsObject()) return Serialization(kStartOfMap);
  if (v.IsArray()) return Serialization("Unrecognized collection type class java.lang.Boolean");
  if (v.IsString()) return Serialization("Unexpected token received from parser");
  return Serialization(std::string(TokenName(v)) + " cannot be converted to Boolean");
}

std::optional<ApiError> CheckValueAt(const Value& v, int depth);
std::optional<ApiError> CheckMapAt(const Value& v, int depth);

// A member the model types as a List (SS, NS, BS, L), with a check for its elements.
template <class ElementCheck>
std::optional<ApiError> CheckList(const Value& v, ElementCheck check) {
  if (v.IsNull()) return std::nullopt;
  if (v.IsObject()) return Serialization(kStartOfMap);
  if (!v.IsArray()) return Serialization(kUnexpectedField);
  for (const Value& e : v.GetArray()) {
    if (auto err = check(e)) return err;
  }
  return std::nullopt;
}

std::optional<ApiError> CheckMember(AttributeType type, const Value& v, int depth) {
  switch (type) {
    case AttributeType::kS:
    case AttributeType::kN:
      return CheckString(v);
    case AttributeType::kB:
      return CheckBlob(v);
    case AttributeType::kBool:
    case AttributeType::kNull:
      return CheckBoolean(v);
    case AttributeType::kSS:
    case AttributeType::kNS:
      return CheckList(v, CheckString);
    case AttributeType::kBS:
      return CheckList(v, CheckBlob);
    case AttributeType::kL:
      return CheckList(v, [depth](const Value& e) { return CheckValueAt(e, depth + 1); });
    case AttributeType::kM:
      if (v.IsNull()) return std::nullopt;
      return CheckMapAt(v, depth + 1);
  }
  return std::nullopt;
}

std::optional<ApiError> CheckValueAt(const Value& v, int depth) {
  if (v.IsNull() || depth > kMaxCheckDepth) return std::nullopt;
  if (v.IsArray()) return Serialization(kValueCollection);
  if (!v.IsObject()) return Serialization(kUnexpectedValue);
  for (const auto& m : v.GetObject()) {
    const auto type = TypeOfMember({m.name.GetString(), m.name.GetStringLength()});
    if (!type) continue;
    if (auto err = CheckMember(*type, m.value, depth)) return err;
  }
  return std::nullopt;
}

std::optional<ApiError> CheckMapAt(const Value& v, int depth) {
  if (v.IsArray()) return Serialization(kMapCollection);
  if (!v.IsObject()) return Serialization(kUnexpectedField);
  for (const auto& m : v.GetObject()) {
    if (auto err = CheckValueAt(m.value, depth)) return err;
  }
  return std::nullopt;
}

}  // namespace

std::optional<AttributeType> TypeOfMember(std::string_view name) {
  static constexpr struct {
    std::string_view name;
    AttributeType type;
  } kTypes[] = {
      {"S", AttributeType::kS},       {"N", AttributeType::kN},       {"B", AttributeType::kB},
      {"BOOL", AttributeType::kBool}, {"NULL", AttributeType::kNull}, {"M", AttributeType::kM},
      {"L", AttributeType::kL},       {"SS", AttributeType::kSS},     {"NS", AttributeType::kNS},
      {"BS", AttributeType::kBS},
  };
  for (const auto& t : kTypes) {
    if (t.name == name) return t.type;
  }
  return std::nullopt;
}

std::optional<ApiError> CheckValue(const rapidjson::Value& json) { return CheckValueAt(json, 0); }

std::optional<ApiError> CheckMap(const rapidjson::Value& json) { return CheckMapAt(json, 0); }

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::jsonshape
