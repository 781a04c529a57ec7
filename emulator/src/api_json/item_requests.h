// The JSON codec of api/item_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <map>
#include <string>
#include <vector>

#include "api/item_requests.h"
#include "api_json/item_collection_metrics.h"
#include "value_json/json_codec.h"

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
// The same from the member itself (null: absent), for parses that find members in one pass.
ReturnConsumedCapacity ReturnConsumedCapacityOf(const rapidjson::Value* member);
Status ParseExpressions(const rapidjson::Value& object, ExpressionParameters* out);

// Renders {"Item": ...} (GetItem) or {"Attributes": ...} (writes); an absent item renders {}.
std::string RenderGetItem(const ItemResponse& response);
// RenderGetItem into `out`, replacing what it held (its capacity is reused, see RenderRead).
void RenderGetItem(const ItemResponse& response, std::string& out);
std::string RenderWriteItem(const ItemResponse& response);

// ConsumedCapacity as every operation renders it: "CapacityUnits" and, with `read_write_units`,
// its read and write parts; an index map ("LocalSecondaryIndexes" / "GlobalSecondaryIndexes"),
// left out when empty; and the whole "ConsumedCapacity" member of one table.
void WriteCapacityUnits(double total, double read, double write, bool read_write_units,
                        JsonWriter& w);
void WriteIndexCapacities(const char* member, const std::map<std::string, Capacity>& indexes,
                          bool read_write_units, JsonWriter& w);
void WriteConsumedCapacity(const ConsumedCapacity& capacity, JsonWriter& w);

}  // namespace ddbemu::api
