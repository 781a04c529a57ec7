// RawShape: hashing, keeping and comparing a raw form (raw_shape.h).
#include "audit/raw_shape.h"

#include <cstring>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace {

constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ULL;

}  // namespace

void RawShape::KeyBuffer::AppendToHeap(const void* bytes, std::size_t n) {
  if (heap_.empty()) heap_.assign(inline_.data(), size_);
  heap_.append(static_cast<const char*>(bytes), n);
}

std::string_view RawShape::Key(const Observation& o, KeyBuffer& key) const {
  // The parts, after a header of the fixed-size ones and the parts' lengths (which the header's
  // kinds and name count tell the number of): few copies, this runs on every request.
  constexpr std::size_t kMaxParts = 4 + 3 * 2 + 2 * kMaxNames;
  const char* data[kMaxParts];  // left uninitialised: only the first n are set
  std::uint32_t sizes[kMaxParts];
  std::size_t n = 0;
  auto add = [&](std::string_view part) {
    data[n] = part.data();
    sizes[n++] = static_cast<std::uint32_t>(part.size());
  };
  for (std::string_view part : {o.ns, o.table, o.index, o.operation}) add(part);
  for (const RawExpression* e : {&key_condition, &filter, &projection}) {
    if (e->kind == RawExpression::kNone) continue;
    add(e->prefix);
    add(e->text);
  }
  for (std::size_t i = 0; i < name_count; ++i) {
    add(names[i].first);
    add(names[i].second);
  }
  struct Header {
    std::uint8_t kinds[3];
    std::uint8_t consistent;
    std::uint32_t missing_attributes;
    std::uint64_t name_count;
    std::int64_t limit;
  } header{{key_condition.kind, filter.kind, projection.kind},
           o.consistent_read,
           o.missing_attributes,
           name_count,
           o.limit};
  key.Append(&header, sizeof header);
  key.Append(sizes, n * sizeof(std::uint32_t));
  for (std::size_t i = 0; i < n; ++i) {
    if (sizes[i] != 0) key.Append(data[i], sizes[i]);  // an empty view's data may be null
  }
  return key.view();
}

std::uint64_t RawShape::HashKey(std::string_view key) {
  // Eight bytes at a time: a key is hashed on every request, and is short.
  std::uint64_t h = key.size() * kMultiplier;
  std::size_t i = 0;
  for (; i + 8 <= key.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, key.data() + i, 8);
    h = (h ^ w) * kMultiplier;
    h ^= h >> 29;
  }
  if (i < key.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, key.data() + i, key.size() - i);
    h = (h ^ w) * kMultiplier;
    h ^= h >> 29;
  }
  return h;
}

void RawShape::Normalize(Observation& o) const {
  NormalizeInto(*this, NameViews{std::span<const Name>(names.data(), name_count)}, o);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
