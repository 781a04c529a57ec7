// Handlers of the tagging operations (handlers_tags.cc), listed in operation_table.cc.
#pragma once

#include <rapidjson/document.h>

#include <string>

#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::handlers {

Result<std::string> TagResource(ops::Engine& engine, const ops::Caller& caller,
                                const rapidjson::Value& body);
Result<std::string> UntagResource(ops::Engine& engine, const ops::Caller& caller,
                                  const rapidjson::Value& body);
Result<std::string> ListTagsOfResource(ops::Engine& engine, const ops::Caller& caller,
                                       const rapidjson::Value& body);

}  // namespace ddbemu::handlers
