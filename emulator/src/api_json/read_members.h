// ReadMembers: the members of a Query, Scan or GetItem request body that its parse reads
// (reads_codec.cc, items_codec.cc), found in one pass over the body. Looked up one by one,
// each name was a scan of the body's members of its own (seventeen scans for a Query, about a
// third of its parse under hrbench's read mix); one pass that switches on a name's length
// finds them all. Each member reads as Member() (json_read.h) answers: the first of a repeated
// name counts, and a JSON null is absent.
#pragma once

#include <rapidjson/document.h>

namespace ddbemu::api::json {

struct ReadMembers {
  const rapidjson::Value* table_name = nullptr;
  const rapidjson::Value* index_name = nullptr;
  const rapidjson::Value* select = nullptr;
  const rapidjson::Value* limit = nullptr;
  const rapidjson::Value* consistent_read = nullptr;
  const rapidjson::Value* return_consumed_capacity = nullptr;
  const rapidjson::Value* filter_expression = nullptr;
  const rapidjson::Value* projection_expression = nullptr;
  const rapidjson::Value* conditional_operator = nullptr;
  const rapidjson::Value* attributes_to_get = nullptr;
  const rapidjson::Value* query_filter = nullptr;
  const rapidjson::Value* scan_filter = nullptr;
  const rapidjson::Value* names = nullptr;   // ExpressionAttributeNames
  const rapidjson::Value* values = nullptr;  // ExpressionAttributeValues
  const rapidjson::Value* exclusive_start_key = nullptr;
  // GetItem only.
  const rapidjson::Value* key = nullptr;
  // Query only.
  const rapidjson::Value* scan_index_forward = nullptr;
  const rapidjson::Value* key_condition_expression = nullptr;
  const rapidjson::Value* key_conditions = nullptr;
  // Scan only.
  const rapidjson::Value* segment = nullptr;
  const rapidjson::Value* total_segments = nullptr;
};

// `body`'s members as above; all null when `body` is not an object.
ReadMembers FindReadMembers(const rapidjson::Value& body);

}  // namespace ddbemu::api::json
