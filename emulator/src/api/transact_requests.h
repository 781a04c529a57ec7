// Typed requests and responses of TransactWriteItems and TransactGetItems. The JSON codec in
// transact_requests.cc fills them from a body that ValidateRequest has accepted (1..100
// actions, each action's required members, ClientRequestToken 1..36 characters, enums);
// ops/transact/transact.h executes them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

enum class TransactActionKind { kConditionCheck, kPut, kDelete, kUpdate };

// One element of TransactItems: exactly one of ConditionCheck, Put, Delete or Update.
struct TransactWriteAction {
  TransactActionKind kind = TransactActionKind::kPut;
  std::string table_name;  // a name or a table ARN
  Item item;               // kPut
  Item key;                // the others
  ExpressionParameters expressions;
  bool return_old_on_condition_failure = false;  // ReturnValuesOnConditionCheckFailure=ALL_OLD
  // A problem the service finds while reading this action (an element with no action or more
  // than one, an attribute value it rejects). It is reported in action order, after the
  // expression errors of the actions before it, as the service reports them (a malformed
  // condition on the first action wins over a too-deep item on the second, and vice versa).
  Status invalid;
};

struct TransactWriteItemsRequest {
  std::vector<TransactWriteAction> actions;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  bool return_item_collection_metrics = false;
  std::optional<std::string> client_request_token;
  // A digest of everything in the request but its members' order (SHA-1 of the canonical
  // JSON): "the same request" for ClientRequestToken idempotency. Empty without a token.
  std::string fingerprint;
};

struct TransactWriteItemsResponse {
  std::vector<TableCapacity> consumed_capacity;
  ItemCollectionMetricsPerTable item_collection_metrics;  // ReturnItemCollectionMetrics SIZE
};

// One element of TransactGetItems.TransactItems (its Get).
struct TransactGetAction {
  std::string table_name;
  Item key;
  ExpressionParameters expressions;  // ProjectionExpression and ExpressionAttributeNames
};

struct TransactGetItemsRequest {
  std::vector<TransactGetAction> actions;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

struct TransactGetItemsResponse {
  std::vector<std::optional<Item>> items;  // one per action, in request order
  std::vector<TableCapacity> consumed_capacity;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
