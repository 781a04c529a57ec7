// TableSchema <-> bytes (see table_schema.h). Field order is the format: append new fields at
// the end of a record, never reorder or remove.
#include "storage/table_schema.h"

#include "storage/env.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

constexpr char kSchemaFormatVersion = 1;

// ---- writing ----

void Write(RecordWriter& w, const KeyAttribute& a) {
  w.Record([&](RecordWriter& r) {
    r.Bytes(a.name);
    r.Varint(static_cast<std::uint64_t>(a.type));
  });
}

void Write(RecordWriter& w, const std::vector<KeyAttribute>& attrs) {
  w.Varint(attrs.size());
  for (const auto& a : attrs) Write(w, a);
}

void Write(RecordWriter& w, const ProvisionedThroughput& t) {
  w.Record([&](RecordWriter& r) {
    r.Signed(t.read_capacity_units);
    r.Signed(t.write_capacity_units);
    r.Signed(t.last_increase_micros);
    r.Signed(t.last_decrease_micros);
    r.Signed(t.decreases_today);
  });
}

void Write(RecordWriter& w, const OnDemandThroughput& t) {
  w.Record([&](RecordWriter& r) {
    r.Signed(t.max_read_request_units);
    r.Signed(t.max_write_request_units);
  });
}

void Write(RecordWriter& w, const WarmSetting& warm) {
  w.Record([&](RecordWriter& r) {
    r.Signed(warm.read_units_per_second);
    r.Signed(warm.write_units_per_second);
    r.Signed(warm.updated_micros);
  });
}

void Write(RecordWriter& w, const GainedPartitions& p) {
  w.Record([&](RecordWriter& r) {
    r.Varint(p.first_hashes.size());
    for (std::size_t i = 0; i < p.first_hashes.size(); ++i) {
      r.Varint(p.first_hashes[i]);
      r.Bytes(i < p.first_sorts.size() ? p.first_sorts[i] : std::string());
      r.Bytes(i < p.first_keys.size() ? p.first_keys[i] : std::string());
    }
  });
}

void Write(RecordWriter& w, const IndexSchema& index) {
  w.Record([&](RecordWriter& r) {
    r.Bytes(index.name);
    r.Varint(index.is_local);
    Write(r, index.partition_key);
    Write(r, index.sort_key);
    r.Varint(static_cast<std::uint64_t>(index.projection));
    r.Varint(index.non_key_attributes.size());
    for (const auto& name : index.non_key_attributes) r.Bytes(name);
    r.Varint(static_cast<std::uint64_t>(index.status));
    r.Varint(index.backfilling);
    Write(r, index.throughput);
    Write(r, index.on_demand);
    r.Varint(index.keyspace_id);
    Write(r, index.warm);        // appended by the warm-throughput change
    Write(r, index.partitions);  // appended by the split-for-heat change
  });
}

void Write(RecordWriter& w, const VectorIndexSchema& index) {
  w.Record([&](RecordWriter& r) {
    r.Bytes(index.name);
    r.Bytes(index.vector_attribute);
    r.Varint(index.dimensions);
    r.Varint(static_cast<std::uint64_t>(index.distance));
    Write(r, index.search_attributes);
    r.Varint(index.search_roles.size());
    for (SearchSchemaElementType role : index.search_roles)
      r.Varint(static_cast<std::uint64_t>(role));
    r.Varint(static_cast<std::uint64_t>(index.projection));
    r.Varint(index.non_key_attributes.size());
    for (const auto& name : index.non_key_attributes) r.Bytes(name);
    r.Varint(static_cast<std::uint64_t>(index.status));
    r.Varint(index.backfilling);
    r.Varint(index.keyspace_id);
  });
}

void WriteTable(RecordWriter& r, const TableSchema& s) {
  r.Bytes(s.name);
  r.Bytes(s.table_id);
  Write(r, s.attribute_definitions);
  Write(r, s.partition_key);
  r.Varint(s.sort_key.has_value());
  if (s.sort_key) Write(r, *s.sort_key);
  r.Varint(s.indexes.size());
  for (const auto& index : s.indexes) Write(r, index);
  r.Varint(static_cast<std::uint64_t>(s.billing_mode));
  r.Signed(s.billing_mode_last_update_micros);
  Write(r, s.throughput);
  Write(r, s.on_demand);
  r.Varint(s.tags.size());
  for (const auto& tag : s.tags) {
    r.Record([&](RecordWriter& t) {
      t.Bytes(tag.key);
      t.Bytes(tag.value);
    });
  }
  r.Varint(s.deletion_protection);
  r.Bytes(s.table_class);
  r.Varint(static_cast<std::uint64_t>(s.status));
  r.Signed(s.creation_micros);
  r.Varint(s.keyspace_id);
  // Appended by the streams-ttl change; absent in older databases (defaults: no stream, no TTL).
  r.Record([&](RecordWriter& t) {
    t.Varint(s.stream.enabled);
    t.Varint(static_cast<std::uint64_t>(s.stream.view_type));
    t.Bytes(s.stream.label);
    t.Varint(s.stream.stream_id);
  });
  r.Record([&](RecordWriter& t) {
    t.Varint(s.ttl.enabled);
    t.Bytes(s.ttl.attribute_name);
    t.Signed(s.ttl.updated_micros);
  });
  // Appended by the warm-throughput change; absent in older databases (not raised).
  Write(r, s.warm);
  // Appended by the vector-index change; absent in older databases (none).
  r.Varint(s.vector_indexes.size());
  for (const auto& index : s.vector_indexes) Write(r, index);
  // Appended by the split-for-heat change; absent in older databases (no partitions gained).
  Write(r, s.partitions);
}

// ---- reading ----

template <class Enum>
void ReadEnum(RecordReader& r, Enum* out, Enum max) {
  auto v = static_cast<std::uint64_t>(*out);
  r.Unsigned(&v, static_cast<std::uint64_t>(max));
  *out = static_cast<Enum>(v);
}

void Read(RecordReader& rr, KeyAttribute* a) {
  rr.Record([&](RecordReader& r) {
    r.Bytes(&a->name);
    ReadEnum(r, &a->type, AttributeType::kBS);
  });
}

void Read(RecordReader& r, std::vector<KeyAttribute>* attrs) {
  attrs->resize(r.Count());
  for (auto& a : *attrs) Read(r, &a);
}

void Read(RecordReader& rr, ProvisionedThroughput* t) {
  rr.Record([&](RecordReader& r) {
    r.Signed(&t->read_capacity_units);
    r.Signed(&t->write_capacity_units);
    r.Signed(&t->last_increase_micros);
    r.Signed(&t->last_decrease_micros);
    r.Signed(&t->decreases_today);
  });
}

void Read(RecordReader& rr, OnDemandThroughput* t) {
  rr.Record([&](RecordReader& r) {
    r.Signed(&t->max_read_request_units);
    r.Signed(&t->max_write_request_units);
  });
}

void Read(RecordReader& rr, WarmSetting* warm) {
  rr.Record([&](RecordReader& r) {
    r.Signed(&warm->read_units_per_second);
    r.Signed(&warm->write_units_per_second);
    r.Signed(&warm->updated_micros);
  });
}

void Read(RecordReader& rr, GainedPartitions* p) {
  rr.Record([&](RecordReader& r) {
    const std::size_t n = r.Count();
    p->first_hashes.resize(n);
    p->first_sorts.resize(n);
    p->first_keys.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      r.Unsigned(&p->first_hashes[i], UINT64_MAX);
      r.Bytes(&p->first_sorts[i]);
      r.Bytes(&p->first_keys[i]);
    }
  });
}

void Read(RecordReader& rr, IndexSchema* index) {
  rr.Record([&](RecordReader& r) {
    r.Bytes(&index->name);
    r.Bool(&index->is_local);
    Read(r, &index->partition_key);
    Read(r, &index->sort_key);
    ReadEnum(r, &index->projection, ProjectionType::kInclude);
    index->non_key_attributes.resize(r.Count());
    for (auto& name : index->non_key_attributes) r.Bytes(&name);
    ReadEnum(r, &index->status, IndexStatus::kActive);
    r.Bool(&index->backfilling);
    Read(r, &index->throughput);
    Read(r, &index->on_demand);
    r.Unsigned(&index->keyspace_id, UINT32_MAX);
    Read(r, &index->warm);
    Read(r, &index->partitions);
  });
}

void Read(RecordReader& rr, VectorIndexSchema* index) {
  rr.Record([&](RecordReader& r) {
    r.Bytes(&index->name);
    r.Bytes(&index->vector_attribute);
    r.Unsigned(&index->dimensions, UINT32_MAX);
    ReadEnum(r, &index->distance, VectorDistanceFunction::kDotProduct);
    Read(r, &index->search_attributes);
    index->search_roles.resize(r.Count());
    for (auto& role : index->search_roles)
      ReadEnum(r, &role, SearchSchemaElementType::kInlineFilter);
    ReadEnum(r, &index->projection, ProjectionType::kInclude);
    index->non_key_attributes.resize(r.Count());
    for (auto& name : index->non_key_attributes) r.Bytes(&name);
    ReadEnum(r, &index->status, IndexStatus::kActive);
    r.Bool(&index->backfilling);
    r.Unsigned(&index->keyspace_id, UINT32_MAX);
  });
}

void ReadTable(RecordReader& r, TableSchema* s) {
  r.Bytes(&s->name);
  r.Bytes(&s->table_id);
  Read(r, &s->attribute_definitions);
  Read(r, &s->partition_key);
  bool has_sort_key = false;
  r.Bool(&has_sort_key);
  if (has_sort_key) Read(r, &s->sort_key.emplace());
  s->indexes.resize(r.Count());
  for (auto& index : s->indexes) Read(r, &index);
  ReadEnum(r, &s->billing_mode, BillingMode::kPayPerRequest);
  r.Signed(&s->billing_mode_last_update_micros);
  Read(r, &s->throughput);
  Read(r, &s->on_demand);
  s->tags.resize(r.Count());
  for (auto& tag : s->tags) {
    r.Record([&](RecordReader& t) {
      t.Bytes(&tag.key);
      t.Bytes(&tag.value);
    });
  }
  r.Bool(&s->deletion_protection);
  r.Bytes(&s->table_class);
  ReadEnum(r, &s->status, TableStatus::kActive);
  r.Signed(&s->creation_micros);
  r.Unsigned(&s->keyspace_id, UINT32_MAX);
  r.Record([&](RecordReader& t) {
    t.Bool(&s->stream.enabled);
    ReadEnum(t, &s->stream.view_type, StreamViewType::kNewAndOldImages);
    t.Bytes(&s->stream.label);
    t.Unsigned(&s->stream.stream_id, UINT32_MAX);
  });
  r.Record([&](RecordReader& t) {
    t.Bool(&s->ttl.enabled);
    t.Bytes(&s->ttl.attribute_name);
    t.Signed(&s->ttl.updated_micros);
  });
  Read(r, &s->warm);
  s->vector_indexes.resize(r.Count());
  for (auto& index : s->vector_indexes) Read(r, &index);
  Read(r, &s->partitions);
}

}  // namespace

void EncodeTableSchema(const TableSchema& schema, std::string* out) {
  out->push_back(kSchemaFormatVersion);
  RecordWriter w(out);
  w.Record([&](RecordWriter& r) { WriteTable(r, schema); });
}

Result<TableSchema> DecodeTableSchema(std::string_view bytes) {
  if (bytes.empty() || bytes.front() != kSchemaFormatVersion) {
    return CorruptionError("a table schema has an unknown format version");
  }
  RecordReader reader(bytes.substr(1));
  if (reader.at_end()) return CorruptionError("a table schema is empty");
  TableSchema schema;
  reader.Record([&](RecordReader& r) { ReadTable(r, &schema); });
  if (!reader.ok()) return CorruptionError("a table schema does not decode");
  return schema;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
