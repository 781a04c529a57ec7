// Deserialization stage of request validation: does each JSON value have the type its model
// shape needs? The first mismatch, in document order, is a SerializationException.
//
// The wording is the service's current one (its JSON deserializer names the JSON token it
// found: NUMBER_VALUE, DECIMAL_VALUE, STRING_VALUE, TRUE_VALUE, FALSE_VALUE), as recorded
// against AWS by dynalite's test suite (test/helpers.js assertType) and confirmed by moto's
// and dynoxide's parity tests. Older AWS said "class java.lang.Short can not be converted to
// an String"; no region has answered that in years.
//   member type  given          message
//   String       true / 1 / 1.5 TRUE_VALUE / NUMBER_VALUE / DECIMAL_VALUE cannot be converted to
//   String Boolean      "x" / 1 / 1.5  Unexpected token received from parser / NUMBER_VALUE ...
//   Boolean / DECIMAL_VALUE ... Integer,Long "x" / true     STRING_VALUE / TRUE_VALUE cannot be
//   converted to Integer (Long) Blob         true / 1       only base-64-encoded strings are
//   convertible to bytes any scalar   [ ]            Unrecognized collection type class
//   java.lang.String (its Java class) any non-map  { }            Start of structure or map found
//   where not expected structure    "x" / 1        Unexpected field type (member) / Unexpected
//   value type in payload (element) list, map    "x" / 1        Unexpected field type (member) / a
//   leaked ClassCastException (element) map          [ ]            Unrecognized collection type
//   java.util.Map<java.lang.String, V>
#include <string>

#include "api_json/request_internal.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::request_internal {
namespace {

using api_model::Shape;
using api_model::ShapeKind;

constexpr std::string_view kStartOfStructure = "Start of structure or map found where not expected";
// What the service leaks when a generic (parameterized) list or map, i.e. a list or map that
// is itself a list element or map value, is given a scalar.
constexpr std::string_view kParameterizedCast =
    "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class "
    "java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and "
    "java.lang.Class are in module java.base of loader 'bootstrap')";

ApiError Error(std::string_view message) { return ApiError::Serialization(std::string(message)); }

// "NUMBER_VALUE cannot be converted to <java_class>" and friends, for a scalar JSON token.
ApiError TokenError(const rapidjson::Value& v, std::string_view java_class) {
  std::string_view token = v.IsTrue()     ? "TRUE_VALUE"
                           : v.IsFalse()  ? "FALSE_VALUE"
                           : v.IsString() ? "STRING_VALUE"
                           : v.IsDouble() ? "DECIMAL_VALUE"
                                          : "NUMBER_VALUE";
  std::string message(token);
  message.append(" cannot be converted to ").append(java_class);
  return ApiError::Serialization(std::move(message));
}

ApiError CollectionError(const Shape& shape) {
  std::string message = "Unrecognized collection type ";
  if (shape.kind != ShapeKind::kMap) message += "class ";
  AppendJavaType(shape, message);
  return ApiError::Serialization(std::move(message));
}

// Base64 as the service's decoder checks it (standard alphabet, padded).
Status CheckBase64(std::string_view text) {
  if (text.size() % 4 != 0) {
    return Error("Base64 encoded length is expected a multiple of 4 bytes but found: " +
                 std::to_string(text.size()));
  }
  auto value_of = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return c == '=' ? -2 : -1;
  };
  size_t pad = 0;
  while (pad < 2 && pad < text.size() && text[text.size() - 1 - pad] == '=') ++pad;
  constexpr std::string_view kBadLast = "Invalid last non-pad Base64 character dectected";
  for (size_t i = 0; i + pad < text.size(); ++i) {
    int v = value_of(text[i]);
    if (v == -2) return Error(kBadLast);  // '=' before the padding
    if (v == -1) return Error(std::string("Invalid Base64 character: '") + text[i] + "'");
  }
  if (pad > 0) {
    // The bits after the last byte must be zero: 4 of them with "==", 2 with "=".
    int last = value_of(text[text.size() - 1 - pad]);
    if ((last & (pad == 2 ? 0xF : 0x3)) != 0) return Error(kBadLast);
  }
  return Status::Ok();
}

Status CheckScalar(const Shape& shape, const rapidjson::Value& v) {
  switch (shape.kind) {
    case ShapeKind::kString:
      if (v.IsString()) return Status::Ok();
      return TokenError(v, "String");
    case ShapeKind::kBoolean:
      if (v.IsBool()) return Status::Ok();
      if (v.IsString()) return Error("Unexpected token received from parser");
      return TokenError(v, "Boolean");
    case ShapeKind::kInteger:
    case ShapeKind::kLong:
    case ShapeKind::kDouble:
      if (v.IsNumber()) return Status::Ok();
      return TokenError(v, shape.kind == ShapeKind::kInteger ? "Integer"
                           : shape.kind == ShapeKind::kLong  ? "Long"
                                                             : "Double");
    case ShapeKind::kTimestamp:
      // Epoch seconds; the service's wording for other tokens is unrecorded, so it is given
      // in the same form as the other scalars.
      if (v.IsNumber() || v.IsString()) return Status::Ok();
      return TokenError(v, "Date");
    case ShapeKind::kBlob:
      if (v.IsString()) return CheckBase64({v.GetString(), v.GetStringLength()});
      return Error("only base-64-encoded strings are convertible to bytes");
    default:
      return Status::Ok();
  }
}

}  // namespace

Status CheckTypes(const Shape& shape, const rapidjson::Value& v, Position position) {
  switch (shape.kind) {
    case ShapeKind::kStructure:
    case ShapeKind::kAttributeValue:
      if (v.IsArray()) return CollectionError(shape);
      if (!v.IsObject()) {
        return Error(position == Position::kField ? "Unexpected field type"
                                                  : "Unexpected value type in payload");
      }
      if (shape.kind == ShapeKind::kAttributeValue) return Status::Ok();  // the codec's job
      for (const auto& m : v.GetObject()) {
        if (m.value.IsNull()) continue;
        const api_model::Member* member =
            api_model::FindMember(shape, {m.name.GetString(), m.name.GetStringLength()});
        if (member == nullptr) continue;  // unknown members are ignored
        DDBEMU_RETURN_IF_ERROR(
            CheckTypes(api_model::GetShape(member->shape), m.value, Position::kField));
      }
      return Status::Ok();
    case ShapeKind::kList:
      if (v.IsObject()) return Error(kStartOfStructure);
      if (!v.IsArray()) {
        return Error(position == Position::kField ? std::string_view("Unexpected field type")
                                                  : kParameterizedCast);
      }
      for (const auto& element : v.GetArray()) {
        if (element.IsNull()) continue;
        DDBEMU_RETURN_IF_ERROR(
            CheckTypes(api_model::GetShape(shape.a), element, Position::kElement));
      }
      return Status::Ok();
    case ShapeKind::kMap:
      if (v.IsArray()) return CollectionError(shape);
      if (!v.IsObject()) {
        return Error(position == Position::kField ? std::string_view("Unexpected field type")
                                                  : kParameterizedCast);
      }
      for (const auto& m : v.GetObject()) {
        if (m.value.IsNull()) continue;
        DDBEMU_RETURN_IF_ERROR(
            CheckTypes(api_model::GetShape(shape.b), m.value, Position::kElement));
      }
      return Status::Ok();
    default:
      if (v.IsArray()) return CollectionError(shape);
      if (v.IsObject()) return Error(kStartOfStructure);
      return CheckScalar(shape, v);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::request_internal
