// ddb-local's admin endpoints (README, "Capacity and throttling"), reached through
// server::RequestRouter::kAdminPathPrefix:
//   GET  /_ddblocal/capacity?table=T[&top=N]   the capacity report of table T, as JSON
//   GET  /_ddblocal/capacity/history?table=T[&seconds=N]   the report with each key space's
//                                              per-second, per-partition history over the last
//                                              N seconds (1-300, default 300): "History":
//                                              [{"StartMicros", "Partitions": [{"FirstHash",
//                                              "LastHash", "Usage", "HottestKeys"}]}] for the
//                                              table and each GSI (the console's heat map)
//   POST /_ddblocal/capacity/config?table=T[&index=I][&partitions=N][&partition_read_units=N]
//        [&partition_write_units=N][&table_read_units=N][&table_write_units=N][&burst_seconds=N]
//                                              overrides of the model's defaults (none: reset)
//   GET  /_ddblocal/clock                      {"ClockMicros": ..., "Virtual": true|false}
//   POST /_ddblocal/clock/advance?ms=N (or us=N)   moves the virtual clock (--virtual-clock)
//   POST /_ddblocal/ttl/sweep                  deletes expired items now: {"Deleted": N}
//   POST /_ddblocal/snapshot?name=N            snapshots the whole database (Database::Snapshot):
//                                              {"Snapshot": {"Name", "SizeBytes",
//                                              "CreationDateTime"}}
//   POST /_ddblocal/restore?name=N             restores it: {"Restored": N, "DurationMs": ...}
//   POST /_ddblocal/reset                      drops every table: {}
//   GET  /_ddblocal/snapshots                  {"Snapshots": [{"Name", ...}, ...]} by name
//   DELETE /_ddblocal/snapshot?name=N          deletes one: {}
//   GET  /_ddblocal/audit, POST /_ddblocal/audit/reset, GET /_ddblocal/console/...
//                                              the audit and the console (console_endpoints.h)
//   POST /_ddblocal/mcp                        the Model Context Protocol (mcp/mcp_command.h)
// Tables are those of the Authorization header's access key and region when the request has
// one, else of the access_key_id= and region= parameters (default: "" and us-east-1); with
// -sharedDb every caller sees the same tables anyway. The snapshot endpoints act on every
// namespace, as the header's caller (for --access-policy-file: a policy over every table).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/clock.h"
#include "ddbemu/database.h"

namespace ddblocal {

class AdminEndpoints {
 public:
  // `clock` is the server's virtual clock, or null when it runs on the real one.
  // `console`: serve the browser console (--console).
  AdminEndpoints(ddbemu::Database& database, std::shared_ptr<ddbemu::VirtualClock> clock,
                 bool console = false)
      : database_(database), clock_(std::move(clock)), console_(console) {}

  // True for the operation names the router gives admin requests ("GET /_ddblocal/...").
  static bool IsAdmin(std::string_view operation);

  // Answers one admin request: 200 with a JSON body, or 400/404 with an error envelope.
  ddbemu::Response Handle(std::string_view operation, std::string_view body,
                          const ddbemu::RequestContext& context);

 private:
  // The snapshot endpoints; nullopt for another path.
  std::optional<ddbemu::Response> HandleSnapshots(std::string_view method, std::string_view path,
                                                  const std::optional<std::string>& name,
                                                  const ddbemu::RequestContext& context);

  ddbemu::Database& database_;
  std::shared_ptr<ddbemu::VirtualClock> clock_;
  bool console_ = false;
};

}  // namespace ddblocal
