// Time to Live and tags: UpdateTimeToLive / DescribeTimeToLive JSON, the tagging requests and
// the ListTagsOfResource answer (see operation_codecs.h).
#include "api_json/operation_codecs.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api_json/json_read.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {}  // namespace

Result<UpdateTimeToLiveRequest> ParseUpdateTimeToLive(const rapidjson::Value& body) {
  UpdateTimeToLiveRequest request;
  request.table_name = StringOr(body, "TableName", "");
  if (const rapidjson::Value* spec = Member(body, "TimeToLiveSpecification")) {
    request.enabled = BoolMember(*spec, "Enabled").value_or(false);
    request.attribute_name = StringOr(*spec, "AttributeName", "");
  }
  return request;
}

std::string RenderUpdateTimeToLive(const UpdateTimeToLiveRequest& applied) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("TimeToLiveSpecification");
  w.StartObject();
  w.Key("Enabled");
  w.Bool(applied.enabled);
  w.Key("AttributeName");
  WriteString(applied.attribute_name, w);
  w.EndObject();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string RenderDescribeTimeToLive(const TimeToLiveDescription& description) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("TimeToLiveDescription");
  w.StartObject();
  w.Key("TimeToLiveStatus");
  WriteString(description.status, w);
  if (description.attribute_name) {
    w.Key("AttributeName");
    WriteString(*description.attribute_name, w);
  }
  w.EndObject();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

// ---- Tags
// ----------------------------------------------------------------------------------------
namespace {

const rapidjson::Value* ArrayOf(const rapidjson::Value& body, std::string_view name) {
  const rapidjson::Value* v = Member(body, name);
  return v != nullptr && v->IsArray() ? v : nullptr;
}

}  // namespace

TagResourceRequest ParseTagResource(const rapidjson::Value& body) {
  TagResourceRequest request;
  request.resource_arn = StringOr(body, "ResourceArn", "");
  if (const rapidjson::Value* tags = ArrayOf(body, "Tags")) {
    for (const auto& tag : tags->GetArray()) {
      request.tags.push_back({StringMember(tag, "Key"), StringMember(tag, "Value")});
    }
  }
  return request;
}

UntagResourceRequest ParseUntagResource(const rapidjson::Value& body) {
  UntagResourceRequest request;
  request.resource_arn = StringOr(body, "ResourceArn", "");
  if (const rapidjson::Value* keys = ArrayOf(body, "TagKeys")) {
    for (const auto& key : keys->GetArray()) {
      if (key.IsString()) request.tag_keys.emplace_back(View(key));
    }
  }
  return request;
}

ListTagsOfResourceRequest ParseListTagsOfResource(const rapidjson::Value& body) {
  return {StringOr(body, "ResourceArn", ""), StringMember(body, "NextToken")};
}

std::string RenderListTagsOfResource(const std::vector<std::pair<std::string, std::string>>& tags) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  w.StartObject();
  w.Key("Tags");
  w.StartArray();
  for (const auto& [key, value] : tags) {
    w.StartObject();
    w.Key("Key");
    w.String(key.data(), static_cast<rapidjson::SizeType>(key.size()));
    w.Key("Value");
    w.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
