// TransientStatuses: table and index statuses that take time (a realism switch,
// Options::transient_status_ms; DynamoDB Local's -delayTransientStatuses). The service answers
// CreateTable, UpdateTable and DeleteTable at once and finishes the work later; until then
// DescribeTable reports CREATING, UPDATING (a GSI CREATING with Backfilling true, or DELETING)
// and DELETING, and the service refuses what the state forbids:
//   - item operations on a CREATING table: ResourceNotFoundException "Requested resource not
//     found" (the API reference: "its status might not be ACTIVE");
//   - DeleteTable and UpdateTable on a CREATING or UPDATING table, CreateTable and DeleteTable of
//     a DELETING one: ResourceInUseException "Attempt to change a resource which is still in
//     use: Table is being created|updated|deleted: NAME";
//   - Query and Scan of a GSI still being created: ValidationException "Cannot read from
//     backfilling global secondary index: NAME";
//   - SearchVectors of a vector index still being created: ValidationException "The table does
//     not have the specified index: NAME" while its resources are allocated (the table CREATING
//     or UPDATING), then "Cannot search backfilling vector index: NAME" while it backfills. A
//     vector index added by UpdateTable takes two transient periods: the table UPDATING and the
//     index CREATING with Backfilling false, then the table ACTIVE and the index CREATING with
//     Backfilling true (as the service reports them: test_vector.py's backfilling tests).
//
// The catalog always holds the finished state (the work itself is done inside the request's
// LMDB transaction, so nothing is half-built); this class only remembers, in memory, until
// when each table's transition lasts and what DescribeTable shows meanwhile. A transition ends
// when the clock passes its end — on the virtual clock exactly when advanced. A restart ends
// every transition (the service, too, finishes them eventually). Thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/clock.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/table_schema.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism {

class TransientStatuses {
 public:
  TransientStatuses(const Clock& clock, std::int64_t delay_micros)
      : clock_(clock), delay_(delay_micros) {}

  // A table was created, updated (`shown`: the UpdateTable response's view, UPDATING with any
  // index CREATING or DELETING) or deleted (`shown`: the DeleteTable response's view). An update
  // that the service applies synchronously (shown ACTIVE) starts no transition.
  void Started(std::string_view ns, std::string_view table, const TableSchema& shown);

  // The status `table` is in now: nullopt when no transition is in progress.
  std::optional<TableStatus> StatusOf(std::string_view ns, std::string_view table) const
      EXCLUDES(mu_);

  // Error for an item operation (ResourceNotFound while CREATING), for a control-plane change
  // (ResourceInUse while CREATING, UPDATING or DELETING), for a read of `index` (Validation
  // while it is being created). Ok when the state allows it.
  Status CheckItemAccess(std::string_view ns, std::string_view table) const;
  Status CheckTableChange(std::string_view ns, std::string_view table) const;
  Status CheckIndexRead(std::string_view ns, std::string_view table, std::string_view index) const;
  Status CheckVectorSearch(std::string_view ns, std::string_view table,
                           std::string_view index) const;

  // DescribeTable: puts the in-progress statuses on `stored` (the catalog's finished schema);
  // an index being deleted, already gone from the catalog, is shown DELETING.
  void Overlay(std::string_view ns, std::string_view table, TableSchema* stored) const;
  // DescribeTable of a table no longer in the catalog: its DELETING view while that lasts.
  std::optional<TableSchema> Deleting(std::string_view ns, std::string_view table) const;

  // Ends every transition at once (the database was replaced: a restored snapshot's tables are
  // ACTIVE, as after a restart).
  void Clear() EXCLUDES(mu_);

 private:
  struct Transition {
    TableSchema shown;
    std::int64_t until_micros = 0;
    // The end of the table's own change; a vector index being added backfills after it, until
    // until_micros.
    std::int64_t table_until_micros = 0;
    bool TableChanging(std::int64_t now) const { return now < table_until_micros; }
  };
  static std::string Key(std::string_view ns, std::string_view table);
  // The live transition of `table`, or null (drops an ended one).
  const Transition* Live(std::string_view ns, std::string_view table) const REQUIRES(mu_);

  const Clock& clock_;
  const std::int64_t delay_;
  mutable sync::Mutex mu_;
  mutable std::map<std::string, Transition> transitions_ GUARDED_BY(mu_);
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism
