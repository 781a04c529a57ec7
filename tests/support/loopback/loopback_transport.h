// LoopbackTransport: a JsonTransport over Database::Call in this process — the JSON path that
// ddb-local serves, without a socket. With HttpClient on top it is the whole typed-over-JSON
// path (render, validate, dispatch, render, parse) minus HTTP, for tests that must see that the
// typed API and the JSON API agree, and for benchmarks of the JSON codec alone. A test aid,
// not part of the library: the target ddbemu_test_loopback (tests/support/CMakeLists.txt).
#pragma once

#include <memory>

#include "ddbemu/database.h"
#include "ddbemu/version.h"
#include "http_client/json_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

// Over `database`, which must outlive the transport; `context` picks the caller's tables.
std::unique_ptr<JsonTransport> MakeLoopbackTransport(Database& database,
                                                     RequestContext context = {});

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
