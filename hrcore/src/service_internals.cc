// Shared request helpers of HrService (see service_internals.h).
#include "service_internals.h"

#include <ctime>
#include <random>

#include "hrcore/retry.h"

namespace hrcore {
namespace {

using Internals = HrService::Internals;

}  // namespace

namespace {

void Add(Consumed& total, const ddbemu::ConsumedCapacity& c, bool write) {
  if (c.read_capacity_units || c.write_capacity_units) {
    total.read_units += c.read_capacity_units.value_or(0);
    total.write_units += c.write_capacity_units.value_or(0);
  } else if (write) {
    total.write_units += c.capacity_units;
  } else {
    total.read_units += c.capacity_units;
  }
}

// A ClientRequestToken unique across processes and runs: the ids generator may be seeded (and
// so repeat across runs), and a token reused with another request is
// IdempotentParameterMismatch for ten minutes.
std::string RequestToken() {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  char buf[40];
  std::snprintf(buf, sizeof buf, "hr-%016llx%016llx", static_cast<unsigned long long>(rng()),
                static_cast<unsigned long long>(rng()));
  return buf;
}

}  // namespace

std::string Internals::NowIso(const HrService& s) {
  std::int64_t micros = s.clock_.NowMicros();
  std::time_t secs = static_cast<std::time_t>(micros / 1'000'000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>((micros / 1000) % 1000));
  return buf;
}

Status Internals::CheckId(const std::string& value, std::string_view field) {
  return ValidateUlid(value, field);
}

Result<std::optional<Item>> Internals::Get(HrService& s, Item key, bool consistent) {
  auto r = s.client_.GetItem({.table_name = s.options_.table_name,
                              .key = std::move(key),
                              .consistent_read = consistent,
                              .return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal});
  if (!r.ok()) return Error::Backend(std::move(r).error());
  {
    ddbemu::sync::MutexLock lock(s.consumed_mutex_);
    if (r->consumed_capacity) Add(s.consumed_, *r->consumed_capacity, false);
    ++s.consumed_.calls;
  }
  return std::move(r->item);
}

Result<ddbemu::QueryResponse> Internals::Query(HrService& s, ddbemu::QueryRequest request) {
  request.table_name = s.options_.table_name;
  request.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal;
  auto r = s.client_.Query(request);
  if (!r.ok()) return Error::Backend(std::move(r).error());
  ddbemu::sync::MutexLock lock(s.consumed_mutex_);
  if (r->consumed_capacity) Add(s.consumed_, *r->consumed_capacity, false);
  ++s.consumed_.calls;
  return std::move(r).value();
}

Result<Item> Internals::Update(HrService& s, ddbemu::UpdateItemRequest request,
                               const OnConditionFailed& on_fail) {
  request.table_name = s.options_.table_name;
  request.return_values = ddbemu::ReturnValue::kAllNew;
  request.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal;
  request.return_values_on_condition_check_failure =
      ddbemu::ReturnValuesOnConditionCheckFailure::kAllOld;
  auto r = s.client_.UpdateItem(request);
  {
    ddbemu::sync::MutexLock lock(s.consumed_mutex_);
    ++s.consumed_.calls;
    if (r.ok() && r->consumed_capacity) Add(s.consumed_, *r->consumed_capacity, true);
  }
  if (!r.ok()) {
    const ddbemu::ApiError& e = r.error();
    if (e.code() == ddbemu::ErrorCode::kConditionalCheckFailed) {
      return on_fail(e.item ? &e.item->map() : nullptr);
    }
    return Error::Backend(std::move(r).error());
  }
  return r->attributes.value_or(Item{});
}

Status Internals::Put(HrService& s, ddbemu::PutItemRequest request,
                      const OnConditionFailed& on_fail) {
  request.table_name = s.options_.table_name;
  request.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal;
  request.return_values_on_condition_check_failure =
      ddbemu::ReturnValuesOnConditionCheckFailure::kAllOld;
  auto r = s.client_.PutItem(request);
  {
    ddbemu::sync::MutexLock lock(s.consumed_mutex_);
    ++s.consumed_.calls;
    if (r.ok() && r->consumed_capacity) Add(s.consumed_, *r->consumed_capacity, true);
  }
  if (!r.ok()) {
    const ddbemu::ApiError& e = r.error();
    if (e.code() == ddbemu::ErrorCode::kConditionalCheckFailed) {
      return on_fail(e.item ? &e.item->map() : nullptr);
    }
    return Error::Backend(std::move(r).error());
  }
  return {};
}

Status Internals::Transact(HrService& s, std::vector<Action> actions) {
  ddbemu::TransactWriteItemsRequest request{.return_consumed_capacity =
                                                ddbemu::ReturnConsumedCapacity::kTotal};
  for (auto& a : actions) {
    // Every action names the table and asks for the old item when its condition fails, so
    // that the error can say what the condition found (absent item, other version, status).
    std::visit(
        [&](auto& x) {
          x.table_name = s.options_.table_name;
          x.return_values_on_condition_check_failure =
              ddbemu::ReturnValuesOnConditionCheckFailure::kAllOld;
        },
        a.item);
    request.transact_items.push_back(a.item);
  }
  // One token for the call and its retries: a cancelled attempt recorded nothing under it, and
  // a resend of an attempt whose answer was lost is not applied twice.
  request.client_request_token = RequestToken();
  auto r = s.client_.TransactWriteItems(request);
  {
    ddbemu::sync::MutexLock lock(s.consumed_mutex_);
    ++s.consumed_.calls;
    if (r.ok()) {
      for (const auto& c : r->consumed_capacity) Add(s.consumed_, c, true);
    }
  }
  if (r.ok()) return {};
  const ddbemu::ApiError& e = r.error();
  if (e.code() == ddbemu::ErrorCode::kTransactionCanceled) {
    for (std::size_t i = 0; i < e.cancellation_reasons.size() && i < actions.size(); ++i) {
      const auto& reason = e.cancellation_reasons[i];
      if (reason.kind() == ddbemu::CancellationCode::kConditionalCheckFailed &&
          actions[i].on_fail) {
        return actions[i].on_fail(reason.item ? &reason.item->map() : nullptr);
      }
    }
  }
  return Error::Backend(std::move(r).error());
}

Status Internals::PreparePage(HrService& s, const CursorScope& scope, ddbemu::QueryRequest& q,
                              const PageRequest& page) {
  if (page.limit < 1 || page.limit > 1000) {
    return Error(ErrorKind::kInvalidArgument, "page limit must be between 1 and 1000");
  }
  q.limit = page.limit;
  if (page.cursor) {
    DDBEMU_ASSIGN_OR_RETURN(Item start, s.cursors_.Decode(scope, *page.cursor));
    // Defence in depth: the key must lie in the partition this query lists.
    std::string partition = GetOr<std::string>(q.expression_attribute_values, ":pk");
    std::string_view pk_name = !q.index_name                  ? keys::kPK
                               : *q.index_name == keys::kGsi2 ? keys::kGsi2Pk
                                                              : keys::kGsi1Pk;
    if (GetOr<std::string>(start, pk_name) != partition) {
      return Error(ErrorKind::kInvalidCursor, "the cursor belongs to another list");
    }
    q.exclusive_start_key = std::move(start);
  }
  return {};
}

namespace {

ddbemu::RetryPolicy RetryPolicyOf(ddbemu::RetryPolicy policy) {
  if (!policy.retryable) policy.retryable = Retryable;
  return policy;
}

}  // namespace

HrService::HrService(ddbemu::Client& client, const ddbemu::Clock& clock, UlidGenerator& ids,
                     ServiceOptions options)
    : client_(client, RetryPolicyOf(options.retry)),
      clock_(clock),
      ids_(ids),
      options_(std::move(options)),
      cursors_(options_.cursor_secret, clock, options_.cursor_ttl_ms) {}

Consumed HrService::TakeConsumed() {
  ddbemu::sync::MutexLock lock(consumed_mutex_);
  Consumed out = consumed_;
  consumed_ = {};
  return out;
}

}  // namespace hrcore
