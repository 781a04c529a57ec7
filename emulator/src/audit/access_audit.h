// AccessAudit: the recorder of the access-pattern audit. The request path hands it one
// Observation per data request (audit_probe.h builds them); it aggregates them by shape, so its
// memory is bounded by the number of distinct shapes (capped) and small fixed-size sketches,
// never by the number of requests. Thread-safe: one mutex, held only to update counters.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "audit/key_sketch.h"
#include "ddbemu/audit_report.h"
#include "ddbemu/clock.h"

namespace ddbemu {
struct TableSchema;
}

namespace ddbemu::audit {

// What one request showed. Strings are already normalised (request_shape.h).
struct Observation {
  std::string ns;  // the caller's namespace (ops::Caller::ns)
  std::string table;
  std::string index;
  std::string operation;
  std::string key_condition;
  std::string filter;
  std::string projection;
  bool consistent_read = false;
  std::int64_t limit = 0;
  std::vector<std::string> missing_attributes;  // required attributes a put lacked
  std::vector<std::string> present_attributes;  // required attributes a put carried
  bool ok = true;
  bool throttled = false;
  std::int64_t items_read = 0;
  std::int64_t items_returned = 0;
  double read_units = 0;
  double write_units = 0;
  std::string partition_key;  // DynamoDB JSON of the partition key used; "" when unknown
  // Writes: the hash of the written item's table key; and for a put on a table with a sort
  // key, its partition key (collection_key) and the hash of its sort key.
  std::uint64_t written_item = 0;  // 0: no write
  double item_kb = 0;              // the written item's size, from its write units (1 per KB)
  std::string collection_key;
  std::uint64_t sort_key_hash = 0;
  // Reads: hashes of the table keys of the items read (a GetItem's key even when absent).
  std::vector<std::uint64_t> read_items;
  bool global_index_read = false;
};

// Limits of the recorder's memory.
struct AuditLimits {
  std::size_t max_shapes = 2000;      // requests of further shapes are counted as dropped
  std::size_t recent_writes = 16384;  // the window of "recent writes" remembered
  std::size_t collections_per_table = 64;
  std::int64_t window_micros = 1'000'000;  // a write this recent makes a read "right after" it
};

// What the recorder holds for one namespace, for the findings (audit_findings.h).
struct AuditSnapshot {
  std::int64_t now_micros = 0;
  std::int64_t window_micros = 0;
  std::int64_t dropped_requests = 0;
  std::vector<AuditShape> shapes;
  struct Collection {
    std::string table;
    std::string key;
    std::int64_t puts = 0;
    std::int64_t distinct_sort_keys = 0;  // estimated
  };
  std::vector<Collection> collections;
  // Per table, the required attributes some write carried (the table relies on them).
  std::map<std::string, std::vector<std::string>> relied_attributes;
};

class AccessAudit {
 public:
  explicit AccessAudit(Clock& clock, AuditLimits limits = {}) : clock_(clock), limits_(limits) {}

  void Record(const Observation& observation);
  // The shapes and sketches of namespace `ns`, shapes in first-seen order.
  AuditSnapshot Snapshot(const std::string& ns) const;
  // Forgets everything recorded (POST /_ddblocal/audit/reset).
  void Reset();

  // Table schemas by namespace and name, so that recording looks no schema up per request.
  // Forget() drops one when a table is created, updated or deleted.
  std::shared_ptr<const TableSchema> CachedSchema(const std::string& ns,
                                                  const std::string& table) const;
  void CacheSchema(const std::string& ns, const std::string& table,
                   std::shared_ptr<const TableSchema> schema);
  void Forget(const std::string& ns, const std::string& table);

  std::int64_t window_micros() const { return limits_.window_micros; }

 private:
  struct ShapeState {
    std::string ns;
    AuditShape shape;
    KeySketch keys{4};
  };
  struct TableState {
    std::vector<CollectionSketch> collections;
    std::vector<std::string> relied_attributes;
  };
  bool WrittenRecently(std::uint64_t item, std::int64_t now) const;
  void RememberWrite(std::uint64_t item, std::int64_t now);
  void RecordCollection(TableState& table, const Observation& o);

  Clock& clock_;
  const AuditLimits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::size_t> shape_index_;  // shape key -> shapes_
  std::vector<ShapeState> shapes_;
  std::int64_t dropped_ = 0;
  std::map<std::string, TableState> tables_;  // ns \x1f table
  std::unordered_map<std::uint64_t, std::int64_t> last_write_;
  std::deque<std::pair<std::uint64_t, std::int64_t>> write_order_;
  std::map<std::string, std::shared_ptr<const TableSchema>> schemas_;
};

}  // namespace ddbemu::audit
