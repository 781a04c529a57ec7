// The JSON codec of api/transact_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/transact_requests.h"
#include "api_json/batch_requests.h"
#include "api_json/item_requests.h"

namespace ddbemu::api {

// Parse a validated body. Attribute values are checked by the value codec: every
// SerializationException of the body first; TransactWriteItems defers the other value errors to
// TransactWriteAction::invalid, TransactGetItems reports the first.
Result<TransactWriteItemsRequest> ParseTransactWriteItems(const rapidjson::Value& body);
Result<TransactGetItemsRequest> ParseTransactGetItems(const rapidjson::Value& body);

// {}, with "ConsumedCapacity": [...] and "ItemCollectionMetrics": {...} when asked for.
std::string RenderTransactWriteItems(const TransactWriteItemsResponse& response,
                                     ReturnConsumedCapacity return_consumed_capacity);
// {"Responses": [{"Item": ...} or {} per Get][, "ConsumedCapacity": [...]]}.
std::string RenderTransactGetItems(const TransactGetItemsResponse& response,
                                   ReturnConsumedCapacity return_consumed_capacity);

}  // namespace ddbemu::api
