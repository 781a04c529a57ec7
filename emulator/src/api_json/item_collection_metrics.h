// The JSON codec of api/item_collection_metrics.h (docs/architecture.md: the api_json layer, above
// ops): reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/item_collection_metrics.h"
#include "value_json/json_codec.h"

namespace ddbemu::api {

// Writes {"ItemCollectionKey": {...}, "SizeEstimateRangeGB": [lower, upper]} (the value only;
// the caller writes the member name).
void WriteItemCollectionMetrics(const ItemCollectionMetrics& metrics, JsonWriter& w);

}  // namespace ddbemu::api
