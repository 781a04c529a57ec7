// The MCP server's tools (docs/ddb-local.md, "MCP server"): one table of name, description,
// JSON Schema of the arguments and what a call does. Most tools are one DynamoDB operation
// whose arguments are the operation's own request members (TableName, Key, Item... in DynamoDB
// JSON), so an agent that knows the API knows the tools; the others reach ddb-local's admin
// endpoints (snapshots, capacity report, audit) or the capacity model (estimate_cost).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "mcp/mcp_backend.h"

namespace ddblocal {

// A tool's answer: a JSON object, and whether it is an error (isError: the DynamoDB error's
// type and message, {"ErrorType": ..., "Message": ...}).
struct ToolResult {
  bool is_error = false;
  std::string json;
};

// The "tools" array of tools/list: every tool with its name, description and inputSchema.
std::string ToolListJson();

// Runs tool `name` on `arguments` (an object; null when the call had none). nullopt when no
// tool has that name (a protocol error for the caller). Arguments the schema does not allow,
// of the wrong type or missing are a ValidationException result, as is a write under
// `read_only` (which refuses every write, PartiQL writes and restores included).
std::optional<ToolResult> CallTool(std::string_view name, const rapidjson::Value* arguments,
                                   McpBackend& backend, bool read_only);

// The answer of a backend call as a tool result: the body on success, else the error envelope's
// type (without its "prefix#") and message.
ToolResult ToolResultOf(const BackendAnswer& answer);

// `text` percent-encoded for a query parameter's value.
std::string QueryEncode(std::string_view text);

// `value` as compact JSON text; `s` as a JSON string literal (quoted and escaped).
std::string Serialize(const rapidjson::Value& value);
std::string Quoted(std::string_view s);

}  // namespace ddblocal
