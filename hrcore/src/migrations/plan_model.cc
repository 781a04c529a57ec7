// The plan's cost model: a run replayed over a model of the table (see plan_model.h).
#include "migrations/plan_model.h"

#include <algorithm>
#include <cmath>

#include "hrcore/keys.h"
#include "hrcore/schema_state.h"
#include "item_codec.h"

namespace hrcore::migrations {
namespace {

std::string Pk(const Item& item) { return GetOr<std::string>(item, keys::kPK); }
std::string Sk(const Item& item) { return GetOr<std::string>(item, keys::kSK); }

// A consistent Scan page: one RCU per 4 KB of the items it returned, rounded up once over the
// page, at least one (docs/capacity.md §1).
double PageUnits(const std::vector<Item>& page) {
  std::int64_t bytes = 0;
  for (const Item& item : page) bytes += ItemSize(item);
  return static_cast<double>(std::max<std::int64_t>(1, (bytes + 4095) / 4096));
}

// The run of RunMigration / RunSteps (runner.cc), call for call, over the model.
class Replay {
 public:
  explicit Replay(const PlanInputs& in) : in_(in), table_(in.sample), stored_(in.stored) {}

  MigrationPlan Run(const Migration& m) {
    MigrationPlan plan;
    Gets(in_.earlier + 1);  // the earlier migrations' records, then this one's
    MigrationRecord& rec = stored_.record;
    if (rec.state == "applied") {  // the run only reads the records and returns
      plan.read_units = used_.read_units;
      return plan;
    }
    if (rec.state == "rolled-back" || rec.state == "pending") {
      const MigrationCapacity keep = rec.consumed;
      const int runs = rec.runs;
      stored_ = StoredRecord{};
      stored_.record.info = m.info;
      stored_.record.consumed = keep;
      stored_.record.runs = runs;
    }
    if (auto it = FindRecord(); it) record_item_ = *it;
    before_ = rec.consumed;
    rec.state = "running";
    ++rec.runs;
    Save();
    ++used_.calls;  // DescribeTable, for the progress total (no capacity)
    for (; rec.step < static_cast<int>(m.steps.size()); ++rec.step) {
      const Step& step = m.steps[rec.step];
      const MigrationCapacity at_start = used_;
      const MigrationTally tally_at_start = rec.tally;
      if (step.control) {
        Gets(step.gets);
        for (int i = 0; i < step.full_scans; ++i) WholeTable();
        if (step.plan_switch) Switch(step.plan_switch);
      } else {
        ScanStep(step);
      }
      stored_.cursor.reset();
      stored_.step_scanned = 0;
      rec.has_checkpoint = false;
      // The save at the step's end belongs to the step, as the run's checkpoints do.
      MigrationRecord saved_step = rec;
      ++saved_step.step;
      Save(&saved_step);
      plan.steps.push_back({.name = step.name,
                            .scans = static_cast<bool>(step.visit),
                            .items_to_scan = rec.tally.scanned - tally_at_start.scanned,
                            .items_to_write = rec.tally.written - tally_at_start.written,
                            .read_units = used_.read_units - at_start.read_units,
                            .write_units = used_.write_units - at_start.write_units});
    }
    rec.state = "applied";
    Save();
    plan.items_to_scan = rec.tally.scanned;
    plan.items_to_write = rec.tally.written;
    plan.read_units = used_.read_units;
    plan.write_units = used_.write_units;
    return plan;
  }

 private:
  std::optional<Item> FindRecord() const {
    const Item key = RecordKey(stored_.record.info);
    for (const Item& item : in_.sample)
      if (Pk(item) == Pk(key) && Sk(item) == Sk(key)) return item;
    return std::nullopt;
  }

  // Consistent Gets of items under 4 KB (a record, the switch): one RCU each, found or not.
  void Gets(int n) {
    used_.read_units += n;
    used_.calls += n;
  }

  // The record as SaveRecord puts it (`as` overrides the record's fields), into the model.
  void Save(const MigrationRecord* as = nullptr) {
    StoredRecord s = stored_;
    if (as != nullptr) s.record = *as;
    s.record.consumed = {before_.read_units + used_.read_units,
                         before_.write_units + used_.write_units, before_.calls + used_.calls,
                         before_.throttled};
    const Item item = CountedRecordItem(s, in_.now_micros);
    used_.write_units += WriteCost(record_item_ ? &*record_item_ : nullptr, &item, false);
    ++used_.calls;
    table_.Put(item);
    record_item_ = item;
  }

  // MoveSchemaSwitch: an UpdateItem of #MIGRATION / #SCHEMA (creating it the first time).
  void Switch(const std::function<void(Item&)>& set) {
    const Item key = SchemaStateKey();
    std::optional<Item> was = table_.Find(key);
    Item now = was ? *was : key;
    set(now);
    used_.write_units += WriteCost(was ? &*was : nullptr, &now, false);
    ++used_.calls;
    table_.Put(now);
  }

  // ForEachItem: every item, in pages of kWholeTablePage.
  void WholeTable() {
    std::optional<TableModel::Position> at;
    do {
      std::optional<TableModel::Position> end;
      used_.read_units += PageUnits(table_.Page(at, kWholeTablePage, &end));
      ++used_.calls;
      at = end;
    } while (at);
  }

  // A scan step: each page read, its items visited (writes priced and applied to the model),
  // then, when the page was full, the checkpoint saved.
  void ScanStep(const Step& step) {
    MigrationRecord& rec = stored_.record;
    std::optional<TableModel::Position> at;
    for (;;) {
      std::optional<TableModel::Position> end;
      const std::vector<Item> page = table_.Page(at, in_.page_size, &end);
      used_.read_units += PageUnits(page);
      ++used_.calls;
      for (const Item& item : page) {
        const ItemEstimate e = step.estimate ? step.estimate(item) : ItemEstimate{};
        if (!e.writes) {
          ++rec.tally.skipped;
          continue;
        }
        ++rec.tally.written;
        used_.write_units += e.write_units;
        ++used_.calls;
        if (e.removes) {
          table_.Erase(item);
        } else if (e.after) {
          table_.Put(*e.after);
        }
        for (const Item& added : e.adds) table_.Put(added);
      }
      rec.tally.scanned += static_cast<std::int64_t>(page.size());
      stored_.step_scanned += static_cast<std::int64_t>(page.size());
      if (!end) return;
      stored_.cursor = codec::Key(Pk(page.back()), Sk(page.back()));
      rec.has_checkpoint = true;
      Save();
      at = end;
    }
  }

  const PlanInputs& in_;
  TableModel table_;
  StoredRecord stored_;
  std::optional<Item> record_item_;  // as last saved
  MigrationCapacity before_;         // the record's consumption before this run
  MigrationCapacity used_;           // this run's
};

}  // namespace

TableModel::TableModel(const std::vector<Item>& scan_order) {
  for (const Item& item : scan_order) Put(item);
}

std::size_t TableModel::GroupOf(const std::string& pk) {
  auto [it, added] = rank_.emplace(pk, groups_.size());
  if (added) groups_.emplace_back();
  return it->second;
}

void TableModel::Put(const Item& item) { groups_[GroupOf(Pk(item))][Sk(item)] = item; }

std::optional<Item> TableModel::Find(const Item& key) const {
  auto g = rank_.find(Pk(key));
  if (g == rank_.end()) return std::nullopt;
  auto it = groups_[g->second].find(Sk(key));
  if (it == groups_[g->second].end()) return std::nullopt;
  return it->second;
}

void TableModel::Erase(const Item& item) {
  auto it = rank_.find(Pk(item));
  if (it != rank_.end()) groups_[it->second].erase(Sk(item));
}

std::int64_t TableModel::size() const {
  std::int64_t n = 0;
  for (const auto& g : groups_) n += static_cast<std::int64_t>(g.size());
  return n;
}

std::vector<Item> TableModel::Page(const std::optional<Position>& from, int limit,
                                   std::optional<Position>* end) const {
  std::vector<Item> page;
  end->reset();
  std::size_t g = from ? from->group : 0;
  for (; g < groups_.size(); ++g) {
    auto it = from && g == from->group ? groups_[g].upper_bound(from->sk) : groups_[g].begin();
    for (; it != groups_[g].end(); ++it) {
      page.push_back(it->second);
      if (static_cast<int>(page.size()) == limit) {
        *end = Position{g, it->first};
        return page;
      }
    }
  }
  return page;
}

MigrationPlan ModelPlan(const Migration& m, const PlanInputs& in) {
  MigrationPlan plan = Replay(in).Run(m);
  // Above the sample, the steps' figures grow with the table; the record work does not.
  const auto sampled = static_cast<std::int64_t>(in.sample.size());
  if (sampled > 0 && in.table_items > sampled) {
    const double scale = static_cast<double>(in.table_items) / static_cast<double>(sampled);
    for (auto& s : plan.steps) {
      const MigrationPlan::StepPlan sampled_step = s;
      s.items_to_scan = std::llround(static_cast<double>(s.items_to_scan) * scale);
      s.items_to_write = std::llround(static_cast<double>(s.items_to_write) * scale);
      s.read_units = std::ceil(s.read_units * scale);
      s.write_units = std::ceil(s.write_units * scale);
      plan.items_to_scan += s.items_to_scan - sampled_step.items_to_scan;
      plan.items_to_write += s.items_to_write - sampled_step.items_to_write;
      plan.read_units += s.read_units - sampled_step.read_units;
      plan.write_units += s.write_units - sampled_step.write_units;
    }
  }
  return plan;
}

}  // namespace hrcore::migrations
