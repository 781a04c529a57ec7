// The read operations, Query (query.cc) and Scan (scan.cc), and the steps of a read below
// them: the expressions prepared from the request alone, the shape of what each kept item
// returns, a Query's key range, and the lagged view an eventually consistent read sees. What
// a read addresses is read_target.h; one page of it, read_page.h.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/read_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "expr/expression_cache.h"
#include "expr/key_condition.h"
#include "expr/legacy.h"
#include "ops/engine.h"
#include "ops/reads/read_target.h"
#include "storage/item_store.h"
#include "storage/key_range.h"
#include "storage/version_history.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// ---- reads -------------------------------------------------------------------------------------
// The read operations of ops/reads/: Query (query.cc) and Scan (scan.cc).
//
// Query: the items of one partition of a table, a GSI or an LSI, in sort-key order, a page at a
// time. Runs in one LMDB read transaction (an MVCC snapshot: it never blocks writers).
//
// Order of checks, as the service makes them: the request alone (reads.h), the table
// (ResourceNotFoundException "Requested resource not found"), the index and consistency
// (read_target.h), the key condition against the addressed key (expr/key_condition.h), the
// ExclusiveStartKey (read_target.h, reads.h), then Select, projection and filter
// (reads.h).
//
// Scan: every item of a table, a GSI or an LSI in storage order — partition-hash order, so a
// table's partitions come one after the other as the service's do — a page at a time, or one
// segment of a parallel scan (Segment/TotalSegments: the hash space cut into equal contiguous
// ranges, so every item belongs to exactly one segment). Runs in one LMDB read transaction.
//
// Order of checks: the request alone (segments, then reads.h), the table, the index
// and consistency, the ExclusiveStartKey (read_target.h; it must also lie in the segment), then
// Select, projection and filter (reads.h).

Result<api::ReadResponse> Query(Engine& engine, const Caller& caller,
                                const api::QueryRequest& request);

Result<api::ReadResponse> Scan(Engine& engine, const Caller& caller,
                               const api::ScanRequest& request);

// ---- read expressions --------------------------------------------------------------------------
// The expressions of a Query or Scan — filter, projection and (Query) key condition — prepared
// by the checks the service makes on the request alone, before it looks the table up, in its
// order (dynalite's validations of Query and Scan, checked against DynamoDB Local):
//   1. expression and non-expression parameters mixed: "Can not use both expression and
//      non-expression parameters in the same request: Non-expression parameters: {...}
//      Expression parameters: {...}" (KeyConditions may accompany FilterExpression and
//      ProjectionExpression, just not KeyConditionExpression);
//   2. ExpressionAttributeNames / ExpressionAttributeValues without an expression that uses them;
//   3. ConditionalOperator without a filter, or with a one-condition filter; the legacy filter's
//      arguments; AttributesToGet;
//   4. (Query) neither KeyConditions nor KeyConditionExpression;
//   5. the placeholder maps, then each expression parsed and bound: FilterExpression,
//      ProjectionExpression, KeyConditionExpression; then unused names, then unused values.
// The key condition's fit to the key schema is checked later, against the table or index read.

struct ReadExpressions {
  std::optional<expr::Condition> filter;
  bool filter_is_legacy = false;  // from QueryFilter / ScanFilter
  std::optional<expr::ProjectionExpression> projection;
  bool projection_is_legacy = false;  // from AttributesToGet
  // Query only: the bound KeyConditionExpression, or the legacy KeyConditions.
  std::optional<expr::Condition> key_condition;
  std::optional<std::vector<expr::FilterEntry>> key_conditions;
};

Result<ReadExpressions> PrepareQueryExpressions(const api::QueryRequest& request,
                                                expr::ExpressionCache* cache);
Result<ReadExpressions> PrepareScanExpressions(const api::ScanRequest& request,
                                               expr::ExpressionCache* cache);

// ---- read shape --------------------------------------------------------------------------------
// ReadShape: what a Query or Scan returns for each item it keeps — nothing (Select COUNT), the
// entry as read, the whole item fetched from the table (an LSI read asking for attributes the
// index does not project), or a projection of either — decided from Select, the projection and
// the target, with the checks the service makes on them once it knows the table, in its order
// (as DynamoDB Local answers):
//   1. document paths into key attributes, in the projection then the filter: "Key attributes
//      must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk"
//      (a table key) or "...: IndexKey: gsk" (a key of any of the table's indexes);
//   2. (Query) a filter on the addressed key: "Filter Expression can only contain non-primary
//      key attributes: Primary key attribute: sk" ("QueryFilter ..." for the legacy filter);
//   3. Select against the projection: SPECIFIC_ATTRIBUTES needs one, COUNT, ALL_ATTRIBUTES and
//      ALL_PROJECTED_ATTRIBUTES take none, ALL_PROJECTED_ATTRIBUTES needs an index;
//   4. ALL_ATTRIBUTES of a GSI whose projection is not ALL;
//   5. filter attributes an index does not project: "One or more parameter values were invalid:
//      Secondary index NAME does not project one or more filter attributes: [a, b]";
//   6. projected attributes a GSI does not project: "One or more parameter values were invalid:
//      Global secondary index NAME does not project [a, b]" (an LSI fetches them instead).

struct ReadShape {
  bool count_only = false;
  bool fetch_from_table = false;  // return the table's item, not the index entry
  std::optional<std::vector<expr::DocumentPath>> projection;  // nullopt: the whole item
};

Result<ReadShape> PlanReadShape(const ReadTarget& target, std::optional<api::Select> select,
                                const ReadExpressions& expressions, bool is_query);

// ---- query range -------------------------------------------------------------------------------
// From a Query's key condition to what it reads: the storage key range of the addressed
// partition and sort-key condition (storage/key_range.h documents the mapping of each
// operator), and the checks that tie an ExclusiveStartKey to the condition.

// The range of `target`'s key space holding exactly the entries `condition` (extracted against
// target.KeyView()) selects. On a multi-attribute sort key the condition is equalities on the
// leading attributes and any operator on the last one used, which is again a contiguous range
// because the key codec is order-preserving and prefix-free.
Result<storage::KeyRange> QueryRange(const ReadTarget& target, const expr::KeyCondition& condition);

// A start key (validated against the target) must lie in the queried partition and satisfy the
// sort-key condition, with the service's messages (dynalite's tests against DynamoDB):
// "The provided starting key does not match the range key predicate" (a sort condition it
// fails), "The query can return at most one row and cannot be restarted" (it meets the sort
// condition but names another partition), "The provided starting key is outside query
// boundaries based on provided conditions" (another partition, no sort condition).
Status CheckStartKeyInQuery(const expr::KeyCondition& condition, const Item& start_key);

// ---- lagged view -------------------------------------------------------------------------------
// LaggedView: what an eventually consistent Query or Scan sees differently from the current
// data when eventual consistency is on (a realism switch, Options::eventual_consistency_window_ms;
// storage/version_history.h). For every item written within the window, the read sees the
// item's version from `window` ago: its current entry in the target (the table, or an index
// the item is projected into) is hidden, and the entry its lagged version had is shown in its
// place. Global secondary indexes are always read this way (they are eventually consistent in
// the service); table reads and LSI reads only without ConsistentRead.
//
// ReadPage merges the view into its cursor walk, so Limit, the 1 MB page, the filter,
// ScannedCount and LastEvaluatedKey treat lagged entries as stored ones.

struct LaggedView {
  // Storage key in the target's key space -> the entry the read sees there (nullopt: none).
  std::map<std::string, std::optional<Item>> entries;
  // Table storage key -> the base item the read sees (LSI reads that fetch from the table).
  std::map<std::string, std::optional<Item>> base_items;
};

// The view of `target` for a read now; empty when nothing was written within the window.
Result<LaggedView> BuildLaggedView(const storage::ItemStore& store, const storage::Txn& txn,
                                   const ReadTarget& target,
                                   const storage::VersionHistory& history);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
