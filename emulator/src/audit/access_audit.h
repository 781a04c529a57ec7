// AccessAudit: the recorder of the access-pattern audit. The request path hands it one
// Observation per data request (audit_probe.h builds them); it aggregates them by shape, so its
// memory is bounded by the number of distinct shapes (capped) and small fixed-size sketches,
// never by the number of requests. Thread-safe: one mutex, held to update counters and, for a
// read, to read its keys with the table schema its shape holds (one lock per request).
//
// Recording is on every request's path, so it allocates nothing once a shape and its keys are
// known: shapes are found by their raw form (raw_shape.h) or a hash of their parts, keys are
// compared by hash, and a key's DynamoDB JSON label is written only when the report is asked
// (CaptureKey).
#pragma once

#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "audit/key_sketch.h"
#include "audit/recent_writes.h"
#include "ddbemu/audit_report.h"
#include "ddbemu/clock.h"
#include "ddbemu/version.h"
#include "storage/table_schema.h"
#include "sync/mutex.h"
#include "value/item_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

// The attributes hrcore's schema relies on every item carrying (its entity codecs write `type`); a
// put lacking one on a table where other puts carry it is a finding. Observations name them by
// bit (1 << index).
inline constexpr std::string_view kRequiredAttributes[] = {"type"};

// One value of a key as the audit hashes and labels it: its type and S/N/B bytes, a view into
// the request's Item or into the response's encoded item (found: present).
using KeyScalar = itemcodec::ScalarAttribute;
// The most attributes a key the audit follows has (a GSI's partition key can have four).
inline constexpr std::size_t kMaxKeyParts = 4;

// A key a request used (its partition key, on the table or an index): the key's attributes,
// their values and, when they were read from one, the Item holding them, all valid while
// Record runs; `hash` is KeyHash of them (0: no key known).
struct KeyRef {
  std::span<const KeyAttribute> attributes;
  std::array<KeyScalar, kMaxKeyParts> values;  // values[i]: attributes[i]'s
  const Item* item = nullptr;                  // null: values read from an encoded item
  std::uint64_t hash = 0;
};

struct RawShape;  // raw_shape.h

// What a read's keys showed, from the table's schema (Observation::read_keys).
struct ObservedKeys {
  KeyRef partition_key;
  std::span<const std::uint64_t> read_items;
  bool global_index_read = false;
};
// Reads them (`recent_write`: whether a write is within the window; without one, read_items
// are not needed).
using KeyReader = void (*)(void* context, const TableSchema& schema, bool recent_write,
                           ObservedKeys& out);

// What one request showed. The views and KeyRef point into the request and its response, which
// outlive the Record call; expressions are already normalised (request_shape.h).
struct Observation {
  std::string_view ns;  // the caller's namespace (ops::Caller::ns)
  std::string_view table;
  std::string_view index;
  std::string_view operation;  // a literal: "Query", "BatchWriteItem:Put"...
  std::string key_condition;
  std::string filter;
  std::string projection;
  bool consistent_read = false;
  std::int64_t limit = 0;
  std::uint32_t missing_attributes = 0;  // kRequiredAttributes a put lacked (bits)
  std::uint32_t present_attributes = 0;  // kRequiredAttributes a put carried (bits)
  bool ok = true;
  bool throttled = false;
  std::int64_t items_read = 0;
  std::int64_t items_returned = 0;
  double read_units = 0;
  double write_units = 0;
  double vector_search_bytes = 0;  // SearchVectors: its VectorSearchRequestBytes
  KeyRef partition_key;
  // Writes: the hash of the written item's table key; and for a put on a table with a sort
  // key, that its item collection (partition_key's) grew by the sort key of hash sort_key_hash.
  std::uint64_t written_item = 0;  // 0: no write
  double item_kb = 0;              // the written item's size, from its write units (1 per KB)
  bool grows_collection = false;
  std::uint64_t sort_key_hash = 0;
  // Reads: hashes of the table keys of the items read (a GetItem's key even when absent). Only
  // consistent and GSI reads need them, and only when a write is recent (WroteWithinWindow).
  std::span<const std::uint64_t> read_items;
  bool global_index_read = false;
  // When set, the expressions as the request gave them: key_condition, filter and projection
  // are then empty, and Record normalises `raw` only when it has not seen it before.
  const RawShape* raw = nullptr;
  // When set (reads only), partition_key, read_items and global_index_read are not given but
  // read by read_keys(keys_context, ...) inside Record from the table's schema, which the
  // recorder holds per shape: one lock finds both.
  KeyReader read_keys = nullptr;
  void* keys_context = nullptr;
};

// Limits of the recorder's memory.
struct AuditLimits {
  std::size_t max_shapes = 2000;      // requests of further shapes are counted as dropped
  std::size_t recent_writes = 16384;  // writes remembered for "recent write" (recent_writes.h)
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
  explicit AccessAudit(Clock& clock, AuditLimits limits = {})
      : clock_(clock), limits_(limits), recent_writes_(limits.recent_writes) {}

  // Records `observation`. With read_keys set, returns false and records nothing when the
  // recorder does not hold the table's schema: the caller looks it up (caching it, see
  // SchemaOf in observation_parts.h) and calls again with `schema_looked_up`, when a table
  // still without one is recorded without keys.
  bool Record(const Observation& observation, bool schema_looked_up = false);
  // The shapes and sketches of namespace `ns`, shapes in first-seen order.
  AuditSnapshot Snapshot(const std::string& ns) const;
  // Forgets everything recorded (POST /_ddblocal/audit/reset).
  void Reset();

  // Table schemas by namespace and name, so that recording looks no schema up per request.
  // Forget() drops one when a table is created, updated or deleted.
  std::shared_ptr<const TableSchema> CachedSchema(std::string_view ns,
                                                  std::string_view table) const;
  void CacheSchema(std::string_view ns, std::string_view table,
                   std::shared_ptr<const TableSchema> schema);
  void Forget(std::string_view ns, std::string_view table);
  // Drops every cached schema (the database was replaced by a snapshot or a reset); the
  // recorded shapes stay: they describe the requests the program made.
  void ForgetSchemas();

  std::int64_t window_micros() const { return limits_.window_micros; }
  // Whether a write was recorded at `now` - window_micros() or later. When none was, no read
  // can be "right after a write", and Record needs no hashes of the items read (read_items):
  // its findings are the same with none.
  bool WroteWithinWindow(std::int64_t now) const {
    return last_write_micros_.load(std::memory_order_relaxed) >= now - limits_.window_micros;
  }
  std::int64_t NowMicros() const { return clock_.NowMicros(); }

 private:
  struct ShapeState {
    std::string ns;
    std::uint32_t missing_attributes = 0;
    AuditShape shape;
    KeySketch keys{4};
    std::shared_ptr<const TableSchema> schema;  // the table's, when schema_epoch is current
    std::uint64_t schema_epoch = 0;
  };
  struct TableState {
    std::vector<CollectionSketch> collections;
    std::vector<std::string> relied_attributes;
  };
  // (namespace, table) keys, searched with string_views (no key built per request).
  using NsTable = std::pair<std::string, std::string>;
  struct NsTableLess {
    using is_transparent = void;
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      const int ns = std::string_view(a.first).compare(std::string_view(b.first));
      return ns != 0 ? ns < 0 : std::string_view(a.second) < std::string_view(b.second);
    }
  };

  // A raw form (raw_shape.h) seen before and the shape it normalised to.
  struct RawEntry {
    std::string key;  // RawShape::Key
    std::size_t shape;
  };

  static std::uint64_t ShapeHash(const Observation& o);
  static bool SameShape(const ShapeState& state, const Observation& o);
  ShapeState* FindShape(std::uint64_t hash, const Observation& o) REQUIRES(mutex_);
  ShapeState* AddShape(std::uint64_t hash, const Observation& o) REQUIRES(mutex_);
  ShapeState* ShapeOf(const Observation& o, std::string_view raw_key, std::uint64_t raw_hash)
      REQUIRES(mutex_);
  const TableSchema* SchemaOfShape(ShapeState& state, const Observation& o) REQUIRES(mutex_);
  void RecordCollection(TableState& table, const Observation& o) REQUIRES(mutex_);
  void RecordTable(const Observation& o) REQUIRES(mutex_);

  Clock& clock_;
  const AuditLimits limits_;
  mutable sync::Mutex mutex_;
  // ShapeHash -> shapes_
  std::unordered_multimap<std::uint64_t, std::size_t> shape_index_ GUARDED_BY(mutex_);
  std::vector<ShapeState> shapes_ GUARDED_BY(mutex_);
  // RawShape::HashKey -> entry
  std::unordered_multimap<std::uint64_t, RawEntry> raw_index_ GUARDED_BY(mutex_);
  std::atomic<std::int64_t> last_write_micros_{INT64_MIN};  // the latest Remember's time
  std::int64_t dropped_ GUARDED_BY(mutex_) = 0;
  std::map<NsTable, TableState, NsTableLess> tables_ GUARDED_BY(mutex_);
  RecentWrites recent_writes_ GUARDED_BY(mutex_);
  std::map<NsTable, std::shared_ptr<const TableSchema>, NsTableLess> schemas_ GUARDED_BY(mutex_);
  std::uint64_t schema_epoch_ GUARDED_BY(mutex_) = 1;  // changes when schemas_ does
};

// Hashes of keys, for comparing without labels: KeyHash of `attributes` in `item` (0 when one
// is missing), and CombineHash to fold one hash into another.
std::uint64_t KeyHash(std::span<const KeyAttribute> attributes, const Item& item);
std::uint64_t CombineHash(std::uint64_t seed, std::uint64_t value);
// The same hash of a key's values (0 when one is not found).
std::uint64_t KeyHash(std::span<const KeyScalar> values);
// The key of `attributes` in `item` (hash 0 when one is missing).
KeyRef KeyOf(std::span<const KeyAttribute> attributes, const Item& item);
// The label of a key: its attributes as DynamoDB JSON ({"PK":{"S":"ORG#1"}}), as the capacity
// report labels keys, appended to `out`.
void WriteKeyLabel(const KeyRef& key, std::string& out);
// A key kept for its label later: CaptureKey copies its names and values into `out` (cheaper
// than a label, and most reads replace a sketch's key), LabelOfCapture writes the label
// WriteKeyLabel would have written.
void CaptureKey(const KeyRef& key, std::string& out);
std::string LabelOfCapture(std::string_view captured);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
