// JSON -> the entry structs of the legacy (pre-expression) parameters (expr/legacy.h):
// Expected, QueryFilter/ScanFilter/KeyConditions, AttributeUpdates, AttributesToGet and
// ConditionalOperator. Entries keep the request's order. Attribute values inside are checked by
// the value codec; enums have been checked by ValidateRequest.
#pragma once

#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "ddbemu/error.h"
#include "expr/legacy.h"

namespace ddbemu::api {

Result<std::vector<expr::ExpectedEntry>> ParseExpected(const rapidjson::Value& json);
// QueryFilter, ScanFilter and KeyConditions share one shape.
Result<std::vector<expr::FilterEntry>> ParseFilterEntries(const rapidjson::Value& json);
Result<std::vector<expr::AttributeUpdateEntry>> ParseAttributeUpdates(const rapidjson::Value& json);
std::vector<std::string> ParseAttributesToGet(const rapidjson::Value& json);
// "AND" (the default) or "OR".
expr::ConditionalOperator ParseConditionalOperator(const std::optional<std::string>& text);

}  // namespace ddbemu::api
