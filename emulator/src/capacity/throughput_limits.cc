#include "capacity/throughput_limits.h"

#include <string_view>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

void Add(FingerprintBuilder& f, const KeyspaceLimits& k) {
  f.Add(k.name);
  f.Add(k.arn);
  f.Add(static_cast<std::int64_t>(k.mode));
  f.Add(k.read_units);
  f.Add(k.write_units);
  f.Add(k.max_read_request_units);
  f.Add(k.max_write_request_units);
  f.Add(k.changed_micros);
  f.Add(k.warm_read_units);
  f.Add(k.warm_write_units);
  f.Add(static_cast<std::int64_t>(k.gained_partitions.first_hashes.size()));
  for (const std::uint64_t first : k.gained_partitions.first_hashes) {
    f.Add(static_cast<std::int64_t>(first));
  }
  f.Add(k.sort_key.name);
  f.Add(static_cast<std::int64_t>(k.sort_key.type));
  f.Add(static_cast<std::int64_t>(k.has_local_index));
  f.Add(static_cast<std::int64_t>(k.partition_key.size()));
  for (const KeyPart& part : k.partition_key) {
    f.Add(part.name);
    f.Add(static_cast<std::int64_t>(part.type));
  }
}

}  // namespace

void FingerprintBuilder::Add(std::string_view bytes) {
  for (const char c : bytes) {
    value ^= static_cast<unsigned char>(c);
    value *= 1099511628211ull;
  }
  Add(static_cast<std::int64_t>(bytes.size()));
}

void FingerprintBuilder::Add(std::int64_t v) {
  for (int i = 0; i < 8; ++i) {
    value ^= static_cast<std::uint64_t>(v >> (8 * i)) & 0xff;
    value *= 1099511628211ull;
  }
}

std::uint64_t Fingerprint(const TableLimits& limits) {
  FingerprintBuilder f;
  f.Add(limits.table_id);
  f.Add(limits.ns);
  Add(f, limits.table);
  f.Add(static_cast<std::int64_t>(limits.global_indexes.size()));
  for (const KeyspaceLimits& index : limits.global_indexes) Add(f, index);
  return f.value;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
