// Select, projection and filter against the target (see reads.h).
#include "ops/reads/reads.h"

#include <algorithm>
#include <string>

#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

void CollectOperandPaths(const expr::Operand& o, std::vector<const expr::DocumentPath*>* out) {
  if (o.is_path()) out->push_back(&o.path);
  for (const expr::Operand& arg : o.args) CollectOperandPaths(arg, out);
}

// Every document path of `c`, in the order written.
void CollectPaths(const expr::Condition& c, std::vector<const expr::DocumentPath*>* out) {
  for (const expr::Condition& child : c.children) CollectPaths(child, out);
  for (const expr::Operand& o : c.operands) CollectOperandPaths(o, out);
}

std::vector<const expr::DocumentPath*> PathsOf(const ReadExpressions& e, bool projection) {
  std::vector<const expr::DocumentPath*> paths;
  if (projection && e.projection) {
    for (const expr::DocumentPath& p : e.projection->paths) paths.push_back(&p);
  }
  if (!projection && e.filter) CollectPaths(*e.filter, &paths);
  return paths;
}

bool IsTableKey(const TableSchema& table, const std::string& name) {
  return table.partition_key.name == name || (table.sort_key && table.sort_key->name == name);
}

bool IsIndexKey(const TableSchema& table, const std::string& name) {
  auto named = [&](const KeyAttribute& k) { return k.name == name; };
  return std::any_of(table.indexes.begin(), table.indexes.end(), [&](const IndexSchema& index) {
    return std::any_of(index.partition_key.begin(), index.partition_key.end(), named) ||
           std::any_of(index.sort_key.begin(), index.sort_key.end(), named);
  });
}

// Step 1: key attributes are scalars, so no path may step into one.
Status CheckKeyPaths(const TableSchema& table,
                     const std::vector<const expr::DocumentPath*>& paths) {
  constexpr const char* kPrefix =
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
      "allowed: ";
  for (const expr::DocumentPath* path : paths) {
    if (path->is_top_level()) continue;
    if (IsTableKey(table, path->root()))
      return ApiError::Validation(kPrefix + ("Key: " + path->root()));
    if (IsIndexKey(table, path->root()))
      return ApiError::Validation(kPrefix + ("IndexKey: " + path->root()));
  }
  return Status::Ok();
}

// Step 2: Query conditions on the addressed key belong in the key condition.
Status CheckFilterAvoidsKey(const ReadTarget& target, const ReadExpressions& e) {
  for (const expr::DocumentPath* path : PathsOf(e, false)) {
    if (!target.IsKeyAttribute(path->root())) continue;
    return ApiError::Validation(
        std::string(e.filter_is_legacy ? "QueryFilter" : "Filter Expression") +
        " can only contain non-primary key attributes: Primary key attribute: " + path->root());
  }
  return Status::Ok();
}

std::string ProjectionParameter(const ReadExpressions& e) {
  return e.projection_is_legacy ? "AttributesToGet" : "ProjectionExpression";
}

// Step 3, and the Select a request without one gets.
Result<api::Select> ResolveSelect(const ReadTarget& target, std::optional<api::Select> select,
                                  const ReadExpressions& e) {
  const bool projects = e.projection.has_value();
  if (!select) {
    if (projects) return api::Select::kSpecificAttributes;
    return target.is_index() ? api::Select::kAllProjectedAttributes : api::Select::kAllAttributes;
  }
  const std::string cannot =
      "Cannot specify the " + ProjectionParameter(e) + " when choosing to get ";
  switch (*select) {
    case api::Select::kSpecificAttributes:
      if (!projects) {
        return ApiError::Validation(
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
            "SPECIFIC_ATTRIBUTES");
      }
      break;
    case api::Select::kCount:
      if (projects) return ApiError::Validation(cannot + "only the Count");
      break;
    case api::Select::kAllAttributes:
      if (projects) return ApiError::Validation(cannot + "ALL_ATTRIBUTES");
      break;
    case api::Select::kAllProjectedAttributes:
      if (projects) return ApiError::Validation(cannot + "ALL_PROJECTED_ATTRIBUTES");
      if (!target.is_index()) {
        return ApiError::Validation(
            "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
      }
      break;
  }
  return *select;
}

// The top-level attributes of `paths` the index does not project, each once, in order.
std::vector<std::string> Unprojected(const ReadTarget& target,
                                     const std::vector<const expr::DocumentPath*>& paths) {
  std::vector<std::string> names;
  for (const expr::DocumentPath* path : paths) {
    const std::string& name = path->root();
    if (storage::IsProjected(*target.table, *target.index, name)) continue;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

std::string Bracketed(const std::vector<std::string>& names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + names[i];
  return out + "]";
}

bool ProjectsAll(const ReadTarget& target) {
  return !target.is_index() || target.index->projection == ProjectionType::kAll;
}

// Steps 4 to 6, for reads of an index that does not project every attribute.
// A filter naming attributes the index does not project is refused for a Query only (AWS,
// recorded through AppSync: "Secondary index bySkill does not project one or more filter
// attributes: [owner]"). A Scan of the index evaluates the filter against the index entry,
// where such an attribute is absent, and so matches nothing that needs it (emulators that recorded
// AWS say the same: faiscadev/fakecloud#2029, dynoxide's PartiQL captures). DynamoDB Local refuses
// it for a Query only too.
Status PlanIndexRead(const ReadTarget& target, api::Select select, const ReadExpressions& e,
                     bool is_query, ReadShape* shape) {
  const std::string invalid = "One or more parameter values were invalid: ";
  const std::string& name = target.index->name;
  if (select == api::Select::kAllAttributes && target.is_global_index()) {
    return ApiError::Validation(
        invalid + "Select type ALL_ATTRIBUTES is not supported for global secondary index " + name +
        " because its projection type is not ALL");
  }
  if (std::vector<std::string> missing = Unprojected(target, PathsOf(e, false));
      is_query && !missing.empty()) {
    return ApiError::Validation(
        invalid + "Secondary index " + name +
        " does not project one or more filter attributes: " + Bracketed(missing));
  }
  std::vector<std::string> missing = Unprojected(target, PathsOf(e, true));
  if (!missing.empty() && target.is_global_index()) {
    return ApiError::Validation(invalid + "Global secondary index " + name + " does not project " +
                                Bracketed(missing));
  }
  // An LSI fetches from the table what it does not hold (Developer Guide, "Local secondary
  // indexes", Projected attributes).
  shape->fetch_from_table = select == api::Select::kAllAttributes ||
                            (select == api::Select::kSpecificAttributes && !missing.empty());
  return Status::Ok();
}

}  // namespace

Result<ReadShape> PlanReadShape(const ReadTarget& target, std::optional<api::Select> select,
                                const ReadExpressions& expressions, bool is_query) {
  DDBEMU_RETURN_IF_ERROR(CheckKeyPaths(*target.table, PathsOf(expressions, true)));
  DDBEMU_RETURN_IF_ERROR(CheckKeyPaths(*target.table, PathsOf(expressions, false)));
  if (is_query) DDBEMU_RETURN_IF_ERROR(CheckFilterAvoidsKey(target, expressions));
  DDBEMU_ASSIGN_OR_RETURN(const api::Select resolved, ResolveSelect(target, select, expressions));
  ReadShape shape;
  if (!ProjectsAll(target))
    DDBEMU_RETURN_IF_ERROR(PlanIndexRead(target, resolved, expressions, is_query, &shape));
  shape.count_only = resolved == api::Select::kCount;
  if (resolved == api::Select::kSpecificAttributes)
    shape.projection = expressions.projection->paths;
  return shape;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
