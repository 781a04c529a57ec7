// UpdateTimeToLive / DescribeTimeToLive JSON (see ttl_requests.h).
#include "api_json/ttl_requests.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api_json/json_read.h"

namespace ddbemu::api {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void String(Writer& w, const std::string& s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

}  // namespace

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
  Writer w(buffer);
  w.StartObject();
  w.Key("TimeToLiveSpecification");
  w.StartObject();
  w.Key("Enabled");
  w.Bool(applied.enabled);
  w.Key("AttributeName");
  String(w, applied.attribute_name);
  w.EndObject();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string RenderDescribeTimeToLive(const TimeToLiveDescription& description) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("TimeToLiveDescription");
  w.StartObject();
  w.Key("TimeToLiveStatus");
  String(w, description.status);
  if (description.attribute_name) {
    w.Key("AttributeName");
    String(w, *description.attribute_name);
  }
  w.EndObject();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::api
