// The JSON codec of DynamoDB's operations, one .cc file per family (items_codec.cc,
// reads_codec.cc, batch_codec.cc, transact_codec.cc, tables_codec.cc, table_description_json.cc,
// ttl_tags_codec.cc, backups_codec.cc, control_codec.cc, partiql_codec.cc, legacy_codec.cc):
// Parse* reads a body that ValidateRequest (request_validator.h) has accepted into api/'s typed
// request; Render* writes the answer. operation_table.cc lists them beside ops/'s functions.
#pragma once

#include <rapidjson/document.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/backup_requests.h"
#include "api/batch_requests.h"
#include "api/control_requests.h"
#include "api/item_requests.h"
#include "api/partiql_requests.h"
#include "api/read_requests.h"
#include "api/table_description.h"
#include "api/table_requests.h"
#include "api/transact_requests.h"
#include "api/vector_requests.h"
#include "ddbemu/version.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {

// ---- Single items, and the pieces the batch and transaction codecs share ------------------------

Result<api::PutItemRequest> ParsePutItem(const rapidjson::Value& body);
Result<api::GetItemRequest> ParseGetItem(const rapidjson::Value& body);
Result<api::DeleteItemRequest> ParseDeleteItem(const rapidjson::Value& body);
Result<api::UpdateItemRequest> ParseUpdateItem(const rapidjson::Value& body);

// The pieces of a request that the batch and transaction codecs share with the item
// operations: ReturnConsumedCapacity, and the expression parameters of one item request
// (ConditionExpression, ProjectionExpression, UpdateExpression, ExpressionAttributeNames and
// ExpressionAttributeValues members of `object`).
api::ReturnConsumedCapacity ParseReturnConsumedCapacity(const rapidjson::Value& object);
// The same from the member itself (null: absent), for parses that find members in one pass.
api::ReturnConsumedCapacity ReturnConsumedCapacityOf(const rapidjson::Value* member);
Status ParseExpressions(const rapidjson::Value& object, api::ExpressionParameters* out);

// Renders {"Item": ...} (GetItem) or {"Attributes": ...} (writes); an absent item renders {}.
std::string RenderGetItem(const api::ItemResponse& response);
// RenderGetItem into `out`, replacing what it held (its capacity is reused, see RenderRead).
void RenderGetItem(const api::ItemResponse& response, std::string& out);
std::string RenderWriteItem(const api::ItemResponse& response);

// ConsumedCapacity as every operation renders it: "CapacityUnits" and, with `read_write_units`,
// its read and write parts; an index map ("LocalSecondaryIndexes" / "GlobalSecondaryIndexes"),
// left out when empty; and the whole "ConsumedCapacity" member of one table.
void WriteCapacityUnits(double total, double read, double write, bool read_write_units,
                        JsonWriter& w);
void WriteIndexCapacities(const char* member, const std::map<std::string, api::Capacity>& indexes,
                          bool read_write_units, JsonWriter& w);
void WriteConsumedCapacity(const api::ConsumedCapacity& capacity, JsonWriter& w);
// A backup's SourceTableFeatureDetails object (api::FeatureDetailsOf), in the API model's member
// order; each index as its *IndexInfo: the definition without status, ARN and counts.
void WriteSourceTableFeatureDetails(JsonWriter& w, const SourceTableFeatureDetails& features);
// "VectorIndexes": {name: {"VectorWriteRequestBytes": n}}, left out when empty.
void WriteVectorWriteBytes(const std::map<std::string, double>& bytes_by_index, JsonWriter& w);

// ---- ItemCollectionMetrics ----------------------------------------------------------------------

// Writes {"ItemCollectionKey": {...}, "SizeEstimateRangeGB": [lower, upper]} (the value only;
// the caller writes the member name).
void WriteItemCollectionMetrics(const api::ItemCollectionMetrics& metrics, JsonWriter& w);

// ---- The legacy parameters ----------------------------------------------------------------------

// Expected, QueryFilter/ScanFilter/KeyConditions, AttributeUpdates and AttributesToGet. Entries
// keep the request's order. Attribute values inside are checked by the value codec; enums have
// been checked by ValidateRequest.

Result<std::vector<expr::ExpectedEntry>> ParseExpected(const rapidjson::Value& json);
// QueryFilter, ScanFilter and KeyConditions share one shape.
Result<std::vector<expr::FilterEntry>> ParseFilterEntries(const rapidjson::Value& json);
Result<std::vector<expr::AttributeUpdateEntry>> ParseAttributeUpdates(const rapidjson::Value& json);
std::vector<std::string> ParseAttributesToGet(const rapidjson::Value& json);

// ---- Query and Scan -----------------------------------------------------------------------------

// Parse errors are the value codec's, except that a malformed ExclusiveStartKey value is
// reported as the service reports it ("The provided starting key is invalid: ..." for the
// messages the service prefixes).
Result<api::QueryRequest> ParseQuery(const rapidjson::Value& body);
Result<api::ScanRequest> ParseScan(const rapidjson::Value& body);

std::string RenderRead(const api::ReadResponse& response);
// The same into `out`, replacing what it held: a caller that keeps `out` from one response to
// the next (a connection's reply body) writes each into the capacity of the last.
void RenderRead(const api::ReadResponse& response, std::string& out);

// ---- BatchGetItem and BatchWriteItem ------------------------------------------------------------

// Parse a validated body. A WriteRequest with neither or both of PutRequest and
// DeleteRequest is the service's "Supplied AttributeValue has more than one datatypes set,
// must contain exactly one of the supported datatypes" (sic; dynalite recorded it from AWS for
// an empty WriteRequest). Attribute values are checked by the value codec: every
// SerializationException of the body first, then the first ValidationException.
Result<api::BatchGetItemRequest> ParseBatchGetItem(const rapidjson::Value& body);
Result<api::BatchWriteItemRequest> ParseBatchWriteItem(const rapidjson::Value& body);

// {"Responses": {...}, "UnprocessedKeys": {...}[, "ConsumedCapacity": [...]]}.
std::string RenderBatchGetItem(const api::BatchGetItemResponse& response,
                               api::ReturnConsumedCapacity return_consumed_capacity);
// {"UnprocessedItems": {...}[, "ConsumedCapacity": [...]][, "ItemCollectionMetrics": {...}]}:
// UnprocessedItems is always present, {} when everything was processed, as the service answers.
std::string RenderBatchWriteItem(const api::BatchWriteItemResponse& response,
                                 api::ReturnConsumedCapacity return_consumed_capacity);

// Writes "ItemCollectionMetrics": {table: [...], ...} unless there are none (tables without
// local secondary indexes report none).
void WriteItemCollectionMetricsPerTable(const api::ItemCollectionMetricsPerTable& metrics,
                                        JsonWriter& w);

// Writes "ConsumedCapacity": [...] unless `mode` is kNone. With kIndexes each entry also
// carries "Table": {...} and, for the indexes charged, "LocalSecondaryIndexes" /
// "GlobalSecondaryIndexes" (shown with the same parts as "Table").
void WriteConsumedCapacityList(const std::vector<api::TableCapacity>& tables,
                               api::ReturnConsumedCapacity mode, api::CapacityParts parts,
                               JsonWriter& w);

// ---- TransactWriteItems and TransactGetItems ----------------------------------------------------

// Parse a validated body. Attribute values are checked by the value codec: every
// SerializationException of the body first; TransactWriteItems defers the other value errors to
// TransactWriteAction::invalid, TransactGetItems reports the first.
Result<api::TransactWriteItemsRequest> ParseTransactWriteItems(const rapidjson::Value& body);
Result<api::TransactGetItemsRequest> ParseTransactGetItems(const rapidjson::Value& body);

// {}, with "ConsumedCapacity": [...] and "ItemCollectionMetrics": {...} when asked for.
std::string RenderTransactWriteItems(const api::TransactWriteItemsResponse& response,
                                     api::ReturnConsumedCapacity return_consumed_capacity);
// {"Responses": [{"Item": ...} or {} per Get][, "ConsumedCapacity": [...]]}.
std::string RenderTransactGetItems(const api::TransactGetItemsResponse& response,
                                   api::ReturnConsumedCapacity return_consumed_capacity);

// ---- Tables -------------------------------------------------------------------------------------

Result<api::CreateTableRequest> ParseCreateTable(const rapidjson::Value& body);
Result<api::UpdateTableRequest> ParseUpdateTable(const rapidjson::Value& body);
// SearchVectors (vectors_codec.cc).
Result<api::SearchVectorsRequest> ParseSearchVectors(const rapidjson::Value& body);
std::string RenderSearchVectors(const api::SearchVectorsResult& result);

Result<api::TableNameRequest> ParseTableNameRequest(const rapidjson::Value& body);
Result<api::ListTablesRequest> ParseListTables(const rapidjson::Value& body);

// {"TableNames": [...], "LastEvaluatedTableName": "..."}.
std::string RenderListTables(const api::ListTablesResponse& response);

// ---- The TableDescription of CreateTable, DescribeTable, UpdateTable and DeleteTable ------------

// {"<wrapper>": {...TableDescription...}}, e.g. wrapper "Table" for DescribeTable.
std::string RenderTableDescription(std::string_view wrapper, const TableSchema& schema,
                                   const api::TableCounts& counts,
                                   const api::DescriptionOptions& options);

// ---- Time to Live -------------------------------------------------------------------------------

Result<api::UpdateTimeToLiveRequest> ParseUpdateTimeToLive(const rapidjson::Value& body);
// {"TimeToLiveSpecification": {"Enabled": ..., "AttributeName": ...}}
std::string RenderUpdateTimeToLive(const api::UpdateTimeToLiveRequest& applied);
// {"TimeToLiveDescription": {"TimeToLiveStatus": ..., "AttributeName": ...}}
std::string RenderDescribeTimeToLive(const api::TimeToLiveDescription& description);

// ---- Tags ---------------------------------------------------------------------------------------

api::TagResourceRequest ParseTagResource(const rapidjson::Value& body);
api::UntagResourceRequest ParseUntagResource(const rapidjson::Value& body);
api::ListTagsOfResourceRequest ParseListTagsOfResource(const rapidjson::Value& body);

// {"Tags":[{"Key":..,"Value":..},...]} — "Tags" is always present, [] when there are none
// (dynalite's test/listTagsOfResource.js, recorded against AWS).
std::string RenderListTagsOfResource(const std::vector<std::pair<std::string, std::string>>& tags);

// ---- Backups and restores -----------------------------------------------------------------------

api::ListBackupsRequest ParseListBackups(const rapidjson::Value& body);

std::string RenderCreateBackup(const api::BackupView& b);
// {"BackupDescription": {...}} for DescribeBackup and DeleteBackup.
std::string RenderBackupDescription(const api::BackupView& b);
std::string RenderListBackups(const api::ListBackupsResponse& response);
// {"TableDescription": {..., "RestoreSummary": {...}}} of both restores.
std::string RenderRestoreTable(const api::RestoreTableResponse& response);

api::CreateBackupRequest ParseCreateBackup(const rapidjson::Value& body);
api::BackupArnRequest ParseBackupArn(const rapidjson::Value& body);
api::RestoreTableFromBackupRequest ParseRestoreTableFromBackup(const rapidjson::Value& body);
api::RestoreTableToPointInTimeRequest ParseRestoreTableToPointInTime(const rapidjson::Value& body);
// The *Override members both restores share (tables_codec.cc, beside CreateTable's readers of
// the same shapes).
api::RestoreOverrides ParseRestoreOverrides(const rapidjson::Value& body);

// ---- Continuous backups, Contributor Insights, endpoints and limits -----------------------------

api::UpdateContinuousBackupsRequest ParseUpdateContinuousBackups(const rapidjson::Value& body);

api::ContributorInsightsRequest ParseContributorInsights(const rapidjson::Value& body);

api::ListContributorInsightsRequest ParseListContributorInsights(const rapidjson::Value& body);

std::string RenderContinuousBackups(const api::PitrDescription& pitr);

std::string RenderDescribeContributorInsights(const api::InsightsDescription& d);
std::string RenderUpdateContributorInsights(const api::InsightsDescription& d);
std::string RenderListContributorInsights(const std::vector<api::InsightsDescription>& list,
                                          const std::string& next_token);

std::string RenderDescribeEndpoints(const std::string& address);
std::string RenderDescribeLimits(std::int64_t account_read, std::int64_t account_write,
                                 std::int64_t table_read, std::int64_t table_write);

// ---- PartiQL ------------------------------------------------------------------------------------

Result<api::ExecuteStatementRequest> ParseExecuteStatement(const rapidjson::Value& body);
Result<api::BatchExecuteStatementRequest> ParseBatchExecuteStatement(const rapidjson::Value& body);
Result<api::ExecuteTransactionRequest> ParseExecuteTransaction(const rapidjson::Value& body);

std::string RenderExecuteStatement(const api::ExecuteStatementResponse& response);
std::string RenderBatchExecuteStatement(const api::BatchExecuteStatementResponse& response,
                                        api::ReturnConsumedCapacity return_consumed_capacity);
std::string RenderExecuteTransaction(const api::ExecuteTransactionResponse& response,
                                     api::ReturnConsumedCapacity return_consumed_capacity);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
