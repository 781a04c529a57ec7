// The PartiQL operations to and from JSON; see json_codec.h.
#include "http_client/json_client.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

void WriteStatement(JsonWriter& w, const std::string& statement,
                    const std::vector<AttributeValue>& parameters,
                    ReturnValuesOnConditionCheckFailure on_failure) {
  Member(w, "Statement", statement);
  ParametersMember(w, parameters);
  WriteReturnValuesOnConditionCheckFailure(w, on_failure);
}

}  // namespace

std::string ToJson(const ExecuteStatementRequest& r) {
  JsonOut out;
  out.w.StartObject();
  WriteStatement(out.w, r.statement, r.parameters, r.return_values_on_condition_check_failure);
  if (r.consistent_read) BoolMember(out.w, "ConsistentRead", true);
  Member(out.w, "NextToken", r.next_token);
  WriteReturnConsumedCapacity(out.w, r.return_consumed_capacity);
  Member(out.w, "Limit", r.limit);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, ExecuteStatementResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.items, Items(doc, "Items"));
  DDBEMU_ASSIGN_OR_RETURN(out.next_token, OptString(doc, "NextToken"));
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, OptConsumedCapacity(doc));
  DDBEMU_ASSIGN_OR_RETURN(out.last_evaluated_key, OptItem(doc, "LastEvaluatedKey"));
  return Status::Ok();
}

std::string ToJson(const BatchExecuteStatementRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Key(out.w, "Statements");
  out.w.StartArray();
  for (const BatchStatementRequest& s : r.statements) {
    out.w.StartObject();
    WriteStatement(out.w, s.statement, s.parameters, s.return_values_on_condition_check_failure);
    if (s.consistent_read) BoolMember(out.w, "ConsistentRead", true);
    out.w.EndObject();
  }
  out.w.EndArray();
  WriteReturnConsumedCapacity(out.w, r.return_consumed_capacity);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, BatchExecuteStatementResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(
      out.responses, ObjectList<BatchStatementResponse>(
                         doc, "Responses", [](const Json& e) -> Result<BatchStatementResponse> {
                           BatchStatementResponse r;
                           DDBEMU_ASSIGN_OR_RETURN(const Json* error, OptObject(e, "Error"));
                           if (error != nullptr) {
                             BatchStatementError err;
                             DDBEMU_ASSIGN_OR_RETURN(
                                 auto code, EnumOf<BatchStatementErrorCode>(
                                                *error, "Code", kBatchStatementErrorCodeNames));
                             err.code = code.value_or(BatchStatementErrorCode::kValidationError);
                             DDBEMU_ASSIGN_OR_RETURN(err.message, String(*error, "Message"));
                             DDBEMU_ASSIGN_OR_RETURN(err.item, OptItem(*error, "Item"));
                             r.error = std::move(err);
                           }
                           DDBEMU_ASSIGN_OR_RETURN(r.table_name, OptString(e, "TableName"));
                           DDBEMU_ASSIGN_OR_RETURN(r.item, OptItem(e, "Item"));
                           return r;
                         }));
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, ConsumedCapacityList(doc));
  return Status::Ok();
}

std::string ToJson(const ExecuteTransactionRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Key(out.w, "TransactStatements");
  out.w.StartArray();
  for (const ParameterizedStatement& s : r.transact_statements) {
    out.w.StartObject();
    WriteStatement(out.w, s.statement, s.parameters, s.return_values_on_condition_check_failure);
    out.w.EndObject();
  }
  out.w.EndArray();
  Member(out.w, "ClientRequestToken", r.client_request_token);
  WriteReturnConsumedCapacity(out.w, r.return_consumed_capacity);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, ExecuteTransactionResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  if (const Json* responses = Find(doc, "Responses")) {
    if (!responses->IsArray()) return Malformed("Responses is not a list");
    for (const Json& entry : responses->GetArray()) {
      if (!entry.IsObject()) return Malformed("Responses holds a non-object");
      DDBEMU_ASSIGN_OR_RETURN(std::optional<Item> item, OptItem(entry, "Item"));
      out.responses.push_back(std::move(item));
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, ConsumedCapacityList(doc));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
