// Time to Live (see time_to_live.h).
#include "ops/ttl/time_to_live.h"

#include <cstdlib>
#include <vector>

#include "ops/tables/tables.h"
#include "storage/item_store.h"
#include "storage/key_layout.h"
#include "value/item_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::ttl {
namespace {

// Items examined per write transaction of a sweep: bounds how long writers wait.
constexpr std::size_t kSweepBatch = 512;

struct Expired {
  std::string storage_key;
  Item item;
};

// One batch of a table's expired items after `*after`, deleted in one write transaction.
// Returns how many were deleted; `*after` moves on, and is cleared at the table's end.
Result<std::size_t> SweepBatch(Engine& engine, const std::string& ns, const std::string& name,
                               std::optional<std::string>* after, bool* done) {
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  // The schema as of this transaction: the table may have changed or gone since the last batch.
  DDBEMU_ASSIGN_OR_RETURN(std::optional<TableSchema> schema, engine.catalog.Get(txn, ns, name));
  if (!schema || !schema->ttl.enabled) {
    *done = true;
    return std::size_t{0};
  }
  const std::int64_t now = engine.clock.NowMicros();
  std::vector<Expired> expired;
  std::size_t examined = 0;
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::RangeCursor cursor,
                            engine.items.OpenRange(txn, storage::KeyspaceRange(schema->keyspace_id),
                                                   storage::ScanDirection::kForward, *after));
    for (; cursor.valid() && examined < kSweepBatch; cursor.Next(), ++examined) {
      Item item;
      if (!itemcodec::DecodeItem(cursor.value(), &item)) {
        return ApiError::InternalServerError("an item does not decode");
      }
      *after = std::string(cursor.key());
      if (IsExpired(item, schema->ttl.attribute_name, now)) {
        expired.push_back({std::string(cursor.key()), std::move(item)});
      }
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }  // the cursor closes before the deletions
  for (const Expired& e : expired) {
    DDBEMU_ASSIGN_OR_RETURN(
        storage::IndexChanges changes,
        engine.items.Delete(txn, *schema, e.storage_key, e.item, /*by_ttl=*/true));
    (void)changes;  // TTL deletions consume no write capacity: nothing is charged
  }
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  *done = examined < kSweepBatch;
  return expired.size();
}

}  // namespace

bool IsExpired(const Item& item, const std::string& attribute_name, std::int64_t now_micros) {
  auto it = item.find(attribute_name);
  if (it == item.end() || !it->second.is(AttributeType::kN)) return false;
  const long double expiry = std::strtold(it->second.scalar().c_str(), nullptr);
  const long double now = static_cast<long double>(now_micros) / 1e6L;
  return expiry < now && expiry >= now - static_cast<long double>(kIgnoredPastSeconds);
}

Result<UpdateTimeToLiveRequest> UpdateTimeToLive(Engine& engine, const Caller& caller,
                                                 const UpdateTimeToLiveRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(std::optional<TableSchema> schema,
                          engine.catalog.Get(txn, caller.ns, name));
  if (!schema) return TableNotFound(name);
  TimeToLiveSettings& ttl = schema->ttl;
  // The content checks come before the once-an-hour rule, as the service orders them.
  if (ttl.enabled && ttl.attribute_name != request.attribute_name) {
    return ApiError::Validation(
        "TimeToLive is active on a different AttributeName: current AttributeName is " +
        ttl.attribute_name);
  }
  if (request.enabled && ttl.enabled) return ApiError::Validation("TimeToLive is already enabled");
  if (!request.enabled && !ttl.enabled) {
    return ApiError::Validation("TimeToLive is already disabled");
  }
  const std::int64_t now = engine.clock.NowMicros();
  if (ttl.updated_micros != 0 && now - ttl.updated_micros < kChangeIntervalMicros) {
    return ApiError::Validation(
        "Time to live has been modified multiple times within a fixed interval");
  }
  ttl.enabled = request.enabled;
  ttl.attribute_name = request.enabled ? request.attribute_name : std::string();
  ttl.updated_micros = now;
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, caller.ns, *schema));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  return request;
}

Result<TimeToLiveDescription> DescribeTimeToLive(Engine& engine, const Caller& caller,
                                                 const api::TableNameRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::optional<TableSchema> schema,
                          engine.catalog.Get(txn, caller.ns, name));
  if (!schema) return TableNotFound(name);
  TimeToLiveDescription description;
  description.status = schema->ttl.enabled ? "ENABLED" : "DISABLED";
  if (schema->ttl.enabled) description.attribute_name = schema->ttl.attribute_name;
  return description;
}

Result<std::size_t> SweepExpiredItems(Engine& engine) {
  std::vector<std::pair<std::string, std::string>> tables;  // (namespace, name)
  {
    DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
    DDBEMU_ASSIGN_OR_RETURN(auto all, engine.catalog.ListAll(txn));
    for (auto& [ns, schema] : all) {
      if (schema.ttl.enabled) tables.emplace_back(ns, schema.name);
    }
  }
  std::size_t deleted = 0;
  for (const auto& [ns, name] : tables) {
    std::optional<std::string> after;
    bool done = false;
    while (!done) {
      DDBEMU_ASSIGN_OR_RETURN(std::size_t n, SweepBatch(engine, ns, name, &after, &done));
      deleted += n;
    }
  }
  return deleted;
}

TtlSweeper::TtlSweeper(std::function<void()> sweep, std::chrono::milliseconds interval)
    : sweep_(std::move(sweep)), interval_(interval), thread_([this] { Run(); }) {}

TtlSweeper::~TtlSweeper() {
  {
    sync::MutexLock lock(mu_);
    stopping_ = true;
  }
  wake_.NotifyAll();
  thread_.join();
}

void TtlSweeper::Run() {
  sync::MutexLock lock(mu_);
  for (;;) {
    // A sweep every interval_, unless stopping_ is set meanwhile (a wakeup before the deadline
    // without it is spurious: wait on).
    const auto deadline = std::chrono::steady_clock::now() + interval_;
    while (!stopping_) {
      if (wake_.WaitUntil(mu_, deadline) == std::cv_status::timeout) break;
    }
    if (stopping_) return;
    mu_.Unlock();
    sweep_();
    mu_.Lock();
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::ttl
