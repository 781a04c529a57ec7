#include "client/service_error.h"

#include <memory>
#include <string>

#include "ddbemu/attribute_value.h"
#include "value/json_codec.h"

namespace ddbemu::client {
namespace {

std::string_view StringMember(const rapidjson::Value& object, const char* name) {
  const auto it = object.FindMember(name);
  if (it == object.MemberEnd() || !it->value.IsString()) return {};
  return {it->value.GetString(), it->value.GetStringLength()};
}

// An Item member ({"name": {"S": ...}}) as an M value, or null when absent or malformed: the
// payload is informative, so a bad one must not hide the error itself.
std::shared_ptr<const AttributeValue> ItemMember(const rapidjson::Value& object) {
  const auto it = object.FindMember("Item");
  if (it == object.MemberEnd() || !it->value.IsObject()) return nullptr;
  auto item = ItemFromJson(it->value);
  if (!item.ok()) return nullptr;
  return std::make_shared<const AttributeValue>(AttributeValue::M(std::move(*item)));
}

}  // namespace

ApiError ParseServiceError(int status, std::string_view body, std::string* type_out) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  std::string_view type;
  if (!doc.HasParseError() && doc.IsObject()) type = StringMember(doc, "__type");
  if (type_out != nullptr) *type_out = std::string(type);
  if (type.empty()) {
    // A proxy's or load balancer's page, or an empty body: keep the status and a bounded
    // excerpt, and treat server faults as the service's InternalServerError.
    std::string message = "HTTP " + std::to_string(status);
    if (!body.empty()) message.append(": ").append(body.substr(0, 200));
    return ApiError(
        status >= 500 ? ErrorCode::kInternalServerError : ErrorCode::kUnknownServiceError,
        std::move(message));
  }
  // DynamoDB's own exceptions send "message", the Coral layer's "Message" (see RenderError).
  std::string_view message = StringMember(doc, "message");
  if (message.empty()) message = StringMember(doc, "Message");

  const std::optional<ErrorCode> code = ErrorCodeFromTypeName(type);
  if (!code) {
    std::string text(type.substr(type.find('#') + 1));
    if (!message.empty()) text.append(": ").append(message);
    return ApiError(ErrorCode::kUnknownServiceError, std::move(text));
  }
  ApiError error(*code, std::string(message));
  error.item = ItemMember(doc);
  if (const auto it = doc.FindMember("CancellationReasons");
      it != doc.MemberEnd() && it->value.IsArray()) {
    for (const rapidjson::Value& entry : it->value.GetArray()) {
      if (!entry.IsObject()) continue;
      CancellationReason reason;
      reason.code = std::string(StringMember(entry, "Code"));
      reason.message = std::string(StringMember(entry, "Message"));
      reason.item = ItemMember(entry);
      error.cancellation_reasons.push_back(std::move(reason));
    }
  }
  if (const auto it = doc.FindMember("ThrottlingReasons");
      it != doc.MemberEnd() && it->value.IsArray()) {
    for (const rapidjson::Value& entry : it->value.GetArray()) {
      if (!entry.IsObject()) continue;
      error.throttling_reasons.push_back(
          ThrottlingReason{std::string(StringMember(entry, "reason")),
                           std::string(StringMember(entry, "resource"))});
    }
  }
  return error;
}

}  // namespace ddbemu::client
