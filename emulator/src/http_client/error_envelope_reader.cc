#include "http_client/json_client.h"

#include <rapidjson/document.h>

#include <memory>
#include <string>

#include "ddbemu/attribute_value.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

std::string_view StringMember(const rapidjson::Value& object, const char* name) {
  const auto it = object.FindMember(name);
  if (it == object.MemberEnd() || !it->value.IsString()) return {};
  return {it->value.GetString(), it->value.GetStringLength()};
}

// An "Item" member as an M value; null when absent or malformed (the payload must not hide the
// error it comes with).
std::shared_ptr<const AttributeValue> FailedItem(const rapidjson::Value& object) {
  const auto it = object.FindMember("Item");
  if (it == object.MemberEnd() || !it->value.IsObject()) return nullptr;
  Result<Item> item = ItemFromJson(it->value);
  if (!item.ok()) return nullptr;
  return std::make_shared<const AttributeValue>(AttributeValue::M(std::move(item).value()));
}

std::string_view Bare(std::string_view type) { return type.substr(type.find('#') + 1); }

}  // namespace

ApiError ApiErrorFromEnvelope(int http_status, std::string_view body, std::string* type_out) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  std::string_view type;
  if (!doc.HasParseError() && doc.IsObject()) type = StringMember(doc, "__type");
  if (type_out != nullptr) *type_out = std::string(type);
  if (type.empty()) {
    std::string message = "HTTP " + std::to_string(http_status);
    if (!body.empty()) message.append(": ").append(body.substr(0, 200));
    return ApiError(
        http_status >= 500 ? ErrorCode::kInternalServerError : ErrorCode::kUnknownServiceError,
        std::move(message));
  }
  // DynamoDB's exceptions carry "message"; the Coral front end's carry "Message".
  std::string_view message = StringMember(doc, "message");
  if (message.empty()) message = StringMember(doc, "Message");
  const std::optional<ErrorCode> code = ErrorCodeFromTypeName(type);
  if (!code) {
    std::string text(Bare(type));
    if (!message.empty()) text.append(": ").append(message);
    return ApiError(ErrorCode::kUnknownServiceError, std::move(text));
  }
  ApiError error(*code, std::string(message));
  error.item = FailedItem(doc);
  if (auto it = doc.FindMember("CancellationReasons");
      it != doc.MemberEnd() && it->value.IsArray()) {
    for (const rapidjson::Value& entry : it->value.GetArray()) {
      if (!entry.IsObject()) continue;
      error.cancellation_reasons.push_back({std::string(StringMember(entry, "Code")),
                                            std::string(StringMember(entry, "Message")),
                                            FailedItem(entry)});
    }
  }
  if (auto it = doc.FindMember("ThrottlingReasons"); it != doc.MemberEnd() && it->value.IsArray()) {
    for (const rapidjson::Value& entry : it->value.GetArray()) {
      if (!entry.IsObject()) continue;
      error.throttling_reasons.push_back({std::string(StringMember(entry, "reason")),
                                          std::string(StringMember(entry, "resource"))});
    }
  }
  return error;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
