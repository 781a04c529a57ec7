// DynamoDB Local's leniencies (see local_leniency.h).
#include "api_json/local_leniency.h"

#include <charconv>
#include <cstdint>
#include <set>
#include <string>

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

bool IsString(const rapidjson::Value& v, std::string_view text) {
  return v.IsString() && std::string_view(v.GetString(), v.GetStringLength()) == text;
}

const rapidjson::Value* Get(const rapidjson::Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  return it == object.MemberEnd() ? nullptr : &it->value;
}

// The attribute names of a KeySchema list.
void AddKeyNames(const rapidjson::Value* key_schema, std::set<std::string>* names) {
  if (key_schema == nullptr || !key_schema->IsArray()) return;
  for (const auto& element : key_schema->GetArray()) {
    const rapidjson::Value* name = Get(element, "AttributeName");
    if (name != nullptr && name->IsString()) names->insert(name->GetString());
  }
}

// CreateTable's AttributeDefinitions without the attributes no key schema uses. DynamoDB Local
// accepts them (and ignores them); AWS refuses the request ("Some AttributeDefinitions are not
// used. AttributeDefinitions: [...], keys used: [...]", LOCAL-VALIDATION-WORDING). Suites written
// against Local (ElectroDB's and PynamoDB's fixtures) declare every attribute they use.
void DropUnusedDefinitions(rapidjson::Value& body) {
  auto defs = body.FindMember("AttributeDefinitions");
  if (defs == body.MemberEnd() || !defs->value.IsArray()) return;
  std::set<std::string> used;
  AddKeyNames(Get(body, "KeySchema"), &used);
  for (const char* indexes : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    const rapidjson::Value* list = Get(body, indexes);
    if (list == nullptr || !list->IsArray()) continue;
    for (const auto& index : list->GetArray()) AddKeyNames(Get(index, "KeySchema"), &used);
  }
  rapidjson::Value& array = defs->value;
  for (auto it = array.Begin(); it != array.End();) {
    const rapidjson::Value* name = Get(*it, "AttributeName");
    const bool unused = name != nullptr && name->IsString() && !used.contains(name->GetString());
    it = unused ? array.Erase(it) : it + 1;
  }
}

// ProvisionedThroughput beside BillingMode PAY_PER_REQUEST (the table's and its GSIs'), which
// DynamoDB Local drops and AWS refuses (LOCAL-PPR-THROUGHPUT): PynamoDB's models carry read and
// write capacity units whatever their billing mode.
void DropOnDemandThroughput(rapidjson::Value& body) {
  const rapidjson::Value* mode = Get(body, "BillingMode");
  if (mode == nullptr || !IsString(*mode, "PAY_PER_REQUEST")) return;
  body.RemoveMember("ProvisionedThroughput");
  auto gsis = body.FindMember("GlobalSecondaryIndexes");
  if (gsis == body.MemberEnd() || !gsis->value.IsArray()) return;
  for (auto& index : gsis->value.GetArray()) {
    if (index.IsObject()) index.RemoveMember("ProvisionedThroughput");
  }
}

}  // namespace

void ApplyLocalLeniencies(std::string_view operation, rapidjson::Document& body) {
  const api_model::Operation* op = api_model::FindOperation(operation);
  if (op == nullptr || op->input == api_model::kNoShape || !body.IsObject()) return;
  Relax(api_model::GetShape(op->input), body);
  if (operation == "CreateTable") {
    DropUnusedDefinitions(body);
    DropOnDemandThroughput(body);
  } else if (operation == "UpdateTable") {
    DropOnDemandThroughput(body);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
