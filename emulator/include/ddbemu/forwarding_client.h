// ForwardingClient: a Client that passes every call to another Client. Derive from it to
// decorate a client (meter it, record it, inject faults into it) and override only the calls
// the decoration changes; every other operation, including ones added to Client later, still
// reaches the inner client instead of answering UnknownOperationException.
//
//   class CountingClient final : public ddbemu::ForwardingClient {
//    public:
//     using ForwardingClient::ForwardingClient;
//     ddbemu::Result<ddbemu::GetItemResponse> GetItem(const ddbemu::GetItemRequest& r) override {
//       ++gets;
//       return ForwardingClient::GetItem(r);
//     }
//     std::atomic<int> gets{0};
//   };
//
// The inner client must outlive the forwarding one. Thread safety is the inner client's.
#pragma once

#include "ddbemu/client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

class ForwardingClient : public Client {
 public:
  explicit ForwardingClient(Client& inner) : inner_(inner) {}

  // Every operation of ddbemu/operations.h, passed on.
#define DDBEMU_FORWARD(Op) \
  Result<Op##Response> Op(const Op##Request& request) override { return inner_.Op(request); }
  DDBEMU_OPERATIONS(DDBEMU_FORWARD)
#undef DDBEMU_FORWARD

 protected:
  Client& inner() const { return inner_; }

 private:
  Client& inner_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
