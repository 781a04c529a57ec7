// What an index entry holds: the item's attributes that the index projects (CreateTable's
// Projection). ALL: the whole item. KEYS_ONLY: the table's key attributes and the index's key
// attributes. INCLUDE: those plus NonKeyAttributes that the item has.
#pragma once

#include <cstddef>
#include <string>

#include "ddbemu/attribute_value.h"
#include "storage/table_schema.h"

namespace ddbemu::storage {

// True when `name` is projected into `index` (key attributes always are).
bool IsProjected(const TableSchema& schema, const IndexSchema& index, std::string_view name);

// The projection of `item` into `index`.
Item ProjectItem(const TableSchema& schema, const IndexSchema& index, const Item& item);

// Appends the item-codec encoding of the projection to `out`, as entries are stored (with their
// size: EncodeStoredItem), and returns its size by the service's item-size rule
// (value/item_size.h), which is what the index's size statistics and write costs count. Avoids
// copying the item for ALL projections.
std::size_t EncodeProjection(const TableSchema& schema, const IndexSchema& index, const Item& item,
                             std::string* out);

}  // namespace ddbemu::storage
