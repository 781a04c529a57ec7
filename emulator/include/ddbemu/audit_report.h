// The access-pattern audit (docs/console.md): what the emulator saw of every data request,
// aggregated by request shape (operation, table, index, key condition, filter, projection,
// consistency, Limit), and the key-design anti-patterns those shapes show. Returned by
// Database::AuditReport; ddb-local serves it as JSON at GET /_ddblocal/audit, `hrctl audit`
// prints it and the console shows it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// One request shape and what its requests did. Expressions are normalised: `#names` are
// replaced by the attribute names they stand for and `:values` by `?`, so that requests that
// differ only in their values share a shape.
struct AuditShape {
  std::string id;  // "s1", "s2"...: stable while the server runs; findings cite shapes by it
  std::string table;
  std::string index;      // "" for the table itself
  std::string operation;  // "Query", "PutItem"...
  std::string key_condition;
  std::string filter;
  std::string projection;
  bool consistent_read = false;
  std::int64_t limit = 0;                       // 0: no Limit
  std::vector<std::string> missing_attributes;  // writes: required attributes they lacked
  std::int64_t requests = 0;
  std::int64_t items_read = 0;      // items the service read (ScannedCount; 1 per GetItem)
  std::int64_t items_returned = 0;  // items it returned (Count)
  double read_units = 0;            // capacity consumed, as ConsumedCapacity reports it
  double write_units = 0;
  // SearchVectors: the VectorSearchRequestBytes it consumed (items_read counts the vectors it
  // compared, items_returned its results, limit its TopK).
  double vector_search_bytes = 0;
  std::int64_t throttles = 0;  // requests rejected for throughput
  std::int64_t errors = 0;     // other failed requests
  double max_item_kb = 0;      // largest item written (from its write units: 1 per KB)
  // GSI reads that returned an item written less than the audit's window before.
  std::int64_t reads_after_write = 0;
  // Strongly consistent reads of items not written within the window (eventual would do).
  std::int64_t consistent_reads_without_recent_write = 0;
  std::vector<std::string> top_keys;  // partition keys used most, as DynamoDB JSON
};

// One anti-pattern and the shapes behind it.
struct AuditFinding {
  // "scan", "filter-discards", "hot-key", "gsi-read-after-write", "strong-read",
  // "growing-collection", "large-item", "missing-attribute", "wide-vector-search".
  std::string kind;
  std::string severity;  // "warning" or "info"
  std::string table;
  std::string index;
  std::string key;      // the partition key involved (hot-key, growing-collection), DynamoDB JSON
  std::string summary;  // what was seen, with the figures
  std::string fix;      // what to change
  std::vector<std::string> shapes;  // ids of the shapes behind it
};

struct AuditReport {
  bool enabled = false;  // Options::audit; when off nothing is recorded
  std::int64_t now_micros = 0;
  std::int64_t window_ms = 0;         // "right after a write" / "recent write" horizon
  std::int64_t dropped_requests = 0;  // requests not recorded: the shape table was full
  std::vector<AuditShape> shapes;
  std::vector<AuditFinding> findings;
};

// Thresholds of the findings; every one may be changed per report (GET /_ddblocal/audit?...).
struct AuditThresholds {
  double filter_discard_ratio = 0.5;  // a filter that drops more than this share of what it reads
  std::int64_t filter_min_read = 20;  // ... over at least this many items read
  std::int64_t collection_items = 1000;  // distinct sort keys written under one partition key
  double large_item_kb = 300;            // items at least this large (the limit is 400 KB)
  double hot_key_share = 0.5;      // a key consuming this share of its partition's per-key cap
  double strong_read_share = 0.8;  // consistent reads that needed no consistency, at least
  std::int64_t strong_read_min = 10;
  // A SearchVectors shape comparing at least this many vectors per request, on average.
  std::int64_t vector_search_examined = 10000;
};

// The report as JSON (what ddb-local's admin endpoint answers).
std::string ToJson(const AuditReport& report);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
