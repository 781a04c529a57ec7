// ItemCollectionMetrics, the response member of PutItem, UpdateItem and DeleteItem (and, per
// table, of BatchWriteItem and TransactWriteItems) with ReturnItemCollectionMetrics SIZE on a
// table with local secondary indexes: the partition key of the item collection written and an
// estimate of its size in GB as a [lower, upper] range (API reference, ItemCollectionMetrics).
#pragma once

#include "ddbemu/attribute_value.h"

namespace ddbemu::api {

struct ItemCollectionMetrics {
  Item item_collection_key;  // the table's partition key attribute and value
  double size_lower_gb = 0;
  double size_upper_gb = 1;
};

}  // namespace ddbemu::api
