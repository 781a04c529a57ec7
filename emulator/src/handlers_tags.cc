// The tagging handlers: parse (api/tag_requests.h), execute (ops/tags/resource_tags.h),
// render. TagResource and UntagResource answer an empty body, as the service does.
#include "handlers_tags.h"

#include "api/tag_requests.h"
#include "ops/tags/resource_tags.h"

namespace ddbemu::handlers {

Result<std::string> TagResource(ops::Engine& engine, const ops::Caller& caller,
                                const rapidjson::Value& body) {
  DDB_RETURN_IF_ERROR(ops::TagResource(engine, caller, api::ParseTagResource(body)));
  return std::string();
}

Result<std::string> UntagResource(ops::Engine& engine, const ops::Caller& caller,
                                  const rapidjson::Value& body) {
  DDB_RETURN_IF_ERROR(ops::UntagResource(engine, caller, api::ParseUntagResource(body)));
  return std::string();
}

Result<std::string> ListTagsOfResource(ops::Engine& engine, const ops::Caller& caller,
                                       const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(auto tags,
                       ops::ListTagsOfResource(engine, caller, api::ParseListTagsOfResource(body)));
  return api::RenderListTagsOfResource(tags);
}

}  // namespace ddbemu::handlers
