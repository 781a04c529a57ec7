// Probe: the audit's one hook in the request path, used by both ways in: the JSON path
// (operation_table.cc's Handler) and the embedded Client (embedded_client.cc). Around one
// operation it (1) asks the operation to compute ConsumedCapacity when the caller did not, so
// that the audit sees every request's capacity, and (2) afterwards hands the request and its
// outcome to the operation's Observe overload (request_shape.h), then removes the capacity the
// caller did not ask for, so the response is byte-for-byte what it would have been. Operations
// without an Observe overload, and every operation when the audit is off, cost one branch.
#pragma once

#include "api/table_requests.h"
#include "audit/access_audit.h"
#include "audit/request_shape.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

template <class Request>
class Probe {
 public:
  Probe(AccessAudit* audit, Request& request) : audit_(audit) {
    if (audit_ == nullptr) return;
    if (api::ReturnConsumedCapacity* asked = Asked(request)) {
      if (*asked == api::ReturnConsumedCapacity::kNone) {
        // Reads need only the total; writes the table's share too (the written item's size).
        *asked = kReadOnly<Request> ? api::ReturnConsumedCapacity::kTotal
                                    : api::ReturnConsumedCapacity::kIndexes;
        added_capacity_ = true;
      }
    }
  }

  template <class Response>
  void Finish(ops::Engine& engine, const ops::Caller& caller, Request& request,
              Result<Response>& response) {
    if (audit_ == nullptr) return;
    if constexpr (requires { Observe(*audit_, engine, caller, request, response); }) {
      Observe(*audit_, engine, caller, request, response);
    } else if constexpr (requires { audit_->Forget(caller.ns, request.table_name); }) {
      audit_->Forget(caller.ns, request.table_name);  // a table operation: its schema changed
    }
    if (added_capacity_) {
      *Asked(request) = api::ReturnConsumedCapacity::kNone;
      if constexpr (requires { response->consumed_capacity.reset(); }) {
        if (response.ok()) response->consumed_capacity.reset();
      } else if constexpr (requires { response->consumed_capacity.clear(); }) {
        if (response.ok()) response->consumed_capacity.clear();  // the multi-table list
      } else if constexpr (requires { response->search_request_bytes.reset(); }) {
        if (response.ok()) response->search_request_bytes.reset();  // SearchVectors
      }
    }
  }

 private:
  // The request's ReturnConsumedCapacity, for the operations the audit observes.
  static api::ReturnConsumedCapacity* Asked(Request& request) {
    if constexpr (!kObserved<Request>) {
      return nullptr;
    } else if constexpr (requires { request.read.return_consumed_capacity; }) {
      return &request.read.return_consumed_capacity;
    } else {
      return &request.return_consumed_capacity;
    }
  }

  AccessAudit* audit_;
  bool added_capacity_ = false;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
