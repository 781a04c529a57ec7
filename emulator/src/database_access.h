// The way into a Database for the library's own clients of the engine: the embedded Client and
// the DynamoDB Streams client (which call operations on the engine as typed values) and the
// server's connections (which reuse one reply per connection). Database names it a friend so
// that none of this is part of its public interface.
#pragma once

#include <string_view>

#include "ddbemu/database.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::detail {

struct DatabaseAccess {
  using Engine = Database::Impl;  // database_impl.h

  static Engine& EngineOf(Database& database) { return *database.impl_; }

  // Database::Call into `response`, replacing all it held and reusing its body's storage where
  // the operation writes its body in place (the reads): a server connection answers with one
  // Response for all its requests instead of allocating a body per request.
  static void CallInto(Database& database, std::string_view operation, std::string_view json_body,
                       const RequestContext& context, Response& response) {
    database.CallInto(operation, json_body, context, response);
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::detail
