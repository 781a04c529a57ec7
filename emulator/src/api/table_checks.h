// The service's checks of CreateTable and UpdateTable requests that need no table state: key
// schemas and attribute definitions, index definitions, the requests' own rules, and the rules
// of resource tags (CreateTable's Tags; TagResource shares them). In the service's order, with
// its messages; the checks against a table's current state are ops/tables/'s.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

// ---- table key checks --------------------------------------------------------------------------
// The key-schema and projection rules of CreateTable (and of UpdateTable's GSI Create), with
// the service's wording. Shared by table_create_checks.cc and the UpdateTable operation.
//
// Where the service lists a set of attribute names in a message ("Keys: [a, b]") it prints a
// java.util.HashSet, whose iteration order is a function of the names' String.hashCode();
// JavaHashSetOrder reproduces that order so the messages match byte for byte.

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

// ---- table create checks -----------------------------------------------------------------------
// The checks CreateTable makes after the API model's generic validation and before it looks
// at the catalog, in the service's order: members the model no longer requires, billing mode
// against throughput, attribute definitions against every key schema, LSIs, GSIs, projection
// limits, tags. The table name is resolved before this (ops/tables/tables.h).

// Index limits (Developer Guide, "Service, account, and table quotas").
inline constexpr std::size_t kMaxLocalSecondaryIndexes = 5;
inline constexpr std::size_t kMaxGlobalSecondaryIndexes = 20;
inline constexpr std::size_t kMaxProjectedAttributes = 100;  // NonKeyAttributes over all indexes

// The first rule `request` breaks, as a ValidationException worded like the service's; Ok when
// the request describes a valid table. On success the request has both AttributeDefinitions
// and KeySchema.
Status ValidateCreateTable(const CreateTableRequest& request);

// The billing-mode rules for one GSI of a table whose effective billing mode is
// `pay_per_request` (shared with UpdateTable's GSI Create).
Status ValidateGsiThroughput(const SecondaryIndexRequest& index, bool pay_per_request);

// ---- vector index checks -----------------------------------------------------------------------
// CreateTable's VectorIndexes and UpdateTable's VectorIndexUpdates (vector_index_checks.cc).

inline constexpr std::size_t kMaxVectorIndexes = 5;
inline constexpr std::int64_t kMaxVectorDimensions = 4096;
inline constexpr std::size_t kMaxVectorInlineFilters = 18;
inline constexpr std::size_t kMaxVectorProjectedAttributes = 20;

// The service's refusals that the UpdateTable operation shares.
ApiError VectorAttributeIsKey(std::string_view attribute);
ApiError VectorDimensionsDiffer(std::string_view attribute);
ApiError VectorIndexesNeedOnDemand();

// One vector index's own rules: Dimensions, the vector attribute not among `key_attributes`
// (the table's and its secondary indexes' keys), SearchSchema against `definitions`, projection.
Status CheckVectorIndex(const VectorIndexRequest& index,
                        const std::vector<AttributeDefinition>& definitions,
                        const std::vector<std::string>& key_attributes);

// CreateTable's VectorIndexes: on-demand only, each index's rules, names unique among all the
// table's indexes (`names` holds the LSIs' and GSIs'), one Dimensions per vector attribute, at
// most 5.
Status CheckCreateTableVectorIndexes(const CreateTableRequest& request,
                                     std::set<std::string>* names);

// UpdateTable's VectorIndexUpdates: one action per entry, one entry per request and none beside
// GSI updates (LimitExceededException), no throughput or stream change beside it.
Status CheckVectorIndexUpdates(const UpdateTableRequest& request);

// ---- table update checks -----------------------------------------------------------------------

// An UpdateTable that creates or deletes `operations` indexes (GSIs and vector indexes
// together): at most one (LimitExceededException), and none beside a throughput or stream
// change.
Status CheckOnlineIndexOperations(const UpdateTableRequest& request, int operations);
// The checks UpdateTable makes on the request alone, before it looks the table up (the
// service validates first: an UpdateTable with nothing to change is a ValidationException
// even for a table that does not exist). The checks that need the table's current state are
// in ops/tables/table_update.cc.

// The number of changes the request asks for (the members of the "At least one of ..." list
// that are present), GlobalSecondaryIndexUpdates counting once when non-empty.
int CountUpdateOperations(const UpdateTableRequest& request);

// At least one change; no empty GlobalSecondaryIndexUpdates beside other changes; one action
// per index entry and per index; at most one index Create or Delete (LimitExceededException);
// DeletionProtection, TableClass and SSE changes alone; an index Create or Delete not combined
// with throughput, stream or warm-throughput changes; throughput and on-demand values in range.
Status ValidateUpdateTable(const UpdateTableRequest& request);

// ---- table tags --------------------------------------------------------------------------------
// The service's rules for resource tags (CreateTable's Tags; TagResource will share them):
// key 1..128 and value 0..256 characters of the AWS tag alphabet (Unicode letters, digits and
// spaces, and _ . : / = + - @), no "aws:" prefix in any case, no key twice, at most 50 tags.

// The first broken rule as the service words it, e.g. "The Tag Key provided is invalid, Key:
// bad#char", "Tag Key cannot be prefixed with aws:, Key: aws:foo", "Duplicate Tag Keys provided
// as input: Duplicate Tag Key found k", "Number of Tags exceed the current limit for the
// provided ResourceArn". An empty list is valid for CreateTable.
Status ValidateTags(const std::vector<TagRequest>& tags);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
