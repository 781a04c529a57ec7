// AccessAudit: aggregation of observations by shape (access_audit.h).
#include "audit/access_audit.h"

#include <algorithm>

#include "storage/table_schema.h"

namespace ddbemu::audit {
namespace {

constexpr char kSep = '\x1f';  // cannot occur in a table name, an access key or an expression

std::string ShapeKey(const Observation& o) {
  std::string key = o.ns;
  for (const std::string* part :
       {&o.table, &o.index, &o.operation, &o.key_condition, &o.filter, &o.projection}) {
    key += kSep;
    key += *part;
  }
  key += kSep;
  key += o.consistent_read ? '1' : '0';
  key += std::to_string(o.limit);
  for (const std::string& a : o.missing_attributes) {
    key += kSep;
    key += a;
  }
  return key;
}

std::string TableKey(const std::string& ns, const std::string& table) { return ns + kSep + table; }

}  // namespace

bool AccessAudit::WrittenRecently(std::uint64_t item, std::int64_t now) const {
  auto it = last_write_.find(item);
  return it != last_write_.end() && now - it->second <= limits_.window_micros;
}

void AccessAudit::RememberWrite(std::uint64_t item, std::int64_t now) {
  last_write_[item] = now;
  write_order_.emplace_back(item, now);
  while (write_order_.size() > limits_.recent_writes) {
    const auto [old, at] = write_order_.front();
    write_order_.pop_front();
    auto it = last_write_.find(old);
    if (it != last_write_.end() && it->second == at) last_write_.erase(it);
  }
}

void AccessAudit::RecordCollection(TableState& table, const Observation& o) {
  for (CollectionSketch& c : table.collections) {
    if (c.key == o.collection_key) {
      c.Add(o.sort_key_hash);
      return;
    }
  }
  if (table.collections.size() < limits_.collections_per_table) {
    table.collections.push_back(CollectionSketch{o.collection_key});
    table.collections.back().Add(o.sort_key_hash);
    return;
  }
  // Space saving: the least written collection gives way (a growing one soon outranks it).
  auto smallest = std::min_element(
      table.collections.begin(), table.collections.end(),
      [](const CollectionSketch& a, const CollectionSketch& b) { return a.puts < b.puts; });
  const std::int64_t puts = smallest->puts;
  *smallest = CollectionSketch{o.collection_key, puts};
  smallest->Add(o.sort_key_hash);
}

void AccessAudit::Record(const Observation& o) {
  const std::int64_t now = clock_.NowMicros();
  const std::string key = ShapeKey(o);
  std::lock_guard lock(mutex_);
  auto found = shape_index_.find(key);
  if (found == shape_index_.end()) {
    if (shapes_.size() >= limits_.max_shapes) {
      ++dropped_;
      return;
    }
    ShapeState state{o.ns, AuditShape{}};
    AuditShape& s = state.shape;
    s.id = "s" + std::to_string(shapes_.size() + 1);
    s.table = o.table;
    s.index = o.index;
    s.operation = o.operation;
    s.key_condition = o.key_condition;
    s.filter = o.filter;
    s.projection = o.projection;
    s.consistent_read = o.consistent_read;
    s.limit = o.limit;
    s.missing_attributes = o.missing_attributes;
    found = shape_index_.emplace(key, shapes_.size()).first;
    shapes_.push_back(std::move(state));
  }
  ShapeState& state = shapes_[found->second];
  AuditShape& s = state.shape;
  ++s.requests;
  if (o.throttled) ++s.throttles;
  if (!o.ok && !o.throttled) ++s.errors;
  s.items_read += o.items_read;
  s.items_returned += o.items_returned;
  s.read_units += o.read_units;
  s.write_units += o.write_units;
  if (o.written_item != 0) s.max_item_kb = std::max(s.max_item_kb, o.item_kb);
  if (!o.partition_key.empty()) state.keys.Add(o.partition_key);

  if (o.ok && !o.read_items.empty()) {
    bool any_recent = false;
    for (std::uint64_t item : o.read_items) any_recent = any_recent || WrittenRecently(item, now);
    if (o.global_index_read && any_recent) ++s.reads_after_write;
    if (o.consistent_read && !any_recent) ++s.consistent_reads_without_recent_write;
  } else if (o.ok && o.consistent_read) {
    ++s.consistent_reads_without_recent_write;  // nothing read: nothing to be stale about
  }
  if (o.ok && o.written_item != 0) RememberWrite(o.written_item, now);

  if (o.ok && (!o.collection_key.empty() || !o.present_attributes.empty())) {
    TableState& table = tables_[TableKey(o.ns, o.table)];
    if (!o.collection_key.empty()) RecordCollection(table, o);
    for (const std::string& a : o.present_attributes) {
      if (std::find(table.relied_attributes.begin(), table.relied_attributes.end(), a) ==
          table.relied_attributes.end()) {
        table.relied_attributes.push_back(a);
      }
    }
  }
}

AuditSnapshot AccessAudit::Snapshot(const std::string& ns) const {
  AuditSnapshot snapshot;
  snapshot.now_micros = clock_.NowMicros();
  snapshot.window_micros = limits_.window_micros;
  std::lock_guard lock(mutex_);
  snapshot.dropped_requests = dropped_;
  for (const ShapeState& state : shapes_) {
    if (state.ns != ns) continue;
    snapshot.shapes.push_back(state.shape);
    snapshot.shapes.back().top_keys = state.keys.Top();
  }
  const std::string prefix = ns + kSep;
  for (auto it = tables_.lower_bound(prefix); it != tables_.end(); ++it) {
    if (!it->first.starts_with(prefix)) break;
    const std::string table = it->first.substr(prefix.size());
    for (const CollectionSketch& c : it->second.collections) {
      snapshot.collections.push_back({table, c.key, c.puts, c.DistinctSortKeys()});
    }
    if (!it->second.relied_attributes.empty()) {
      snapshot.relied_attributes[table] = it->second.relied_attributes;
    }
  }
  return snapshot;
}

void AccessAudit::Reset() {
  std::lock_guard lock(mutex_);
  shape_index_.clear();
  shapes_.clear();
  dropped_ = 0;
  tables_.clear();
  last_write_.clear();
  write_order_.clear();
}

std::shared_ptr<const TableSchema> AccessAudit::CachedSchema(
    const std::string& ns, const std::string& table) const {
  std::lock_guard lock(mutex_);
  auto it = schemas_.find(TableKey(ns, table));
  return it == schemas_.end() ? nullptr : it->second;
}

void AccessAudit::CacheSchema(const std::string& ns, const std::string& table,
                              std::shared_ptr<const TableSchema> schema) {
  std::lock_guard lock(mutex_);
  schemas_[TableKey(ns, table)] = std::move(schema);
}

void AccessAudit::Forget(const std::string& ns, const std::string& table) {
  std::lock_guard lock(mutex_);
  schemas_.erase(TableKey(ns, table));
}

}  // namespace ddbemu::audit
