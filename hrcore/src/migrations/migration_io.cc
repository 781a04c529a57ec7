// MigrationIo: paced, retried and metered requests of a migration (see migration_io.h).
#include "migrations/migration_io.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>

#include "hrcore/retry.h"

namespace hrcore::migrations {
namespace {

// A number's size as the service computes it (docs/capacity.md §1, "about one byte per two
// significant digits, plus one"): one byte per pair of decimal digits aligned on the decimal
// point, leading and trailing zero pairs dropped, one byte more, and one more for a negative
// number of fewer than 20 pairs. 1.5 is 3 bytes, 15 is 2, 100 is 2, 0 is 1.
std::int64_t NumberBytes(std::string n) {
  const bool negative = !n.empty() && n[0] == '-';
  if (!n.empty() && (n[0] == '-' || n[0] == '+')) n.erase(0, 1);
  const std::size_t dot = n.find('.');
  std::string whole = n.substr(0, dot);
  std::string frac = dot == std::string::npos ? "" : n.substr(dot + 1);
  whole.erase(0, whole.find_first_not_of('0'));
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  int first = 0, last = 0;  // powers of ten of the first and last significant digits
  if (!whole.empty()) {
    first = static_cast<int>(whole.size()) - 1;
    last = !frac.empty() ? -static_cast<int>(frac.size())
                         : static_cast<int>(whole.size() - 1 - whole.find_last_not_of('0'));
  } else {
    const std::size_t nz = frac.find_first_not_of('0');
    if (nz == std::string::npos) return 1;  // zero
    first = -static_cast<int>(nz) - 1;
    last = -static_cast<int>(frac.size());
  }
  auto pair = [](int power) { return power >= 0 ? power / 2 : -((-power + 1) / 2); };
  const int pairs = pair(first) - pair(last) + 1;
  return 1 + pairs + (negative && pairs < 20 ? 1 : 0);
}

std::int64_t ValueSize(const ddbemu::AttributeValue& v) {
  using T = ddbemu::AttributeType;
  switch (v.type()) {
    case T::kS:
    case T::kB:
      return static_cast<std::int64_t>(v.scalar().size());
    case T::kN:
      return NumberBytes(v.scalar());
    case T::kBool:
    case T::kNull:
      return 1;
    case T::kL: {
      std::int64_t n = 3 + static_cast<std::int64_t>(v.list().size());
      for (const auto& e : v.list()) n += ValueSize(e);
      return n;
    }
    case T::kM: {  // 3 bytes, one per entry, and the entries (the checkpoint's cursor)
      std::int64_t n = 3 + static_cast<std::int64_t>(v.map().size());
      for (const auto& [name, e] : v.map())
        n += static_cast<std::int64_t>(name.size()) + ValueSize(e);
      return n;
    }
    default:
      return 64;  // sets: HR items have none; a round figure keeps the estimate safe
  }
}

}  // namespace

std::int64_t ItemSize(const Item& item) {
  std::int64_t size = 0;
  for (const auto& [name, value] : item)
    size += static_cast<std::int64_t>(name.size()) + ValueSize(value);
  return size;
}

MigrationIo::MigrationIo(ddbemu::Client& client, const MigrationOptions& options, double read_rate,
                         double write_rate)
    : client_(client),
      options_(options),
      clock_(*options.clock),
      rate_{read_rate, write_rate},
      tokens_{0, 0} {
  refilled_[0] = refilled_[1] = clock_.NowMicros();
}

std::int64_t MigrationIo::NowMicros() const { return clock_.NowMicros(); }

void MigrationIo::Sleep(std::int64_t micros) {
  if (micros <= 0) return;
  if (options_.sleep) {
    options_.sleep(micros);
  } else {
    std::this_thread::sleep_for(std::chrono::microseconds(micros));
  }
}

// Refills the bucket (at most one second of budget banked) and waits out any debt.
void MigrationIo::Wait(bool write) {
  const int k = write ? 1 : 0;
  const double rate = std::max(rate_[k] * factor_, 0.5);
  for (;;) {
    std::int64_t now = clock_.NowMicros();
    if (now > refilled_[k]) {
      tokens_[k] =
          std::min(rate, tokens_[k] + rate * static_cast<double>(now - refilled_[k]) / 1e6);
      refilled_[k] = now;
    }
    if (tokens_[k] >= 0) return;
    Sleep(static_cast<std::int64_t>(std::ceil(-tokens_[k] / rate * 1e6)));
  }
}

void MigrationIo::Charge(const ddbemu::ConsumedCapacity& c, bool write) {
  double r = 0, w = 0;
  if (c.read_capacity_units || c.write_capacity_units) {
    r = c.read_capacity_units.value_or(0);
    w = c.write_capacity_units.value_or(0);
  } else if (write) {
    w = c.capacity_units;
  } else {
    r = c.capacity_units;
  }
  consumed_.read_units += r;
  consumed_.write_units += w;
  tokens_[0] -= r;
  tokens_[1] -= w;
}

template <class F>
auto MigrationIo::Call(bool write, F call) -> decltype(call()) {
  for (int attempt = 0;; ++attempt) {
    Wait(write);
    auto result = call();
    ++consumed_.calls;
    if (result.ok() || !Retryable(result.error()) || attempt >= 30) {
      if (result.ok()) factor_ = std::min(1.0, factor_ + 0.05);  // additive increase
      return result;
    }
    // Multiplicative decrease: the partition is busy (live traffic, or our own pace).
    ++consumed_.throttled;
    factor_ = std::max(0.05, factor_ / 2);
    Sleep(BackoffMicros(attempt, 50'000, 5'000'000));
  }
}

Result<ddbemu::ScanResponse> MigrationIo::ScanPage(const std::optional<Item>& start, int limit) {
  auto r = Call(false, [&] {
    return client_.Scan({.table_name = options_.table_name,
                         .limit = limit,
                         .consistent_read = true,
                         .exclusive_start_key = start,
                         .return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal});
  });
  if (!r.ok()) return Error::Backend(std::move(r).error());
  if (r->consumed_capacity) Charge(*r->consumed_capacity, false);
  return std::move(r).value();
}

Result<std::optional<Item>> MigrationIo::Get(const Item& key) {
  auto r = Call(false, [&] {
    return client_.GetItem({.table_name = options_.table_name,
                            .key = key,
                            .consistent_read = true,
                            .return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal});
  });
  if (!r.ok()) return Error::Backend(std::move(r).error());
  if (r->consumed_capacity) Charge(*r->consumed_capacity, false);
  return std::move(r->item);
}

Result<std::vector<std::optional<Item>>> MigrationIo::SnapshotGet(const std::vector<Item>& keys) {
  ddbemu::TransactGetItemsRequest request{.return_consumed_capacity =
                                              ddbemu::ReturnConsumedCapacity::kTotal};
  for (const Item& key : keys) request.transact_items.push_back({options_.table_name, key});
  auto r = Call(false, [&] { return client_.TransactGetItems(request); });
  if (!r.ok()) return Error::Backend(std::move(r).error());
  for (const auto& c : r->consumed_capacity) Charge(c, false);
  return std::move(r->responses);
}

#define HR_MIGRATION_WRITE(Op, request)                                                           \
  request.table_name = options_.table_name;                                                       \
  request.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal;                      \
  auto r = Call(true, [&] { return client_.Op(request); });                                       \
  if (!r.ok()) {                                                                                  \
    if (r.error().code() == ddbemu::ErrorCode::kConditionalCheckFailed) {                         \
      /* A failed condition still costs its write (docs/capacity.md §1); not in the response. */ \
      return false;                                                                               \
    }                                                                                             \
    return Error::Backend(std::move(r).error());                                                  \
  }                                                                                               \
  if (r->consumed_capacity) Charge(*r->consumed_capacity, true);                                  \
  return true;

// clang-format off
Result<bool> MigrationIo::Update(ddbemu::UpdateItemRequest request) {
  HR_MIGRATION_WRITE(UpdateItem, request)
}
Result<bool> MigrationIo::Put(ddbemu::PutItemRequest request) {
  HR_MIGRATION_WRITE(PutItem, request)
}
Result<bool> MigrationIo::Delete(ddbemu::DeleteItemRequest request) {
  HR_MIGRATION_WRITE(DeleteItem, request)
}
// clang-format on
#undef HR_MIGRATION_WRITE

Result<bool> MigrationIo::Transact(ddbemu::TransactWriteItemsRequest request) {
  request.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal;
  for (auto& item : request.transact_items) {
    std::visit([&](auto& x) { x.table_name = options_.table_name; }, item);
  }
  auto r = Call(true, [&] {
    // A fresh token per attempt: a cancelled attempt wrote nothing.
    thread_local std::mt19937_64 rng{std::random_device{}()};
    request.client_request_token = "hrmig-" + std::to_string(rng());
    return client_.TransactWriteItems(request);
  });
  if (!r.ok()) {
    const auto& e = r.error();
    if (e.code() == ddbemu::ErrorCode::kTransactionCanceled) {
      for (const auto& reason : e.cancellation_reasons) {
        if (reason.kind() == ddbemu::CancellationCode::kConditionalCheckFailed) return false;
      }
    }
    return Error::Backend(std::move(r).error());
  }
  for (const auto& c : r->consumed_capacity) Charge(c, true);
  return true;
}

Result<ddbemu::TableDescription> MigrationIo::Describe() {
  auto r = Call(false, [&] { return client_.DescribeTable({.table_name = options_.table_name}); });
  if (!r.ok()) return Error::Backend(std::move(r).error());
  return std::move(r->table);
}

Status MigrationIo::UpdateTable(ddbemu::UpdateTableRequest request) {
  request.table_name = options_.table_name;
  auto r = Call(true, [&] { return client_.UpdateTable(request); });
  if (!r.ok()) return Error::Backend(std::move(r).error());
  return {};
}

}  // namespace hrcore::migrations
