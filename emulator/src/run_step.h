// The run step: what happens around every operation, whichever way its request came (the
// server's JSON path, operation_table.cc; the embedded client, embedded/embedded_client.cc),
// once its request is typed and before its response is rendered:
//   1. a transient fault, when Options::faults draws one for it (ops/realism/fault_injector.h):
//      nothing runs, as a retryable failure of the service changes nothing;
//   2. bulk put's jobs write what the seconds that have passed allow
//      (ops/transfer/bulk_operations.h), then the tenant check on the typed request
//      (ops/access/access_check.h);
//   3. the operation, watched by the access-pattern audit (audit/audit_probe.h);
//   4. the service's latency, when Options::service_latency sets one
//      (ops/realism/service_latency.h): after the request, whatever its outcome (a throttled
//      or faulted request takes its round trip too).
// PartiQL's statements are parts of their entry's request, not entries: ExecuteStatement's and
// the batches' tenant check covers each statement's action on the key it compiles to, one fault
// is drawn for the request, and the audit records the request as the service bills it.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include "audit/audit_probe.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/access/access_check.h"
#include "ops/engine.h"
#include "ops/realism/fault_injector.h"
#include "ops/realism/service_latency.h"
#include "ops/transfer/bulk_operations.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::run {

// What an operation that answers nothing but success executes to (TagResource, ...).
struct Done {};

// An operation's execute function may return its value, a Result of it, or a Status; the run
// step sees Results.
template <class T>
inline constexpr bool kIsResult = false;
template <class T>
inline constexpr bool kIsResult<Result<T>> = true;

template <class T>
Result<T> AsResult(T value) {
  return Result<T>(std::move(value));
}
inline Result<Done> AsResult(Status s) {
  if (!s.ok()) return std::move(s).error();
  return Done{};
}
// What `step` returns, as a Result: a step's own Result is returned as it is, built in the
// caller's variable (no move of the request or response it holds, which for a Query's
// parameters and page is a few hundred instructions per request).
template <class Step>
auto CallAsResult(Step&& step) {
  if constexpr (kIsResult<decltype(step())>) {
    return step();
  } else {
    return AsResult(step());
  }
}

// A fault of kind kDrop answers nothing at all. The run step says so as the failure a client
// sees when the connection closes without a response (ErrorCode::kTransport, which the engine
// never returns otherwise): Database::Call turns it into no response, and the embedded client
// returns it as it is.
inline ApiError DroppedByFault() {
  return ApiError(ErrorCode::kTransport,
                  "The connection was closed without a response (injected fault: drop)");
}
inline bool IsDroppedByFault(const ApiError& e) { return e.code() == ErrorCode::kTransport; }

// The number of items a transaction's request holds (a conflict fault cancels each of them).
template <class Request>
std::size_t TransactItemCount(const Request& request) {
  if constexpr (requires { request.actions.size(); }) {
    return request.actions.size();
  } else {
    return 1;
  }
}

// Runs `execute(engine, caller, request)` inside steps 1-3 and returns `finish(response)`,
// where `response` is its Result (finish renders or converts it, and answers its error). A
// fault or a refused tenant check returns its error as finish's type, and runs nothing.
// `request` is not const: the audit probe sets the capacity it records on it, then restores it.
template <class Request, class Execute, class Finish>
auto RunStep(ops::Engine& engine, const ops::Caller& caller, std::string_view operation,
             Request& request, Execute&& execute, Finish&& finish) {
  using Response = decltype(CallAsResult([&] { return execute(engine, caller, request); }));
  using Out = decltype(finish(std::declval<Response&>()));
  // Waits when the step returns, on every path below.
  struct LatencyGuard {
    realism::ServiceLatency* latency;
    ~LatencyGuard() {
      if (latency != nullptr) latency->Wait();
    }
  } latency_guard{engine.latency};
  if (engine.faults != nullptr) {
    if (auto fault = engine.faults->Draw(operation)) {
      if (*fault == realism::FaultKind::kDrop) return Out(DroppedByFault());
      return Out(realism::FaultInjector::ErrorFor(*fault, operation, TransactItemCount(request)));
    }
  }
  // Bulk put's jobs write what their passed seconds allow before this request is served.
  if (engine.bulk_operations != nullptr) engine.bulk_operations->Tick(engine);
  if (Status allowed = ops::access::Authorize(engine, caller, operation, request); !allowed.ok()) {
    return Out(std::move(allowed).error());
  }
  audit::Probe probe(engine.audit, request);
  Response response = CallAsResult([&] { return execute(engine, caller, request); });
  probe.Finish(engine, caller, request, response);
  return finish(response);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::run
