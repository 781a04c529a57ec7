// Migration records in the table (see migration_record.h).
#include "migrations/migration_record.h"

#include <cstdio>
#include <ctime>

#include "hrcore/keys.h"
#include "item_codec.h"

namespace hrcore::migrations {
namespace {

using ddbemu::AttributeValue;

ddbemu::AttributeValue D(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return AttributeValue::N(buf);
}

std::string Iso(std::int64_t micros) {
  std::time_t secs = static_cast<std::time_t>(micros / 1'000'000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

Item RecordKey(const MigrationInfo& info) {
  char sk[64];
  std::snprintf(sk, sizeof sk, "V%04d#", info.version);
  return codec::Key(std::string(keys::kMigrationPk), sk + info.name);
}

Result<StoredRecord> LoadRecord(MigrationIo& io, const MigrationInfo& info) {
  StoredRecord stored;
  stored.record.info = info;
  DDBEMU_ASSIGN_OR_RETURN(auto item, io.Get(RecordKey(info)));
  if (!item) return stored;
  MigrationRecord& r = stored.record;
  r.state = GetOr<std::string>(*item, "state");
  r.step = static_cast<int>(GetOr<std::int64_t>(*item, "step"));
  r.runs = static_cast<int>(GetOr<std::int64_t>(*item, "runs"));
  r.updated_at = GetOr<std::string>(*item, "updatedAt");
  r.tally = {GetOr<std::int64_t>(*item, "scanned"), GetOr<std::int64_t>(*item, "written"),
             GetOr<std::int64_t>(*item, "skipped")};
  r.consumed = {GetOr<double>(*item, "readUnits"), GetOr<double>(*item, "writeUnits"),
                GetOr<std::int64_t>(*item, "calls"), GetOr<std::int64_t>(*item, "throttled")};
  stored.step_scanned = GetOr<std::int64_t>(*item, "stepScanned");
  stored.rolling_back = GetOr<std::string>(*item, "direction") == "rollback";
  if (auto it = item->find("cursor");
      it != item->end() && it->second.is(ddbemu::AttributeType::kM)) {
    stored.cursor = it->second.map();
    r.has_checkpoint = true;
  }
  return stored;
}

Status SaveRecord(MigrationIo& io, const StoredRecord& stored) {
  DDBEMU_ASSIGN_OR_RETURN(bool saved, io.Put({.item = CountedRecordItem(stored, io.NowMicros())}));
  (void)saved;
  return {};
}

Item CountedRecordItem(const StoredRecord& stored, std::int64_t now_micros) {
  StoredRecord counted = stored;
  const Item before = RecordItem(stored, now_micros);
  counted.record.consumed.write_units += WriteCost(nullptr, &before, false);
  ++counted.record.consumed.calls;
  return RecordItem(counted, now_micros);
}

Item RecordItem(const StoredRecord& stored, std::int64_t now_micros) {
  const MigrationRecord& r = stored.record;
  Item item = RecordKey(r.info);
  item["type"] = AttributeValue::S("migration");
  item["version"] = AttributeValue::N(r.info.version);
  item["name"] = AttributeValue::S(r.info.name);
  item["state"] = AttributeValue::S(r.state);
  item["direction"] = AttributeValue::S(stored.rolling_back ? "rollback" : "apply");
  item["step"] = AttributeValue::N(r.step);
  item["stepScanned"] = AttributeValue::N(stored.step_scanned);
  item["runs"] = AttributeValue::N(r.runs);
  item["scanned"] = AttributeValue::N(r.tally.scanned);
  item["written"] = AttributeValue::N(r.tally.written);
  item["skipped"] = AttributeValue::N(r.tally.skipped);
  item["readUnits"] = D(r.consumed.read_units);
  item["writeUnits"] = D(r.consumed.write_units);
  item["calls"] = AttributeValue::N(r.consumed.calls);
  item["throttled"] = AttributeValue::N(r.consumed.throttled);
  item["updatedAt"] = AttributeValue::S(Iso(now_micros));
  if (stored.cursor) item["cursor"] = ddbemu::AttributeValue::M(*stored.cursor);
  return item;
}

}  // namespace hrcore::migrations
