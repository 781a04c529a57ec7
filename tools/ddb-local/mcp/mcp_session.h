// The Model Context Protocol over JSON-RPC 2.0, independent of the transport: one message in,
// at most one message out. Lifecycle (initialize with version negotiation, the initialized
// notification, ping), tools (mcp_tools.h) and resources: every table as ddb://tables/<name>
// (its DescribeTable) and the audit report as ddb://audit. The server keeps no state between
// messages, so that the HTTP transport can answer each request on its own (no Mcp-Session-Id).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "mcp/mcp_backend.h"

namespace ddblocal {

// JSON-RPC 2.0's error codes, and MCP's for a resource that does not exist.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kResourceNotFound = -32002;

// The protocol revision answered when the client asks for one we do not speak.
inline constexpr std::string_view kMcpProtocolVersion = "2025-06-18";

struct McpReply {
  std::optional<std::string> message;  // nullopt: nothing to send (a notification or a response)
  bool parse_error = false;            // the input was not JSON (HTTP answers 400)
};

class McpSession {
 public:
  // `read_only`: every tool that writes is refused (mcp_tools.h). `version` is the server's,
  // for initialize's serverInfo.
  McpSession(McpBackend& backend, bool read_only, std::string version)
      : backend_(backend), read_only_(read_only), version_(std::move(version)) {}

  // Answers one JSON-RPC message (a request, a notification, or a response to us). Never
  // throws on input: malformed JSON is a parse error, a message that is not a request an
  // invalid request, an unknown method "method not found".
  McpReply Handle(std::string_view message);

 private:
  McpBackend& backend_;
  bool read_only_;
  std::string version_;
};

}  // namespace ddblocal
