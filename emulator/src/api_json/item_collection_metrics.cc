// Rendering of ItemCollectionMetrics (see item_collection_metrics.h).
#include "api_json/item_collection_metrics.h"

namespace ddbemu::api {

void WriteItemCollectionMetrics(const ItemCollectionMetrics& metrics, JsonWriter& w) {
  w.StartObject();
  w.Key("ItemCollectionKey");
  WriteItem(metrics.item_collection_key, w);
  w.Key("SizeEstimateRangeGB");
  w.StartArray();
  w.Double(metrics.size_lower_gb);
  w.Double(metrics.size_upper_gb);
  w.EndArray();
  w.EndObject();
}

}  // namespace ddbemu::api
