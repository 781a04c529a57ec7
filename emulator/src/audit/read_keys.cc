// ReadKeys: the keys of the items a read returned (read_keys.h).
#include "audit/read_keys.h"

#include <algorithm>

#include "audit/observation_parts.h"
#include "value/item_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace {

// The values of `names` in `item` (views into it).
void FindIn(const Item& item, std::span<const std::string_view> names, std::span<KeyScalar> out) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    auto it = item.find(names[i]);
    if (it != item.end()) out[i] = KeyScalar{it->second.type(), it->second.scalar(), true};
  }
}

}  // namespace

ReadKeys::ReadKeys(std::string_view ns, const TableSchema& schema,
                   std::span<const KeyAttribute> partition, std::size_t items)
    : seed_(items > 0 ? TableSeed(ns, schema) : 0),
      schema_(schema),
      partition_(partition),
      items_(std::min(items, kMaxItems)) {
  if (items_ > 0) {
    names_[name_count_++] = schema.partition_key.name;
    if (schema.sort_key) names_[name_count_++] = schema.sort_key->name;
  }
  table_key_names_ = name_count_;
  if (partition.size() > kMaxKeyParts) partition_ = {};  // no key the audit follows
  for (const KeyAttribute& a : partition_) names_[name_count_++] = a.name;
}

void ReadKeys::Take(const Found& found, const Item* item, bool first) {
  if (first && !partition_.empty()) {
    partition_key_.attributes = partition_;
    partition_key_.item = item;
    std::copy_n(found.begin() + static_cast<std::ptrdiff_t>(table_key_names_), partition_.size(),
                partition_key_.values.begin());
    partition_key_.hash = KeyHash({partition_key_.values.data(), partition_.size()});
  }
  if (hash_count_ < items_) {
    const KeyScalar* sort = schema_.sort_key ? &found[1] : nullptr;
    if (std::uint64_t h = ItemHash(seed_, found[0], sort)) hashes_[hash_count_++] = h;
  }
}

void ReadKeys::Read(const api::ReadResponse& response) {
  const std::size_t wanted = std::max<std::size_t>(items_, partition_.empty() ? 0 : 1);
  const std::span<const std::string_view> all(names_.data(), name_count_);
  const std::span<const std::string_view> table_key(names_.data(), table_key_names_);
  if (!response.items.empty() || response.encoded_items.empty()) {
    const std::size_t n = std::min(wanted, response.items.size());
    for (std::size_t i = 0; i < n; ++i) {
      Found found{};
      FindIn(response.items[i], i == 0 ? all : table_key, found);
      Take(found, &response.items[i], i == 0);
    }
    return;
  }
  const std::string_view encoded(response.encoded_items);
  std::size_t offset = 0;
  Item scratch;
  for (std::size_t i = 0; i < wanted && i < response.encoded_item_sizes.size(); ++i) {
    const std::size_t size = response.encoded_item_sizes[i];
    const std::string_view bytes = encoded.substr(offset, size);
    offset += size;
    const std::span<const std::string_view> names = i == 0 ? all : table_key;
    Found found{};
    if (itemcodec::FindScalarAttributes(bytes, names, found)) {
      Take(found, nullptr, i == 0);
      continue;
    }
    // Corrupt, or a key value of another type (never stored: the write would have been
    // refused): decode the attributes, as the audit did before it read them in place.
    Item& item = i == 0 ? decoded_ : scratch;
    if (!itemcodec::DecodeItemAttributes(bytes, names, &item)) break;
    found = Found{};
    FindIn(item, names, found);
    Take(found, &item, i == 0);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
