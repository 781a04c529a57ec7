#include "mcp/mcp_tools.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cctype>
#include <cmath>
#include <functional>
#include <vector>

#include "capacity/capacity_units.h"

namespace ddblocal {
namespace {

using rapidjson::Value;
namespace capacity = ddbemu::capacity;

// One argument: its name (the API member's), JSON Schema type, description, and whether it
// must be present.
struct Param {
  const char* name;
  const char* type;  // "string", "object", "array", "integer", "number", "boolean"
  const char* description;
  bool required = false;
};

// What a tool does to the database: kWrites are refused under --read-only; kOther is neither
// (execute_partiql: its statements decide; create_snapshot: adds a snapshot, changes no table).
enum class Effect { kReads, kWrites, kOther };

struct Tool;
using Runner = std::function<ToolResult(const Tool&, const Value& args, McpBackend&)>;

struct Tool {
  const char* name;
  const char* description;
  const char* operation;  // the DynamoDB operation it calls as is; nullptr: `run` does the work
  Effect effect;
  std::vector<Param> params;
  Runner run;
};

ToolResult Failure(std::string_view type, std::string_view message) {
  return ToolResult{true,
                    "{\"ErrorType\":" + Quoted(type) + ",\"Message\":" + Quoted(message) + "}"};
}

ToolResult Invalid(std::string_view message) { return Failure("ValidationException", message); }

bool HasType(const Value& v, std::string_view type) {
  if (type == "string") return v.IsString();
  if (type == "object") return v.IsObject();
  if (type == "array") return v.IsArray();
  if (type == "integer") return v.IsInt64();
  if (type == "number") return v.IsNumber();
  if (type == "boolean") return v.IsBool();
  return false;
}

// Checks `args` against the tool's parameters: the MCP client may not have validated them.
std::optional<ToolResult> CheckArguments(const Tool& tool, const Value& args) {
  const std::string name = tool.name;
  for (auto it = args.MemberBegin(); it != args.MemberEnd(); ++it) {
    const std::string_view member(it->name.GetString(), it->name.GetStringLength());
    const Param* param = nullptr;
    for (const Param& p : tool.params) {
      if (member == p.name) param = &p;
    }
    if (param == nullptr) return Invalid(name + ": unknown argument " + std::string(member));
    if (!HasType(it->value, param->type)) {
      return Invalid(name + ": " + param->name + " must be of type " + param->type);
    }
  }
  for (const Param& p : tool.params) {
    if (p.required && !args.HasMember(p.name)) {
      return Invalid(name + ": " + p.name + " is required");
    }
  }
  return std::nullopt;
}

std::string_view StringArg(const Value& args, const char* name) {
  auto it = args.FindMember(name);
  if (it == args.MemberEnd() || !it->value.IsString()) return {};
  return {it->value.GetString(), it->value.GetStringLength()};
}

double NumberArg(const Value& args, const char* name, double fallback) {
  auto it = args.FindMember(name);
  return it == args.MemberEnd() || !it->value.IsNumber() ? fallback : it->value.GetDouble();
}

bool BoolArg(const Value& args, const char* name) {
  auto it = args.FindMember(name);
  return it != args.MemberEnd() && it->value.IsBool() && it->value.GetBool();
}

ToolResult CallOperation(const Tool& tool, const Value& args, McpBackend& backend) {
  return ToolResultOf(backend.Call(tool.operation, Serialize(args)));
}

// CreateTable with on-demand billing unless the arguments choose: what an agent sketching a
// table means, and the one mode that needs no throughput numbers.
ToolResult CreateTable(const Tool&, const Value& args, McpBackend& backend) {
  rapidjson::Document body;
  body.CopyFrom(args, body.GetAllocator());
  if (!body.HasMember("BillingMode") && !body.HasMember("ProvisionedThroughput")) {
    body.AddMember("BillingMode", "PAY_PER_REQUEST", body.GetAllocator());
  }
  return ToolResultOf(backend.Call("CreateTable", Serialize(body)));
}

// Whether a PartiQL statement only reads: SELECT (EXISTS appears only inside transactions'
// condition checks, which read too). Anything else is INSERT, UPDATE or DELETE.
bool PartiqlReads(std::string_view statement) {
  std::size_t i = 0;
  while (i < statement.size() && std::isspace(static_cast<unsigned char>(statement[i]))) ++i;
  std::string word;
  while (i < statement.size() && std::isalpha(static_cast<unsigned char>(statement[i]))) {
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(statement[i++])));
  }
  return word == "SELECT" || word == "EXISTS";
}

ToolResult ExecutePartiql(const Tool&, const Value& args, McpBackend& backend, bool read_only) {
  const bool one = args.HasMember("Statement");
  const bool many = args.HasMember("TransactStatements");
  if (one == many) {
    return Invalid("execute_partiql: give either Statement or TransactStatements");
  }
  if (one) {
    if (args.HasMember("ClientRequestToken")) {
      return Invalid("execute_partiql: ClientRequestToken goes with TransactStatements");
    }
    if (read_only && !PartiqlReads(StringArg(args, "Statement"))) {
      return Failure("AccessDeniedException",
                     "ddb-local mcp runs --read-only: only SELECT statements are allowed");
    }
    return ToolResultOf(backend.Call("ExecuteStatement", Serialize(args)));
  }
  rapidjson::Document body(rapidjson::kObjectType);
  auto& allocator = body.GetAllocator();
  Value statements;
  statements.CopyFrom(args["TransactStatements"], allocator);
  for (const Value& statement : statements.GetArray()) {
    const bool well_formed = statement.IsObject() && statement.HasMember("Statement") &&
                             statement["Statement"].IsString();
    if (!well_formed) {
      return Invalid("execute_partiql: each of TransactStatements is {\"Statement\": ...}");
    }
    if (read_only && !PartiqlReads(statement["Statement"].GetString())) {
      return Failure("AccessDeniedException",
                     "ddb-local mcp runs --read-only: only SELECT statements are allowed");
    }
  }
  body.AddMember("TransactStatements", statements, allocator);
  if (auto token = args.FindMember("ClientRequestToken"); token != args.MemberEnd()) {
    body.AddMember("ClientRequestToken", Value(token->value, allocator), allocator);
  }
  return ToolResultOf(backend.Call("ExecuteTransaction", Serialize(body)));
}

// An admin endpoint whose only parameter is the tool's `param` argument (sent as `query`).
Runner AdminCall(const char* method, const char* path, const char* param = nullptr,
                 const char* query = nullptr) {
  return [=](const Tool&, const Value& args, McpBackend& backend) {
    std::string target = path;
    if (param != nullptr)
      target += std::string("?") + query + "=" + QueryEncode(StringArg(args, param));
    return ToolResultOf(backend.Admin(method, target));
  };
}

ToolResult CapacityReport(const Tool&, const Value& args, McpBackend& backend) {
  std::string target = "/_ddblocal/capacity?table=" + QueryEncode(StringArg(args, "TableName"));
  if (args.HasMember("Top")) target += "&top=" + std::to_string(args["Top"].GetInt64());
  return ToolResultOf(backend.Admin("GET", target));
}

ToolResult Audit(const Tool&, const Value&, McpBackend& backend) {
  return ToolResultOf(backend.Admin("GET", "/_ddblocal/audit"));
}

// The cost of a request pattern by the capacity model's own rules (capacity/capacity_units.h,
// docs/capacity.md §1): the same functions that charge real requests price the estimate, so
// the two cannot disagree. Prices are on-demand request units (us-east-1 list prices by
// default, as `hrctl cost` takes them).
ToolResult EstimateCost(const Tool&, const Value& args, McpBackend&) {
  const std::string operation(StringArg(args, "Operation"));
  const double size_arg = NumberArg(args, "ItemSizeBytes", 0);
  const double old_arg = NumberArg(args, "OldItemSizeBytes", 0);
  const double items_arg = NumberArg(args, "ItemsPerCall", 1);
  const double index_arg = NumberArg(args, "IndexWrites", 0);
  const double calls_per_second = NumberArg(args, "CallsPerSecond", 1);
  if (size_arg < 0 || size_arg > 400 * 1024 || old_arg < 0 || old_arg > 400 * 1024) {
    return Invalid("estimate_cost: item sizes must be 0 to 409600 bytes");
  }
  if (items_arg < 1 || items_arg > 1e6 || index_arg < 0 || index_arg > 25 || calls_per_second < 0) {
    return Invalid(
        "estimate_cost: ItemsPerCall must be 1 to 10^6, IndexWrites 0 to 25, CallsPerSecond "
        "at least 0");
  }
  const auto size = static_cast<std::size_t>(size_arg);
  const auto old_size = static_cast<std::size_t>(old_arg);
  const auto items = static_cast<std::int64_t>(items_arg);
  const auto indexes = static_cast<std::int64_t>(index_arg);
  const bool consistent = BoolArg(args, "ConsistentRead");
  capacity::HalfUnits read = 0, write = 0;
  const capacity::HalfUnits index_put = capacity::IndexEntryWriteCost(false, true, old_size, size);
  const capacity::HalfUnits index_delete = capacity::IndexEntryWriteCost(true, false, size, 0);
  if (operation == "GetItem") {
    read = capacity::ReadCost(size, consistent);
  } else if (operation == "BatchGetItem") {
    read = items * capacity::ReadCost(size, consistent);
  } else if (operation == "Query" || operation == "Scan") {
    read = capacity::ReadCost(static_cast<std::size_t>(items) * size, consistent);  // summed once
  } else if (operation == "TransactGetItems") {
    read = items * capacity::TransactionalReadCost(size);
  } else if (operation == "PutItem" || operation == "UpdateItem") {
    write = capacity::WriteCost(old_size, size) + indexes * index_put;
  } else if (operation == "DeleteItem") {
    write = capacity::WriteCost(size, 0) + indexes * index_delete;
  } else if (operation == "BatchWriteItem") {
    write = items * (capacity::WriteCost(old_size, size) + indexes * index_put);
  } else if (operation == "TransactWriteItems") {
    write = items * (capacity::TransactionalWriteCost(old_size, size) + indexes * index_put);
  } else {
    return Invalid(
        "estimate_cost: Operation must be GetItem, BatchGetItem, Query, Scan, "
        "TransactGetItems, PutItem, UpdateItem, DeleteItem, BatchWriteItem or "
        "TransactWriteItems");
  }
  const double rcu = capacity::ToUnits(read), wcu = capacity::ToUnits(write);
  const double calls_per_day = calls_per_second * 86400;
  const double read_price = NumberArg(args, "ReadPricePerMillion", 0.25);
  const double write_price = NumberArg(args, "WritePricePerMillion", 1.25);
  const double cost = (rcu * read_price + wcu * write_price) * calls_per_day / 1e6;
  rapidjson::Document out(rapidjson::kObjectType);
  auto& a = out.GetAllocator();
  out.AddMember("Operation", Value(operation.c_str(), a), a);
  if (auto key = StringArg(args, "KeyCondition"); !key.empty()) {
    out.AddMember("KeyCondition", Value(key.data(), static_cast<unsigned>(key.size()), a), a);
  }
  out.AddMember("ReadCapacityUnitsPerCall", rcu, a);
  out.AddMember("WriteCapacityUnitsPerCall", wcu, a);
  out.AddMember("CallsPerSecond", calls_per_second, a);
  out.AddMember("CallsPerDay", calls_per_day, a);
  out.AddMember("ReadRequestUnitsPerDay", rcu * calls_per_day, a);
  out.AddMember("WriteRequestUnitsPerDay", wcu * calls_per_day, a);
  out.AddMember("OnDemandCostPerDayUSD", cost, a);
  // Provisioned mode must sustain the rate: whole units per second, rounded up.
  out.AddMember("ProvisionedReadCapacityUnits", std::ceil(rcu * calls_per_second), a);
  out.AddMember("ProvisionedWriteCapacityUnits", std::ceil(wcu * calls_per_second), a);
  out.AddMember("ReadPricePerMillion", read_price, a);
  out.AddMember("WritePricePerMillion", write_price, a);
  return ToolResult{false, Serialize(out)};
}

constexpr const char* kTable = "The table's name";
constexpr const char* kNames = "ExpressionAttributeNames: {\"#n\": \"name\"}";
constexpr const char* kValues =
    "ExpressionAttributeValues in DynamoDB JSON: {\":v\": {\"S\": \"x\"}}";

const std::vector<Tool>& Tools() {
  static const std::vector<Tool> tools = {
      {"list_tables",
       "ListTables: the names of the tables (up to 100 a page).",
       "ListTables",
       Effect::kReads,
       {{"Limit", "integer", "At most this many names"},
        {"ExclusiveStartTableName", "string", "Continue after this name (LastEvaluatedTableName)"}},
       CallOperation},
      {"describe_table",
       "DescribeTable: key schema, attribute definitions, indexes, billing mode, item count.",
       "DescribeTable",
       Effect::kReads,
       {{"TableName", "string", kTable, true}},
       CallOperation},
      {"get_item",
       "GetItem: one item by its full primary key (DynamoDB JSON).",
       "GetItem",
       Effect::kReads,
       {{"TableName", "string", kTable, true},
        {"Key", "object", "The primary key: {\"pk\": {\"S\": \"a\"}, \"sk\": {\"N\": \"1\"}}",
         true},
        {"ConsistentRead", "boolean", "Strongly consistent (twice the read cost)"},
        {"ProjectionExpression", "string", "Attributes to return"},
        {"ExpressionAttributeNames", "object", kNames}},
       CallOperation},
      {"query",
       "Query: the items of one partition key, optionally narrowed by sort key.",
       "Query",
       Effect::kReads,
       {{"TableName", "string", kTable, true},
        {"KeyConditionExpression", "string", "e.g. \"pk = :p AND begins_with(sk, :s)\"", true},
        {"ExpressionAttributeValues", "object", kValues},
        {"ExpressionAttributeNames", "object", kNames},
        {"IndexName", "string", "Query this secondary index"},
        {"FilterExpression", "string", "Applied after the read (still charged)"},
        {"ProjectionExpression", "string", "Attributes to return"},
        {"Select", "string", "ALL_ATTRIBUTES, COUNT, ..."},
        {"Limit", "integer", "Items to evaluate"},
        {"ScanIndexForward", "boolean", "false: descending sort key"},
        {"ConsistentRead", "boolean", "Strongly consistent"},
        {"ExclusiveStartKey", "object", "LastEvaluatedKey of the previous page"}},
       CallOperation},
      {"scan",
       "Scan: every item of a table or index (expensive: prefer query).",
       "Scan",
       Effect::kReads,
       {{"TableName", "string", kTable, true},
        {"IndexName", "string", "Scan this secondary index"},
        {"FilterExpression", "string", "Applied after the read (still charged)"},
        {"ProjectionExpression", "string", "Attributes to return"},
        {"ExpressionAttributeValues", "object", kValues},
        {"ExpressionAttributeNames", "object", kNames},
        {"Select", "string", "ALL_ATTRIBUTES, COUNT, ..."},
        {"Limit", "integer", "Items to evaluate"},
        {"ConsistentRead", "boolean", "Strongly consistent"},
        {"Segment", "integer", "Parallel scan segment"},
        {"TotalSegments", "integer", "Parallel scan segments"},
        {"ExclusiveStartKey", "object", "LastEvaluatedKey of the previous page"}},
       CallOperation},
      {"put_item",
       "PutItem: writes one whole item (DynamoDB JSON), replacing any with its key.",
       "PutItem",
       Effect::kWrites,
       {{"TableName", "string", kTable, true},
        {"Item", "object", "The item: {\"pk\": {\"S\": \"a\"}, \"n\": {\"N\": \"1\"}}", true},
        {"ConditionExpression", "string", "e.g. \"attribute_not_exists(pk)\""},
        {"ExpressionAttributeNames", "object", kNames},
        {"ExpressionAttributeValues", "object", kValues},
        {"ReturnValues", "string", "NONE or ALL_OLD"}},
       CallOperation},
      {"delete_item",
       "DeleteItem: deletes one item by its full primary key.",
       "DeleteItem",
       Effect::kWrites,
       {{"TableName", "string", kTable, true},
        {"Key", "object", "The primary key in DynamoDB JSON", true},
        {"ConditionExpression", "string", "Delete only if this holds"},
        {"ExpressionAttributeNames", "object", kNames},
        {"ExpressionAttributeValues", "object", kValues},
        {"ReturnValues", "string", "NONE or ALL_OLD"}},
       CallOperation},
      {"execute_partiql",
       "PartiQL: one statement (ExecuteStatement) or a transaction of statements "
       "(ExecuteTransaction). Parameters are DynamoDB JSON values for the statement's '?'.",
       nullptr,
       Effect::kOther,
       {{"Statement", "string", "e.g. SELECT * FROM \"t\" WHERE pk = ?"},
        {"Parameters", "array", "[{\"S\": \"a\"}] for the '?'s"},
        {"ConsistentRead", "boolean", "Strongly consistent (SELECT)"},
        {"Limit", "integer", "Items to evaluate (SELECT)"},
        {"NextToken", "string", "The previous page's NextToken"},
        {"TransactStatements", "array", "[{\"Statement\": ..., \"Parameters\": [...]}, ...]"},
        {"ClientRequestToken", "string", "Idempotency token of a transaction"}},
       nullptr},
      {"create_table",
       "CreateTable: on-demand (PAY_PER_REQUEST) unless BillingMode or ProvisionedThroughput "
       "says otherwise.",
       nullptr,
       Effect::kWrites,
       {{"TableName", "string", kTable, true},
        {"KeySchema", "array", "[{\"AttributeName\": \"pk\", \"KeyType\": \"HASH\"}, ...]", true},
        {"AttributeDefinitions", "array",
         "[{\"AttributeName\": \"pk\", \"AttributeType\": \"S\"}, ...] for every key attribute",
         true},
        {"BillingMode", "string", "PAY_PER_REQUEST or PROVISIONED"},
        {"ProvisionedThroughput", "object",
         "{\"ReadCapacityUnits\": 5, \"WriteCapacityUnits\": 5}"},
        {"GlobalSecondaryIndexes", "array", "As in CreateTable"},
        {"LocalSecondaryIndexes", "array", "As in CreateTable"}},
       CreateTable},
      {"delete_table",
       "DeleteTable: deletes a table and all its items.",
       "DeleteTable",
       Effect::kWrites,
       {{"TableName", "string", kTable, true}},
       CallOperation},
      {"create_snapshot",
       "Snapshots the whole database under a name (every table and item), to restore later.",
       nullptr,
       Effect::kOther,
       {{"Name", "string", "The snapshot's name", true}},
       AdminCall("POST", "/_ddblocal/snapshot", "Name", "name")},
      {"restore_snapshot",
       "Restores the whole database to a snapshot: tables and items created since are gone.",
       nullptr,
       Effect::kWrites,
       {{"Name", "string", "The snapshot's name", true}},
       AdminCall("POST", "/_ddblocal/restore", "Name", "name")},
      {"list_snapshots",
       "The snapshots taken, by name, with their size and creation time.",
       nullptr,
       Effect::kReads,
       {},
       AdminCall("GET", "/_ddblocal/snapshots")},
      {"capacity_report",
       "The capacity model's view of a table: limits, partitions, recent consumption and "
       "throttles, and the hottest keys by consumption and by throttles.",
       nullptr,
       Effect::kReads,
       {{"TableName", "string", kTable, true},
        {"Top", "integer", "How many hot keys to list (default 10)"}},
       CapacityReport},
      {"audit",
       "The access-pattern audit: what the requests so far did, and the anti-patterns they show "
       "(scans, filters that discard most of what they read, hot keys, large items...).",
       nullptr,
       Effect::kReads,
       {},
       Audit},
      {"estimate_cost",
       "What a request pattern costs by the service's rounding rules: capacity units per call "
       "and per day, provisioned units needed, and the on-demand price per day.",
       nullptr,
       Effect::kReads,
       {{"Operation", "string",
         "GetItem, BatchGetItem, Query, Scan, TransactGetItems, PutItem, UpdateItem, DeleteItem, "
         "BatchWriteItem or TransactWriteItems",
         true},
        {"ItemSizeBytes", "integer", "Size of each item read or written (a deleted one's size)",
         true},
        {"ItemsPerCall", "integer",
         "Items each call reads or writes (Query/Scan: their sizes are summed, then rounded); "
         "default 1"},
        {"ConsistentRead", "boolean", "Strongly consistent reads (default eventually)"},
        {"OldItemSizeBytes", "integer", "Writes: size of the item replaced (default none)"},
        {"IndexWrites", "integer", "Writes: secondary indexes each write changes (default 0)"},
        {"KeyCondition", "string", "The key condition of the pattern, for the record"},
        {"CallsPerSecond", "number", "Calls per second (default 1)"},
        {"ReadPricePerMillion", "number", "USD per million read request units (default 0.25)"},
        {"WritePricePerMillion", "number", "USD per million write request units (default 1.25)"}},
       EstimateCost},
  };
  return tools;
}

}  // namespace

ToolResult ToolResultOf(const BackendAnswer& answer) {
  if (answer.ok()) return ToolResult{false, answer.body.empty() ? "{}" : answer.body};
  rapidjson::Document envelope;
  envelope.Parse(answer.body.data(), answer.body.size());
  std::string type = "HTTP " + std::to_string(answer.status), message = answer.body;
  if (!envelope.HasParseError() && envelope.IsObject()) {
    for (const char* name : {"__type", "__Type"}) {
      if (auto it = envelope.FindMember(name); it != envelope.MemberEnd() && it->value.IsString()) {
        type = it->value.GetString();
      }
    }
    for (const char* name : {"message", "Message"}) {
      if (auto it = envelope.FindMember(name); it != envelope.MemberEnd() && it->value.IsString()) {
        message = it->value.GetString();
      }
    }
  }
  if (const std::size_t hash = type.find('#'); hash != std::string::npos) type.erase(0, hash + 1);
  return Failure(type, message);
}

std::string QueryEncode(std::string_view text) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
}

std::string ToolListJson() {
  rapidjson::Document list(rapidjson::kArrayType);
  auto& a = list.GetAllocator();
  for (const Tool& tool : Tools()) {
    Value properties(rapidjson::kObjectType), required(rapidjson::kArrayType);
    for (const Param& p : tool.params) {
      Value schema(rapidjson::kObjectType);
      schema.AddMember("type", rapidjson::StringRef(p.type), a);
      schema.AddMember("description", rapidjson::StringRef(p.description), a);
      properties.AddMember(rapidjson::StringRef(p.name), schema, a);
      if (p.required) required.PushBack(rapidjson::StringRef(p.name), a);
    }
    Value input(rapidjson::kObjectType);
    input.AddMember("type", "object", a);
    input.AddMember("properties", properties, a);
    if (!required.Empty()) input.AddMember("required", required, a);
    input.AddMember("additionalProperties", false, a);
    Value annotations(rapidjson::kObjectType);
    annotations.AddMember("readOnlyHint", tool.effect == Effect::kReads, a);
    annotations.AddMember("destructiveHint", tool.effect == Effect::kWrites, a);
    Value entry(rapidjson::kObjectType);
    entry.AddMember("name", rapidjson::StringRef(tool.name), a);
    entry.AddMember("description", rapidjson::StringRef(tool.description), a);
    entry.AddMember("inputSchema", input, a);
    entry.AddMember("annotations", annotations, a);
    list.PushBack(entry, a);
  }
  return Serialize(list);
}

std::optional<ToolResult> CallTool(std::string_view name, const Value* arguments,
                                   McpBackend& backend, bool read_only) {
  const Tool* tool = nullptr;
  for (const Tool& t : Tools()) {
    if (name == t.name) tool = &t;
  }
  if (tool == nullptr) return std::nullopt;
  static const Value kNoArguments(rapidjson::kObjectType);
  const Value& args = arguments != nullptr && !arguments->IsNull() ? *arguments : kNoArguments;
  if (!args.IsObject()) return Invalid(std::string(tool->name) + ": arguments must be an object");
  if (auto refused = CheckArguments(*tool, args)) return refused;
  if (read_only && tool->effect == Effect::kWrites) {
    return Failure("AccessDeniedException", std::string("ddb-local mcp runs --read-only: ") +
                                                tool->name + " would change the database");
  }
  if (tool->run == nullptr) return ExecutePartiql(*tool, args, backend, read_only);
  return tool->run(*tool, args, backend);
}

std::string Serialize(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string Quoted(std::string_view s) {
  Value v(rapidjson::StringRef(s.data(), s.size()));
  return Serialize(v);
}

}  // namespace ddblocal
