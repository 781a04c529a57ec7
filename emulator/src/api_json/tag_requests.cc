// Tagging request readers and the ListTagsOfResource answer (see tag_requests.h).
#include "api_json/tag_requests.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api_json/json_read.h"

namespace ddbemu::api {
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

}  // namespace ddbemu::api
