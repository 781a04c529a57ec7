// The operations of the API, each named once. Everything that has a function per operation is
// derived from these lists: Client's and StreamsClient's virtual functions, ForwardingClient,
// the HTTP client, the server's dispatch rows and the embedded client. X(Name) stands for an
// operation whose request and response are Name##Request and Name##Response (ddbemu/model/).
//
// Adding an operation: its model types (ddbemu/model/), its ops/ function, its codecs (the
// server's JSON parse and render, the HTTP client's ToJson/FromJson, the embedded client's
// conversions) and one X(...) here; a codec left out fails the build where the list is expanded.
#pragma once

// The lists are tables, one operation per X(...) grouped by family: not for clang-format.
// clang-format off
// Every Client implements these; a test double that derives from Client must too.
#define DDBEMU_REQUIRED_OPERATIONS(X)                                                \
  /* Single items. */                                                                \
  X(PutItem) X(GetItem) X(UpdateItem) X(DeleteItem)                                  \
  /* Reads of many items: one page each (follow last_evaluated_key for the next). */ \
  X(Query) X(Scan)                                                                   \
  /* Batches: unprocessed keys/items are not errors; send them again. */             \
  X(BatchGetItem) X(BatchWriteItem)                                                  \
  /* Transactions: all or nothing; a cancellation is TransactionCanceledException */ \
  /* with its reasons in ApiError::cancellation_reasons. */                          \
  X(TransactWriteItems) X(TransactGetItems)                                          \
  /* Tables. */                                                                      \
  X(CreateTable) X(DescribeTable) X(UpdateTable) X(DeleteTable) X(ListTables)

// The rest of the API. The library's clients implement every one; Client's defaults answer
// UnknownOperationException, so that a test double implementing a few calls compiles.
#define DDBEMU_OPTIONAL_OPERATIONS(X)                                                      \
  /* Time to Live and tags (model/ttl_tags.h); ListTagsOfResource pages by next_token. */  \
  X(UpdateTimeToLive) X(DescribeTimeToLive) X(TagResource) X(UntagResource)                \
  X(ListTagsOfResource)                                                                    \
  /* On-demand backups and restores (model/backups.h). */                                  \
  X(CreateBackup) X(DescribeBackup) X(ListBackups) X(DeleteBackup)                         \
  X(RestoreTableFromBackup) X(RestoreTableToPointInTime)                                   \
  /* Describe and control operations (model/control.h). */                                 \
  X(DescribeEndpoints) X(DescribeLimits) X(DescribeContinuousBackups)                      \
  X(UpdateContinuousBackups) X(DescribeContributorInsights) X(UpdateContributorInsights)   \
  X(ListContributorInsights)                                                               \
  /* PartiQL (model/partiql.h); ExecuteStatement pages by next_token. */                   \
  X(ExecuteStatement) X(BatchExecuteStatement) X(ExecuteTransaction)                      \
  /* Vector search (model/vector_search.h); sent to the vector-search endpoint on AWS. */  \
  X(SearchVectors)                                                                         \
  /* Exports to and imports from S3 (model/transfer.h); S3 is a directory locally. */      \
  X(ExportTableToPointInTime) X(DescribeExport) X(ListExports)                             \
  X(ImportTable) X(DescribeImport) X(ListImports)                                          \
  /* Bulk put (model/bulk_operations.h); ListBulkOperations pages by next_token. */        \
  X(StartBulkPutItems) X(DescribeBulkOperation) X(ListBulkOperations)                      \
  X(CancelBulkOperation)
// clang-format on

// DynamoDB's operations: the calls of ddbemu::Client.
#define DDBEMU_OPERATIONS(X) DDBEMU_REQUIRED_OPERATIONS(X) DDBEMU_OPTIONAL_OPERATIONS(X)

// DynamoDB Streams' operations: the calls of ddbemu::StreamsClient (model/streams.h). On the
// wire their X-Amz-Target has the Streams service's prefix, "DynamoDBStreams_20120810.".
#define DDBEMU_STREAMS_OPERATIONS(X) \
  X(ListStreams) X(DescribeStream) X(GetShardIterator) X(GetRecords)
