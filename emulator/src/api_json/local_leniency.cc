// DynamoDB Local's leniencies (see local_leniency.h).
#include "api_json/local_leniency.h"

#include <charconv>
#include <cstdint>

#include "api/api_model.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

using api_model::Shape;
using api_model::ShapeKind;

// A JSON string holding an integer, as DynamoDB Local's Jackson reads it into a Long.
bool ParseDigits(const rapidjson::Value& v, std::int64_t* out) {
  const char* begin = v.GetString();
  const char* end = begin + v.GetStringLength();
  if (begin == end) return false;
  const auto [stop, ec] = std::from_chars(begin, end, *out);
  return ec == std::errc() && stop == end;
}

void Relax(const Shape& shape, rapidjson::Value& value) {
  switch (shape.kind) {
    case ShapeKind::kStructure:
      if (!value.IsObject()) return;
      for (auto& member : value.GetObject()) {
        const api_model::Member* m = api_model::FindMember(
            shape, std::string_view(member.name.GetString(), member.name.GetStringLength()));
        if (m != nullptr) Relax(api_model::GetShape(m->shape), member.value);
      }
      return;
    case ShapeKind::kList:
      if (!value.IsArray()) return;
      for (auto& element : value.GetArray()) Relax(api_model::GetShape(shape.a), element);
      return;
    case ShapeKind::kMap:
      if (!value.IsObject()) return;
      for (auto& entry : value.GetObject()) Relax(api_model::GetShape(shape.b), entry.value);
      return;
    case ShapeKind::kInteger:
    case ShapeKind::kLong: {
      std::int64_t n = 0;
      if (value.IsString() && ParseDigits(value, &n)) value.SetInt64(n);
      return;
    }
    default:
      return;
  }
}

}  // namespace

void ApplyLocalLeniencies(std::string_view operation, rapidjson::Document& body) {
  const api_model::Operation* op = api_model::FindOperation(operation);
  if (op == nullptr || op->input == api_model::kNoShape || !body.IsObject()) return;
  Relax(api_model::GetShape(op->input), body);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
