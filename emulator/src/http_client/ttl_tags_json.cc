// Time to Live and tags to and from JSON; see json_codec.h.
#include "http_client/json_client.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

constexpr std::string_view kTtlStatusNames[] = {"ENABLING", "DISABLING", "ENABLED", "DISABLED"};

void WriteSpecification(JsonWriter& w, const TimeToLiveSpecification& spec) {
  Key(w, "TimeToLiveSpecification");
  w.StartObject();
  BoolMember(w, "Enabled", spec.enabled);
  Member(w, "AttributeName", spec.attribute_name);
  w.EndObject();
}

}  // namespace

std::string ToJson(const UpdateTimeToLiveRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  WriteSpecification(out.w, r.time_to_live_specification);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, UpdateTimeToLiveResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* spec, OptObject(doc, "TimeToLiveSpecification"));
  if (spec == nullptr) return Malformed("TimeToLiveSpecification is missing");
  DDBEMU_ASSIGN_OR_RETURN(out.time_to_live_specification.attribute_name,
                          String(*spec, "AttributeName"));
  DDBEMU_ASSIGN_OR_RETURN(auto enabled, OptBool(*spec, "Enabled"));
  out.time_to_live_specification.enabled = enabled.value_or(false);
  return Status::Ok();
}

std::string ToJson(const DescribeTimeToLiveRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, DescribeTimeToLiveResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(doc, "TimeToLiveDescription"));
  if (d == nullptr) return Malformed("TimeToLiveDescription is missing");
  DDBEMU_ASSIGN_OR_RETURN(auto status,
                          EnumOf<TimeToLiveStatus>(*d, "TimeToLiveStatus", kTtlStatusNames));
  out.time_to_live_description.time_to_live_status = status.value_or(TimeToLiveStatus::kDisabled);
  DDBEMU_ASSIGN_OR_RETURN(out.time_to_live_description.attribute_name,
                          OptString(*d, "AttributeName"));
  return Status::Ok();
}

std::string ToJson(const TagResourceRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "ResourceArn", r.resource_arn);
  Key(out.w, "Tags");
  out.w.StartArray();
  for (const Tag& tag : r.tags) {
    out.w.StartObject();
    Member(out.w, "Key", tag.key);
    Member(out.w, "Value", tag.value);
    out.w.EndObject();
  }
  out.w.EndArray();
  out.w.EndObject();
  return out.Take();
}

// TagResource and UntagResource answer an empty body.
Status FromJson(std::string_view, TagResourceResponse&) { return Status::Ok(); }

std::string ToJson(const UntagResourceRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "ResourceArn", r.resource_arn);
  StringList(out.w, "TagKeys", r.tag_keys);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view, UntagResourceResponse&) { return Status::Ok(); }

std::string ToJson(const ListTagsOfResourceRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "ResourceArn", r.resource_arn);
  Member(out.w, "NextToken", r.next_token);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, ListTagsOfResourceResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.tags, ObjectList<Tag>(doc, "Tags", [](const Json& e) -> Result<Tag> {
                            Tag tag;
                            DDBEMU_ASSIGN_OR_RETURN(tag.key, String(e, "Key"));
                            DDBEMU_ASSIGN_OR_RETURN(tag.value, String(e, "Value"));
                            return tag;
                          }));
  DDBEMU_ASSIGN_OR_RETURN(out.next_token, OptString(doc, "NextToken"));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
