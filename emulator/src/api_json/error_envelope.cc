#include "api_json/error_envelope.h"

#include "ddbemu/attribute_value.h"
#include "value/text_encodings.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

// Error texts may quote what the client sent; the body must stay UTF-8 whatever they quote.
void WriteValidUtf8(JsonWriter& w, std::string_view s) {
  if (!IsValidUtf8(s)) {
    const std::string valid = ToValidUtf8(s);
    w.String(valid.data(), static_cast<rapidjson::SizeType>(valid.size()));
    return;
  }
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

// "__type" and, unless `message` is empty, the message under `message_key`.
void WriteTypeAndMessage(JsonWriter& w, std::string_view type, const char* message_key,
                         std::string_view message) {
  w.Key("__type");
  WriteValidUtf8(w, type);
  if (!message.empty()) {  // a SerializationException for unparsable JSON has none
    w.Key(message_key);
    WriteValidUtf8(w, message);
  }
}

}  // namespace

std::string RenderErrorEnvelope(std::string_view type, std::string_view message) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  WriteTypeAndMessage(w, type, "message", message);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string RenderError(const ApiError& error) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  // The Coral front end's exceptions (SerializationException, UnknownOperationException...)
  // capitalise the member as "Message"; DynamoDB's own exceptions send "message". SDKs read both.
  const bool coral_service = error.type_name().starts_with("com.amazon.coral.service#");
  WriteTypeAndMessage(w, error.type_name(), coral_service ? "Message" : "message", error.message());
  if (error.item && error.item->is(AttributeType::kM)) {
    w.Key("Item");
    WriteItem(error.item->map(), w);
  }
  if (!error.cancellation_reasons.empty()) {
    w.Key("CancellationReasons");
    w.StartArray();
    for (const CancellationReason& reason : error.cancellation_reasons) {
      w.StartObject();
      if (reason.item && reason.item->is(AttributeType::kM)) {
        w.Key("Item");
        WriteItem(reason.item->map(), w);
      }
      w.Key("Code");
      WriteValidUtf8(w, reason.code);
      if (!reason.message.empty()) {
        w.Key("Message");
        WriteValidUtf8(w, reason.message);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  if (!error.throttling_reasons.empty()) {
    w.Key("ThrottlingReasons");
    w.StartArray();
    for (const ThrottlingReason& reason : error.throttling_reasons) {
      w.StartObject();
      w.Key("reason");
      WriteValidUtf8(w, reason.reason);
      w.Key("resource");
      WriteValidUtf8(w, reason.resource_arn);
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
