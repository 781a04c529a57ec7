// The cost model behind `hrctl migrate plan` (PlanMigration): a run replayed, page by page,
// over a model of the table built from a consistent Scan of it, so that the plan states what
// the run will report — items scanned and written, and the read and write units consumed —
// rather than an average-item estimate. On a quiet table of up to 1,000 items (the sample is
// then the whole table) the replay is the run: the same pages (a Scan page is `page_size`
// items in the table's own order; a full page carries a LastEvaluatedKey and so a checkpoint),
// the same writes (each step's ItemEstimate, priced by WriteCost as the service prices it),
// the same record saves (one per checkpoint and step, and at the start and end: RecordItem,
// sized as it will be) and the same Gets (the records, the schema switch).
//
// Where it cannot be exact, and by how much:
//  - a partition key the sample has not seen (the #MIGRATION partition, before any migration
//    ran) is placed last in the scan order; where the service puts it shifts the following
//    page boundaries by one item;
//  - the schema switch item grows by the attribute each switch sets (a few bytes);
//  - above 1,000 items the sample's figures are scaled to the table's ItemCount;
//  - live traffic (writes whose conditions then fail, items added meanwhile) is not modelled;
//  - a run resumed part-way is planned from the start of its current step (the checkpoint's
//    page is not looked up in the sample).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "migrations/migration.h"
#include "migrations/migration_record.h"

namespace hrcore::migrations {

// The table as the run's scans see it: partition key values in the order a Scan returned them
// (the service's hash order), each one's items in sort key order (byte-wise, as S keys sort).
class TableModel {
 public:
  explicit TableModel(const std::vector<Item>& scan_order);

  void Put(const Item& item);
  void Erase(const Item& item);
  std::optional<Item> Find(const Item& key) const;
  std::int64_t size() const;

  // Where a Scan page ended: after this item.
  struct Position {
    std::size_t group = 0;
    std::string sk;
  };
  // The next page of up to `limit` items after `from` (nullopt: the first page). `*end` is the
  // last item's position when the page is full — the service then returns a LastEvaluatedKey,
  // even when nothing follows — and nullopt otherwise.
  std::vector<Item> Page(const std::optional<Position>& from, int limit,
                         std::optional<Position>* end) const;

 private:
  std::size_t GroupOf(const std::string& pk);

  std::vector<std::map<std::string, Item>> groups_;
  std::map<std::string, std::size_t> rank_;
};

struct PlanInputs {
  std::vector<Item> sample;      // a consistent Scan of the table, in its order
  std::int64_t table_items = 0;  // DescribeTable's ItemCount
  int page_size = 25;
  int earlier = 0;      // migrations before this one (a run reads each one's record)
  StoredRecord stored;  // this migration's record as it stands
  std::int64_t now_micros = 0;
};

// What `m` will scan, write and consume when run now on the table `in` describes, with no
// other traffic (fills MigrationPlan's steps and totals; pace, time and price are the caller's).
MigrationPlan ModelPlan(const Migration& m, const PlanInputs& in);

}  // namespace hrcore::migrations
