// Where the MCP server's tools send their requests: a Database in this process (`ddb-local mcp
// -inMemory`, and the HTTP transport of a running ddb-local, as the request's caller) or a
// running ddb-local reached over HTTP (`ddb-local mcp --endpoint URL`). Both speak the same two
// protocols, so that every tool is written once: DynamoDB operations in their JSON form, and
// ddb-local's admin endpoints (admin_endpoints.h) for snapshots, capacity and the audit.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ddbemu/database.h"
#include "ddbemu/error.h"

namespace ddblocal {

class AdminEndpoints;

// What an operation or an admin endpoint answered: its HTTP status and JSON body (the
// operation's output, or the error envelope {"__type", "message"}).
struct BackendAnswer {
  int status = 200;
  std::string body;
  bool ok() const { return status >= 200 && status < 300; }
};

class McpBackend {
 public:
  virtual ~McpBackend() = default;
  // One DynamoDB operation ("PutItem") with its JSON request body.
  virtual BackendAnswer Call(std::string_view operation, std::string_view body) = 0;
  // One admin request: `method` "GET" / "POST", `target` "/_ddblocal/capacity?table=T".
  virtual BackendAnswer Admin(std::string_view method, std::string_view target) = 0;
};

// The Database in this process, called as `caller` (its access policies apply).
std::unique_ptr<McpBackend> MakeLocalBackend(ddbemu::Database& database, AdminEndpoints& admin,
                                             ddbemu::RequestContext caller);

struct RemoteOptions {
  std::string endpoint;  // "http://127.0.0.1:8000"
  std::string region;    // empty: AWS_REGION, AWS_DEFAULT_REGION, else us-east-1
  std::string access_key_id;
  std::string secret_access_key;  // both empty: AWS_ACCESS_KEY_ID / ..._SECRET_..., else "local"
};

// A running ddb-local: operations signed with SigV4 and retried as the SDKs retry, admin
// requests signed too. Fails (ValidationException) on an endpoint it cannot parse; connects
// lazily.
ddbemu::Result<std::unique_ptr<McpBackend>> MakeRemoteBackend(const RemoteOptions& options);

}  // namespace ddblocal
