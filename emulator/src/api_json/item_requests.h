// The JSON codec of api/item_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/item_requests.h"
#include "api_json/item_collection_metrics.h"

namespace ddbemu::api {

Result<PutItemRequest> ParsePutItem(const rapidjson::Value& body);
Result<GetItemRequest> ParseGetItem(const rapidjson::Value& body);
Result<DeleteItemRequest> ParseDeleteItem(const rapidjson::Value& body);
Result<UpdateItemRequest> ParseUpdateItem(const rapidjson::Value& body);

// The pieces of a request that the batch and transaction codecs share with the item
// operations: ReturnConsumedCapacity, and the expression parameters of one item request
// (ConditionExpression, ProjectionExpression, UpdateExpression, ExpressionAttributeNames and
// ExpressionAttributeValues members of `object`).
ReturnConsumedCapacity ParseReturnConsumedCapacity(const rapidjson::Value& object);
Status ParseExpressions(const rapidjson::Value& object, ExpressionParameters* out);

// Renders {"Item": ...} (GetItem) or {"Attributes": ...} (writes); an absent item renders {}.
std::string RenderGetItem(const ItemResponse& response);
std::string RenderWriteItem(const ItemResponse& response);

}  // namespace ddbemu::api
