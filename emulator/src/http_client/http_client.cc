#include "http_client/http_client.h"

#include <exception>
#include <string>
#include <utility>

#include "http_client/json_client.h"
#include "http_client/request_json.h"
#include "http_client/response_json.h"

namespace ddbemu::http_client {
namespace {

// The operations beyond these fifteen come from JsonOperationsClient (json_client.h).
class HttpClient final : public JsonOperationsClient {
 public:
  explicit HttpClient(std::unique_ptr<JsonTransport> transport)
      : JsonOperationsClient(transport.get()), transport_(std::move(transport)) {}

  Result<PutItemResponse> PutItem(const PutItemRequest& r) override {
    return Call("PutItem", r, &PutItemResponseFromJson);
  }
  Result<GetItemResponse> GetItem(const GetItemRequest& r) override {
    return Call("GetItem", r, &GetItemResponseFromJson);
  }
  Result<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r) override {
    return Call("UpdateItem", r, &UpdateItemResponseFromJson);
  }
  Result<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r) override {
    return Call("DeleteItem", r, &DeleteItemResponseFromJson);
  }
  Result<QueryResponse> Query(const QueryRequest& r) override {
    return Call("Query", r, &QueryResponseFromJson);
  }
  Result<ScanResponse> Scan(const ScanRequest& r) override {
    return Call("Scan", r, &QueryResponseFromJson);
  }
  Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& r) override {
    return Call("BatchGetItem", r, &BatchGetItemResponseFromJson);
  }
  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& r) override {
    return Call("BatchWriteItem", r, &BatchWriteItemResponseFromJson);
  }
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) override {
    return Call("TransactWriteItems", r, &TransactWriteItemsResponseFromJson);
  }
  Result<TransactGetItemsResponse> TransactGetItems(const TransactGetItemsRequest& r) override {
    return Call("TransactGetItems", r, &TransactGetItemsResponseFromJson);
  }
  Result<CreateTableResponse> CreateTable(const CreateTableRequest& r) override {
    return Call("CreateTable", r, &CreateTableResponseFromJson);
  }
  Result<DescribeTableResponse> DescribeTable(const DescribeTableRequest& r) override {
    return Call("DescribeTable", r, &DescribeTableResponseFromJson);
  }
  Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& r) override {
    return Call("UpdateTable", r, &UpdateTableResponseFromJson);
  }
  Result<DeleteTableResponse> DeleteTable(const DeleteTableRequest& r) override {
    return Call("DeleteTable", r, &DeleteTableResponseFromJson);
  }
  Result<ListTablesResponse> ListTables(const ListTablesRequest& r) override {
    return Call("ListTables", r, &ListTablesResponseFromJson);
  }

 private:
  // Render, send, read back. The Client contract says nothing throws: an allocation failure or
  // a bug becomes InternalServerError, as in the embedded client.
  template <class Request, class Response>
  Result<Response> Call(std::string_view operation, const Request& request,
                        Result<Response> (*read)(std::string_view)) {
    try {
      Result<std::string> body = transport_->Call(operation, ToJson(request));
      if (!body.ok()) return std::move(body).error();
      return read(*body);
    } catch (const std::exception& e) {
      return ApiError::InternalServerError(std::string("Internal client error: ") + e.what());
    }
  }

  std::unique_ptr<JsonTransport> transport_;
};

}  // namespace

std::unique_ptr<Client> MakeHttpClient(std::unique_ptr<JsonTransport> transport) {
  return std::make_unique<HttpClient>(std::move(transport));
}

std::unique_ptr<StreamsClient> MakeHttpStreamsClient(std::unique_ptr<JsonTransport> transport) {
  return MakeStreamsClient(std::move(transport));
}

}  // namespace ddbemu::http_client
