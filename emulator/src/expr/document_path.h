// Reading and writing values at document paths (a.b[3].c) inside an item.
#pragma once

#include <cstddef>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"
#include "expr/ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

// The value at the first `length` elements of `path` (all of them by default), or null when
// some step is missing or crosses a value of the wrong type (a name into a non-map, an index
// into a non-list or beyond its end).
const AttributeValue* FindPath(const Item& item, const DocumentPath& path);
const AttributeValue* FindPathPrefix(const Item& item, const DocumentPath& path,
                                     std::size_t length);
AttributeValue* FindPathPrefix(Item& item, const DocumentPath& path, std::size_t length);

// Whether an update may write or remove at `path` in `item`: a top-level attribute always; a
// nested one when its parent exists and is a map (for a name) or a list (for an index). The
// service rejects the others with "The document path provided in the update expression is
// invalid for update".
bool CanUpdateAt(const Item& item, const DocumentPath& path);

// Writes `value` at `path`, whose parent must exist (CanUpdateAt). A list index at or beyond
// the end appends (the service does not pad lists).
void WriteAt(Item& item, const DocumentPath& path, AttributeValue value);

// Removes the value at `path` if present.
void RemoveAt(Item& item, const DocumentPath& path);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
