// HrService and the schema switch: which Employee shapes a write touches and which one a read
// uses (schema_state.h, employee_shape.h), and AP13 on the status index of migration 2.
#include <chrono>
#include <thread>

#include "employee_shape.h"
#include "hrcore/retry.h"
#include "service_internals.h"

namespace hrcore {
namespace {

using ddbemu::AttributeValue;

using I = HrService::Internals;

constexpr std::string_view kSchemaMoved = "the table's schema switch moved during the write";

Error VersionOrGone(const Employee& e, std::int64_t expected, const Item* old) {
  return VersionFailureError("employee " + e.emp_id, expected, old);
}

}  // namespace

bool I::IsSchemaMoved(const Error& e) {
  return e.kind() == ErrorKind::kBackend && e.message() == kSchemaMoved;
}

Result<SchemaState> I::Schema(HrService& s, bool force) {
  const std::int64_t now = s.clock_.NowMicros();
  {
    ddbemu::sync::MutexLock lock(s.schema_mutex_);
    if (!force && s.schema_read_micros_ >= 0 &&
        now - s.schema_read_micros_ < s.options_.schema_refresh_ms * 1000) {
      return s.schema_;
    }
  }
  // Not metered into TakeConsumed(): it is the process's, about one read per refresh period,
  // not any one call's (and the access patterns' measured costs stay those of the design).
  auto r = s.client_.GetItem(
      {.table_name = s.options_.table_name, .key = SchemaStateKey(), .consistent_read = true});
  if (!r.ok()) return Error::Backend(std::move(r).error());
  std::optional<Item> item = std::move(r->item);
  SchemaState state = SchemaStateFrom(item ? &*item : nullptr);
  ddbemu::sync::MutexLock lock(s.schema_mutex_);
  s.schema_ = state;
  s.schema_read_micros_ = now;
  return state;
}

Result<Item> I::EmployeeReadKey(HrService& s, const SchemaState& state, const std::string& org,
                                const std::string& emp) {
  if (!ReadsNewShape(state.employee_keys)) return shape::OldKey(org, emp);
  DDBEMU_ASSIGN_OR_RETURN(auto ref, Get(s, shape::RefKey(org, emp), true));
  if (!ref) return NotFound("employee " + emp);
  return shape::NewKey(org, GetOr<std::string>(*ref, "lastName"), emp);
}

std::vector<I::Action> I::EmployeeWrites(const SchemaState& state, const Employee* before,
                                         const Employee& after, std::int64_t expected) {
  const EmployeeKeyMode mode = state.employee_keys;
  std::vector<Action> out;
  auto key_of = [](const Item& item) {
    return codec::Key(GetOr<std::string>(item, keys::kPK), GetOr<std::string>(item, keys::kSK));
  };
  // One shape: `truth` conditions on the version read (or on absence for a hire); a mirror is
  // overwritten whole (a backfill may not have copied it yet).
  auto write_shape = [&](bool new_shape, bool truth) {
    Item next = new_shape ? shape::NewItem(after, state.status_index)
                          : shape::OldItem(after, state.status_index);
    std::optional<Item> prev_key;
    if (before != nullptr) {
      Item prev = new_shape ? shape::NewItem(*before, false) : shape::OldItem(*before, false);
      if (key_of(prev) != key_of(next)) prev_key = key_of(prev);  // lastName changed
    }
    ddbemu::Put put{.item = next};
    if (truth && before != nullptr && !prev_key) {
      put.condition_expression = VersionCondition(expected);
      put.expression_attribute_names = {{"#PK", "PK"}, {"#version", "version"}};
      put.expression_attribute_values = {{":expected", AttributeValue::N(expected)}};
    } else if (truth) {
      put.condition_expression = "attribute_not_exists(#PK)";
      put.expression_attribute_names = {{"#PK", "PK"}};
    }
    if (prev_key) {
      ddbemu::Delete del{.key = *prev_key};
      if (truth) {
        del.condition_expression = VersionCondition(expected);
        del.expression_attribute_names = {{"#PK", "PK"}, {"#version", "version"}};
        del.expression_attribute_values = {{":expected", AttributeValue::N(expected)}};
      }
      Employee e = after;
      out.push_back(
          {del, [e, expected](const Item* old) { return VersionOrGone(e, expected, old); }});
    }
    Employee e = after;
    out.push_back({put, [e, expected, hire = before == nullptr](const Item* old) {
                     if (hire) return Error(ErrorKind::kBackend, "employee id collision");
                     return VersionOrGone(e, expected, old);
                   }});
  };
  const bool reads_new = ReadsNewShape(mode);
  write_shape(reads_new, /*truth=*/true);
  if (IsDual(mode)) write_shape(!reads_new, /*truth=*/false);
  if (WritesNewShape(mode) &&
      (before == nullptr || before->last_name != after.last_name || IsDual(mode))) {
    out.push_back({ddbemu::Put{.item = shape::RefItem(after)}, nullptr});
  }
  if (IsDual(mode)) {
    // A write composed under this mode must not commit under another: the switch is checked
    // in the same transaction (a cancelled one is re-composed by WithSchemaRetry).
    out.push_back(
        {ddbemu::ConditionCheck{
             .key = SchemaStateKey(),
             .condition_expression = "employeeKeys = :mode",
             .expression_attribute_values = {{":mode", AttributeValue::S(ToString(mode))}}},
         [](const Item*) { return Error(ErrorKind::kBackend, std::string(kSchemaMoved)); }});
  }
  return out;
}

Result<Page<Employee>> HrService::ListEmployeesByStatus(const TenantContext& ctx,
                                                        EmployeeStatus status,
                                                        const PageRequest& page) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_ASSIGN_OR_RETURN(SchemaState state, I::Schema(*this));
  ddbemu::QueryRequest q{
      .index_name = std::string(keys::kGsi2),
      .key_condition_expression = "#PK = :pk AND begins_with(#SK, :prefix)",
      .expression_attribute_names = {{"#PK", "GSI2PK"}, {"#SK", "GSI2SK"}},
      .expression_attribute_values = {{":pk", AttributeValue::S(keys::StatusGsiPk(ctx.org_id))},
                                      {":prefix",
                                       AttributeValue::S(std::string(ToString(status)) + "#")}},
  };
  // While both Employee shapes exist, both are in GSI2: keep the one reads come from.
  if (std::string f = shape::ReadShapeFilter(state.employee_keys); !f.empty()) {
    q.filter_expression = f;
    q.expression_attribute_names["#kv"] = std::string(keys::kKeyVersion);
    if (ReadsNewShape(state.employee_keys))
      q.expression_attribute_values[":kv2"] = AttributeValue::N(2);
  }
  return I::List<Employee>(*this, {ctx.org_id, "AP13", std::string(ToString(status))}, std::move(q),
                           &codec::EmployeeFrom, page);
}

}  // namespace hrcore
