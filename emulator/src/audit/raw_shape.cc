// RawShape: hashing, keeping and comparing a raw form (raw_shape.h).
#include "audit/raw_shape.h"

#include <cstring>

namespace ddbemu::audit {
namespace {

constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ULL;

// Folds `bytes` into `h` eight at a time: the parts are short texts hashed on every request,
// where one std::hash call per part cost more than the hashing.
std::uint64_t Mix(std::uint64_t h, std::string_view bytes) {
  h = (h ^ bytes.size()) * kMultiplier;
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = (h ^ w) * kMultiplier;
    h ^= h >> 29;
  }
  if (i < bytes.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, bytes.data() + i, bytes.size() - i);
    h = (h ^ w) * kMultiplier;
    h ^= h >> 29;
  }
  return h;
}

// A number as the bytes of a part.
struct NumberPart {
  char bytes[8];
  explicit NumberPart(std::uint64_t v) { std::memcpy(bytes, &v, 8); }
  std::string_view view() const { return {bytes, 8}; }
};

void AppendPart(std::string& key, std::string_view part) {
  const auto size = static_cast<std::uint32_t>(part.size());
  key.append(reinterpret_cast<const char*>(&size), 4);
  key.append(part);
}

// Consumes `part` from the front of `key`; false when `key` does not start with it.
bool TakePart(std::string_view& key, std::string_view part) {
  std::uint32_t size;
  if (key.size() < 4) return false;
  std::memcpy(&size, key.data(), 4);
  if (size != part.size() || key.size() - 4 < size) return false;
  if (key.compare(4, size, part) != 0) return false;
  key.remove_prefix(4 + size);
  return true;
}

}  // namespace

template <class Visit>
void RawShape::ForEachPart(const Observation& o, Visit&& visit) const {
  visit(o.ns);
  visit(o.table);
  visit(o.index);
  visit(o.operation);
  for (const RawExpression* e : {&key_condition, &filter, &projection}) {
    visit(NumberPart(e->kind).view());
    visit(e->prefix);
    visit(e->text);
  }
  visit(NumberPart(name_count).view());
  for (std::size_t i = 0; i < name_count; ++i) {
    visit(names[i].first);
    visit(names[i].second);
  }
  visit(NumberPart(static_cast<std::uint64_t>(o.limit)).view());
  const std::uint64_t flags = (std::uint64_t{o.missing_attributes} << 1) | o.consistent_read;
  visit(NumberPart(flags).view());
}

std::uint64_t RawShape::Hash(const Observation& o) const {
  std::uint64_t h = 0;
  ForEachPart(o, [&](std::string_view part) { h = Mix(h, part); });
  return h;
}

void RawShape::AppendKey(const Observation& o, std::string& key) const {
  ForEachPart(o, [&](std::string_view part) { AppendPart(key, part); });
}

bool RawShape::Matches(const Observation& o, std::string_view key) const {
  bool same = true;
  ForEachPart(o, [&](std::string_view part) { same = same && TakePart(key, part); });
  return same && key.empty();
}

void RawShape::Normalize(Observation& o) const {
  NormalizeInto(*this, NameViews{std::span<const Name>(names.data(), name_count)}, o);
}

}  // namespace ddbemu::audit
