// libFuzzer target for the DynamoDB JSON codec: any bytes, parsed as the request validator
// parses bodies (iteratively, so deep nesting cannot overflow the stack), then read as an
// attribute map, an attribute value and expression attribute values. Each either succeeds or
// fails with a Validation- or SerializationException; what succeeds writes back to JSON that reads
// back to the same item, and survives the binary item codec unchanged.
#include <rapidjson/document.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "value/item_codec.h"
#include "value_json/json_codec.h"

namespace {

// A codec failure is the client's fault: a ValidationException (which always says why) or a
// SerializationException (which the service sends with or without a message).
void CheckError(const ddbemu::ApiError& e) {
  const bool validation = e.code() == ddbemu::ErrorCode::kValidation && !e.message().empty();
  if (!validation && e.code() != ddbemu::ErrorCode::kSerialization) std::abort();
}

void RoundTrip(const ddbemu::Item& item) {
  rapidjson::StringBuffer buffer;
  ddbemu::JsonWriter writer(buffer);
  ddbemu::WriteItem(item, writer);
  rapidjson::Document again;
  again.Parse<rapidjson::kParseIterativeFlag>(buffer.GetString(), buffer.GetSize());
  if (again.HasParseError()) std::abort();
  auto reread = ddbemu::ItemFromJson(again);
  if (!reread.ok() || !(*reread == item)) std::abort();

  std::string stored;
  ddbemu::itemcodec::EncodeItem(item, &stored);
  ddbemu::Item decoded;
  if (!ddbemu::itemcodec::DecodeItem(stored, &decoded) || !(decoded == item)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseIterativeFlag>(reinterpret_cast<const char*>(data), size);
  if (doc.HasParseError()) return 0;

  auto item = ddbemu::ItemFromJson(doc);
  if (item.ok()) {
    RoundTrip(*item);
  } else {
    CheckError(item.error());
  }
  auto value = ddbemu::AttributeValueFromJson(doc);
  if (!value.ok()) CheckError(value.error());
  auto values = ddbemu::ExpressionValuesFromJson(doc);
  if (!values.ok()) CheckError(values.error());
  (void)ddbemu::CheckItemJson(doc);
  (void)ddbemu::CheckAttributeValueJson(doc);
  return 0;
}
