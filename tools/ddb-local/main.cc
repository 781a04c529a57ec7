// ddb-local: a DynamoDB-compatible server, a drop-in for Amazon DynamoDB Local. Parses the
// command line (local_flags.h), opens the Database, serves it over HTTP
// (server/http_server.h) until SIGINT or SIGTERM, then drains in-flight requests and closes
// the Database so that LMDB is closed cleanly.
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "admin_endpoints.h"
#include "build_info.h"
#include "database_access.h"
#include "ddbemu/database.h"
#include "health_check.h"
#include "local_flags.h"
#include "mcp/mcp_command.h"
#include "server/http_server.h"
#include "transfer/table_transfer.h"

namespace {

const char* Bool(bool b) { return b ? "true" : "false"; }

// Raises the soft descriptor limit to the hard one, as servers do (nginx's
// worker_rlimit_nofile, systemd's services): the soft limit is often 1,024, which would bound
// the connections at 960 (server::DefaultMaxConnections) where the hard limit allows far more.
// Best effort: a limit that cannot be raised stays, and the bound follows it.
void RaiseDescriptorLimit() {
  constexpr rlim_t kEnough = 1 << 20;  // more than any connection bound needs
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  const rlim_t target =
      limit.rlim_max == RLIM_INFINITY ? kEnough : std::min(limit.rlim_max, kEnough);
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < target) {
    limit.rlim_cur = target;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

// Large buffers (a Scan page's megabyte of JSON, a batch's request body) go back to the
// system when freed. glibc's default threshold follows the largest block freed so far, so after
// the first Scan such buffers come from the heap instead and stay there, more of them the more
// pages a Scan served: 7.3 MiB of heap after a Scan of 10^4 items, 12.2 MiB after 10^6. A fixed
// threshold keeps it flat (4.7 MiB at both) at no cost to the Scan's rate.
void ReturnLargeBuffersToTheSystem() {
  constexpr int kThresholdBytes = 256 * 1024;
  mallopt(M_MMAP_THRESHOLD, kThresholdBytes);
}

// DynamoDB Local's start-up lines (scripts wait for them), then where we listen. Printed once
// the port is bound, so a reader of "Listening" can connect right away.
void PrintBanner(const ddblocal::LocalFlags& flags, const ddbemu::server::HttpServer& server) {
  const auto& db = flags.database;
  std::printf(
      "Initializing DynamoDB Local with the following configuration:\n"
      "Port:\t%u\n"
      "InMemory:\t%s\n"
      "Version:\t%s\n"
      "DbPath:\t%s\n"
      "SharedDb:\t%s\n"
      "shouldDelayTransientStatuses:\t%s\n"
      "CorsParams:\t%s\n"
      "Listening:\thttp://%s (%u threads, %zu connections at most, durability %s, throttle "
      "%s%s%s%s)\n",
      server.port(), Bool(db.in_memory), ddblocal::kBuildVersion,
      db.in_memory ? "null" : db.path.c_str(), Bool(db.shared_db), Bool(db.transient_status_ms > 0),
      flags.cors_list.empty() ? "null" : flags.cors_list.c_str(), server.address().c_str(),
      server.threads(), server.stats().max_connections,
      db.durability == ddbemu::Durability::kFsync ? "fsync" : "none", db.throttle ? "on" : "off",
      flags.virtual_clock ? ", virtual clock" : "",
      flags.credentials_file.empty() ? "" : ", signatures verified",
      flags.access_policy_file.empty() ? "" : ", access policies");
  if (flags.console) {
    // A browser cannot open the wildcard address: name the machine itself instead.
    std::string address = server.address();
    for (const char* any : {"[::]:", "0.0.0.0:"}) {
      if (address.starts_with(any)) address = "localhost:" + address.substr(std::strlen(any));
    }
    std::printf("Console:\thttp://%s/_ddblocal/console/\n", address.c_str());
  }
  std::fflush(stdout);
}

// `ddb-local compact DIR` (or `-dbPath DIR`): Database::Compact, with what it saved.
int RunCompact(int argc, char** argv) {
  std::string dir;
  if (argc == 3 && argv[2][0] != '-') dir = argv[2];
  if (argc == 4 &&
      (argv[2] == std::string_view("-dbPath") || argv[2] == std::string_view("--db-path")))
    dir = argv[3];
  if (dir.empty()) {
    std::fprintf(stderr, "usage: ddb-local compact DIR (or -dbPath DIR)\n");
    return 2;
  }
  auto compacted = ddbemu::Database::Compact(dir);
  if (!compacted.ok()) {
    std::fprintf(stderr, "ddb-local compact: %s\n",
                 std::string(compacted.error().message()).c_str());
    return 1;
  }
  const auto mib = [](std::uint64_t bytes) { return static_cast<double>(bytes) / (1 << 20); };
  std::printf("%s: data.mdb %.1f MiB -> %.1f MiB (%.0f%% of its size)\n", dir.c_str(),
              mib(compacted->bytes_before), mib(compacted->bytes_after),
              compacted->bytes_before == 0 ? 100.0
                                           : 100.0 * static_cast<double>(compacted->bytes_after) /
                                                 static_cast<double>(compacted->bytes_before));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Subcommands: `ddb-local mcp ...` (mcp/mcp_command.h).
  if (argc > 1 && argv[1] == std::string_view("mcp"))
    return ddblocal::RunMcpCommand(argc - 1, argv + 1);
  using ddbemu::server::HttpServer;
  // Subcommands: ddb-local SUBCOMMAND ... runs it instead of a server.
  if (argc > 1) {
    std::string_view sub = argv[1];
    if (sub == "import") return ddblocal::RunImport(argc, argv);
    if (sub == "export") return ddblocal::RunExport(argc, argv);
    if (sub == "compact") return RunCompact(argc, argv);
  }
  const ddblocal::FlagParse parsed = ddblocal::ParseLocalFlags(argc, argv);
  if (!parsed.ok()) {
    std::fprintf(stderr, "ddb-local: %s\n\n%s", parsed.error.c_str(),
                 ddblocal::LocalUsage().c_str());
    return 2;
  }
  const ddblocal::LocalFlags& flags = parsed.flags;
  if (flags.help) {
    std::fputs(ddblocal::LocalUsage().c_str(), stdout);
    return 0;
  }
  if (flags.version) {
    std::printf("ddb-local %s\ncommit: %s\nbuild: %s\n", ddblocal::kBuildVersion,
                ddblocal::kBuildCommit, ddblocal::kBuildOptions);
    return 0;
  }
  if (!flags.health_url.empty()) return ddblocal::CheckHealth(flags.health_url);

  // Signals are taken synchronously: blocked here, before any thread exists (threads inherit
  // the mask), and awaited with sigwait below. No handler, no global state.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGUSR1);  // internal: "drained", see below
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a reader of our stdout going away must not kill the server

  RaiseDescriptorLimit();  // before the connection bound is derived from it
  ReturnLargeBuffersToTheSystem();
  ddbemu::server::ServerOptions server_options = flags.server;
  if (!flags.credentials_file.empty()) {
    auto credentials = ddbemu::server::CredentialStore::Load(flags.credentials_file);
    if (!credentials.ok()) {
      std::fprintf(stderr, "ddb-local: %s\n", credentials.error().message().c_str());
      return 2;
    }
    server_options.credentials =
        std::make_shared<const ddbemu::server::CredentialStore>(std::move(*credentials));
  }

  ddbemu::Options database_options = flags.database;
  if (!flags.access_policy_file.empty()) {
    auto policies = ddbemu::AccessPolicies::Load(flags.access_policy_file);
    if (!policies.ok()) {
      std::fprintf(stderr, "ddb-local: %s\n", policies.error().message().c_str());
      return 2;
    }
    database_options.access_policies =
        std::make_shared<const ddbemu::AccessPolicies>(std::move(*policies));
  }
  auto database = ddbemu::Database::Open(std::move(database_options));
  if (!database.ok()) {
    std::fprintf(stderr, "ddb-local: %s\n", database.error().message().c_str());
    return 1;
  }
  ddbemu::Database* db = database->get();
  // Admin endpoints (capacity report, virtual clock) share the handler (admin_endpoints.h).
  ddblocal::AdminEndpoints admin(
      *db, std::dynamic_pointer_cast<ddbemu::VirtualClock>(flags.database.clock), flags.console);
  // Answers into the connection's spent reply (DatabaseAccess::CallInto).
  auto server = HttpServer::Start(
      std::move(server_options),
      ddbemu::server::ReusingRequestHandler(
          [db, &admin](std::string_view operation, std::string_view body,
                       const ddbemu::RequestContext& context, ddbemu::Response& response) {
            if (ddblocal::AdminEndpoints::IsAdmin(operation)) {
              response = admin.Handle(operation, body, context);
              return;
            }
            ddbemu::detail::DatabaseAccess::CallInto(*db, operation, body, context, response);
          }));
  if (!server.ok()) {
    std::fprintf(stderr, "ddb-local: %s\n", server.error().message().c_str());
    return 1;
  }
  PrintBanner(flags, **server);

  int signal_number = 0;
  do {
    sigwait(&signals, &signal_number);
  } while (signal_number == SIGUSR1);
  std::fprintf(stderr, "ddb-local: %s, finishing requests in progress (again to quit now)\n",
               signal_number == SIGINT ? "interrupted" : "terminated");
  (*server)->Stop();

  // Drain on a helper thread so that this one can still hear a second signal. A forced exit
  // skips closing LMDB, which is safe: LMDB needs no recovery after a crash.
  const pthread_t main_thread = pthread_self();
  std::thread drainer([&] {
    (*server)->Wait();
    pthread_kill(main_thread, SIGUSR1);
  });
  sigwait(&signals, &signal_number);
  if (signal_number != SIGUSR1) std::_Exit(130);
  drainer.join();
  server->reset();    // the handler is no longer called...
  database->reset();  // ...so the Database (and LMDB) can close
  return 0;
}
