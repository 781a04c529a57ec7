// Public requests -> engine requests; see typed_conversions.h. Each conversion first applies the
// checks the JSON path makes while parsing (in the same order: the model's constraints, then
// the attribute values), then fills the engine's request as the JSON codec would.
#include "embedded/typed_conversions.h"

#include <boost/uuid/detail/sha1.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "embedded/model_checks.h"
#include "value/item_codec.h"
#include "value/value_rules.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {
namespace {

// ---- the API model's constraints that a typed request can still break ----------------------

// AWS's newer validation framework, which Query, Scan and BatchGetItem answer with: the member
// named as the API names it, no value echoed (api_json/request_validator.cc words the JSON path's).
Status CheckMinimumFramework(const std::optional<std::int64_t>& value, std::string_view member,
                             std::int64_t min) {
  if (!value || *value >= min) return Status::Ok();
  return ApiError::Validation("1 validation error detected: Value at '" + std::string(member) +
                              "' failed to satisfy constraint: Member must have value greater "
                              "than or equal to " +
                              std::to_string(min));
}

Status CheckMinimum(const std::optional<std::int64_t>& value, std::string_view path,
                    std::int64_t min) {
  if (!value || *value >= min) return Status::Ok();
  return Constraint(std::to_string(*value), path,
                    "Member must have value greater than or equal to " + std::to_string(min));
}

// ---- enums -----------------------------------------------------------------------------------

api::ReturnValues ToEngine(ReturnValue v) {
  switch (v) {
    case ReturnValue::kNone:
      return api::ReturnValues::kNone;
    case ReturnValue::kAllOld:
      return api::ReturnValues::kAllOld;
    case ReturnValue::kUpdatedOld:
      return api::ReturnValues::kUpdatedOld;
    case ReturnValue::kAllNew:
      return api::ReturnValues::kAllNew;
    case ReturnValue::kUpdatedNew:
      return api::ReturnValues::kUpdatedNew;
  }
  return api::ReturnValues::kNone;
}

}  // namespace

api::ReturnConsumedCapacity ToEngine(ReturnConsumedCapacity v) {
  switch (v) {
    case ReturnConsumedCapacity::kNone:
      return api::ReturnConsumedCapacity::kNone;
    case ReturnConsumedCapacity::kTotal:
      return api::ReturnConsumedCapacity::kTotal;
    case ReturnConsumedCapacity::kIndexes:
      return api::ReturnConsumedCapacity::kIndexes;
  }
  return api::ReturnConsumedCapacity::kNone;
}

namespace {

std::optional<std::string> ToEngine(const std::optional<ConditionalOperator>& op) {
  if (!op) return std::nullopt;
  return std::string(*op == ConditionalOperator::kOr ? "OR" : "AND");
}

// ---- expressions and legacy parameters --------------------------------------------------------

// A request's ExpressionAttributeNames and Values into `out` (any engine request or
// ExpressionParameters: has_names, names, has_values, values), the values normalised.
template <class Out>
Status MoveNamesAndValues(const ExpressionAttributeNames& names, ExpressionAttributeValues& values,
                          Out& out) {
  out.has_names = !names.empty();
  out.names.insert(names.begin(), names.end());
  out.has_values = !values.empty();
  DDBEMU_RETURN_IF_ERROR(NormalizeExpressionValues(values));
  out.values = std::move(values);
  return Status::Ok();
}

Result<api::ExpressionParameters> Expressions(std::optional<std::string> condition,
                                              std::optional<std::string> projection,
                                              std::optional<std::string> update,
                                              const ExpressionAttributeNames& names,
                                              ExpressionAttributeValues values) {
  api::ExpressionParameters out;
  out.condition_expression = std::move(condition);
  out.projection_expression = std::move(projection);
  out.update_expression = std::move(update);
  DDBEMU_RETURN_IF_ERROR(MoveNamesAndValues(names, values, out));
  return out;
}

Result<std::vector<expr::ExpectedEntry>> ToEngine(ExpectedAttributes expected) {
  std::vector<expr::ExpectedEntry> entries;
  for (auto& [name, e] : expected) {
    if (e.value) DDBEMU_RETURN_IF_ERROR(NormalizeAttributeValue(*e.value));
    if (e.attribute_value_list) {
      for (AttributeValue& v : *e.attribute_value_list)
        DDBEMU_RETURN_IF_ERROR(NormalizeAttributeValue(v));
    }
    std::optional<expr::ComparisonOperator> op;
    if (e.comparison_operator) op = *e.comparison_operator;
    entries.push_back({name, std::move(e.value), e.exists, op, std::move(e.attribute_value_list)});
  }
  return entries;
}

Result<std::vector<expr::FilterEntry>> ToEngine(ConditionMap conditions) {
  std::vector<expr::FilterEntry> entries;
  for (auto& [name, c] : conditions) {
    for (AttributeValue& v : c.attribute_value_list)
      DDBEMU_RETURN_IF_ERROR(NormalizeAttributeValue(v));
    entries.push_back({name, c.comparison_operator, std::move(c.attribute_value_list)});
  }
  return entries;
}

Result<std::vector<expr::AttributeUpdateEntry>> ToEngine(AttributeUpdates updates) {
  std::vector<expr::AttributeUpdateEntry> entries;
  for (auto& [name, u] : updates) {
    if (u.value) DDBEMU_RETURN_IF_ERROR(NormalizeAttributeValue(*u.value, 1));
    expr::AttributeUpdateEntry entry;
    entry.attribute = name;
    entry.action = u.action == AttributeAction::kAdd ? expr::AttributeUpdateEntry::Action::kAdd
                   : u.action == AttributeAction::kDelete
                       ? expr::AttributeUpdateEntry::Action::kDelete
                       : expr::AttributeUpdateEntry::Action::kPut;
    entry.value = std::move(u.value);
    entries.push_back(std::move(entry));
  }
  return entries;
}

// The common part of PutItem, UpdateItem and DeleteItem.
template <class Engine, class Public>
Status FillWrite(Public& in, Engine* out) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  out->table_name = std::move(in.table_name);
  out->return_values = ToEngine(in.return_values);
  out->return_old_on_condition_failure =
      in.return_values_on_condition_check_failure == ReturnValuesOnConditionCheckFailure::kAllOld;
  out->return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  out->return_item_collection_metrics =
      in.return_item_collection_metrics == ReturnItemCollectionMetrics::kSize;
  if (in.expected) out->legacy.expected = ToEngine(std::move(*in.expected));
  out->legacy.conditional_operator = ToEngine(in.conditional_operator);
  return Status::Ok();
}

}  // namespace

Result<api::PutItemRequest> ToEngine(PutItemRequest in) {
  api::PutItemRequest out;
  DDBEMU_RETURN_IF_ERROR(FillWrite(in, &out));
  DDBEMU_ASSIGN_OR_RETURN(
      out.expressions,
      Expressions(std::move(in.condition_expression), std::nullopt, std::nullopt,
                  in.expression_attribute_names, std::move(in.expression_attribute_values)));
  DDBEMU_RETURN_IF_ERROR(NormalizeItem(in.item));
  out.item = std::move(in.item);
  return out;
}

namespace {

// Whether NormalizeItem would leave `key` as it is: true when every value is a string or a
// binary (only numbers, sets and nesting change or fail), the shape of nearly every key.
bool NormalAsIs(const Item& key) {
  for (const auto& [name, value] : key) {
    if (!value.is(AttributeType::kS) && !value.is(AttributeType::kB)) return false;
  }
  return true;
}

}  // namespace

// Each member is copied once, straight into the caller's engine request: no copy of the whole
// public request first, no request moved out of a Result. The key is lent when it may be
// (`lend_key`) and needs no normalizing; otherwise normalized in its copy.
Status ToEngine(const GetItemRequest& in, api::GetItemRequest* engine_request, bool lend_key) {
  api::GetItemRequest& out = *engine_request;
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  out.table_name = in.table_name;
  out.consistent_read = in.consistent_read;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  out.legacy.attributes_to_get = in.attributes_to_get;
  out.expressions.projection_expression = in.projection_expression;
  out.expressions.has_names = !in.expression_attribute_names.empty();
  out.expressions.names.insert(in.expression_attribute_names.begin(),
                               in.expression_attribute_names.end());
  if (lend_key && NormalAsIs(in.key)) {
    out.borrowed_key = &in.key;
    return Status::Ok();
  }
  out.key = in.key;
  return NormalizeItem(out.key);
}

Result<api::UpdateItemRequest> ToEngine(UpdateItemRequest in) {
  api::UpdateItemRequest out;
  DDBEMU_RETURN_IF_ERROR(FillWrite(in, &out));
  if (in.attribute_updates)
    out.legacy.attribute_updates = ToEngine(std::move(*in.attribute_updates));
  DDBEMU_ASSIGN_OR_RETURN(
      out.expressions,
      Expressions(std::move(in.condition_expression), std::nullopt, std::move(in.update_expression),
                  in.expression_attribute_names, std::move(in.expression_attribute_values)));
  DDBEMU_RETURN_IF_ERROR(NormalizeItem(in.key));
  out.key = std::move(in.key);
  return out;
}

Result<api::DeleteItemRequest> ToEngine(DeleteItemRequest in) {
  api::DeleteItemRequest out;
  DDBEMU_RETURN_IF_ERROR(FillWrite(in, &out));
  DDBEMU_ASSIGN_OR_RETURN(
      out.expressions,
      Expressions(std::move(in.condition_expression), std::nullopt, std::nullopt,
                  in.expression_attribute_names, std::move(in.expression_attribute_values)));
  DDBEMU_RETURN_IF_ERROR(NormalizeItem(in.key));
  out.key = std::move(in.key);
  return out;
}

namespace {

api::Select ToEngine(Select s) {
  switch (s) {
    case Select::kAllAttributes:
      return api::Select::kAllAttributes;
    case Select::kAllProjectedAttributes:
      return api::Select::kAllProjectedAttributes;
    case Select::kSpecificAttributes:
      return api::Select::kSpecificAttributes;
    case Select::kCount:
      return api::Select::kCount;
  }
  return api::Select::kAllAttributes;
}

// What Query and Scan share.
template <class Public>
Result<api::ReadParameters> ReadParameters(Public& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  DDBEMU_RETURN_IF_ERROR(CheckIndexName(in.index_name));
  DDBEMU_RETURN_IF_ERROR(CheckMinimumFramework(in.limit, "Limit", 1));
  api::ReadParameters out;
  out.table_name = std::move(in.table_name);
  out.index_name = std::move(in.index_name);
  if (in.select) out.select = ToEngine(*in.select);
  out.limit = in.limit;
  out.consistent_read = in.consistent_read;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  out.filter_expression = std::move(in.filter_expression);
  out.projection_expression = std::move(in.projection_expression);
  DDBEMU_RETURN_IF_ERROR(
      MoveNamesAndValues(in.expression_attribute_names, in.expression_attribute_values, out));
  out.attributes_to_get = std::move(in.attributes_to_get);
  out.conditional_operator = ToEngine(in.conditional_operator);
  if (in.exclusive_start_key) {
    DDBEMU_RETURN_IF_ERROR(NormalizeItem(*in.exclusive_start_key));
    out.exclusive_start_key = std::move(in.exclusive_start_key);
  }
  return out;
}

}  // namespace

Result<api::QueryRequest> ToEngine(QueryRequest in) {
  api::QueryRequest out;
  DDBEMU_ASSIGN_OR_RETURN(out.read, ReadParameters(in));
  if (in.query_filter) {
    DDBEMU_ASSIGN_OR_RETURN(out.read.filter, ToEngine(std::move(*in.query_filter)));
  }
  out.scan_index_forward = in.scan_index_forward;
  out.key_condition_expression = std::move(in.key_condition_expression);
  if (in.key_conditions) {
    DDBEMU_ASSIGN_OR_RETURN(out.key_conditions, ToEngine(std::move(*in.key_conditions)));
  }
  return out;
}

Result<api::ScanRequest> ToEngine(ScanRequest in) {
  DDBEMU_RETURN_IF_ERROR(CheckMinimumFramework(in.segment, "Segment", 0));
  DDBEMU_RETURN_IF_ERROR(CheckMinimum(in.total_segments, "totalSegments", 1));
  api::ScanRequest out;
  DDBEMU_ASSIGN_OR_RETURN(out.read, ReadParameters(in));
  if (in.scan_filter) {
    DDBEMU_ASSIGN_OR_RETURN(out.read.filter, ToEngine(std::move(*in.scan_filter)));
  }
  out.segment = in.segment;
  out.total_segments = in.total_segments;
  return out;
}

// SearchVectors: the model's ranges (TopK at least 1, 1..4096 search-vector values); a value that
// is not a valid number is the search's own refusal (ops/vectors/search_vectors.cc).
Result<api::SearchVectorsRequest> ToEngine(SearchVectorsRequest in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  DDBEMU_RETURN_IF_ERROR(CheckIndexName(in.index_name));
  DDBEMU_RETURN_IF_ERROR(CheckRange(in.top_k, "topK", 1, INT32_MAX));
  if (in.search_vector.empty() || in.search_vector.size() > 4096) {
    return ApiError::Validation(
        std::string("1 validation error detected: Value at 'searchVector' failed to satisfy "
                    "constraint: Member must have length ") +
        (in.search_vector.empty() ? "greater than or equal to 1" : "less than or equal to 4096"));
  }
  api::SearchVectorsRequest out;
  out.table_name = std::move(in.table_name);
  out.index_name = std::move(in.index_name);
  out.search_vector = std::move(in.search_vector);
  out.top_k = in.top_k;
  out.search_condition_expression = std::move(in.search_condition_expression);
  out.projection_expression = std::move(in.projection_expression);
  DDBEMU_RETURN_IF_ERROR(
      MoveNamesAndValues(in.expression_attribute_names, in.expression_attribute_values, out));
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  return out;
}

Result<api::BatchGetItemRequest> ToEngine(BatchGetItemRequest in) {
  if (in.request_items.empty()) {
    return ApiError::Validation(
        "1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
  }
  api::BatchGetItemRequest out;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  for (auto& [table, entry] : in.request_items) {
    DDBEMU_RETURN_IF_ERROR(CheckTableName(table, "requestItems"));
    api::KeysAndAttributes e;
    e.table = table;
    e.consistent_read = entry.consistent_read;
    e.attributes_to_get = entry.attributes_to_get;
    e.legacy.attributes_to_get = std::move(entry.attributes_to_get);
    e.expressions.projection_expression = std::move(entry.projection_expression);
    e.expressions.has_names = !entry.expression_attribute_names.empty();
    e.expressions.names.insert(entry.expression_attribute_names.begin(),
                               entry.expression_attribute_names.end());
    for (Item& key : entry.keys) {
      DDBEMU_RETURN_IF_ERROR(NormalizeItem(key));
      e.keys.push_back(std::move(key));
    }
    out.tables.push_back(std::move(e));
  }
  return out;
}

Result<api::BatchWriteItemRequest> ToEngine(BatchWriteItemRequest in) {
  if (in.request_items.empty()) {
    return ApiError::Validation("The requestItems parameter is required for BatchWriteItem");
  }
  api::BatchWriteItemRequest out;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  out.return_item_collection_metrics =
      in.return_item_collection_metrics == ReturnItemCollectionMetrics::kSize;
  for (auto& [table, requests] : in.request_items) {
    DDBEMU_RETURN_IF_ERROR(CheckTableName(table, "requestItems"));
    api::TableWriteRequests t;
    t.table = table;
    for (WriteRequest& request : requests) {
      api::WriteRequest w;
      if (auto* put = std::get_if<PutRequest>(&request)) {
        w.kind = api::WriteRequest::Kind::kPut;
        w.item = std::move(put->item);
      } else {
        w.kind = api::WriteRequest::Kind::kDelete;
        w.item = std::move(std::get<DeleteRequest>(request).key);
      }
      DDBEMU_RETURN_IF_ERROR(NormalizeItem(w.item));
      t.requests.push_back(std::move(w));
    }
    out.tables.push_back(std::move(t));
  }
  return out;
}

namespace {

// "The same request" for ClientRequestToken idempotency: a digest of what the actions do. The
// JSON path digests the canonical body; a typed caller retries with the typed request, so the
// digest is over the typed form (the engine's request, attribute values in item-codec bytes).
class Digest {
 public:
  void Add(std::string_view text) {
    std::uint64_t n = text.size();
    sha1_.process_bytes(&n, sizeof n);
    sha1_.process_bytes(text.data(), text.size());
  }
  void Add(const Item& item) {
    std::string bytes;
    itemcodec::EncodeItem(item, &bytes);
    Add(bytes);
  }
  std::string Finish() {
    unsigned int digest[5];
    sha1_.get_digest(digest);
    return std::string(reinterpret_cast<const char*>(digest), sizeof digest);
  }

 private:
  boost::uuids::detail::sha1 sha1_;
};

std::string Fingerprint(const api::TransactWriteItemsRequest& request) {
  Digest d;
  d.Add(std::to_string(static_cast<int>(request.return_consumed_capacity)) +
        (request.return_item_collection_metrics ? "S" : "N"));
  for (const api::TransactWriteAction& a : request.actions) {
    d.Add(std::to_string(static_cast<int>(a.kind)) +
          (a.return_old_on_condition_failure ? "O" : ""));
    d.Add(a.table_name);
    d.Add(a.item);
    d.Add(a.key);
    const api::ExpressionParameters& e = a.expressions;
    d.Add(e.condition_expression.value_or("\x01"));
    d.Add(e.update_expression.value_or("\x01"));
    for (const auto& [k, v] : e.names) d.Add(k + '\0' + v);
    d.Add(e.values);
  }
  return d.Finish();
}

template <class Action>
Result<api::TransactWriteAction> WriteAction(api::TransactActionKind kind, Action& in) {
  api::TransactWriteAction out;
  out.kind = kind;
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  out.table_name = std::move(in.table_name);
  out.return_old_on_condition_failure =
      in.return_values_on_condition_check_failure == ReturnValuesOnConditionCheckFailure::kAllOld;
  std::optional<std::string> condition = std::move(in.condition_expression);
  std::optional<std::string> update;
  if constexpr (std::is_same_v<Action, Update>) update = std::move(in.update_expression);
  // A value the service refuses is reported in action order (api::TransactWriteAction::invalid).
  Result<api::ExpressionParameters> expressions =
      Expressions(std::move(condition), std::nullopt, std::move(update),
                  in.expression_attribute_names, std::move(in.expression_attribute_values));
  if (!expressions.ok()) {
    out.invalid = expressions.error();
    return out;
  }
  out.expressions = std::move(expressions).value();
  if constexpr (std::is_same_v<Action, Put>) {
    out.invalid = NormalizeItem(in.item);
    out.item = std::move(in.item);
  } else {
    out.invalid = NormalizeItem(in.key);
    out.key = std::move(in.key);
  }
  return out;
}

}  // namespace

Result<api::TransactWriteItemsRequest> ToEngine(TransactWriteItemsRequest in) {
  // The API model's limits on ClientRequestToken (1..36 characters).
  if (in.client_request_token && in.client_request_token->empty()) {
    return Constraint("", "clientRequestToken",
                      "Member must have length greater than or equal to 1");
  }
  if (in.client_request_token && in.client_request_token->size() > 36) {
    return Constraint(*in.client_request_token, "clientRequestToken",
                      "Member must have length less than or equal to 36");
  }
  if (in.transact_items.empty())
    return Constraint("[]", "transactItems", "Member must have length greater than or equal to 1");
  api::TransactWriteItemsRequest out;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  out.return_item_collection_metrics =
      in.return_item_collection_metrics == ReturnItemCollectionMetrics::kSize;
  out.client_request_token = std::move(in.client_request_token);
  for (TransactWriteItem& item : in.transact_items) {
    Result<api::TransactWriteAction> action = std::visit(
        [](auto& a) -> Result<api::TransactWriteAction> {
          using A = std::decay_t<decltype(a)>;
          if constexpr (std::is_same_v<A, ConditionCheck>)
            return WriteAction(api::TransactActionKind::kConditionCheck, a);
          else if constexpr (std::is_same_v<A, Put>)
            return WriteAction(api::TransactActionKind::kPut, a);
          else if constexpr (std::is_same_v<A, Delete>)
            return WriteAction(api::TransactActionKind::kDelete, a);
          else
            return WriteAction(api::TransactActionKind::kUpdate, a);
        },
        item);
    if (!action.ok()) return std::move(action).error();
    out.actions.push_back(std::move(action).value());
  }
  if (out.client_request_token) out.fingerprint = Fingerprint(out);
  return out;
}

Result<api::TransactGetItemsRequest> ToEngine(TransactGetItemsRequest in) {
  if (in.transact_items.empty())
    return Constraint("[]", "transactItems", "Member must have length greater than or equal to 1");
  api::TransactGetItemsRequest out;
  out.return_consumed_capacity = embedded::ToEngine(in.return_consumed_capacity);
  for (Get& get : in.transact_items) {
    DDBEMU_RETURN_IF_ERROR(CheckTableName(get.table_name));
    api::TransactGetAction a;
    a.table_name = std::move(get.table_name);
    a.expressions.projection_expression = std::move(get.projection_expression);
    a.expressions.has_names = !get.expression_attribute_names.empty();
    a.expressions.names.insert(get.expression_attribute_names.begin(),
                               get.expression_attribute_names.end());
    DDBEMU_RETURN_IF_ERROR(NormalizeItem(get.key));
    a.key = std::move(get.key);
    out.actions.push_back(std::move(a));
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
