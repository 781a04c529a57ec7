// The DynamoDB Streams service's dispatch table (streams_operation_table.cc). Its operations arrive
// with the X-Amz-Target prefix "DynamoDBStreams_20120810."; Database::Call takes the operation
// name with that prefix (e.g. "DynamoDBStreams_20120810.GetRecords") so the two services'
// operations never mix.
#pragma once

#include <string_view>

#include "operation_table.h"

namespace ddbemu::handlers {

inline constexpr std::string_view kStreamsTargetPrefix = "DynamoDBStreams_20120810.";

// The entry for a streams operation name without prefix ("GetRecords"), or nullptr.
const OperationEntry* FindStreamsOperation(std::string_view name);

}  // namespace ddbemu::handlers
