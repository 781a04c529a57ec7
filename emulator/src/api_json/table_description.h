// The JSON codec of api/table_description.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/table_description.h"

namespace ddbemu::api {

// {"<wrapper>": {...TableDescription...}}, e.g. wrapper "Table" for DescribeTable.
std::string RenderTableDescription(std::string_view wrapper, const TableSchema& schema,
                                   const TableCounts& counts, const DescriptionOptions& options);

}  // namespace ddbemu::api
