// The key-schema and projection rules of CreateTable (and of UpdateTable's GSI Create), with
// the service's wording. Shared by table_create_checks.cc and the UpdateTable operation.
//
// Where the service lists a set of attribute names in a message ("Keys: [a, b]") it prints a
// java.util.HashSet, whose iteration order is a function of the names' String.hashCode();
// JavaHashSetOrder reproduces that order so the messages match byte for byte.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "api/table_requests.h"
#include "ddbemu/error.h"

namespace ddbemu::api {

// "One or more parameter values were invalid: <detail>": the prefix of the service's semantic
// CreateTable/UpdateTable validation errors.
ApiError InvalidParameter(std::string_view detail);

// `names` (duplicates removed) in the iteration order of a java.util.HashSet that they were
// added to in this order.
std::vector<std::string> JavaHashSetOrder(const std::vector<std::string>& names);
// "[a, b, c]".
std::string BracketList(const std::vector<std::string>& names);

// The element list of a KeySchema as the service's model validation prints it in
// "Value '[...]' at 'keySchema' ..." messages.
std::string KeySchemaValueText(const std::vector<KeySchemaElement>& key_schema);

// A table or LSI KeySchema has at most two elements ("Member must have length less than or
// equal to 2" at `path`, e.g. "keySchema" or "localSecondaryIndexes.1.member.keySchema"). The
// current API model dropped that bound when GSIs gained multi-attribute keys, so it is checked
// here rather than by the model validator.
Status CheckKeySchemaLength(const std::vector<KeySchemaElement>& key_schema, std::string_view path);

// The table's own KeySchema against AttributeDefinitions: undefined attributes, the same name
// twice, HASH first, RANGE second.
Status CheckTableKeySchema(const std::vector<KeySchemaElement>& key_schema,
                           const std::vector<AttributeDefinition>& definitions);

// A GSI KeySchema: defined attributes, then multi-attribute key rules (1..4 HASH elements, then
// 0..4 RANGE elements, no name twice).
Status CheckGsiKeySchema(const std::vector<KeySchemaElement>& key_schema,
                         const std::vector<AttributeDefinition>& definitions);

// An LSI: defined attributes, HASH then RANGE, a range key, and the table's hash key.
Status CheckLsiKeySchema(const SecondaryIndexRequest& index,
                         const std::vector<KeySchemaElement>& table_key_schema,
                         const std::vector<AttributeDefinition>& definitions);

// ProjectionType present; NonKeyAttributes exactly when INCLUDE, without duplicates.
Status CheckProjection(const ProjectionRequest& projection);

// "Given value N for ReadCapacityUnits is out of bounds" above 10^12 (the service's hard
// ceiling, far beyond any account quota).
Status CheckThroughputBounds(const ThroughputRequest& throughput);

}  // namespace ddbemu::api
