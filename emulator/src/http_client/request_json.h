// Public requests (ddbemu/model/*.h) -> DynamoDB JSON-protocol bodies, member for member as
// the AWS SDKs send them: members the request leaves unset (nullopt, empty maps and lists,
// enums at NONE, booleans at the service's default) are absent; attribute values go through
// the value codec's writer (value_json/json_codec.h). No checks here: the endpoint validates, so a
// bad request gets the service's own error.
#pragma once

#include <string>

#include "ddbemu/client.h"

namespace ddbemu::http_client {

std::string ToJson(const PutItemRequest& request);
std::string ToJson(const GetItemRequest& request);
std::string ToJson(const UpdateItemRequest& request);
std::string ToJson(const DeleteItemRequest& request);
std::string ToJson(const QueryRequest& request);
std::string ToJson(const ScanRequest& request);
std::string ToJson(const BatchGetItemRequest& request);
std::string ToJson(const BatchWriteItemRequest& request);
std::string ToJson(const TransactWriteItemsRequest& request);
std::string ToJson(const TransactGetItemsRequest& request);
std::string ToJson(const CreateTableRequest& request);
std::string ToJson(const DescribeTableRequest& request);
std::string ToJson(const UpdateTableRequest& request);
std::string ToJson(const DeleteTableRequest& request);
std::string ToJson(const ListTablesRequest& request);

}  // namespace ddbemu::http_client
