// Handlers of UpdateTimeToLive and DescribeTimeToLive (ops/ttl/time_to_live.h). The request
// validator has checked the model's constraints (TimeToLiveSpecification with Enabled and an
// AttributeName of 1-255 characters) before these run.
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api/json_read.h"
#include "handlers.h"
#include "ops/ttl/time_to_live.h"

namespace ddbemu::handlers {

Result<std::string> UpdateTimeToLive(ops::Engine& engine, const ops::Caller& caller,
                                     const rapidjson::Value& body) {
  ops::ttl::UpdateTimeToLiveRequest request;
  request.table_name = api::StringOr(body, "TableName", "");
  if (const rapidjson::Value* spec = api::Member(body, "TimeToLiveSpecification")) {
    request.enabled = api::BoolMember(*spec, "Enabled").value_or(false);
    request.attribute_name = api::StringOr(*spec, "AttributeName", "");
  }
  DDB_ASSIGN_OR_RETURN(ops::ttl::UpdateTimeToLiveRequest done,
                       ops::ttl::UpdateTimeToLive(engine, caller, request));
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  w.StartObject();
  w.Key("TimeToLiveSpecification");
  w.StartObject();
  w.Key("Enabled");
  w.Bool(done.enabled);
  w.Key("AttributeName");
  w.String(done.attribute_name.c_str(),
           static_cast<rapidjson::SizeType>(done.attribute_name.size()));
  w.EndObject();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

Result<std::string> DescribeTimeToLive(ops::Engine& engine, const ops::Caller& caller,
                                       const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(
      ops::ttl::TimeToLiveDescription description,
      ops::ttl::DescribeTimeToLive(engine, caller, api::StringOr(body, "TableName", "")));
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  w.StartObject();
  w.Key("TimeToLiveDescription");
  w.StartObject();
  w.Key("TimeToLiveStatus");
  w.String(description.status.c_str());
  if (description.attribute_name) {
    w.Key("AttributeName");
    w.String(description.attribute_name->c_str(),
             static_cast<rapidjson::SizeType>(description.attribute_name->size()));
  }
  w.EndObject();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::handlers
