// ProjectionExpression application, also used for ReturnValues UPDATED_OLD / UPDATED_NEW: the
// result keeps the item's structure down to each projected path. Projecting `a.b[1]` from
// {a: {b: [x, y, z], c: 1}} gives {a: {b: [y]}}; several elements of one list keep their
// original order and are packed (`l[2], l[0]` gives [l0, l2]); paths that do not resolve
// contribute nothing (no empty maps or lists are left behind).
#pragma once

#include <vector>

#include "ddbemu/attribute_value.h"
#include "expr/ast.h"

namespace ddbemu::expr {

// `paths` are bound (names resolved); they may overlap, in which case the shorter one wins.
Item Project(const Item& item, const std::vector<DocumentPath>& paths);

}  // namespace ddbemu::expr
