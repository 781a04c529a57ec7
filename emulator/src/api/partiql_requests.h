// Typed requests and responses of the PartiQL operations: ExecuteStatement,
// BatchExecuteStatement and ExecuteTransaction. The JSON codec in partiql_requests.cc fills
// them from a body that ValidateRequest has accepted (Statement 1..8192 characters, 1..25 batch
// statements, 1..100 transaction statements, Limit >= 1, NextToken 1..32768, enums);
// ops/partiql/ executes them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

// One statement with its `?` values, as every PartiQL operation carries it.
struct PartiqlStatement {
  std::string statement;
  std::vector<AttributeValue> parameters;
  bool has_parameters = false;
  bool consistent_read = false;
  bool return_old_on_condition_failure = false;  // ReturnValuesOnConditionCheckFailure=ALL_OLD
};

struct ExecuteStatementRequest {
  PartiqlStatement statement;
  std::optional<std::string> next_token;
  std::optional<std::int64_t> limit;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

struct ExecuteStatementResponse {
  std::vector<Item> items;
  std::optional<std::string> next_token;
  std::optional<ConsumedCapacity> consumed_capacity;
  // Items the statement's reads evaluated before its WHERE filtered them (a Query's or Scan's
  // ScannedCount); not rendered — the access-pattern audit's "items read".
  std::int64_t items_read = 0;
};

struct BatchExecuteStatementRequest {
  std::vector<PartiqlStatement> statements;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

// One element of BatchExecuteStatement.Responses: the table and item of a read, or an Error
// (Code, Message, and the item under ReturnValuesOnConditionCheckFailure=ALL_OLD).
struct BatchStatementResponse {
  std::optional<std::string> table_name;
  std::optional<Item> item;
  std::optional<std::string> error_code;
  std::string error_message;
  std::optional<Item> error_item;
};

struct BatchExecuteStatementResponse {
  std::vector<BatchStatementResponse> responses;
  std::vector<TableCapacity> consumed_capacity;
};

struct ExecuteTransactionRequest {
  std::vector<PartiqlStatement> statements;
  std::optional<std::string> client_request_token;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  std::string fingerprint;  // as TransactWriteItemsRequest::fingerprint
};

struct ExecuteTransactionResponse {
  // For a read transaction: one entry per statement ({} when the item does not exist).
  std::optional<std::vector<std::optional<Item>>> items;
  std::vector<TableCapacity> consumed_capacity;
  bool is_write = false;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
