// The request helpers every service file shares: metering of ConsumedCapacity, retries of
// calls that changed nothing (throttling, TransactionConflict), translation of failed
// conditions and cancellation reasons into domain errors, and cursor-bound pagination.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hrcore/keys.h"
#include "hrcore/schema_state.h"
#include "hrcore/service.h"
#include "item_codec.h"

namespace hrcore {

using ddbemu::Item;

struct HrService::Internals {
  // Decides what a failed condition means. `old` is the item as it stood (ALL_OLD), or null
  // when there was no item.
  using OnConditionFailed = std::function<Error(const Item* old)>;

  // One action of a transaction and what its ConditionalCheckFailed means.
  struct Action {
    ddbemu::TransactWriteItem item;
    OnConditionFailed on_fail;
  };

  static std::string NowIso(const HrService& s);
  static Status CheckId(const std::string& value, std::string_view field);

  static Result<std::optional<Item>> Get(HrService& s, Item key, bool consistent = false);
  static Result<ddbemu::QueryResponse> Query(HrService& s, ddbemu::QueryRequest request);
  // A conditional UpdateItem answering ALL_NEW.
  static Result<Item> Update(HrService& s, ddbemu::UpdateItemRequest request,
                             const OnConditionFailed& on_fail);
  static Status Put(HrService& s, ddbemu::PutItemRequest request, const OnConditionFailed& on_fail);
  // One TransactWriteItems; a cancellation becomes the error of the first action whose
  // reason is ConditionalCheckFailed (actions are listed most meaningful first).
  static Status Transact(HrService& s, std::vector<Action> actions);

  // One page of a Query, bound to `scope` through the cursor.
  template <class T>
  static Result<Page<T>> List(HrService& s, const CursorScope& scope, ddbemu::QueryRequest q,
                              Result<T> (*decode)(const Item&), const PageRequest& page) {
    DDBEMU_RETURN_IF_ERROR(PreparePage(s, scope, q, page));
    DDBEMU_ASSIGN_OR_RETURN(auto response, Query(s, std::move(q)));
    Page<T> out;
    for (const Item& item : response.items) {
      DDBEMU_ASSIGN_OR_RETURN(T value, decode(item));
      out.items.push_back(std::move(value));
    }
    if (response.last_evaluated_key) {
      out.next_cursor = s.cursors_.Encode(scope, *response.last_evaluated_key);
    }
    return out;
  }
  // Fills table, Limit and ExclusiveStartKey (from the cursor, refused unless issued for
  // `scope` and for this very partition).
  static Status PreparePage(HrService& s, const CursorScope& scope, ddbemu::QueryRequest& q,
                            const PageRequest& page);

  // ---- The schema switch (schema_state.h; employee_mode.cc).
  // The table's schema state, read again when older than options.schema_refresh_ms or when
  // `force`d (after a write found the switch moved).
  static Result<SchemaState> Schema(HrService& s, bool force = false);
  // The key of the employee item that answers reads in `state`: EMP#<empId>, or in the
  // re-keyed modes EMP#<lastName>#<empId> found through the EMPREF# item (kNotFound if none).
  static Result<Item> EmployeeReadKey(HrService& s, const SchemaState& state,
                                      const std::string& org, const std::string& emp);
  // Outside kV1: the actions that take the employee from `before` (null: a hire) to `after`
  // in every shape the mode writes. The shape reads come from is conditioned on
  // `expected_version` (or on absence, for a hire); the mirror is overwritten whole, in the
  // same transaction, so both shapes hold the same employee after every commit. The last
  // action checks the switch is still `state`'s mode.
  static std::vector<Action> EmployeeWrites(const SchemaState& state, const Employee* before,
                                            const Employee& after, std::int64_t expected_version);
  // Runs `fn` again (after re-reading the switch) when a write was refused because the switch
  // moved under it; any other outcome is returned as is.
  template <class F>
  static auto WithSchemaRetry(HrService& s, F fn) -> decltype(fn()) {
    for (int attempt = 0;; ++attempt) {
      auto result = fn();
      if (result.ok() || attempt >= 4 || !IsSchemaMoved(result.error())) return result;
      auto refreshed = Schema(s, true);
      if (!refreshed.ok()) return std::move(refreshed).error();
    }
  }
  static bool IsSchemaMoved(const Error& e);

  // kNotFound, worded for the caller's organisation.
  static Error NotFound(std::string what) {
    return Error(ErrorKind::kNotFound, std::move(what) + " not found in this organisation");
  }
};

// Shared pieces of the write paths (org_dept_service.cc).
std::string VersionCondition(std::int64_t expected);  // uses #PK, #version, :expected
HrService::Internals::Action OrgIsActiveAction(const std::string& org_id);
Error VersionFailureError(const std::string& what, std::int64_t expected, const Item* old);
// Trims and lower-cases an email; kInvalidArgument unless it looks like one.
Result<std::string> NormaliseEmail(const std::string& email);

// `#n` names for the reserved words the service's expressions use.
inline ddbemu::ExpressionAttributeNames CommonNames() {
  return {{"#status", "status"},
          {"#name", "name"},
          {"#role", "role"},
          {"#version", "version"},
          {"#PK", "PK"}};
}

}  // namespace hrcore
