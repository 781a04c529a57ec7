// `ddb-local mcp` (the Model Context Protocol over stdio) and POST /_ddblocal/mcp (the same
// protocol over the streamable HTTP transport of a running ddb-local). docs/ddb-local.md,
// "MCP server".
#pragma once

#include <string_view>

#include "ddbemu/database.h"

namespace ddblocal {

class AdminEndpoints;

// `ddb-local mcp [-inMemory | -dbPath DIR] [--endpoint URL] [--region R] [--access-key K
// [--secret-key S]] [--read-only]`, argv[0] being "mcp"; without --endpoint, the access key and
// region name whose tables it serves. Reads newline-delimited JSON-RPC
// messages on stdin and writes each answer as one line on stdout; logs only on stderr. Returns
// the exit status: 0 at the end of stdin, 2 for a bad command line, 1 when the database (or the
// endpoint) cannot be used.
int RunMcpCommand(int argc, char** argv);

// One HTTP request to /_ddblocal/mcp, answered as `caller` (the request's verified signer, whose
// access policies apply): POST carries one JSON-RPC message and gets 200 application/json with
// the answer, or 202 and no body for a notification; any other method 405 (no SSE stream, as
// the transport allows).
ddbemu::Response AnswerMcpHttp(ddbemu::Database& database, AdminEndpoints& admin,
                               const ddbemu::RequestContext& caller, std::string_view method,
                               std::string_view body);

}  // namespace ddblocal
