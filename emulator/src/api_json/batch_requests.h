// The JSON codec of api/batch_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/batch_requests.h"
#include "api_json/item_collection_metrics.h"
#include "api_json/item_requests.h"
#include "value_json/json_codec.h"

namespace ddbemu::api {

// Parse a validated body. A WriteRequest with neither or both of PutRequest and
// DeleteRequest is the service's "Supplied AttributeValue has more than one datatypes set,
// must contain exactly one of the supported datatypes" (sic; dynalite recorded it from AWS for
// an empty WriteRequest). Attribute values are checked by the value codec: every
// SerializationException of the body first, then the first ValidationException.
Result<BatchGetItemRequest> ParseBatchGetItem(const rapidjson::Value& body);
Result<BatchWriteItemRequest> ParseBatchWriteItem(const rapidjson::Value& body);

// {"Responses": {...}, "UnprocessedKeys": {...}[, "ConsumedCapacity": [...]]}.
std::string RenderBatchGetItem(const BatchGetItemResponse& response,
                               ReturnConsumedCapacity return_consumed_capacity);
// {"UnprocessedItems": {...}[, "ConsumedCapacity": [...]][, "ItemCollectionMetrics": {...}]}:
// UnprocessedItems is always present, {} when everything was processed, as the service answers.
std::string RenderBatchWriteItem(const BatchWriteItemResponse& response,
                                 ReturnConsumedCapacity return_consumed_capacity);

// Writes "ItemCollectionMetrics": {table: [...], ...} unless there are none (tables without
// local secondary indexes report none).
void WriteItemCollectionMetricsPerTable(const ItemCollectionMetricsPerTable& metrics,
                                        JsonWriter& w);

// Writes "ConsumedCapacity": [...] unless `mode` is kNone. With kIndexes each entry also
// carries "Table": {...} and, for the indexes charged, "LocalSecondaryIndexes" /
// "GlobalSecondaryIndexes" (shown with the same parts as "Table").
void WriteConsumedCapacityList(const std::vector<TableCapacity>& tables,
                               ReturnConsumedCapacity mode, CapacityParts parts, JsonWriter& w);

}  // namespace ddbemu::api
