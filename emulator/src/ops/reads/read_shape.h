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
#pragma once

#include <optional>
#include <vector>

#include "api/read_requests.h"
#include "ddbemu/error.h"
#include "expr/ast.h"
#include "ops/reads/read_expressions.h"
#include "ops/reads/read_target.h"

namespace ddbemu::ops {

struct ReadShape {
  bool count_only = false;
  bool fetch_from_table = false;  // return the table's item, not the index entry
  std::optional<std::vector<expr::DocumentPath>> projection;  // nullopt: the whole item
};

Result<ReadShape> PlanReadShape(const ReadTarget& target, std::optional<api::Select> select,
                                const ReadExpressions& expressions, bool is_query);

}  // namespace ddbemu::ops
