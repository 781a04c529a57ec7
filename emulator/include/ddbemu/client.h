// Client: the DynamoDB API as one C++ interface, whatever serves it. Program against it and
// choose the implementation at start-up:
//
//   auto client = ddbemu::OpenEmbeddedClient({.in_memory = true});     // in process, no JSON
//   auto client = ddbemu::OpenHttpClient({.endpoint = "http://127.0.0.1:8000"});  // any endpoint
//
//   auto got = (*client)->GetItem({.table_name = "Music", .key = key});
//   if (!got.ok()) handle(got.error());             // ApiError: the service's type and message
//
// Contract, for every call of every implementation:
//  - A request is checked by the service's rules before anything changes; a failure returns the
//    ApiError the service returns for it (same ErrorCode, same message), and changes nothing.
//  - Success returns the operation's response shape, filled as the service fills it.
//  - Calls are thread-safe; a Client may be shared by many threads.
//  - Nothing throws: a bug inside the engine, or a transport failure, is an ApiError
//    (InternalServerError) too.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/model/backups.h"
#include "ddbemu/model/batches.h"
#include "ddbemu/model/bulk_operations.h"
#include "ddbemu/model/control.h"
#include "ddbemu/model/items.h"
#include "ddbemu/model/partiql.h"
#include "ddbemu/model/reads.h"
#include "ddbemu/model/tables.h"
#include "ddbemu/model/transactions.h"
#include "ddbemu/model/transfer.h"
#include "ddbemu/model/ttl_tags.h"
#include "ddbemu/model/vector_search.h"
#include "ddbemu/operations.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

class Client {
 public:
  virtual ~Client() = default;

  // One virtual function per operation of ddbemu/operations.h, e.g.
  //   virtual Result<GetItemResponse> GetItem(const GetItemRequest& request);
  // DynamoDB Streams' calls are on ddbemu::StreamsClient (ddbemu/streams_client.h).
#define DDBEMU_DECLARE_REQUIRED(Op) virtual Result<Op##Response> Op(const Op##Request& request) = 0;
#define DDBEMU_DECLARE_OPTIONAL(Op) \
  virtual Result<Op##Response> Op(const Op##Request& /*request*/) { return NotImplemented(#Op); }
  DDBEMU_REQUIRED_OPERATIONS(DDBEMU_DECLARE_REQUIRED)
  DDBEMU_OPTIONAL_OPERATIONS(DDBEMU_DECLARE_OPTIONAL)
#undef DDBEMU_DECLARE_REQUIRED
#undef DDBEMU_DECLARE_OPTIONAL

 protected:
  static ApiError NotImplemented(std::string_view operation) {
    return ApiError::UnknownOperation("This client does not implement " + std::string(operation));
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
