// The embedded client's Time to Live and tagging operations: public request -> the api/ model
// (checked as the JSON path's validator checks what a typed request can still get wrong) and
// the engine's answer -> the public response, with what the JSON path renders. No JSON.
#include "api/table_names.h"
#include "embedded/typed_admin.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {
namespace {

// ResourceArn: 1..1283 characters (the API model); what it names is the operation's check.
Status CheckResourceArn(const std::string& arn) { return CheckLength(arn, "resourceArn", 1, 1283); }

TimeToLiveStatus TimeToLiveStatusOf(std::string_view status) {
  if (status == "ENABLED") return TimeToLiveStatus::kEnabled;
  if (status == "ENABLING") return TimeToLiveStatus::kEnabling;
  if (status == "DISABLING") return TimeToLiveStatus::kDisabling;
  return TimeToLiveStatus::kDisabled;
}

}  // namespace

Result<api::UpdateTimeToLiveRequest> ToEngine(const UpdateTimeToLiveRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  const TimeToLiveSpecification& spec = in.time_to_live_specification;
  DDBEMU_RETURN_IF_ERROR(
      CheckLength(spec.attribute_name, "timeToLiveSpecification.attributeName", 1, 255));
  return api::UpdateTimeToLiveRequest{in.table_name, spec.enabled, spec.attribute_name};
}

Result<api::TableNameRequest> ToEngine(const DescribeTimeToLiveRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  return api::TableNameRequest{in.table_name};
}

UpdateTimeToLiveResponse ToPublic(const api::UpdateTimeToLiveRequest& applied) {
  return {{applied.attribute_name, applied.enabled}};
}

DescribeTimeToLiveResponse ToPublic(api::TimeToLiveDescription description) {
  DescribeTimeToLiveResponse out;
  out.time_to_live_description.time_to_live_status = TimeToLiveStatusOf(description.status);
  out.time_to_live_description.attribute_name = std::move(description.attribute_name);
  return out;
}

Result<api::TagResourceRequest> ToEngine(const TagResourceRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckResourceArn(in.resource_arn));
  if (in.tags.empty())
    return Constraint("[]", "tags", "Member must have length greater than or equal to 1");
  api::TagResourceRequest out;
  out.resource_arn = in.resource_arn;
  for (std::size_t i = 0; i < in.tags.size(); ++i) {
    const Tag& tag = in.tags[i];
    const std::string path = "tags." + std::to_string(i + 1) + ".member.";
    DDBEMU_RETURN_IF_ERROR(CheckLength(tag.key, path + "key", 1, 128));
    DDBEMU_RETURN_IF_ERROR(CheckLength(tag.value, path + "value", 0, 256));
    out.tags.push_back({tag.key, tag.value});
  }
  return out;
}

Result<api::UntagResourceRequest> ToEngine(const UntagResourceRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckResourceArn(in.resource_arn));
  if (in.tag_keys.empty())
    return Constraint("[]", "tagKeys", "Member must have length greater than or equal to 1");
  return api::UntagResourceRequest{in.resource_arn, in.tag_keys};
}

Result<api::ListTagsOfResourceRequest> ToEngine(const ListTagsOfResourceRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckResourceArn(in.resource_arn));
  return api::ListTagsOfResourceRequest{in.resource_arn, in.next_token};
}

ListTagsOfResourceResponse ToPublic(std::vector<std::pair<std::string, std::string>> tags) {
  ListTagsOfResourceResponse out;
  for (auto& [key, value] : tags) out.tags.push_back({std::move(key), std::move(value)});
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
