#include "mcp/mcp_command.h"

#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "admin_endpoints.h"
#include "build_info.h"
#include "local_flags.h"
#include "mcp/mcp_backend.h"
#include "mcp/mcp_session.h"

namespace ddblocal {
namespace {

constexpr const char* kMcpUsage =
    "usage: ddb-local mcp [-inMemory | -dbPath DIR] [ddb-local's database flags] [--access-key K]\n"
    "                     [--region R] [--read-only]\n"
    "       ddb-local mcp --endpoint URL [--region R] [--access-key K --secret-key S] "
    "[--read-only]\n"
    "The Model Context Protocol on stdin/stdout (newline-delimited JSON-RPC) for coding agents:\n"
    "on a database of its own (in memory unless -dbPath), or on the ddb-local at URL.\n"
    "  --access-key, --region   whose tables (as ddb-local keeps them per access key and region\n"
    "                unless -sharedDb); with --endpoint, also --secret-key: the keys that sign\n"
    "  --read-only   refuse every write: put/delete item, PartiQL INSERT/UPDATE/DELETE, create\n"
    "                and delete table, restore snapshot\n";

struct McpFlags {
  RemoteOptions remote;
  bool read_only = false;
  bool help = false;
  bool database_chosen = false;     // -inMemory or -dbPath was given
  std::vector<std::string> passed;  // to ParseLocalFlags
  std::string error;
};

McpFlags ParseMcpFlags(int argc, char** argv) {
  McpFlags flags;
  flags.passed.push_back("ddb-local");
  const std::pair<const char*, std::string*> valued[] = {
      {"endpoint", &flags.remote.endpoint},
      {"region", &flags.remote.region},
      {"access-key", &flags.remote.access_key_id},
      {"secret-key", &flags.remote.secret_access_key},
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    // One dash or two, as ddb-local's own flags.
    std::string name = arg.substr(std::min(arg.find_first_not_of('-'), arg.size()));
    std::optional<std::string> inline_value;
    if (const std::size_t eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    bool mine = false;
    for (const auto& [flag, target] : valued) {
      if (name != flag) continue;
      mine = true;
      if (inline_value) {
        *target = *inline_value;
      } else if (i + 1 < argc) {
        *target = argv[++i];
      } else {
        flags.error = "--" + name + " needs a value";
      }
    }
    if (name == "read-only") {
      flags.read_only = mine = true;
    } else if (name == "help" || name == "h") {
      flags.help = mine = true;
    }
    if (mine) continue;
    if (name == "inMemory" || name == "in-memory" || name == "dbPath" || name == "db-path") {
      flags.database_chosen = true;
    }
    flags.passed.push_back(arg);
  }
  if (flags.error.empty() && !flags.remote.endpoint.empty() &&
      (flags.passed.size() > 1 || flags.database_chosen)) {
    flags.error = "--endpoint serves the remote ddb-local's database: no database flags with it";
  }
  if (flags.error.empty() && !flags.remote.endpoint.empty() &&
      flags.remote.access_key_id.empty() != flags.remote.secret_access_key.empty()) {
    flags.error = "--access-key and --secret-key go together";
  }
  // An agent's scratch database by default, not files in whatever directory it runs in.
  if (!flags.database_chosen) flags.passed.push_back("-inMemory");
  return flags;
}

// Answers stdin's messages, one a line, until its end.
void Serve(McpSession& session) {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const McpReply reply = session.Handle(line);
    if (!reply.message) continue;
    std::fwrite(reply.message->data(), 1, reply.message->size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }
}

}  // namespace

int RunMcpCommand(int argc, char** argv) {
  const McpFlags flags = ParseMcpFlags(argc, argv);
  if (flags.help) {
    std::fputs(kMcpUsage, stdout);
    return 0;
  }
  if (!flags.error.empty()) {
    std::fprintf(stderr, "ddb-local mcp: %s\n\n%s", flags.error.c_str(), kMcpUsage);
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);  // a client that goes away ends the loop at its stdin's end
  if (!flags.remote.endpoint.empty()) {
    auto backend = MakeRemoteBackend(flags.remote);
    if (!backend.ok()) {
      std::fprintf(stderr, "ddb-local mcp: %s\n", backend.error().message().c_str());
      return 1;
    }
    std::fprintf(stderr, "ddb-local mcp: serving %s on stdio%s\n", flags.remote.endpoint.c_str(),
                 flags.read_only ? ", read-only" : "");
    McpSession session(**backend, flags.read_only, kBuildVersion);
    Serve(session);
    return 0;
  }

  std::vector<const char*> args;
  for (const std::string& arg : flags.passed) args.push_back(arg.c_str());
  const FlagParse parsed = ParseLocalFlags(static_cast<int>(args.size()), args.data());
  if (!parsed.ok()) {
    std::fprintf(stderr, "ddb-local mcp: %s\n\n%s", parsed.error.c_str(), kMcpUsage);
    return 2;
  }
  auto database = ddbemu::Database::Open(parsed.flags.database);
  if (!database.ok()) {
    std::fprintf(stderr, "ddb-local mcp: %s\n", database.error().message().c_str());
    return 1;
  }
  AdminEndpoints admin(
      **database, std::dynamic_pointer_cast<ddbemu::VirtualClock>(parsed.flags.database.clock));
  // The namespace a server on the same -dbPath gives an SDK signing with this key and region.
  ddbemu::RequestContext caller;
  caller.access_key_id = flags.remote.access_key_id;
  if (!flags.remote.region.empty()) caller.region = flags.remote.region;
  const auto backend = MakeLocalBackend(**database, admin, std::move(caller));
  std::fprintf(stderr, "ddb-local mcp: serving %s on stdio%s\n",
               parsed.flags.database.in_memory ? "an in-memory database"
                                               : parsed.flags.database.path.c_str(),
               flags.read_only ? ", read-only" : "");
  McpSession session(*backend, flags.read_only, kBuildVersion);
  Serve(session);
  return 0;
}

ddbemu::Response AnswerMcpHttp(ddbemu::Database& database, AdminEndpoints& admin,
                               const ddbemu::RequestContext& caller, std::string_view method,
                               std::string_view body) {
  if (method != "POST") {
    return ddbemu::Response{405,
                            "{\"__type\":\"MethodNotAllowed\",\"message\":\"POST JSON-RPC "
                            "messages to /_ddblocal/mcp: this server has no SSE stream\"}"};
  }
  const auto backend = MakeLocalBackend(database, admin, caller);
  McpSession session(*backend, /*read_only=*/false, kBuildVersion);
  McpReply reply = session.Handle(body);
  if (!reply.message) return ddbemu::Response{202, "", "application/json"};
  return ddbemu::Response{reply.parse_error ? 400 : 200, std::move(*reply.message),
                          "application/json"};
}

}  // namespace ddblocal
