// PartiQL: ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, shaped as the API
// reference's requests and responses.
//
//   auto page = client->ExecuteStatement({
//       .statement = R"(SELECT * FROM "Music" WHERE Artist = ?)",
//       .parameters = {ddbemu::AttributeValue::S("Acme Band")}});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct ExecuteStatementRequest {
  std::string statement;
  std::vector<AttributeValue> parameters;  // the statement's `?`, in order; empty: none
  bool consistent_read = false;
  std::optional<std::string> next_token;  // from the previous page
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  std::optional<std::int64_t> limit;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
};
struct ExecuteStatementResponse {
  std::vector<Item> items;
  std::optional<std::string> next_token;  // present when more pages follow
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<Item> last_evaluated_key;
};

// ---- BatchExecuteStatement: up to 25 statements, each succeeding or failing on its own --------

struct BatchStatementRequest {
  std::string statement;
  std::vector<AttributeValue> parameters;
  bool consistent_read = false;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
};

enum class BatchStatementErrorCode : std::uint8_t {
  kConditionalCheckFailed,
  kItemCollectionSizeLimitExceeded,
  kRequestLimitExceeded,
  kValidationError,
  kProvisionedThroughputExceeded,
  kTransactionConflict,
  kThrottlingError,
  kInternalServerError,
  kResourceNotFound,
  kAccessDenied,
  kDuplicateItem,
};

// BatchStatementErrorCode's names on the wire, in the enum's order.
inline constexpr std::string_view kBatchStatementErrorCodeNames[] = {
    "ConditionalCheckFailed",
    "ItemCollectionSizeLimitExceeded",
    "RequestLimitExceeded",
    "ValidationError",
    "ProvisionedThroughputExceeded",
    "TransactionConflict",
    "ThrottlingError",
    "InternalServerError",
    "ResourceNotFound",
    "AccessDenied",
    "DuplicateItem"};

struct BatchStatementError {
  BatchStatementErrorCode code = BatchStatementErrorCode::kValidationError;
  std::string message;
  std::optional<Item> item;  // ReturnValuesOnConditionCheckFailure ALL_OLD
};

struct BatchStatementResponse {
  std::optional<BatchStatementError> error;  // set when this statement failed
  std::optional<std::string> table_name;
  std::optional<Item> item;  // a SELECT's item, when there is one
};

struct BatchExecuteStatementRequest {
  std::vector<BatchStatementRequest> statements;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};
struct BatchExecuteStatementResponse {
  std::vector<BatchStatementResponse> responses;  // one per statement, in order
  std::vector<ConsumedCapacity> consumed_capacity;
};

// ---- ExecuteTransaction: up to 100 statements, all or nothing ---------------------------------

struct ParameterizedStatement {
  std::string statement;
  std::vector<AttributeValue> parameters;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
};

struct ExecuteTransactionRequest {
  std::vector<ParameterizedStatement> transact_statements;
  std::optional<std::string> client_request_token;  // idempotency, as TransactWriteItems'
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};
struct ExecuteTransactionResponse {
  // A read transaction: one entry per statement, nullopt where no item matched. A write
  // transaction: empty.
  std::vector<std::optional<Item>> responses;
  std::vector<ConsumedCapacity> consumed_capacity;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
