// RawShape: hashing, keeping and comparing a raw form (raw_shape.h).
#include "audit/raw_shape.h"

#include <cstring>

namespace ddbemu::audit {
namespace {

constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ULL;

void AppendPart(RawShape::KeyBuffer& key, std::string_view part) {
  const auto size = static_cast<std::uint32_t>(part.size());
  key.Append(&size, sizeof size);
  key.Append(part.data(), part.size());
}

}  // namespace

void RawShape::KeyBuffer::AppendToHeap(const void* bytes, std::size_t n) {
  if (heap_.empty()) heap_.assign(inline_.data(), size_);
  heap_.append(static_cast<const char*>(bytes), n);
}

std::string_view RawShape::Key(const Observation& o, KeyBuffer& key) const {
  // The fixed-size parts first, in one piece.
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
  for (std::string_view part : {o.ns, o.table, o.index, o.operation}) AppendPart(key, part);
  for (const RawExpression* e : {&key_condition, &filter, &projection}) {
    if (e->kind == RawExpression::kNone) continue;
    AppendPart(key, e->prefix);
    AppendPart(key, e->text);
  }
  for (std::size_t i = 0; i < name_count; ++i) {
    AppendPart(key, names[i].first);
    AppendPart(key, names[i].second);
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

}  // namespace ddbemu::audit
