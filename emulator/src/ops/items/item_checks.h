// Request-level checks shared by the item operations, run before the table is looked up, in
// the service's order: attribute values, legacy/expression mixing, ReturnValues, item size.
#pragma once

#include <string_view>

#include "api/item_requests.h"
#include "ddbemu/error.h"

namespace ddbemu::ops {

// PutItem and DeleteItem accept only ReturnValues NONE or ALL_OLD.
Status CheckReturnValuesOldOrNone(api::ReturnValues return_values);

// The service rejects a request that mixes legacy parameters (Expected, AttributesToGet,
// AttributeUpdates, ConditionalOperator) with expression parameters.
Status CheckNoLegacyExpressionMix(const api::ExpressionParameters& expressions,
                                  const api::LegacyParameters& legacy);

// Items are limited to 400 KB by the size rule of CAPACITY.md §1.
Status CheckItemSize(const Item& item);

// "Requested resource not found", as the data-plane operations word it.
ApiError TableNotFound();

}  // namespace ddbemu::ops
