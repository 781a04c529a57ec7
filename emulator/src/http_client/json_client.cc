// JsonOperationsClient and the StreamsClient over a JsonTransport; see json_client.h.
#include "http_client/json_client.h"

#include <exception>
#include <string>
#include <utility>

#include "http_client/family_json.h"

namespace ddbemu::http_client {
namespace {

// Render, send, read back. Nothing throws out of a Client: an allocation failure or a bug
// becomes InternalServerError, as everywhere else in the clients.
template <class Response, class Request>
Result<Response> Run(JsonTransport& transport, std::string_view operation, const Request& request) {
  try {
    Result<std::string> body = transport.Call(operation, ToJson(request));
    if (!body.ok()) return std::move(body).error();
    Response out;
    DDB_RETURN_IF_ERROR(FromJson(*body, out));
    return out;
  } catch (const std::exception& e) {
    return ApiError::InternalServerError(std::string("Internal client error: ") + e.what());
  }
}

class JsonStreamsClient final : public StreamsClient {
 public:
  explicit JsonStreamsClient(std::unique_ptr<JsonTransport> transport)
      : transport_(std::move(transport)) {}

  Result<ListStreamsResponse> ListStreams(const ListStreamsRequest& r) override {
    return Run<ListStreamsResponse>(*transport_, "DynamoDBStreams_20120810.ListStreams", r);
  }
  Result<DescribeStreamResponse> DescribeStream(const DescribeStreamRequest& r) override {
    return Run<DescribeStreamResponse>(*transport_, "DynamoDBStreams_20120810.DescribeStream", r);
  }
  Result<GetShardIteratorResponse> GetShardIterator(const GetShardIteratorRequest& r) override {
    return Run<GetShardIteratorResponse>(*transport_, "DynamoDBStreams_20120810.GetShardIterator",
                                         r);
  }
  Result<GetRecordsResponse> GetRecords(const GetRecordsRequest& r) override {
    return Run<GetRecordsResponse>(*transport_, "DynamoDBStreams_20120810.GetRecords", r);
  }

 private:
  std::unique_ptr<JsonTransport> transport_;
};

}  // namespace

#define DDB_JSON_OPERATION(Op)                                          \
  Result<Op##Response> JsonOperationsClient::Op(const Op##Request& r) { \
    return Run<Op##Response>(*json_, #Op, r);                           \
  }

DDB_JSON_OPERATION(UpdateTimeToLive)
DDB_JSON_OPERATION(DescribeTimeToLive)
DDB_JSON_OPERATION(TagResource)
DDB_JSON_OPERATION(UntagResource)
DDB_JSON_OPERATION(ListTagsOfResource)
DDB_JSON_OPERATION(CreateBackup)
DDB_JSON_OPERATION(DescribeBackup)
DDB_JSON_OPERATION(ListBackups)
DDB_JSON_OPERATION(DeleteBackup)
DDB_JSON_OPERATION(RestoreTableFromBackup)
DDB_JSON_OPERATION(RestoreTableToPointInTime)
DDB_JSON_OPERATION(DescribeEndpoints)
DDB_JSON_OPERATION(DescribeLimits)
DDB_JSON_OPERATION(DescribeContinuousBackups)
DDB_JSON_OPERATION(UpdateContinuousBackups)
DDB_JSON_OPERATION(DescribeContributorInsights)
DDB_JSON_OPERATION(UpdateContributorInsights)
DDB_JSON_OPERATION(ListContributorInsights)
DDB_JSON_OPERATION(ExecuteStatement)
DDB_JSON_OPERATION(BatchExecuteStatement)
DDB_JSON_OPERATION(ExecuteTransaction)

#undef DDB_JSON_OPERATION

std::unique_ptr<StreamsClient> MakeStreamsClient(std::unique_ptr<JsonTransport> transport) {
  return std::make_unique<JsonStreamsClient>(std::move(transport));
}

}  // namespace ddbemu::http_client
