// ForwardingClient: a Client that passes every call to another Client. Derive from it to
// decorate a client (meter it, record it, inject faults into it) and override only the calls
// the decoration changes; every other operation, including ones added to Client later, still
// reaches the inner client instead of answering UnknownOperationException.
//
//   class CountingClient final : public ddbemu::ForwardingClient {
//    public:
//     using ForwardingClient::ForwardingClient;
//     ddbemu::Result<ddbemu::GetItemResponse> GetItem(const ddbemu::GetItemRequest& r) override {
//       ++gets;
//       return ForwardingClient::GetItem(r);
//     }
//     std::atomic<int> gets{0};
//   };
//
// The inner client must outlive the forwarding one. Thread safety is the inner client's.
#pragma once

#include "ddbemu/client.h"

namespace ddbemu {

class ForwardingClient : public Client {
 public:
  explicit ForwardingClient(Client& inner) : inner_(inner) {}
  Result<PutItemResponse> PutItem(const PutItemRequest& request) override {
    return inner_.PutItem(request);
  }
  Result<GetItemResponse> GetItem(const GetItemRequest& request) override {
    return inner_.GetItem(request);
  }
  Result<UpdateItemResponse> UpdateItem(const UpdateItemRequest& request) override {
    return inner_.UpdateItem(request);
  }
  Result<DeleteItemResponse> DeleteItem(const DeleteItemRequest& request) override {
    return inner_.DeleteItem(request);
  }
  Result<QueryResponse> Query(const QueryRequest& request) override {
    return inner_.Query(request);
  }
  Result<ScanResponse> Scan(const ScanRequest& request) override {
    return inner_.Scan(request);
  }
  Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& request) override {
    return inner_.BatchGetItem(request);
  }
  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& request) override {
    return inner_.BatchWriteItem(request);
  }
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& request) override {
    return inner_.TransactWriteItems(request);
  }
  Result<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& request) override {
    return inner_.TransactGetItems(request);
  }
  Result<CreateTableResponse> CreateTable(const CreateTableRequest& request) override {
    return inner_.CreateTable(request);
  }
  Result<DescribeTableResponse> DescribeTable(const DescribeTableRequest& request) override {
    return inner_.DescribeTable(request);
  }
  Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& request) override {
    return inner_.UpdateTable(request);
  }
  Result<DeleteTableResponse> DeleteTable(const DeleteTableRequest& request) override {
    return inner_.DeleteTable(request);
  }
  Result<ListTablesResponse> ListTables(const ListTablesRequest& request) override {
    return inner_.ListTables(request);
  }
  Result<UpdateTimeToLiveResponse> UpdateTimeToLive(
      const UpdateTimeToLiveRequest& request) override {
    return inner_.UpdateTimeToLive(request);
  }
  Result<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& request) override {
    return inner_.DescribeTimeToLive(request);
  }
  Result<TagResourceResponse> TagResource(const TagResourceRequest& request) override {
    return inner_.TagResource(request);
  }
  Result<UntagResourceResponse> UntagResource(const UntagResourceRequest& request) override {
    return inner_.UntagResource(request);
  }
  Result<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& request) override {
    return inner_.ListTagsOfResource(request);
  }
  Result<CreateBackupResponse> CreateBackup(const CreateBackupRequest& request) override {
    return inner_.CreateBackup(request);
  }
  Result<DescribeBackupResponse> DescribeBackup(const DescribeBackupRequest& request) override {
    return inner_.DescribeBackup(request);
  }
  Result<ListBackupsResponse> ListBackups(const ListBackupsRequest& request) override {
    return inner_.ListBackups(request);
  }
  Result<DeleteBackupResponse> DeleteBackup(const DeleteBackupRequest& request) override {
    return inner_.DeleteBackup(request);
  }
  Result<RestoreTableFromBackupResponse> RestoreTableFromBackup(
      const RestoreTableFromBackupRequest& request) override {
    return inner_.RestoreTableFromBackup(request);
  }
  Result<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
      const RestoreTableToPointInTimeRequest& request) override {
    return inner_.RestoreTableToPointInTime(request);
  }
  Result<DescribeEndpointsResponse> DescribeEndpoints(
      const DescribeEndpointsRequest& request) override {
    return inner_.DescribeEndpoints(request);
  }
  Result<DescribeLimitsResponse> DescribeLimits(const DescribeLimitsRequest& request) override {
    return inner_.DescribeLimits(request);
  }
  Result<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
      const DescribeContinuousBackupsRequest& request) override {
    return inner_.DescribeContinuousBackups(request);
  }
  Result<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
      const UpdateContinuousBackupsRequest& request) override {
    return inner_.UpdateContinuousBackups(request);
  }
  Result<DescribeContributorInsightsResponse> DescribeContributorInsights(
      const DescribeContributorInsightsRequest& request) override {
    return inner_.DescribeContributorInsights(request);
  }
  Result<UpdateContributorInsightsResponse> UpdateContributorInsights(
      const UpdateContributorInsightsRequest& request) override {
    return inner_.UpdateContributorInsights(request);
  }
  Result<ListContributorInsightsResponse> ListContributorInsights(
      const ListContributorInsightsRequest& request) override {
    return inner_.ListContributorInsights(request);
  }
  Result<ExecuteStatementResponse> ExecuteStatement(
      const ExecuteStatementRequest& request) override {
    return inner_.ExecuteStatement(request);
  }
  Result<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest& request) override {
    return inner_.BatchExecuteStatement(request);
  }
  Result<ExecuteTransactionResponse> ExecuteTransaction(
      const ExecuteTransactionRequest& request) override {
    return inner_.ExecuteTransaction(request);
  }
 protected:
  Client& inner() const { return inner_; }

 private:
  Client& inner_;
};

}  // namespace ddbemu
