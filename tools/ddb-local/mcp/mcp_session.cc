#include "mcp/mcp_session.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <array>

#include "mcp/mcp_tools.h"

namespace ddblocal {
namespace {

using rapidjson::Value;

// The revisions whose messages we answer correctly: the ones the official SDKs send. Newer ones
// only add what this server does not offer (tasks, elicitation...), so they are compatible.
constexpr std::array<std::string_view, 4> kSupportedVersions = {"2025-11-25", "2025-06-18",
                                                                "2025-03-26", "2024-11-05"};

constexpr std::string_view kTablePrefix = "ddb://tables/";
constexpr std::string_view kAuditUri = "ddb://audit";

constexpr const char* kInstructions =
    "A DynamoDB emulator (ddb-local). Items and keys are DynamoDB JSON ({\"S\": \"text\"}, "
    "{\"N\": \"1\"}). Beyond the API: capacity_report shows hot keys and throttles, audit the "
    "anti-patterns of the requests so far, estimate_cost what a request pattern costs.";

// Deeper messages are refused before they are parsed: RapidJSON's parse, copy and writer recurse
// once per level, and no message needs more (an item nests at most 32 levels, DynamoDB's limit).
constexpr std::size_t kMaxNesting = 128;

// How deep `text` nests '{' and '[' outside strings (malformed text is the parser's to refuse).
std::size_t NestingDepth(std::string_view text) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == '}' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

// A result or an error, addressed to `id` (already JSON).
std::string Result(const std::string& id, const std::string& result) {
  return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}";
}
std::string Error(const std::string& id, int code, std::string_view message) {
  return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":" + std::to_string(code) +
         ",\"message\":" + Quoted(message) + "}}";
}

// A failed call's result or an error, whichever the method gives back.
struct Outcome {
  std::string result;  // JSON, when error_code is 0
  int error_code = 0;
  std::string error_message;
};

Outcome Fail(int code, std::string message) { return Outcome{"", code, std::move(message)}; }

const Value* Member(const Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  return it == object.MemberEnd() ? nullptr : &it->value;
}

Outcome Initialize(const Value& params, std::string_view server_version) {
  const Value* requested = Member(params, "protocolVersion");
  if (requested == nullptr || !requested->IsString()) {
    return Fail(kInvalidParams, "initialize: protocolVersion is required");
  }
  std::string_view version = kMcpProtocolVersion;
  for (std::string_view supported : kSupportedVersions) {
    if (supported == requested->GetString()) version = supported;
  }
  return Outcome{
      "{\"protocolVersion\":" + Quoted(version) +
      ",\"capabilities\":{\"tools\":{\"listChanged\":false},\"resources\":{"
      "\"listChanged\":false,\"subscribe\":false}},\"serverInfo\":{\"name\":\"ddb-local\","
      "\"title\":\"ddb-local DynamoDB emulator\",\"version\":" +
      Quoted(server_version) + "},\"instructions\":" + Quoted(kInstructions) + "}"};
}

Outcome CallTool(const Value& params, McpBackend& backend, bool read_only) {
  const Value* name = Member(params, "name");
  if (name == nullptr || !name->IsString())
    return Fail(kInvalidParams, "tools/call: name is required");
  auto result =
      ddblocal::CallTool(name->GetString(), Member(params, "arguments"), backend, read_only);
  if (!result) return Fail(kInvalidParams, std::string("Unknown tool: ") + name->GetString());
  // The text block carries the same JSON as structuredContent, for clients that read only text.
  return Outcome{"{\"content\":[{\"type\":\"text\",\"text\":" + Quoted(result->json) +
                 "}],\"structuredContent\":" + result->json +
                 ",\"isError\":" + (result->is_error ? "true" : "false") + "}"};
}

std::string ResourceEntry(std::string_view uri, std::string_view name, std::string_view title,
                          std::string_view description) {
  return "{\"uri\":" + Quoted(uri) + ",\"name\":" + Quoted(name) + ",\"title\":" + Quoted(title) +
         ",\"description\":" + Quoted(description) + ",\"mimeType\":\"application/json\"}";
}

// Every table, page by page, after the audit report.
Outcome ListResources(McpBackend& backend) {
  std::string list = ResourceEntry(kAuditUri, "audit", "Access-pattern audit",
                                   "The requests so far and the anti-patterns they show");
  std::string start;
  for (;;) {
    const std::string body =
        start.empty() ? "{}" : "{\"ExclusiveStartTableName\":" + Quoted(start) + "}";
    const BackendAnswer answer = backend.Call("ListTables", body);
    if (!answer.ok()) return Fail(kInvalidParams, ToolResultOf(answer).json);
    rapidjson::Document page;
    page.Parse(answer.body.data(), answer.body.size());
    const Value* names = page.HasParseError() ? nullptr : Member(page, "TableNames");
    if (names == nullptr || !names->IsArray()) break;
    for (const Value& name : names->GetArray()) {
      if (!name.IsString()) continue;
      const std::string table = name.GetString();
      list += "," + ResourceEntry(std::string(kTablePrefix) + table, table, "Table " + table,
                                  "DescribeTable of " + table);
    }
    const Value* last = Member(page, "LastEvaluatedTableName");
    if (last == nullptr || !last->IsString()) break;
    start = last->GetString();
  }
  return Outcome{"{\"resources\":[" + list + "]}"};
}

Outcome ReadResource(const Value& params, McpBackend& backend) {
  const Value* uri_value = Member(params, "uri");
  if (uri_value == nullptr || !uri_value->IsString()) {
    return Fail(kInvalidParams, "resources/read: uri is required");
  }
  const std::string uri = uri_value->GetString();
  BackendAnswer answer;
  if (uri == kAuditUri) {
    answer = backend.Admin("GET", "/_ddblocal/audit");
  } else if (uri.starts_with(kTablePrefix) && uri.size() > kTablePrefix.size()) {
    answer = backend.Call("DescribeTable",
                          "{\"TableName\":" + Quoted(uri.substr(kTablePrefix.size())) + "}");
  } else {
    return Fail(kResourceNotFound, "Resource not found: " + uri);
  }
  if (!answer.ok()) {
    return Fail(kResourceNotFound,
                "Resource not found: " + uri + " (" + ToolResultOf(answer).json + ")");
  }
  return Outcome{"{\"contents\":[{\"uri\":" + Quoted(uri) +
                 ",\"mimeType\":\"application/json\",\"text\":" + Quoted(answer.body) + "}]}"};
}

}  // namespace

McpReply McpSession::Handle(std::string_view text) {
  if (NestingDepth(text) > kMaxNesting) {
    return McpReply{Error("null", kInvalidRequest, "Invalid Request: nested too deeply")};
  }
  rapidjson::Document message;
  message.Parse(text.data(), text.size());
  if (message.HasParseError()) return McpReply{Error("null", kParseError, "Parse error"), true};
  if (!message.IsObject())
    return McpReply{Error("null", kInvalidRequest, "Invalid Request: not an object")};
  const Value* version = Member(message, "jsonrpc");
  const Value* id = Member(message, "id");
  const bool id_ok = id != nullptr && (id->IsString() || id->IsInt64());
  const std::string id_json = id_ok ? Serialize(*id) : "null";
  if (version == nullptr || !version->IsString() ||
      std::string_view(version->GetString()) != "2.0") {
    return McpReply{Error(id_json, kInvalidRequest, "Invalid Request: jsonrpc must be \"2.0\"")};
  }
  const Value* method = Member(message, "method");
  if (method == nullptr) {
    // A response to a request of ours: we send none, so there is nothing to match it with.
    if (id_ok && (message.HasMember("result") || message.HasMember("error"))) return McpReply{};
    return McpReply{Error(id_json, kInvalidRequest, "Invalid Request: no method")};
  }
  if (!method->IsString())
    return McpReply{Error(id_json, kInvalidRequest, "Invalid Request: method must be a string")};
  const std::string_view name(method->GetString(), method->GetStringLength());
  if (id == nullptr) return McpReply{};  // notifications (initialized, cancelled...) need no answer
  if (!id_ok)
    return McpReply{
        Error("null", kInvalidRequest, "Invalid Request: id must be a string or an integer")};
  static const Value kNoParams(rapidjson::kObjectType);
  const Value* given = Member(message, "params");
  const Value& params = given != nullptr ? *given : kNoParams;
  if (!params.IsObject())
    return McpReply{Error(id_json, kInvalidParams, "params must be an object")};

  Outcome outcome;
  if (name == "initialize") {
    outcome = Initialize(params, version_);
  } else if (name == "ping") {
    outcome = Outcome{"{}"};
  } else if (name == "tools/list") {
    outcome = Outcome{"{\"tools\":" + ToolListJson() + "}"};
  } else if (name == "tools/call") {
    outcome = CallTool(params, backend_, read_only_);
  } else if (name == "resources/list") {
    outcome = ListResources(backend_);
  } else if (name == "resources/templates/list") {
    outcome = Outcome{
        "{\"resourceTemplates\":[{\"uriTemplate\":\"ddb://tables/{name}\",\"name\":"
        "\"table\",\"title\":\"A table\",\"description\":\"DescribeTable of the "
        "table\",\"mimeType\":\"application/json\"}]}"};
  } else if (name == "resources/read") {
    outcome = ReadResource(params, backend_);
  } else {
    outcome = Fail(kMethodNotFound, "Method not found: " + std::string(name));
  }
  if (outcome.error_code != 0)
    return McpReply{Error(id_json, outcome.error_code, outcome.error_message)};
  return McpReply{Result(id_json, outcome.result)};
}

}  // namespace ddblocal
