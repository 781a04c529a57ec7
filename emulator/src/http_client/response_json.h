// DynamoDB JSON-protocol response bodies -> public responses (ddbemu/model/*.h). Every member
// the model has is read; members the body leaves out stay at the model's "absent" (nullopt,
// empty). Attribute values are decoded by the value codec (value_json/json_codec.h ItemFromJson),
// so numbers arrive in canonical text and binaries as raw bytes, exactly as the embedded client
// returns them. A body that is not the operation's output shape is an InternalServerError
// naming the operation and what is wrong: the endpoint broke the protocol.
#pragma once

#include <string_view>

#include "ddbemu/client.h"

namespace ddbemu::http_client {

Result<PutItemResponse> PutItemResponseFromJson(std::string_view body);
Result<GetItemResponse> GetItemResponseFromJson(std::string_view body);
Result<UpdateItemResponse> UpdateItemResponseFromJson(std::string_view body);
Result<DeleteItemResponse> DeleteItemResponseFromJson(std::string_view body);
Result<QueryResponse> QueryResponseFromJson(std::string_view body);  // Query and Scan
Result<BatchGetItemResponse> BatchGetItemResponseFromJson(std::string_view body);
Result<BatchWriteItemResponse> BatchWriteItemResponseFromJson(std::string_view body);
Result<TransactWriteItemsResponse> TransactWriteItemsResponseFromJson(std::string_view body);
Result<TransactGetItemsResponse> TransactGetItemsResponseFromJson(std::string_view body);
Result<CreateTableResponse> CreateTableResponseFromJson(std::string_view body);
Result<DescribeTableResponse> DescribeTableResponseFromJson(std::string_view body);
Result<UpdateTableResponse> UpdateTableResponseFromJson(std::string_view body);
Result<DeleteTableResponse> DeleteTableResponseFromJson(std::string_view body);
Result<ListTablesResponse> ListTablesResponseFromJson(std::string_view body);

}  // namespace ddbemu::http_client
