// AccessAudit: aggregation of observations by shape (access_audit.h).
#include "audit/access_audit.h"
#include "audit/raw_shape.h"

#include <algorithm>
#include <functional>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace {

std::uint64_t HashOf(std::string_view s) { return std::hash<std::string_view>{}(s); }

// Raw forms kept per shape allowed (placeholders and spacing vary more than shapes), and the
// longest raw form kept: they bound the memory of the raw-form index (to 4 x 2,000 x 1 KiB by
// default); other raw forms are normalised on every request.
constexpr std::size_t kRawFormsPerShape = 4;
constexpr std::size_t kMaxRawKeyBytes = 1024;

std::pair<std::string_view, std::string_view> Key(std::string_view ns, std::string_view table) {
  return {ns, table};
}

}  // namespace

std::uint64_t CombineHash(std::uint64_t seed, std::uint64_t value) {
  // boost::hash_combine's mixing, widened to 64 bits.
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 12) + (seed >> 4));
}

std::uint64_t AccessAudit::ShapeHash(const Observation& o) {
  std::uint64_t h = HashOf(o.ns);
  for (std::string_view part : {o.table, o.index, o.operation, std::string_view(o.key_condition),
                                std::string_view(o.filter), std::string_view(o.projection)}) {
    h = CombineHash(h, HashOf(part));
  }
  h = CombineHash(h, static_cast<std::uint64_t>(o.limit) * 2 + (o.consistent_read ? 1 : 0));
  return CombineHash(h, o.missing_attributes);
}

bool AccessAudit::SameShape(const ShapeState& state, const Observation& o) {
  const AuditShape& s = state.shape;
  return state.ns == o.ns && s.table == o.table && s.index == o.index &&
         s.operation == o.operation && s.key_condition == o.key_condition && s.filter == o.filter &&
         s.projection == o.projection && s.consistent_read == o.consistent_read &&
         s.limit == o.limit && state.missing_attributes == o.missing_attributes;
}

AccessAudit::ShapeState* AccessAudit::FindShape(std::uint64_t hash, const Observation& o) {
  auto [first, last] = shape_index_.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    if (SameShape(shapes_[it->second], o)) return &shapes_[it->second];
  }
  return nullptr;
}

AccessAudit::ShapeState* AccessAudit::AddShape(std::uint64_t hash, const Observation& o) {
  if (shapes_.size() >= limits_.max_shapes) return nullptr;
  ShapeState state{std::string(o.ns), o.missing_attributes, AuditShape{}};
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
  for (std::size_t i = 0; i < std::size(kRequiredAttributes); ++i) {
    if (o.missing_attributes & (1u << i)) s.missing_attributes.emplace_back(kRequiredAttributes[i]);
  }
  shape_index_.emplace(hash, shapes_.size());
  shapes_.push_back(std::move(state));
  return &shapes_.back();
}

AccessAudit::ShapeState* AccessAudit::ShapeOf(const Observation& o, std::string_view raw_key,
                                              std::uint64_t raw_hash) {
  auto [first, last] = raw_index_.equal_range(raw_hash);
  for (auto it = first; it != last; ++it) {
    if (it->second.key == raw_key) return &shapes_[it->second.shape];
  }
  // A raw form not seen before (or not kept): normalise it and find its shape as before.
  Observation normalized = o;
  normalized.raw = nullptr;
  o.raw->Normalize(normalized);
  const std::uint64_t hash = ShapeHash(normalized);
  ShapeState* state = FindShape(hash, normalized);
  if (state == nullptr) state = AddShape(hash, normalized);
  if (state != nullptr && raw_index_.size() < kRawFormsPerShape * limits_.max_shapes &&
      raw_key.size() <= kMaxRawKeyBytes) {
    const auto shape = static_cast<std::size_t>(state - shapes_.data());
    raw_index_.emplace(raw_hash, RawEntry{std::string(raw_key), shape});
  }
  return state;
}

void AccessAudit::RecordCollection(TableState& table, const Observation& o) {
  const KeyRef& key = o.partition_key;
  for (CollectionSketch& c : table.collections) {
    if (c.hash == key.hash) {
      c.Add(o.sort_key_hash);
      return;
    }
  }
  CollectionSketch* slot = nullptr;
  std::int64_t puts = 0;
  if (table.collections.size() < limits_.collections_per_table) {
    slot = &table.collections.emplace_back();
  } else {
    // Space saving: the least written collection gives way (a growing one soon outranks it).
    slot = &*std::min_element(
        table.collections.begin(), table.collections.end(),
        [](const CollectionSketch& a, const CollectionSketch& b) { return a.puts < b.puts; });
    puts = slot->puts;
  }
  slot->hash = key.hash;
  slot->puts = puts;
  slot->sort_keys.reset();
  slot->key.clear();
  WriteKeyLabel(key, slot->key);
  slot->Add(o.sort_key_hash);
}

void AccessAudit::RecordTable(const Observation& o) {
  auto it = tables_.find(Key(o.ns, o.table));
  if (it == tables_.end()) {
    it = tables_.emplace(NsTable(o.ns, o.table), TableState{}).first;
  }
  TableState& table = it->second;
  if (o.grows_collection) RecordCollection(table, o);
  for (std::size_t i = 0; i < std::size(kRequiredAttributes); ++i) {
    if (!(o.present_attributes & (1u << i))) continue;
    const std::string_view a = kRequiredAttributes[i];
    if (std::find(table.relied_attributes.begin(), table.relied_attributes.end(), a) ==
        table.relied_attributes.end()) {
      table.relied_attributes.emplace_back(a);
    }
  }
}

bool AccessAudit::Record(const Observation& o, bool schema_looked_up) {
  const std::int64_t now = clock_.NowMicros();
  RawShape::KeyBuffer buffer;
  const std::string_view raw_key = o.raw != nullptr ? o.raw->Key(o, buffer) : std::string_view();
  const std::uint64_t hash = o.raw != nullptr ? RawShape::HashKey(raw_key) : ShapeHash(o);
  sync::MutexLock lock(mutex_);
  ShapeState* state = nullptr;
  if (o.raw != nullptr) {
    state = ShapeOf(o, raw_key, hash);
  } else {
    state = FindShape(hash, o);
    if (state == nullptr) state = AddShape(hash, o);
  }
  if (state == nullptr) {
    ++dropped_;
    return true;
  }
  ObservedKeys read{o.partition_key, o.read_items, o.global_index_read};
  if (o.read_keys != nullptr) {
    const TableSchema* schema = SchemaOfShape(*state, o);
    if (schema == nullptr && !schema_looked_up) return false;  // nothing counted yet
    if (schema != nullptr) {
      read = ObservedKeys{};
      o.read_keys(o.keys_context, *schema, last_write_micros_ >= now - limits_.window_micros, read);
    }
  }
  AuditShape& s = state->shape;
  ++s.requests;
  if (o.throttled) ++s.throttles;
  if (!o.ok && !o.throttled) ++s.errors;
  s.items_read += o.items_read;
  s.items_returned += o.items_returned;
  s.read_units += o.read_units;
  s.write_units += o.write_units;
  s.vector_search_bytes += o.vector_search_bytes;
  if (o.written_item != 0) s.max_item_kb = std::max(s.max_item_kb, o.item_kb);
  if (read.partition_key.hash != 0) {
    state->keys.Add(read.partition_key.hash,
                    [&](std::string& label) { CaptureKey(read.partition_key, label); });
  }

  if (o.ok && !read.read_items.empty()) {
    bool any_recent = false;
    const std::int64_t since = now - limits_.window_micros;
    for (std::uint64_t item : read.read_items) {
      any_recent = any_recent || recent_writes_.WrittenSince(item, since);
    }
    if (read.global_index_read && any_recent) ++s.reads_after_write;
    if (o.consistent_read && !any_recent) ++s.consistent_reads_without_recent_write;
  } else if (o.ok && o.consistent_read) {
    ++s.consistent_reads_without_recent_write;  // nothing read: nothing to be stale about
  }
  if (o.ok && o.written_item != 0) {
    recent_writes_.Remember(o.written_item, now);
    if (now > last_write_micros_.load(std::memory_order_relaxed)) {
      last_write_micros_.store(now, std::memory_order_relaxed);
    }
  }
  if (o.ok && ((o.grows_collection && o.partition_key.hash != 0) || o.present_attributes != 0)) {
    RecordTable(o);
  }
  return true;
}

const TableSchema* AccessAudit::SchemaOfShape(ShapeState& state, const Observation& o) {
  if (state.schema_epoch != schema_epoch_ || state.schema == nullptr) {
    auto it = schemas_.find(Key(o.ns, o.table));
    state.schema = it == schemas_.end() ? nullptr : it->second;
    state.schema_epoch = schema_epoch_;
  }
  return state.schema.get();
}

AuditSnapshot AccessAudit::Snapshot(const std::string& ns) const {
  AuditSnapshot snapshot;
  snapshot.now_micros = clock_.NowMicros();
  snapshot.window_micros = limits_.window_micros;
  sync::MutexLock lock(mutex_);
  snapshot.dropped_requests = dropped_;
  for (const ShapeState& state : shapes_) {
    if (state.ns != ns) continue;
    snapshot.shapes.push_back(state.shape);
    for (const std::string& captured : state.keys.Top()) {
      snapshot.shapes.back().top_keys.push_back(LabelOfCapture(captured));
    }
  }
  for (auto it = tables_.lower_bound(Key(ns, "")); it != tables_.end(); ++it) {
    if (it->first.first != ns) break;
    const std::string& table = it->first.second;
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
  sync::MutexLock lock(mutex_);
  shape_index_.clear();
  shapes_.clear();
  dropped_ = 0;
  tables_.clear();
  recent_writes_.Clear();
  raw_index_.clear();
  last_write_micros_.store(INT64_MIN, std::memory_order_relaxed);
}

std::shared_ptr<const TableSchema> AccessAudit::CachedSchema(std::string_view ns,
                                                             std::string_view table) const {
  sync::MutexLock lock(mutex_);
  auto it = schemas_.find(Key(ns, table));
  return it == schemas_.end() ? nullptr : it->second;
}

void AccessAudit::CacheSchema(std::string_view ns, std::string_view table,
                              std::shared_ptr<const TableSchema> schema) {
  sync::MutexLock lock(mutex_);
  auto it = schemas_.find(Key(ns, table));
  if (it != schemas_.end()) {
    it->second = std::move(schema);
  } else {
    schemas_.emplace(NsTable(ns, table), std::move(schema));
  }
  ++schema_epoch_;
}

void AccessAudit::Forget(std::string_view ns, std::string_view table) {
  sync::MutexLock lock(mutex_);
  auto it = schemas_.find(Key(ns, table));
  if (it != schemas_.end()) schemas_.erase(it);
  ++schema_epoch_;  // the shapes' schemas are looked up again
}

void AccessAudit::ForgetSchemas() {
  sync::MutexLock lock(mutex_);
  schemas_.clear();
  ++schema_epoch_;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
