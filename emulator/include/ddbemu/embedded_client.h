// The embedded Client: the emulator in this process. Requests go to the engine as typed values
// (no JSON on either side) and run the same checks and the same operation code as a request
// that arrives over HTTP, so both give the same answer to the same request.
#pragma once

#include <memory>

#include "ddbemu/client.h"
#include "ddbemu/database.h"
#include "ddbemu/streams_client.h"

namespace ddbemu {

// A Client over `database`, which must outlive it. `context` selects the namespace of tables
// (as an access key and region do over HTTP) unless the database is shared.
std::unique_ptr<Client> MakeEmbeddedClient(Database& database, RequestContext context = {});

// Opens a Database with `options` and returns a Client that owns it. Fails as Database::Open.
Result<std::unique_ptr<Client>> OpenEmbeddedClient(Options options);

// A StreamsClient over `database`, which must outlive it; `context` as for MakeEmbeddedClient.
std::unique_ptr<StreamsClient> MakeEmbeddedStreamsClient(Database& database,
                                                         RequestContext context = {});

}  // namespace ddbemu
