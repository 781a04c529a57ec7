// The JSON stop-gap Client (see json_call_client.h): typed request -> DynamoDB JSON -> call ->
// typed response or ApiError.
#include "hrcore/json_call_client.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "value/json_codec.h"

namespace hrcore {
namespace {

using ddbemu::ApiError;
using ddbemu::Item;
using ddbemu::JsonWriter;
using ddbemu::Result;

class Body {
 public:
  Body() : w_(buffer_) { w_.StartObject(); }
  JsonWriter& w() { return w_; }
  void Str(std::string_view key, std::string_view value) {
    w_.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
    w_.String(value.data(), static_cast<rapidjson::SizeType>(value.size()));
  }
  void Key(std::string_view key) {
    w_.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
  }
  void ItemField(std::string_view key, const Item& item) {
    Key(key);
    ddbemu::WriteItem(item, w_);
  }
  std::string Finish() {
    w_.EndObject();
    return std::string(buffer_.GetString(), buffer_.GetSize());
  }

 private:
  rapidjson::StringBuffer buffer_;
  JsonWriter w_;
};

void Expressions(Body& b, const std::optional<std::string>& condition,
                 const ddbemu::ExpressionAttributeNames& names, const Item& values) {
  if (condition) b.Str("ConditionExpression", *condition);
  if (!names.empty()) {
    b.Key("ExpressionAttributeNames");
    b.w().StartObject();
    for (const auto& [k, v] : names) b.Str(k, v);
    b.w().EndObject();
  }
  if (!values.empty()) b.ItemField("ExpressionAttributeValues", values);
}

void Capacity(Body& b, ddbemu::ReturnConsumedCapacity c) {
  if (c == ddbemu::ReturnConsumedCapacity::kTotal) b.Str("ReturnConsumedCapacity", "TOTAL");
  if (c == ddbemu::ReturnConsumedCapacity::kIndexes) b.Str("ReturnConsumedCapacity", "INDEXES");
}

void OnFailure(Body& b, ddbemu::ReturnValuesOnConditionCheckFailure r) {
  if (r == ddbemu::ReturnValuesOnConditionCheckFailure::kAllOld) {
    b.Str("ReturnValuesOnConditionCheckFailure", "ALL_OLD");
  }
}

std::string_view ReturnValueName(ddbemu::ReturnValue v) {
  switch (v) {
    case ddbemu::ReturnValue::kNone:
      return "NONE";
    case ddbemu::ReturnValue::kAllOld:
      return "ALL_OLD";
    case ddbemu::ReturnValue::kUpdatedOld:
      return "UPDATED_OLD";
    case ddbemu::ReturnValue::kAllNew:
      return "ALL_NEW";
    case ddbemu::ReturnValue::kUpdatedNew:
      return "UPDATED_NEW";
  }
  return "NONE";
}

std::optional<Item> ItemMember(const rapidjson::Value& doc, const char* name) {
  auto it = doc.FindMember(name);
  if (it == doc.MemberEnd() || !it->value.IsObject()) return std::nullopt;
  auto item = ddbemu::ItemFromJson(it->value);
  if (!item.ok()) return std::nullopt;
  return std::move(item).value();
}

ddbemu::ConsumedCapacity ParseCapacity(const rapidjson::Value& v) {
  ddbemu::ConsumedCapacity c;
  if (v.HasMember("TableName")) c.table_name = v["TableName"].GetString();
  if (v.HasMember("CapacityUnits")) c.capacity_units = v["CapacityUnits"].GetDouble();
  if (v.HasMember("ReadCapacityUnits")) c.read_capacity_units = v["ReadCapacityUnits"].GetDouble();
  if (v.HasMember("WriteCapacityUnits"))
    c.write_capacity_units = v["WriteCapacityUnits"].GetDouble();
  return c;
}

std::optional<ddbemu::ConsumedCapacity> CapacityMember(const rapidjson::Value& doc) {
  auto it = doc.FindMember("ConsumedCapacity");
  if (it == doc.MemberEnd()) return std::nullopt;
  if (it->value.IsArray()) {
    if (it->value.Empty()) return std::nullopt;
    return ParseCapacity(it->value[0]);
  }
  return ParseCapacity(it->value);
}

ApiError ParseError(const ddbemu::Response& r, const rapidjson::Document& doc) {
  std::string type = doc.IsObject() && doc.HasMember("__type") ? doc["__type"].GetString() : "";
  std::string name = type.substr(type.find('#') + 1);
  std::string message;
  if (doc.IsObject() && doc.HasMember("message")) message = doc["message"].GetString();
  if (doc.IsObject() && doc.HasMember("Message")) message = doc["Message"].GetString();
  ddbemu::ErrorCode code = ddbemu::ErrorCode::kInternalServerError;
  for (int i = 0; i <= static_cast<int>(ddbemu::ErrorCode::kInternalServerError); ++i) {
    ApiError probe(static_cast<ddbemu::ErrorCode>(i), "");
    if (probe.short_name() == name) code = probe.code();
  }
  ApiError e(code,
             message.empty() && code == ddbemu::ErrorCode::kInternalServerError ? r.body : message);
  if (auto item = ItemMember(doc, "Item")) {
    e.item = std::make_shared<ddbemu::AttributeValue>(ddbemu::AttributeValue::M(*item));
  }
  if (doc.IsObject() && doc.HasMember("CancellationReasons")) {
    for (const auto& reason : doc["CancellationReasons"].GetArray()) {
      ddbemu::CancellationReason cr;
      if (reason.HasMember("Code")) cr.code = reason["Code"].GetString();
      if (reason.HasMember("Message")) cr.message = reason["Message"].GetString();
      if (auto item = ItemMember(reason, "Item")) {
        cr.item = std::make_shared<ddbemu::AttributeValue>(ddbemu::AttributeValue::M(*item));
      }
      e.cancellation_reasons.push_back(std::move(cr));
    }
  }
  return e;
}

class JsonCallClient final : public ddbemu::Client {
 public:
  explicit JsonCallClient(JsonCall call) : call_(std::move(call)) {}

  Result<ddbemu::PutItemResponse> PutItem(const ddbemu::PutItemRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    b.ItemField("Item", r.item);
    Expressions(b, r.condition_expression, r.expression_attribute_names,
                r.expression_attribute_values);
    if (r.return_values != ddbemu::ReturnValue::kNone)
      b.Str("ReturnValues", ReturnValueName(r.return_values));
    Capacity(b, r.return_consumed_capacity);
    OnFailure(b, r.return_values_on_condition_check_failure);
    DDB_ASSIGN_OR_RETURN(auto doc, Send("PutItem", b.Finish()));
    return ddbemu::PutItemResponse{.attributes = ItemMember(doc, "Attributes"),
                                   .consumed_capacity = CapacityMember(doc)};
  }
  Result<ddbemu::GetItemResponse> GetItem(const ddbemu::GetItemRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    b.ItemField("Key", r.key);
    if (r.consistent_read) {
      b.Key("ConsistentRead");
      b.w().Bool(true);
    }
    if (r.projection_expression) b.Str("ProjectionExpression", *r.projection_expression);
    Expressions(b, std::nullopt, r.expression_attribute_names, {});
    Capacity(b, r.return_consumed_capacity);
    DDB_ASSIGN_OR_RETURN(auto doc, Send("GetItem", b.Finish()));
    return ddbemu::GetItemResponse{.item = ItemMember(doc, "Item"),
                                   .consumed_capacity = CapacityMember(doc)};
  }
  Result<ddbemu::UpdateItemResponse> UpdateItem(const ddbemu::UpdateItemRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    b.ItemField("Key", r.key);
    if (r.update_expression) b.Str("UpdateExpression", *r.update_expression);
    Expressions(b, r.condition_expression, r.expression_attribute_names,
                r.expression_attribute_values);
    if (r.return_values != ddbemu::ReturnValue::kNone)
      b.Str("ReturnValues", ReturnValueName(r.return_values));
    Capacity(b, r.return_consumed_capacity);
    OnFailure(b, r.return_values_on_condition_check_failure);
    DDB_ASSIGN_OR_RETURN(auto doc, Send("UpdateItem", b.Finish()));
    return ddbemu::UpdateItemResponse{.attributes = ItemMember(doc, "Attributes"),
                                      .consumed_capacity = CapacityMember(doc)};
  }
  Result<ddbemu::DeleteItemResponse> DeleteItem(const ddbemu::DeleteItemRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    b.ItemField("Key", r.key);
    Expressions(b, r.condition_expression, r.expression_attribute_names,
                r.expression_attribute_values);
    Capacity(b, r.return_consumed_capacity);
    DDB_ASSIGN_OR_RETURN(auto doc, Send("DeleteItem", b.Finish()));
    return ddbemu::DeleteItemResponse{.consumed_capacity = CapacityMember(doc)};
  }
  Result<ddbemu::QueryResponse> Query(const ddbemu::QueryRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    if (r.index_name) b.Str("IndexName", *r.index_name);
    if (r.key_condition_expression) b.Str("KeyConditionExpression", *r.key_condition_expression);
    ReadCommon(b, r.filter_expression, r.projection_expression, r.expression_attribute_names,
               r.expression_attribute_values, r.limit, r.consistent_read, r.exclusive_start_key,
               r.return_consumed_capacity);
    if (!r.scan_index_forward) {
      b.Key("ScanIndexForward");
      b.w().Bool(false);
    }
    DDB_ASSIGN_OR_RETURN(auto doc, Send("Query", b.Finish()));
    return Page(doc);
  }
  Result<ddbemu::ScanResponse> Scan(const ddbemu::ScanRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    if (r.index_name) b.Str("IndexName", *r.index_name);
    ReadCommon(b, r.filter_expression, r.projection_expression, r.expression_attribute_names,
               r.expression_attribute_values, r.limit, r.consistent_read, r.exclusive_start_key,
               r.return_consumed_capacity);
    if (r.segment) {
      b.Key("Segment");
      b.w().Int64(*r.segment);
      b.Key("TotalSegments");
      b.w().Int64(r.total_segments.value_or(1));
    }
    DDB_ASSIGN_OR_RETURN(auto doc, Send("Scan", b.Finish()));
    return Page(doc);
  }
  Result<ddbemu::BatchGetItemResponse> BatchGetItem(const ddbemu::BatchGetItemRequest&) override {
    return Unsupported("BatchGetItem");
  }
  Result<ddbemu::BatchWriteItemResponse> BatchWriteItem(
      const ddbemu::BatchWriteItemRequest&) override {
    return Unsupported("BatchWriteItem");
  }
  Result<ddbemu::TransactWriteItemsResponse> TransactWriteItems(
      const ddbemu::TransactWriteItemsRequest& r) override {
    Body b;
    b.Key("TransactItems");
    b.w().StartArray();
    for (const auto& action : r.transact_items) {
      b.w().StartObject();
      std::visit([&](const auto& a) { WriteAction(b, a); }, action);
      b.w().EndObject();
    }
    b.w().EndArray();
    if (r.client_request_token) b.Str("ClientRequestToken", *r.client_request_token);
    Capacity(b, r.return_consumed_capacity);
    DDB_ASSIGN_OR_RETURN(auto doc, Send("TransactWriteItems", b.Finish()));
    ddbemu::TransactWriteItemsResponse out;
    if (doc.HasMember("ConsumedCapacity")) {
      for (const auto& c : doc["ConsumedCapacity"].GetArray())
        out.consumed_capacity.push_back(ParseCapacity(c));
    }
    return out;
  }
  Result<ddbemu::TransactGetItemsResponse> TransactGetItems(
      const ddbemu::TransactGetItemsRequest&) override {
    return Unsupported("TransactGetItems");
  }
  Result<ddbemu::CreateTableResponse> CreateTable(const ddbemu::CreateTableRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    b.Key("AttributeDefinitions");
    b.w().StartArray();
    for (const auto& d : r.attribute_definitions) {
      b.w().StartObject();
      b.Str("AttributeName", d.attribute_name);
      b.Str("AttributeType", d.attribute_type == ddbemu::ScalarAttributeType::kS   ? "S"
                             : d.attribute_type == ddbemu::ScalarAttributeType::kN ? "N"
                                                                                   : "B");
      b.w().EndObject();
    }
    b.w().EndArray();
    KeySchema(b, r.key_schema);
    if (!r.global_secondary_indexes.empty()) {
      b.Key("GlobalSecondaryIndexes");
      b.w().StartArray();
      for (const auto& g : r.global_secondary_indexes) {
        b.w().StartObject();
        b.Str("IndexName", g.index_name);
        KeySchema(b, g.key_schema);
        b.Key("Projection");
        b.w().StartObject();
        b.Str("ProjectionType", "ALL");
        b.w().EndObject();
        b.w().EndObject();
      }
      b.w().EndArray();
    }
    b.Str("BillingMode", r.billing_mode == ddbemu::BillingMode::kPayPerRequest ? "PAY_PER_REQUEST"
                                                                               : "PROVISIONED");
    DDB_ASSIGN_OR_RETURN(auto doc, Send("CreateTable", b.Finish()));
    return ddbemu::CreateTableResponse{};
  }
  Result<ddbemu::DescribeTableResponse> DescribeTable(
      const ddbemu::DescribeTableRequest&) override {
    return Unsupported("DescribeTable");
  }
  Result<ddbemu::UpdateTableResponse> UpdateTable(const ddbemu::UpdateTableRequest&) override {
    return Unsupported("UpdateTable");
  }
  Result<ddbemu::DeleteTableResponse> DeleteTable(const ddbemu::DeleteTableRequest& r) override {
    Body b;
    b.Str("TableName", r.table_name);
    DDB_ASSIGN_OR_RETURN(auto doc, Send("DeleteTable", b.Finish()));
    return ddbemu::DeleteTableResponse{};
  }
  Result<ddbemu::ListTablesResponse> ListTables(const ddbemu::ListTablesRequest&) override {
    return Unsupported("ListTables");
  }

 private:
  static ApiError Unsupported(std::string_view op) {
    return ApiError::InternalServerError(std::string(op) +
                                         " is not supported by the JSON stop-gap client");
  }
  static void KeySchema(Body& b, const std::vector<ddbemu::KeySchemaElement>& schema) {
    b.Key("KeySchema");
    b.w().StartArray();
    for (const auto& k : schema) {
      b.w().StartObject();
      b.Str("AttributeName", k.attribute_name);
      b.Str("KeyType", k.key_type == ddbemu::KeyType::kHash ? "HASH" : "RANGE");
      b.w().EndObject();
    }
    b.w().EndArray();
  }
  static void ReadCommon(Body& b, const std::optional<std::string>& filter,
                         const std::optional<std::string>& projection,
                         const ddbemu::ExpressionAttributeNames& names, const Item& values,
                         std::optional<std::int64_t> limit, bool consistent,
                         const std::optional<Item>& start, ddbemu::ReturnConsumedCapacity c) {
    if (filter) b.Str("FilterExpression", *filter);
    if (projection) b.Str("ProjectionExpression", *projection);
    Expressions(b, std::nullopt, names, values);
    if (limit) {
      b.Key("Limit");
      b.w().Int64(*limit);
    }
    if (consistent) {
      b.Key("ConsistentRead");
      b.w().Bool(true);
    }
    if (start) b.ItemField("ExclusiveStartKey", *start);
    Capacity(b, c);
  }
  template <class A>
  static void WriteAction(Body& b, const A& a) {
    if constexpr (std::is_same_v<A, ddbemu::ConditionCheck>) {
      b.Key("ConditionCheck");
    } else if constexpr (std::is_same_v<A, ddbemu::Put>) {
      b.Key("Put");
    } else if constexpr (std::is_same_v<A, ddbemu::Delete>) {
      b.Key("Delete");
    } else {
      b.Key("Update");
    }
    b.w().StartObject();
    b.Str("TableName", a.table_name);
    if constexpr (std::is_same_v<A, ddbemu::Put>) {
      b.ItemField("Item", a.item);
    } else {
      b.ItemField("Key", a.key);
    }
    if constexpr (std::is_same_v<A, ddbemu::Update>) b.Str("UpdateExpression", a.update_expression);
    if constexpr (std::is_same_v<A, ddbemu::ConditionCheck>) {
      Expressions(b, a.condition_expression, a.expression_attribute_names,
                  a.expression_attribute_values);
    } else {
      Expressions(b, a.condition_expression, a.expression_attribute_names,
                  a.expression_attribute_values);
    }
    OnFailure(b, a.return_values_on_condition_check_failure);
    b.w().EndObject();
  }
  static ddbemu::QueryResponse Page(const rapidjson::Document& doc) {
    ddbemu::QueryResponse out;
    if (doc.HasMember("Items")) {
      for (const auto& item : doc["Items"].GetArray()) {
        auto parsed = ddbemu::ItemFromJson(item);
        if (parsed.ok()) out.items.push_back(std::move(parsed).value());
      }
    }
    if (doc.HasMember("Count")) out.count = doc["Count"].GetInt64();
    if (doc.HasMember("ScannedCount")) out.scanned_count = doc["ScannedCount"].GetInt64();
    out.last_evaluated_key = ItemMember(doc, "LastEvaluatedKey");
    out.consumed_capacity = CapacityMember(doc);
    return out;
  }
  Result<rapidjson::Document> Send(std::string_view op, const std::string& body) {
    ddbemu::Response r = call_(op, body);
    rapidjson::Document doc;
    doc.Parse(r.body.data(), r.body.size());
    if (r.http_status != 200) return ParseError(r, doc);
    if (doc.HasParseError() || !doc.IsObject()) {
      return ApiError::InternalServerError("unparsable response to " + std::string(op));
    }
    return doc;
  }

  JsonCall call_;
};

}  // namespace

std::unique_ptr<ddbemu::Client> MakeJsonCallClient(JsonCall call) {
  return std::make_unique<JsonCallClient>(std::move(call));
}

std::unique_ptr<ddbemu::Client> MakeDatabaseJsonClient(ddbemu::Database& database) {
  return MakeJsonCallClient(
      [&database](std::string_view op, std::string_view body) { return database.Call(op, body); });
}

}  // namespace hrcore
