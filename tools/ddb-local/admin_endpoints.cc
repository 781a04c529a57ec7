#include "admin_endpoints.h"

#include "console_endpoints.h"
#include "mcp/mcp_command.h"

#include <charconv>
#include <chrono>
#include <map>
#include <optional>
#include <string>

namespace ddblocal {
namespace {

using ddbemu::Response;

std::string JsonString(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "\"";
}

Response Error(int status, std::string_view type, std::string_view message) {
  return Response{status,
                  "{\"__type\":" + JsonString(type) + ",\"message\":" + JsonString(message) + "}"};
}
Response Invalid(std::string_view message) {
  return Error(400, "com.amazon.coral.validate#ValidationException", message);
}
Response FromError(const ddbemu::ApiError& error) {
  return Error(error.http_status(), error.type_name(), error.message());
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string PercentDecode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && HexDigit(s[i + 1]) >= 0 &&
               HexDigit(s[i + 2]) >= 0) {
      out += static_cast<char>(HexDigit(s[i + 1]) * 16 + HexDigit(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::map<std::string, std::string> ParseQuery(std::string_view query) {
  std::map<std::string, std::string> params;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const std::size_t eq = pair.find('=');
    if (!pair.empty()) {
      params[PercentDecode(pair.substr(0, eq))] =
          eq == std::string_view::npos ? "" : PercentDecode(pair.substr(eq + 1));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return params;
}

std::optional<std::int64_t> ParseInt(const std::string& s) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// A time as DynamoDB's JSON writes one: epoch seconds with a fraction (milliseconds here).
std::string EpochSeconds(std::int64_t micros) {
  const std::int64_t millis = micros / 1000;
  std::string fraction = std::to_string(millis % 1000);
  return std::to_string(millis / 1000) + "." + std::string(3 - fraction.size(), '0') + fraction;
}

std::string SnapshotJson(const ddbemu::SnapshotInfo& snapshot) {
  return "{\"Name\":" + JsonString(snapshot.name) +
         ",\"SizeBytes\":" + std::to_string(snapshot.size_bytes) +
         ",\"CreationDateTime\":" + EpochSeconds(snapshot.created_micros) + "}";
}

}  // namespace

bool AdminEndpoints::IsAdmin(std::string_view operation) {
  return operation.starts_with("GET /_ddblocal/") || operation.starts_with("POST /_ddblocal/") ||
         operation.starts_with("DELETE /_ddblocal/");
}

// The snapshot endpoints act on the whole database: the caller is the one the Authorization
// header names (never the access_key_id= parameter), whose policy must allow the action on
// every table when policies are on (Database::Snapshot).
std::optional<Response> AdminEndpoints::HandleSnapshots(std::string_view method,
                                                        std::string_view path,
                                                        const std::optional<std::string>& name,
                                                        const ddbemu::RequestContext& context) {
  const bool one = path == "/_ddblocal/snapshot" || path == "/_ddblocal/restore";
  if (one && !name) return Invalid("name= is required");
  if (method == "POST" && path == "/_ddblocal/snapshot") {
    auto taken = database_.Snapshot(*name, context);
    if (!taken.ok()) return FromError(taken.error());
    return Response{200, "{\"Snapshot\":" + SnapshotJson(*taken) + "}"};
  }
  if (method == "DELETE" && path == "/_ddblocal/snapshot") {
    ddbemu::Status deleted = database_.DeleteSnapshot(*name, context);
    if (!deleted.ok()) return FromError(deleted.error());
    return Response{200, "{}"};
  }
  if (method == "POST" && path == "/_ddblocal/restore") {
    const auto started = std::chrono::steady_clock::now();
    ddbemu::Status restored = database_.Restore(*name, context);
    if (!restored.ok()) return FromError(restored.error());
    const auto took = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - started);
    return Response{200, "{\"Restored\":" + JsonString(*name) +
                             ",\"DurationMs\":" + std::to_string(took.count() / 1000.0) + "}"};
  }
  if (method == "POST" && path == "/_ddblocal/reset") {
    ddbemu::Status reset = database_.Reset(context);
    if (!reset.ok()) return FromError(reset.error());
    return Response{200, "{}"};
  }
  if (method == "GET" && path == "/_ddblocal/snapshots") {
    auto listed = database_.ListSnapshots(context);
    if (!listed.ok()) return FromError(listed.error());
    std::string body = "{\"Snapshots\":[";
    for (std::size_t i = 0; i < listed->size(); ++i) {
      if (i > 0) body += ',';
      body += SnapshotJson((*listed)[i]);
    }
    return Response{200, body + "]}"};
  }
  return std::nullopt;
}

Response AdminEndpoints::Handle(std::string_view operation, std::string_view body,
                                const ddbemu::RequestContext& context) {
  const std::size_t space = operation.find(' ');
  const std::string_view method = operation.substr(0, space);
  std::string_view target = operation.substr(space + 1);
  const std::size_t question = target.find('?');
  const std::string_view path = target.substr(0, question);
  const auto params =
      ParseQuery(question == std::string_view::npos ? "" : target.substr(question + 1));
  auto param = [&](const char* name) -> std::optional<std::string> {
    auto it = params.find(name);
    if (it == params.end()) return std::nullopt;
    return it->second;
  };
  ddbemu::RequestContext caller = context;
  if (auto key = param("access_key_id")) caller.access_key_id = *key;
  if (auto region = param("region")) caller.region = *region;

  if (method == "GET" && path == "/_ddblocal/capacity") {
    auto table = param("table");
    if (!table) return Invalid("table= is required");
    std::int64_t top = 10;
    if (auto text = param("top")) {
      auto n = ParseInt(*text);
      if (!n || *n < 0 || *n > 1000) return Invalid("top= must be 0 to 1000");
      top = *n;
    }
    auto report = database_.CapacityReport(*table, static_cast<std::size_t>(top), caller);
    if (!report.ok()) return FromError(report.error());
    return Response{200, ddbemu::ToJson(*report)};
  }
  if (method == "GET" && path == "/_ddblocal/capacity/history") {
    auto table = param("table");
    if (!table) return Invalid("table= is required");
    std::int64_t seconds = ddbemu::kCapacityHistorySeconds;
    if (auto text = param("seconds")) {
      auto n = ParseInt(*text);
      if (!n || *n < 1 || *n > ddbemu::kCapacityHistorySeconds) {
        return Invalid("seconds= must be 1 to " + std::to_string(ddbemu::kCapacityHistorySeconds));
      }
      seconds = *n;
    }
    auto report = database_.CapacityHistory(*table, seconds, caller);
    if (!report.ok()) return FromError(report.error());
    return Response{200, ddbemu::ToJson(*report)};
  }
  if (method == "POST" && path == "/_ddblocal/capacity/config") {
    auto table = param("table");
    if (!table) return Invalid("table= is required");
    ddbemu::CapacityOverrides overrides;
    overrides.index = param("index").value_or("");
    const std::pair<const char*, std::optional<std::int64_t>*> fields[] = {
        {"partitions", &overrides.partitions},
        {"partition_read_units", &overrides.partition_read_units},
        {"partition_write_units", &overrides.partition_write_units},
        {"table_read_units", &overrides.table_read_units},
        {"table_write_units", &overrides.table_write_units},
        {"burst_seconds", &overrides.burst_seconds},
    };
    for (const auto& [name, field] : fields) {
      if (auto text = param(name)) {
        auto n = ParseInt(*text);
        if (!n) return Invalid(std::string(name) + "= must be an integer");
        *field = *n;
      }
    }
    ddbemu::Status s = database_.SetCapacityOverrides(*table, overrides, caller);
    if (!s.ok()) return FromError(s.error());
    return Response{200, "{}"};
  }
  // As the header's caller, whose signature the router verified (with --credentials-file).
  if (path == "/_ddblocal/mcp") return AnswerMcpHttp(database_, *this, context, method, body);
  if (method == "GET" && path == "/_ddblocal/audit")
    return AuditEndpoint(database_, params, caller);
  if (method == "POST" && path == "/_ddblocal/audit/reset") {
    database_.ResetAudit();
    return Response{200, "{}"};
  }
  if (method == "GET" && path.starts_with("/_ddblocal/console")) {
    if (!console_)
      return Error(404, "NotFound", "the console is off: start ddb-local with --console");
    return ConsoleFile(path);
  }
  if (method == "GET" && path == "/_ddblocal/clock") {
    return Response{200, "{\"ClockMicros\":" + std::to_string(database_.clock().NowMicros()) +
                             ",\"Virtual\":" + (clock_ ? "true" : "false") + "}"};
  }
  if (method == "POST" && path == "/_ddblocal/clock/advance") {
    if (!clock_) return Invalid("the clock is real: start ddb-local with --virtual-clock");
    std::int64_t micros = 0;
    if (auto ms = param("ms")) {
      auto n = ParseInt(*ms);
      if (!n || *n < 0 || *n > 1'000'000'000'000) return Invalid("ms= must be 0 to 10^12");
      micros = *n * 1000;
    } else if (auto us = param("us")) {
      auto n = ParseInt(*us);
      if (!n || *n < 0 || *n > 1'000'000'000'000'000) return Invalid("us= must be 0 to 10^18");
      micros = *n;
    } else {
      return Invalid("ms= or us= is required");
    }
    clock_->AdvanceMicros(micros);
    return Response{200, "{\"ClockMicros\":" + std::to_string(clock_->NowMicros()) + "}"};
  }
  if (auto answered = HandleSnapshots(method, path, param("name"), context)) return *answered;
  if (method == "POST" && path == "/_ddblocal/ttl/sweep") {
    auto deleted = database_.SweepExpiredItems();
    if (!deleted.ok()) return FromError(deleted.error());
    return Response{200, "{\"Deleted\":" + std::to_string(*deleted) + "}"};
  }
  return Error(404, "com.amazon.coral.service#UnknownOperationException",
               "no admin endpoint " + std::string(method) + " " + std::string(path));
}

}  // namespace ddblocal
