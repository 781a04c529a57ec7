// RequestHandler: what the HTTP front end calls for each DynamoDB request once the protocol
// layer has accepted it. ddb-local binds it to Database::Call; tests bind a fake. The server
// depends on this signature only, so server/ never touches the engine (or LMDB).
#pragma once

#include <functional>
#include <string_view>
#include <utility>

#include "ddbemu/database.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

// Runs one operation ("PutItem", ...) on a JSON body for the caller the Authorization header
// names. Must be thread-safe: the server calls it from every I/O thread at once. Its Response
// is sent verbatim (status and body); the server adds only the HTTP headers.
using RequestHandler = std::function<Response(
    std::string_view operation, std::string_view json_body, const RequestContext& context)>;

// The same, answering into `response`, which it must replace whole (status, body, content
// type): it arrives holding a spent body whose storage the handler may reuse (ddb-local binds
// the overload of Database::Call that does), so that a connection answers without allocating
// a body per request.
using ReusingRequestHandler =
    std::function<void(std::string_view operation, std::string_view json_body,
                       const RequestContext& context, Response& response)>;

// `handler` as a ReusingRequestHandler: its Response replaces the spent one.
inline ReusingRequestHandler Reusing(RequestHandler handler) {
  if (!handler) return nullptr;
  return [handler = std::move(handler)](std::string_view operation, std::string_view json_body,
                                        const RequestContext& context, Response& response) {
    response = handler(operation, json_body, context);
  };
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
