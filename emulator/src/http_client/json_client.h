// The operations of ddbemu::Client beyond the items, reads, batches, transactions and tables —
// Time to Live, tags, backups, the describe/control operations and PartiQL — and the whole
// ddbemu::StreamsClient, each as: typed request -> the body an AWS SDK sends (family_json.h) ->
// a JsonTransport -> the typed response. HttpClient inherits them over HTTP; the embedded client
// over Database::Call in process, so all three of the conformance suite's paths run one codec,
// the server's one validator and the server's one dispatch table, and agree on every answer
// and every error by construction.
#pragma once

#include <memory>
#include <string_view>

#include "ddbemu/client.h"
#include "ddbemu/streams_client.h"
#include "http_client/json_transport.h"

namespace ddbemu::http_client {

// The X-Amz-Target prefix of DynamoDB Streams. A JsonTransport receives a Streams operation as
// "DynamoDBStreams_20120810.GetRecords" (the form Database::Call takes); a bare name is
// DynamoDB's.
inline constexpr std::string_view kStreamsOperationPrefix = "DynamoDBStreams_20120810.";

class JsonOperationsClient : public Client {
 public:
  Result<UpdateTimeToLiveResponse> UpdateTimeToLive(const UpdateTimeToLiveRequest& r) override;
  Result<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) override;
  Result<TagResourceResponse> TagResource(const TagResourceRequest& r) override;
  Result<UntagResourceResponse> UntagResource(const UntagResourceRequest& r) override;
  Result<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) override;
  Result<CreateBackupResponse> CreateBackup(const CreateBackupRequest& r) override;
  Result<DescribeBackupResponse> DescribeBackup(const DescribeBackupRequest& r) override;
  Result<ListBackupsResponse> ListBackups(const ListBackupsRequest& r) override;
  Result<DeleteBackupResponse> DeleteBackup(const DeleteBackupRequest& r) override;
  Result<RestoreTableFromBackupResponse> RestoreTableFromBackup(
      const RestoreTableFromBackupRequest& r) override;
  Result<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
      const RestoreTableToPointInTimeRequest& r) override;
  Result<DescribeEndpointsResponse> DescribeEndpoints(const DescribeEndpointsRequest& r) override;
  Result<DescribeLimitsResponse> DescribeLimits(const DescribeLimitsRequest& r) override;
  Result<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
      const DescribeContinuousBackupsRequest& r) override;
  Result<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
      const UpdateContinuousBackupsRequest& r) override;
  Result<DescribeContributorInsightsResponse> DescribeContributorInsights(
      const DescribeContributorInsightsRequest& r) override;
  Result<UpdateContributorInsightsResponse> UpdateContributorInsights(
      const UpdateContributorInsightsRequest& r) override;
  Result<ListContributorInsightsResponse> ListContributorInsights(
      const ListContributorInsightsRequest& r) override;
  Result<ExecuteStatementResponse> ExecuteStatement(const ExecuteStatementRequest& r) override;
  Result<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest& r) override;
  Result<ExecuteTransactionResponse> ExecuteTransaction(
      const ExecuteTransactionRequest& r) override;

 protected:
  // `transport` must outlive this object; it may be a member of the derived class (it is not
  // used before a call).
  explicit JsonOperationsClient(JsonTransport* transport) : json_(transport) {}

 private:
  JsonTransport* json_;
};

// A StreamsClient over `transport`.
std::unique_ptr<StreamsClient> MakeStreamsClient(std::unique_ptr<JsonTransport> transport);

}  // namespace ddbemu::http_client
