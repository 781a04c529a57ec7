// JSON <-> typed structs for ExecuteStatement, BatchExecuteStatement and ExecuteTransaction.
#include "api_json/operation_codecs.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <boost/uuid/detail/sha1.hpp>

#include "api_json/json_read.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

Result<PartiqlStatement> ParseStatementMembers(const rapidjson::Value& object) {
  PartiqlStatement out;
  out.statement = StringOr(object, "Statement", "");
  out.consistent_read = BoolMember(object, "ConsistentRead").value_or(false);
  auto on_failure = StringMember(object, "ReturnValuesOnConditionCheckFailure");
  out.return_old_on_condition_failure = on_failure && *on_failure == "ALL_OLD";
  if (const rapidjson::Value* parameters = Member(object, "Parameters")) {
    out.has_parameters = true;
    if (parameters->IsArray()) {
      for (const rapidjson::Value& p : parameters->GetArray()) {
        DDBEMU_ASSIGN_OR_RETURN(AttributeValue v, AttributeValueFromJson(p));
        out.parameters.push_back(std::move(v));
      }
    }
  }
  return out;
}

Result<std::vector<PartiqlStatement>> ParseStatementList(const rapidjson::Value& body,
                                                         std::string_view member) {
  std::vector<PartiqlStatement> out;
  const rapidjson::Value* list = Member(body, member);
  if (list == nullptr || !list->IsArray()) return out;
  for (const rapidjson::Value& element : list->GetArray()) {
    DDBEMU_ASSIGN_OR_RETURN(PartiqlStatement s, ParseStatementMembers(element));
    out.push_back(std::move(s));
  }
  return out;
}

std::string Sha1(const rapidjson::Value& body) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  body.Accept(w);
  boost::uuids::detail::sha1 sha1;
  sha1.process_bytes(buffer.GetString(), buffer.GetSize());
  unsigned int digest[5];
  sha1.get_digest(digest);
  std::string out;
  for (unsigned int word : digest) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>(word >> shift));
  }
  return out;
}

}  // namespace

Result<ExecuteStatementRequest> ParseExecuteStatement(const rapidjson::Value& body) {
  ExecuteStatementRequest out;
  DDBEMU_ASSIGN_OR_RETURN(out.statement, ParseStatementMembers(body));
  out.next_token = StringMember(body, "NextToken");
  out.limit = IntMember(body, "Limit");
  out.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  return out;
}

Result<BatchExecuteStatementRequest> ParseBatchExecuteStatement(const rapidjson::Value& body) {
  BatchExecuteStatementRequest out;
  DDBEMU_ASSIGN_OR_RETURN(out.statements, ParseStatementList(body, "Statements"));
  out.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  return out;
}

Result<ExecuteTransactionRequest> ParseExecuteTransaction(const rapidjson::Value& body) {
  ExecuteTransactionRequest out;
  DDBEMU_ASSIGN_OR_RETURN(out.statements, ParseStatementList(body, "TransactStatements"));
  out.client_request_token = StringMember(body, "ClientRequestToken");
  out.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  if (out.client_request_token) out.fingerprint = Sha1(body);
  return out;
}

std::string RenderExecuteStatement(const ExecuteStatementResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("Items");
  w.StartArray();
  for (const Item& item : response.items) WriteItem(item, w);
  w.EndArray();
  if (response.next_token) {
    w.Key("NextToken");
    WriteString(*response.next_token, w);
  }
  if (response.consumed_capacity) WriteConsumedCapacity(*response.consumed_capacity, w);
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderBatchExecuteStatement(const BatchExecuteStatementResponse& response,
                                        ReturnConsumedCapacity return_consumed_capacity) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("Responses");
  w.StartArray();
  for (const BatchStatementResponse& r : response.responses) {
    w.StartObject();
    if (r.error_code) {
      w.Key("Error");
      w.StartObject();
      w.Key("Code");
      WriteString(*r.error_code, w);
      w.Key("Message");
      WriteString(r.error_message, w);
      if (r.error_item) {
        w.Key("Item");
        WriteItem(*r.error_item, w);
      }
      w.EndObject();
    }
    if (r.table_name) {
      w.Key("TableName");
      WriteString(*r.table_name, w);
    }
    if (r.item) {
      w.Key("Item");
      WriteItem(*r.item, w);
    }
    w.EndObject();
  }
  w.EndArray();
  WriteConsumedCapacityList(response.consumed_capacity, return_consumed_capacity, CapacityParts{},
                            w);
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderExecuteTransaction(const ExecuteTransactionResponse& response,
                                     ReturnConsumedCapacity return_consumed_capacity) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  if (response.items) {
    w.Key("Responses");
    w.StartArray();
    for (const std::optional<Item>& item : *response.items) {
      w.StartObject();
      if (item) {
        w.Key("Item");
        WriteItem(*item, w);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  WriteConsumedCapacityList(
      response.consumed_capacity, return_consumed_capacity,
      CapacityParts{.read_write_units = true, .read_write_units_in_table = response.is_write}, w);
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
