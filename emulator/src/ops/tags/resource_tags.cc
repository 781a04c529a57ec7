// The tagging operations (see resource_tags.h). Each runs in one LMDB transaction: a write
// transaction re-reads the schema, changes its tags and puts it back, so concurrent tagging
// of one table serializes on LMDB's single writer and loses no tag.
#include "ops/tags/resource_tags.h"

#include <algorithm>
#include <string>
#include <vector>

#include "api/table_checks.h"
#include "api/table_names.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

ApiError AccessDenied(const Caller& caller, std::string_view operation, std::string_view arn) {
  return ApiError(ErrorCode::kAccessDenied,
                  "User: arn:aws:iam::" + caller.account_id +
                      ":root is not authorized to perform: dynamodb:" + std::string(operation) +
                      " on resource: " + (arn.empty() ? std::string("*") : std::string(arn)));
}

// Which table a tagging request's ResourceArn names, judged as the service judges it. The
// 2026 recordings against AWS (issue 32) replace dynalite's older ones (test/tagResource.js,
// recorded when IAM saw a string that is not an ARN first and answered AccessDeniedException):
// anything but a table ARN is now ValidationException "Invalid TableArn: Invalid ResourceArn
// provided as input ARN" ("not-a-valid-arn" included).
//
// The table name in `arn` for `caller`, or:
//  - AccessDeniedException "User: arn:aws:iam::ACCOUNT:root is not authorized to perform:
//    dynamodb:OPERATION on resource: *" for an empty ARN (no resource for IAM to name);
//  - ValidationException "Invalid TableArn: Invalid ResourceArn provided as input ARN" when it
//    is not "arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME" with a valid NAME;
//  - `not_found` when it is a table ARN of another region or account.
Result<std::string> ResolveResourceArn(const Caller& caller, std::string_view operation,
                                       std::string_view arn, const ApiError& not_found) {
  const std::vector<std::string_view> parts = api::SplitArn(arn);
  if (arn.empty()) return AccessDenied(caller, operation, arn);
  if (parts.size() < 6) {
    return ApiError::Validation("Invalid TableArn: Invalid ResourceArn provided as input " +
                                std::string(arn));
  }
  const bool table_arn = parts[0] == "arn" && !parts[1].empty() && parts[2] == "dynamodb" &&
                         parts[5].starts_with("table/") &&
                         api::IsValidTableName(parts[5].substr(6));
  if (!table_arn) {
    return ApiError::Validation("Invalid TableArn: Invalid ResourceArn provided as input " +
                                std::string(arn));
  }
  if (parts[3] != caller.region || parts[4] != caller.account_id) return not_found;
  return std::string(parts[5].substr(6));
}

constexpr std::size_t kMaxTagsPerTable = 50;

ApiError ArnNotFound(std::string_view arn) {
  // The service's message, its "ResourcArn" included (dynalite, recorded against AWS).
  return ApiError::ResourceNotFound(
      "Requested resource not found: ResourcArn: " + std::string(arn) + " not found");
}

}  // namespace

Status TagResource(Engine& engine, const Caller& caller, const api::TagResourceRequest& request) {
  const ApiError not_found = ArnNotFound(request.resource_arn);
  DDBEMU_ASSIGN_OR_RETURN(
      const std::string name,
      ResolveResourceArn(caller, "TagResource", request.resource_arn, not_found));
  if (request.tags.empty()) {
    return ApiError::Validation("Atleast one Tag needs to be provided as Input.");
  }
  DDBEMU_RETURN_IF_ERROR(api::ValidateTags(request.tags));
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto schema, engine.catalog.Get(txn, caller.ns, name));
  if (!schema) return not_found;
  for (const api::TagRequest& tag : request.tags) {
    auto it = std::find_if(schema->tags.begin(), schema->tags.end(),
                           [&](const Tag& t) { return t.key == *tag.key; });
    if (it != schema->tags.end()) {
      it->value = *tag.value;
    } else {
      schema->tags.push_back({*tag.key, *tag.value});
    }
  }
  if (schema->tags.size() > kMaxTagsPerTable) {
    return ApiError::Validation(
        "Number of Tags exceed the current limit for the provided ResourceArn");
  }
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, caller.ns, *schema));
  return txn.Commit();
}

Status UntagResource(Engine& engine, const Caller& caller,
                     const api::UntagResourceRequest& request) {
  const ApiError not_found = ApiError::ResourceNotFound("Requested resource not found");
  DDBEMU_ASSIGN_OR_RETURN(
      const std::string name,
      ResolveResourceArn(caller, "UntagResource", request.resource_arn, not_found));
  if (request.tag_keys.empty()) {
    return ApiError::Validation("Atleast one Tag Key needs to be provided as Input.");
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto schema, engine.catalog.Get(txn, caller.ns, name));
  if (!schema) return not_found;
  const std::size_t before = schema->tags.size();
  std::erase_if(schema->tags, [&](const Tag& t) {
    return std::find(request.tag_keys.begin(), request.tag_keys.end(), t.key) !=
           request.tag_keys.end();
  });
  if (schema->tags.size() == before) return Status::Ok();  // nothing to write
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, caller.ns, *schema));
  return txn.Commit();
}

Result<std::vector<std::pair<std::string, std::string>>> ListTagsOfResource(
    Engine& engine, const Caller& caller, const api::ListTagsOfResourceRequest& request) {
  // A table ARN naming no table of the caller: AWS answers AccessDeniedException, as IAM does
  // for a resource it cannot find a policy of (recorded in 2026; the ResourceNotFoundException
  // "ResourcArn: ... not found" that dynalite recorded earlier is TagResource's still).
  const ApiError not_found = AccessDenied(caller, "ListTagsOfResource", request.resource_arn);
  DDBEMU_ASSIGN_OR_RETURN(
      const std::string name,
      ResolveResourceArn(caller, "ListTagsOfResource", request.resource_arn, not_found));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(auto schema, engine.catalog.GetShared(txn, caller.ns, name));
  if (schema == nullptr) return not_found;
  std::vector<std::pair<std::string, std::string>> tags;
  tags.reserve(schema->tags.size());
  for (const Tag& tag : schema->tags) tags.emplace_back(tag.key, tag.value);
  return tags;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
