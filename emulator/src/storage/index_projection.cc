// Index projections (see table_schema.h).
#include "storage/table_schema.h"

#include <algorithm>

#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

bool IsKeyAttribute(const TableSchema& schema, const IndexSchema& index, std::string_view name) {
  auto named = [&](const KeyAttribute& a) { return a.name == name; };
  return schema.partition_key.name == name || (schema.sort_key && schema.sort_key->name == name) ||
         std::any_of(index.partition_key.begin(), index.partition_key.end(), named) ||
         std::any_of(index.sort_key.begin(), index.sort_key.end(), named);
}

}  // namespace

bool IsProjected(const TableSchema& schema, const IndexSchema& index, std::string_view name) {
  switch (index.projection) {
    case ProjectionType::kAll:
      return true;
    case ProjectionType::kInclude:
      if (std::find(index.non_key_attributes.begin(), index.non_key_attributes.end(), name) !=
          index.non_key_attributes.end()) {
        return true;
      }
      [[fallthrough]];
    case ProjectionType::kKeysOnly:
      return IsKeyAttribute(schema, index, name);
  }
  return false;
}

Item ProjectItem(const TableSchema& schema, const IndexSchema& index, const Item& item) {
  if (index.projection == ProjectionType::kAll) return item;
  Item projected;
  for (const auto& [name, value] : item) {
    if (IsProjected(schema, index, name)) projected.emplace_hint(projected.end(), name, value);
  }
  return projected;
}

std::size_t EncodeProjection(const TableSchema& schema, const IndexSchema& index, const Item& item,
                             std::string* out) {
  if (index.projection == ProjectionType::kAll) {
    const std::size_t size = ItemSize(item);
    itemcodec::EncodeStoredItem(item, size, out);
    return size;
  }
  Item projected = ProjectItem(schema, index, item);
  const std::size_t size = ItemSize(projected);
  itemcodec::EncodeStoredItem(projected, size, out);
  return size;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
