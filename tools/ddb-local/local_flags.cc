#include "local_flags.h"

#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "transfer/table_transfer.h"

namespace ddblocal {

using ddbemu::Durability;
using ddbemu::SystemClock;
using ddbemu::VirtualClock;
using ddbemu::server::CorsPolicy;

namespace {

constexpr std::int64_t kDefaultTransientStatusMs = 1000;

enum class Flag {
  kPort,
  kInMemory,
  kDbPath,
  kSharedDb,
  kHelp,
  kVersion,
  kCors,
  kDelayTransientStatuses,
  kOptimizeDb,
  kDisableTelemetry,
  kHost,
  kThreads,
  kWriteThread,
  kDurability,
  kMaxSizeMib,
  kThrottle,
  kVirtualClock,
  kConsole,
  kAudit,
  kTtlSweepMs,
  kStreamShardRecords,
  kStreamShardPeriodMs,
  kEventualConsistencyMs,
  kTransientStatusMs,
  kOnDemandScaleDelayMs,
  kSplitForHeat,
  kServiceLatencyMs,
  kLenient,
  kFaultRate,
  kFaultOperations,
  kFaultKinds,
  kFaultSeed,
  kMaxConnections,
  kIdleTimeout,
  kReadTimeout,
  kCredentialsFile,
  kAccessPolicyFile,
  kS3Dir,
  kHealth,
};

struct FlagSpec {
  std::string_view names[2];  // without dashes; the second may be empty
  Flag flag;
  bool takes_value;
};

// DynamoDB Local's spelling first, then the GNU-style one.
constexpr FlagSpec kFlags[] = {
    {{"port"}, Flag::kPort, true},
    {{"inMemory", "in-memory"}, Flag::kInMemory, false},
    {{"dbPath", "db-path"}, Flag::kDbPath, true},
    {{"sharedDb", "shared-db"}, Flag::kSharedDb, false},
    {{"help", "h"}, Flag::kHelp, false},
    {{"version"}, Flag::kVersion, false},
    {{"cors"}, Flag::kCors, true},
    {{"delayTransientStatuses", "delay-transient-statuses"}, Flag::kDelayTransientStatuses, false},
    {{"optimizeDbBeforeStartup", "optimize-db-before-startup"}, Flag::kOptimizeDb, false},
    {{"disableTelemetry", "disable-telemetry"}, Flag::kDisableTelemetry, false},
    {{"host"}, Flag::kHost, true},
    {{"threads"}, Flag::kThreads, true},
    {{"write-thread"}, Flag::kWriteThread, true},
    {{"durability"}, Flag::kDurability, true},
    {{"max-size-mib"}, Flag::kMaxSizeMib, true},
    {{"throttle"}, Flag::kThrottle, true},
    {{"virtual-clock", "virtualClock"}, Flag::kVirtualClock, false},
    {{"console"}, Flag::kConsole, false},
    {{"audit"}, Flag::kAudit, true},
    {{"ttl-sweep-ms"}, Flag::kTtlSweepMs, true},
    {{"stream-shard-records"}, Flag::kStreamShardRecords, true},
    {{"stream-shard-period-ms"}, Flag::kStreamShardPeriodMs, true},
    {{"eventual-consistency-ms"}, Flag::kEventualConsistencyMs, true},
    {{"transient-status-ms"}, Flag::kTransientStatusMs, true},
    {{"on-demand-scale-delay-ms"}, Flag::kOnDemandScaleDelayMs, true},
    {{"split-for-heat"}, Flag::kSplitForHeat, true},
    {{"service-latency-ms"}, Flag::kServiceLatencyMs, true},
    {{"lenient"}, Flag::kLenient, false},
    {{"fault-rate"}, Flag::kFaultRate, true},
    {{"fault-operations"}, Flag::kFaultOperations, true},
    {{"fault-kinds"}, Flag::kFaultKinds, true},
    {{"fault-seed"}, Flag::kFaultSeed, true},
    {{"max-connections"}, Flag::kMaxConnections, true},
    {{"idle-timeout"}, Flag::kIdleTimeout, true},
    {{"read-timeout"}, Flag::kReadTimeout, true},
    {{"credentials-file"}, Flag::kCredentialsFile, true},
    {{"access-policy-file"}, Flag::kAccessPolicyFile, true},
    {{"s3-dir"}, Flag::kS3Dir, true},
    {{"health"}, Flag::kHealth, true},
};

const FlagSpec* FindFlag(std::string_view name) {
  for (const FlagSpec& spec : kFlags) {
    for (std::string_view n : spec.names) {
      if (!n.empty() && n == name) return &spec;
    }
  }
  return nullptr;
}

template <class Int>
std::optional<Int> ParseInt(std::string_view s, Int min, Int max) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || std::cmp_less(v, min) ||
      std::cmp_greater(v, max))
    return std::nullopt;
  return static_cast<Int>(v);
}

// "30" (seconds), "30s" or "500ms"; "0" turns the timeout off. At most a day.
// "on" or "true", "off" or "false".
std::optional<bool> ParseOnOff(std::string_view s) {
  if (s == "on" || s == "true") return true;
  if (s == "off" || s == "false") return false;
  return std::nullopt;
}

std::optional<std::chrono::milliseconds> ParseDuration(std::string_view s) {
  long long scale = 1000;
  if (s.ends_with("ms")) {
    s.remove_suffix(2);
    scale = 1;
  } else if (s.ends_with("s")) {
    s.remove_suffix(1);
  }
  const auto n = ParseInt<long long>(s, 0, 86'400'000 / scale);
  if (!n) return std::nullopt;
  return std::chrono::milliseconds(*n * scale);
}

// Applies one flag; returns an error line or "".
std::string Apply(const FlagSpec& spec, std::string_view shown, std::string_view value,
                  LocalFlags& f, bool& durability_given) {
  const auto bad = [&](std::string_view expected) {
    return "invalid value '" + std::string(value) + "' for " + std::string(shown) + ": expected " +
           std::string(expected);
  };
  switch (spec.flag) {
    case Flag::kPort: {
      // 0 (any free port) is ours; DynamoDB Local takes 1-65535.
      const auto port = ParseInt<unsigned>(value, 0, 65535);
      if (!port) return bad("a port number from 0 to 65535");
      f.server.port = static_cast<std::uint16_t>(*port);
      return {};
    }
    case Flag::kInMemory:
      f.database.in_memory = true;
      return {};
    case Flag::kDbPath:
      if (value.empty()) return bad("a directory");
      f.database.path = std::string(value);
      return {};
    case Flag::kSharedDb:
      f.database.shared_db = true;
      return {};
    case Flag::kHelp:
      f.help = true;
      return {};
    case Flag::kVersion:
      f.version = true;
      return {};
    case Flag::kCors:
      f.server.cors = CorsPolicy::FromList(value);
      if (!f.server.cors.enabled()) return bad("'*' or a comma-separated list of origins");
      f.cors_list = std::string(value);
      return {};
    case Flag::kDelayTransientStatuses:
      f.delay_transient_statuses = true;
      return {};
    case Flag::kOptimizeDb:
      f.optimize_db_before_startup = true;
      return {};
    case Flag::kDisableTelemetry:
      f.disable_telemetry = true;
      return {};
    case Flag::kHost:
      if (value.empty()) return bad("an address such as 127.0.0.1, ::1 or 0.0.0.0");
      f.server.host = std::string(value);
      return {};
    case Flag::kThreads: {
      const auto threads = ParseInt<unsigned>(value, 1, 1024);
      if (!threads) return bad("a number of threads from 1 to 1024");
      f.server.threads = *threads;
      return {};
    }
    case Flag::kWriteThread: {
      const auto on = ParseOnOff(value);
      if (!on) return bad("on or off");
      f.server.write_thread = *on;
      f.write_thread_given = true;
      return {};
    }
    case Flag::kDurability:
      if (value == "fsync") {
        f.database.durability = Durability::kFsync;
      } else if (value == "none") {
        f.database.durability = Durability::kNone;
      } else {
        return bad("fsync or none");
      }
      durability_given = true;
      return {};
    case Flag::kMaxSizeMib: {
      // LMDB reserves the whole map as address space up front; tools that cannot reserve 64 GiB
      // (valgrind, a ulimit -v) need a smaller one.
      const auto mib = ParseInt<std::int64_t>(value, 1, std::int64_t{1} << 32);
      if (!mib) return bad("a size in MiB from 1 to 4294967296");
      f.database.map_size_bytes = static_cast<std::size_t>(*mib) << 20;
      return {};
    }
    case Flag::kThrottle: {
      const auto on = ParseOnOff(value);
      if (!on) return bad("on or off");
      f.database.throttle = *on;
      return {};
    }
    case Flag::kVirtualClock:
      f.virtual_clock = true;
      return {};
    case Flag::kConsole:
      f.console = true;
      return {};
    case Flag::kAudit:
      if (value == "on" || value == "true") {
        f.database.audit = true;
      } else if (value == "off" || value == "false") {
        f.database.audit = false;
      } else {
        return bad("on or off");
      }
      return {};
    case Flag::kTtlSweepMs: {
      const auto ms = ParseInt<std::int64_t>(value, 0, 86'400'000);
      if (!ms) return bad("milliseconds from 0 to 86400000");
      f.database.ttl_sweep_interval_ms = *ms;
      f.ttl_sweep_given = true;
      return {};
    }
    case Flag::kStreamShardRecords: {
      const auto n = ParseInt<std::uint64_t>(value, 0, 1'000'000'000);
      if (!n) return bad("a number of records (0: no limit)");
      f.database.stream_shard_max_records = *n;
      return {};
    }
    case Flag::kEventualConsistencyMs: {
      const auto ms = ParseInt<std::int64_t>(value, 0, 3'600'000);
      if (!ms) return bad("milliseconds from 0 to 3600000");
      f.database.eventual_consistency_window_ms = *ms;
      return {};
    }
    case Flag::kLenient:
      f.database.local_leniencies = true;
      return {};
    case Flag::kTransientStatusMs: {
      const auto ms = ParseInt<std::int64_t>(value, 0, 3'600'000);
      if (!ms) return bad("milliseconds from 0 to 3600000");
      f.database.transient_status_ms = *ms;
      f.transient_status_given = true;
      return {};
    }
    case Flag::kOnDemandScaleDelayMs: {
      const auto ms = ParseInt<std::int64_t>(value, 0, 86'400'000);
      if (!ms) return bad("milliseconds from 0 to 86400000");
      f.database.on_demand_scale_delay_ms = *ms;
      return {};
    }
    case Flag::kSplitForHeat: {
      // SECONDS[,PERCENT]
      const std::size_t comma = value.find(',');
      const auto seconds = ParseInt<std::int64_t>(value.substr(0, comma), 0, 86'400);
      std::optional<std::int64_t> percent = f.database.split_for_heat_percent;
      if (comma != std::string_view::npos) {
        percent = ParseInt<std::int64_t>(value.substr(comma + 1), 1, 100);
      }
      if (!seconds || !percent) {
        return bad("SECONDS[,PERCENT]: seconds from 0 (never) to 86400, percent from 1 to 100");
      }
      f.database.split_for_heat_seconds = *seconds;
      f.database.split_for_heat_percent = *percent;
      return {};
    }
    case Flag::kServiceLatencyMs: {
      // P50[,P99], milliseconds.
      const std::size_t comma = value.find(',');
      const auto p50 = ParseInt<std::int64_t>(value.substr(0, comma), 1, 60'000);
      std::optional<std::int64_t> p99 = p50;
      if (comma != std::string_view::npos) {
        p99 = ParseInt<std::int64_t>(value.substr(comma + 1), 1, 60'000);
      }
      if (!p50 || !p99 || *p99 < *p50) {
        return bad("P50[,P99]: milliseconds from 1 to 60000, P99 at least P50");
      }
      f.database.service_latency.p50_ms = static_cast<double>(*p50);
      f.database.service_latency.p99_ms = static_cast<double>(*p99);
      return {};
    }
    case Flag::kFaultRate: {
      char* end = nullptr;
      const std::string text(value);
      const double rate = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size() || !(rate >= 0 && rate <= 1)) {
        return bad("a probability from 0 to 1");
      }
      f.database.faults.rate = rate;
      return {};
    }
    case Flag::kFaultOperations:
      f.database.faults.operations = std::string(value);
      return {};
    case Flag::kFaultKinds:
      f.database.faults.kinds = std::string(value);
      return {};
    case Flag::kFaultSeed: {
      const auto seed = ParseInt<std::uint64_t>(value, 0, UINT32_MAX);
      if (!seed) return bad("a number");
      f.database.faults.seed = *seed;
      return {};
    }
    case Flag::kStreamShardPeriodMs: {
      const auto ms = ParseInt<std::int64_t>(value, 1, 86'400'000LL * 365);
      if (!ms) return bad("milliseconds, at least 1");
      f.database.stream_shard_period_ms = *ms;
      return {};
    }
    case Flag::kMaxConnections: {
      const auto n = ParseInt<long long>(value, 1, 1'000'000);
      if (!n) return bad("a number of connections from 1 to 1000000");
      f.server.max_connections = static_cast<std::size_t>(*n);
      return {};
    }
    case Flag::kCredentialsFile:
      if (value.empty()) return bad("a file of access key ids and secret keys");
      f.credentials_file = std::string(value);
      return {};
    case Flag::kAccessPolicyFile:
      if (value.empty()) return bad("a JSON file of per-access-key policies");
      f.access_policy_file = std::string(value);
      return {};
    case Flag::kS3Dir:
      if (value.empty()) return bad("a directory whose subdirectories are S3 buckets");
      f.database.s3_dir = std::string(value);
      return {};
    case Flag::kHealth:
      if (!value.starts_with("http://"))
        return bad("an http:// URL such as http://127.0.0.1:8000/");
      f.health_url = std::string(value);
      return {};
    case Flag::kIdleTimeout:
    case Flag::kReadTimeout: {
      const auto d = ParseDuration(value);
      if (!d) return bad("seconds (30, 30s) or milliseconds (500ms), 0 for none");
      (spec.flag == Flag::kIdleTimeout ? f.server.idle_timeout : f.server.read_timeout) = *d;
      return {};
    }
  }
  return {};
}

// The index of the first argument after a leading Java command line (JVM options, then
// `-jar FILE`), or 1 when there is none: DynamoDB Local's image runs `java` with its command,
// and users' `docker run` lines pass that command as they would to it.
int SkipJavaCommandLine(int argc, const char* const* argv) {
  int i = 1;
  while (i < argc) {
    const std::string_view arg = argv[i];
    if (!arg.starts_with("-D") && !arg.starts_with("-X")) break;
    ++i;
  }
  if (i + 1 < argc && std::string_view(argv[i]) == "-jar") return i + 2;
  return 1;  // no -jar: a -D or -X is an unknown option like any other
}

}  // namespace

FlagParse ParseLocalFlags(int argc, const char* const* argv) {
  FlagParse result;
  LocalFlags& f = result.flags;
  f.database.path = ".";    // DynamoDB Local: "Default is the current directory."
  f.database.audit = true;  // the server records request shapes unless --audit off
  bool durability_given = false;
  bool db_path_given = false;
  for (int i = SkipJavaCommandLine(argc, argv); i < argc; ++i) {
    const std::string_view arg = argv[i];
    std::string_view name = arg;
    if (name.substr(0, 2) == "--") {
      name.remove_prefix(2);
    } else if (name.substr(0, 1) == "-" && name.size() > 1) {
      name.remove_prefix(1);
    } else {
      result.error = "unexpected argument '" + std::string(arg) + "'";
      return result;
    }
    std::optional<std::string_view> value;
    if (const std::size_t eq = name.find('='); eq != std::string_view::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    const FlagSpec* spec = FindFlag(name);
    if (spec == nullptr) {
      result.error = "unknown option '" + std::string(arg) + "'";
      return result;
    }
    const std::string shown(arg.substr(0, arg.find('=')));  // the flag as typed
    if (!spec->takes_value && value) {
      result.error = "option " + shown + " takes no value";
      return result;
    }
    if (spec->takes_value && !value) {
      if (i + 1 >= argc) {
        result.error = "option " + shown + " requires a value";
        return result;
      }
      value = argv[++i];
    }
    if (spec->flag == Flag::kDbPath) db_path_given = true;
    std::string error = Apply(*spec, shown, value.value_or(""), f, durability_given);
    if (!error.empty()) {
      result.error = std::move(error);
      return result;
    }
  }
  if (f.help || f.version || !f.health_url.empty()) return result;
  if (f.database.in_memory && db_path_given) {
    result.error = "dbPath and inMemory cannot be set at the same time";  // Local's words
    return result;
  }
  // An in-memory database is thrown away at exit: syncing it to disk buys nothing.
  if (f.database.in_memory && !durability_given) f.database.durability = Durability::kNone;
  if (f.virtual_clock) f.database.clock = std::make_shared<VirtualClock>(SystemClock().NowMicros());
  // The latency is waited on the thread that runs the request: on the one write thread, each
  // write's latency would hold up every other write, which the service's do not.
  if (f.database.service_latency.p50_ms > 0 && !f.write_thread_given) {
    f.server.write_thread = false;
  }
  // Time to Live: a real clock sweeps in the background (once a second unless told); a virtual
  // one only when asked (POST /_ddblocal/ttl/sweep), so tests see expiry exactly.
  if (!f.ttl_sweep_given) f.database.ttl_sweep_interval_ms = f.virtual_clock ? 0 : 1000;
  // -delayTransientStatuses alone: table and index changes take a second (a DescribeTable poll
  // or an SDK waiter sees CREATING first, then ACTIVE).
  if (f.delay_transient_statuses && !f.transient_status_given) {
    f.database.transient_status_ms = kDefaultTransientStatusMs;
  }
  return result;
}

std::string LocalUsage() {
  return R"(usage: ddb-local [options]

A DynamoDB-compatible server (AWS SDKs, the AWS CLI, boto3, ElectroDB: --endpoint-url
http://127.0.0.1:8000). Accepts Amazon DynamoDB Local's flags; every flag may be written with
one or two dashes, and its value as the next argument or after '='.

DynamoDB Local's flags:
 -port N, --port N          Port to listen on. Default 8000; 0 picks a free port.
 -inMemory, --in-memory     Keep the data in a temporary directory removed at exit.
 -dbPath DIR, --db-path DIR Directory of the database. Default: the current directory.
 -sharedDb, --shared-db     One set of tables for every access key and region (default:
                            separate tables per access key id and region, as Local).
 --s3-dir DIR               A local S3 for ExportTableToPointInTime, ImportTable and bulk
                            put: each subdirectory of DIR is a bucket, each file under it
                            an object. Default: none.
 -cors LIST, --cors LIST    Allow browser scripts from these origins (comma-separated, or
                            '*' for any). Default: off; without signature checks a '*'
                            default would let any web page reach your tables.
 -delayTransientStatuses    Table and index changes take time, as in the service
                            (--transient-status-ms 1000 unless given).
 -optimizeDbBeforeStartup   Accepted for compatibility; no effect (LMDB needs no
                            optimizing).
 -disableTelemetry          Accepted for compatibility; ddb-local sends no telemetry.
 -version, --version        Print the version, commit and build options and exit.
 --health URL               Exit 0 if a ddb-local answers at URL (http://127.0.0.1:8000/),
                            1 if not: a container's health check, where there is no curl.
 -jar FILE, -D..., -X...    A leading Java command line (amazon/dynamodb-local's
                            `-jar DynamoDBLocal.jar ...`) is accepted and skipped.
 -help, --help              Print this text and exit.

ddb-local's own:
 --host ADDR                Address to listen on. Default: every interface, IPv6 and IPv4,
                            as DynamoDB Local (needed in containers); 127.0.0.1 keeps the
                            server private to this machine.
 --threads N                I/O threads. Default: one per core, less the write thread's
                            (one on a machine of two cores or fewer).
 --write-thread on|off      Item writes (PutItem, UpdateItem, DeleteItem, BatchWriteItem,
                            TransactWriteItems) run on a thread of their own, so that
                            reads never wait behind a commit. Default on.
 --durability fsync|none    fsync: a write is on disk when acknowledged (default with
                            -dbPath); none: survives a crash of the process, not of the
                            machine (default with -inMemory).
 --max-size-mib N           The database's largest size, in MiB: LMDB's map, reserved as
                            address space at start. Default 65536 (64 GiB).
 --throttle on|off          Per-partition and per-table throughput limits as AWS enforces
                            them. Default on.
 --lenient                  Accept what DynamoDB Local accepts and AWS refuses (numbers
                            as JSON strings, unused AttributeDefinitions, throughput on
                            on-demand tables), for tools and suites written against Local
                            (docs/ddb-local.md). Default off: requests are judged as AWS.
 --virtual-clock            Time moves only when told (deterministic tests of throttling).
 --on-demand-scale-delay-ms N  How long after a new peak an on-demand table serves double it
                            (docs/capacity.md §7; default 1800000, the 30 minutes the
                            Developer Guide gives).
 --split-for-heat S[,P]     A partition whose load reaches P% of its cap in every second
                            for S seconds, over more than one key, splits where its load
                            divides (docs/capacity.md §10; default 300,80; 0: never).
 --console                  Serve the browser console at /_ddblocal/console/ (tables,
                            items, query builder, partition heat map, audit findings).
 --audit on|off             Record the shape of every request for the access-pattern audit
                            (GET /_ddblocal/audit, hrctl audit, the console). Default on.
 --ttl-sweep-ms N           Time to Live: delete expired items every N ms in the background.
                            Default 1000, or 0 (never; POST /_ddblocal/ttl/sweep instead)
                            with --virtual-clock.
 --stream-shard-records N   Streams: a shard closes and a child opens after N records
                            (default 0: only by age).
 --stream-shard-period-ms N Streams: ... or after N ms (default 4 hours, as the service).

Realism switches (off by default):
 --eventual-consistency-ms N  An eventually consistent GetItem sees the item as it was N ms
                            ago (the version a write within the last N ms replaced).
 --transient-status-ms N     CreateTable, UpdateTable and DeleteTable finish N ms after
                            their response: DescribeTable shows CREATING, UPDATING (a new
                            GSI CREATING, Backfilling) and DELETING meanwhile, and what
                            the service refuses in those states is refused.
 --service-latency-ms P50[,P99]  Each request takes this long before its answer, log-normal
                            with that median and 99th percentile (P50 alone: constant), as
                            from a client to the service; with --virtual-clock the clock
                            moves instead. Turns --write-thread off unless given.
 --fault-rate P             Fail this fraction (0..1) of requests before they run, with one
                            of --fault-kinds (default throttling,internal,conflict; also
                            drop: close the connection without answering).
 --fault-operations LIST    Only these operations (comma-separated; default: all).
 --fault-seed N             Seed of the fault draws (default 1), for replayable runs.

Connections:
 --max-connections N        Open connections at most; when full, the one idle longest is
                            closed for a new one. Default: the file-descriptor limit less
                            64, after ddb-local has raised its soft limit to the hard one
                            (a soft limit of 1,024 would give 960).
 --idle-timeout T           Close a connection that waits this long for a request
                            (seconds, or 500ms; 0: never). Default 120.
 --read-timeout T           Close a connection whose request does not arrive whole, or
                            whose reply is not taken, within this. Default 60.

Authentication:
 --credentials-file FILE    Verify every request's SigV4 signature against these keys
                            (lines "ACCESS_KEY_ID SECRET", or the AWS credentials file
                            format). Default: off, as DynamoDB Local: requests need an
                            Authorization header of SigV4 shape, any key is accepted and
                            names a namespace of tables, signatures are not checked.
 --access-policy-file FILE  Tenant isolation: per-access-key policies (JSON) restricting
                            operations, tables and leading partition-key values; others
                            get AccessDeniedException. Use with -sharedDb (tenants share
                            tables) and --credentials-file (keys are then proven).

Subcommands:
 ddb-local mcp [-inMemory | -dbPath DIR] [--read-only]
 ddb-local mcp --endpoint URL [--region R] [--access-key K --secret-key S] [--read-only]
                            The Model Context Protocol for coding agents on stdin/stdout:
                            tables, items, PartiQL, snapshots, the capacity report and hot
                            keys, the audit, cost estimates (docs/ddb-local.md, "MCP
                            server"); on a database of its own (in memory unless -dbPath)
                            or on a running ddb-local. A running ddb-local also serves it
                            at POST /_ddblocal/mcp (streamable HTTP), as the request's
                            caller. `ddb-local mcp --help` for its options.
 ddb-local compact DIR      Rewrite the data directory DIR with every page full (after a
                            bulk load pages are two-thirds full: the file loses about a
                            third). Nothing else may have DIR open; records stay as they are.
)" + TransferUsage();
}

}  // namespace ddblocal
