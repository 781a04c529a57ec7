// ddb-local's command line: Amazon DynamoDB Local's flags (-port, -inMemory, -dbPath,
// -sharedDb, -cors, ...) so that existing scripts keep working, GNU-style long spellings of
// all of them (--port, --in-memory, ...), and ours (--host, --threads, --durability,
// --throttle, --virtual-clock). Every flag takes one or two dashes, and a value either as the
// next argument or after '='.
#pragma once

#include <string>

#include "ddbemu/options.h"
#include "server/http_server.h"

namespace ddblocal {

struct LocalFlags {
  ddbemu::Options database;              // path, in_memory, shared_db, durability, throttle, clock
  ddbemu::server::ServerOptions server;  // host, port, threads, cors
  bool help = false;
  bool version = false;
  // --health URL: ask the ddb-local at URL whether it serves, print the answer, exit 0 if it
  // does (a container image's HEALTHCHECK, where there is no curl). Empty: serve.
  std::string health_url;
  std::string cors_list;  // as given, for the banner; empty when -cors was not given
  bool virtual_clock = false;
  bool console = false;          // --console: serve the browser console (tools/ddb-local/console/)
  bool ttl_sweep_given = false;  // --ttl-sweep-ms was on the command line
  // --credentials-file: verify SigV4 signatures against this file's keys (ddb-local loads it
  // into server.credentials). Empty: off.
  std::string credentials_file;
  // --access-policy-file: tenant isolation policies (ddbemu/access_policy.h; ddb-local loads
  // them into database.access_policies). Empty: off.
  std::string access_policy_file;
  // Accepted for compatibility with DynamoDB Local, no effect here (see the usage text).
  bool delay_transient_statuses = false;
  bool transient_status_given = false;  // --transient-status-ms
  bool write_thread_given = false;      // --write-thread
  bool optimize_db_before_startup = false;
  bool disable_telemetry = false;
};

struct FlagParse {
  LocalFlags flags;
  std::string error;  // empty on success; otherwise one line saying what is wrong
  bool ok() const { return error.empty(); }
};

// Parses argv[1..argc). A leading Java command line, as amazon/dynamodb-local's image passes
// it (`-Djava.library.path=./DynamoDBLocal_lib -jar DynamoDBLocal.jar -sharedDb`), is
// accepted: JVM options (-D..., -X...) and `-jar FILE` before the first flag are skipped, so
// that a container's command line works unchanged. Defaults are DynamoDB Local's: port 8000, data
// in the current directory, separate tables per access key and region. -inMemory implies durability
// none unless --durability says otherwise; -inMemory with -dbPath is an error, as in Local.
FlagParse ParseLocalFlags(int argc, const char* const* argv);

// The -help text.
std::string LocalUsage();

}  // namespace ddblocal
