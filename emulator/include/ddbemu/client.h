// Client: the DynamoDB API as one C++ interface, whatever serves it. Program against it and
// choose the implementation at start-up:
//
//   auto client = ddbemu::OpenEmbeddedClient({.in_memory = true});     // in process, no JSON
//   auto client = ddbemu::OpenHttpClient({.endpoint = "http://127.0.0.1:8000"});  // any endpoint
//
//   auto got = (*client)->GetItem({.table_name = "Music", .key = key});
//   if (!got.ok()) handle(got.error());             // ApiError: the service's type and message
//
// Contract, for every call of every implementation:
//  - A request is checked by the service's rules before anything changes; a failure returns the
//    ApiError the service returns for it (same ErrorCode, same message), and changes nothing.
//  - Success returns the operation's response shape, filled as the service fills it.
//  - Calls are thread-safe; a Client may be shared by many threads.
//  - Nothing throws: a bug inside the engine, or a transport failure, is an ApiError
//    (InternalServerError) too.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/model/backups.h"
#include "ddbemu/model/batches.h"
#include "ddbemu/model/control.h"
#include "ddbemu/model/items.h"
#include "ddbemu/model/partiql.h"
#include "ddbemu/model/reads.h"
#include "ddbemu/model/tables.h"
#include "ddbemu/model/transactions.h"
#include "ddbemu/model/ttl_tags.h"

namespace ddbemu {

class Client {
 public:
  virtual ~Client() = default;

  // Single items.
  virtual Result<PutItemResponse> PutItem(const PutItemRequest& request) = 0;
  virtual Result<GetItemResponse> GetItem(const GetItemRequest& request) = 0;
  virtual Result<UpdateItemResponse> UpdateItem(const UpdateItemRequest& request) = 0;
  virtual Result<DeleteItemResponse> DeleteItem(const DeleteItemRequest& request) = 0;

  // Reads of many items: one page each (follow last_evaluated_key for the next).
  virtual Result<QueryResponse> Query(const QueryRequest& request) = 0;
  virtual Result<ScanResponse> Scan(const ScanRequest& request) = 0;

  // Batches: unprocessed keys/items are not errors; send them again.
  virtual Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& request) = 0;
  virtual Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& request) = 0;

  // Transactions: all or nothing; a cancellation is TransactionCanceledException with its
  // reasons in ApiError::cancellation_reasons.
  virtual Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& request) = 0;
  virtual Result<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& request) = 0;

  // Tables.
  virtual Result<CreateTableResponse> CreateTable(const CreateTableRequest& request) = 0;
  virtual Result<DescribeTableResponse> DescribeTable(const DescribeTableRequest& request) = 0;
  virtual Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& request) = 0;
  virtual Result<DeleteTableResponse> DeleteTable(const DeleteTableRequest& request) = 0;
  virtual Result<ListTablesResponse> ListTables(const ListTablesRequest& request) = 0;

  // The rest of the API. Both implementations override every one; the defaults only let a
  // test double that implements a few calls compile (they answer UnknownOperationException).
  // (DynamoDB Streams' calls are on ddbemu::StreamsClient, ddbemu/streams_client.h.)

  // Time to Live (model/ttl_tags.h).
  virtual Result<UpdateTimeToLiveResponse> UpdateTimeToLive(const UpdateTimeToLiveRequest&) {
    return NotImplemented("UpdateTimeToLive");
  }
  virtual Result<DescribeTimeToLiveResponse> DescribeTimeToLive(const DescribeTimeToLiveRequest&) {
    return NotImplemented("DescribeTimeToLive");
  }

  // Tags (model/ttl_tags.h). ListTagsOfResource pages: follow next_token.
  virtual Result<TagResourceResponse> TagResource(const TagResourceRequest&) {
    return NotImplemented("TagResource");
  }
  virtual Result<UntagResourceResponse> UntagResource(const UntagResourceRequest&) {
    return NotImplemented("UntagResource");
  }
  virtual Result<ListTagsOfResourceResponse> ListTagsOfResource(const ListTagsOfResourceRequest&) {
    return NotImplemented("ListTagsOfResource");
  }

  // On-demand backups (model/backups.h).
  virtual Result<CreateBackupResponse> CreateBackup(const CreateBackupRequest&) {
    return NotImplemented("CreateBackup");
  }
  virtual Result<DescribeBackupResponse> DescribeBackup(const DescribeBackupRequest&) {
    return NotImplemented("DescribeBackup");
  }
  virtual Result<ListBackupsResponse> ListBackups(const ListBackupsRequest&) {
    return NotImplemented("ListBackups");
  }
  virtual Result<DeleteBackupResponse> DeleteBackup(const DeleteBackupRequest&) {
    return NotImplemented("DeleteBackup");
  }
  virtual Result<RestoreTableFromBackupResponse> RestoreTableFromBackup(
      const RestoreTableFromBackupRequest&) {
    return NotImplemented("RestoreTableFromBackup");
  }
  virtual Result<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
      const RestoreTableToPointInTimeRequest&) {
    return NotImplemented("RestoreTableToPointInTime");
  }

  // Describe and control operations (model/control.h).
  virtual Result<DescribeEndpointsResponse> DescribeEndpoints(const DescribeEndpointsRequest&) {
    return NotImplemented("DescribeEndpoints");
  }
  virtual Result<DescribeLimitsResponse> DescribeLimits(const DescribeLimitsRequest&) {
    return NotImplemented("DescribeLimits");
  }
  virtual Result<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
      const DescribeContinuousBackupsRequest&) {
    return NotImplemented("DescribeContinuousBackups");
  }
  virtual Result<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
      const UpdateContinuousBackupsRequest&) {
    return NotImplemented("UpdateContinuousBackups");
  }
  virtual Result<DescribeContributorInsightsResponse> DescribeContributorInsights(
      const DescribeContributorInsightsRequest&) {
    return NotImplemented("DescribeContributorInsights");
  }
  virtual Result<UpdateContributorInsightsResponse> UpdateContributorInsights(
      const UpdateContributorInsightsRequest&) {
    return NotImplemented("UpdateContributorInsights");
  }
  virtual Result<ListContributorInsightsResponse> ListContributorInsights(
      const ListContributorInsightsRequest&) {
    return NotImplemented("ListContributorInsights");
  }

  // PartiQL (model/partiql.h). ExecuteStatement pages: follow next_token.
  virtual Result<ExecuteStatementResponse> ExecuteStatement(const ExecuteStatementRequest&) {
    return NotImplemented("ExecuteStatement");
  }
  virtual Result<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest&) {
    return NotImplemented("BatchExecuteStatement");
  }
  virtual Result<ExecuteTransactionResponse> ExecuteTransaction(
      const ExecuteTransactionRequest&) {
    return NotImplemented("ExecuteTransaction");
  }

 protected:
  static ApiError NotImplemented(std::string_view operation) {
    return ApiError::UnknownOperation("This client does not implement " + std::string(operation));
  }
};

}  // namespace ddbemu
