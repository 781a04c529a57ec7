// The service's rules for attribute values that arrive already typed (the C++ API), with the
// messages the JSON codec gives for the same mistakes, so that a bad value is refused in the
// same words whichever way it came:
//   - an N, and every NS member, must be a number the service accepts (38 digits, exponent
//     range); it is rewritten to canonical text ("1E+3" -> "1000");
//   - SS, NS and BS must be non-empty and hold no duplicates (NS: numerically equal members);
//   - L and M nest at most 32 levels, the enclosing item counting as one.
// Values built by the JSON codec already satisfy these rules.
#pragma once

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"

namespace ddbemu {

// `level`: 0 for a standalone value, 1 for an item's attribute.
Status NormalizeAttributeValue(AttributeValue& value, int level = 0);
// Every attribute of an item (Item, Key, ExclusiveStartKey, ...).
Status NormalizeItem(Item& item);
// ExpressionAttributeValues: a failure is framed as the service frames it,
// "ExpressionAttributeValues contains invalid value: <why> for key :v".
Status NormalizeExpressionValues(Item& values);

}  // namespace ddbemu
