// The embedded Client: the emulator in this process. Requests go to the engine as typed values
// (no JSON on either side) and run the same checks and the same operation code as a request
// that arrives over HTTP, so both give the same answer to the same request.
#pragma once

#include <memory>
#include <utility>

#include "ddbemu/client.h"
#include "ddbemu/database.h"
#include "ddbemu/streams_client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// A Client over `database`, which must outlive it. `context` selects the namespace of tables
// (as an access key and region do over HTTP) unless the database is shared.
std::unique_ptr<Client> MakeEmbeddedClient(Database& database, RequestContext context = {});

// A StreamsClient over `database`, which must outlive it; `context` as for MakeEmbeddedClient.
std::unique_ptr<StreamsClient> MakeEmbeddedStreamsClient(Database& database,
                                                         RequestContext context = {});

// What OpenEmbeddedClient returns: a database of its own and the clients over it. `*handle` and
// `handle->` are the Client; database() is the rest of the emulator in process (Streams, the
// audit, the capacity report, the TTL sweep: ddbemu/database.h); streams() its DynamoDB Streams
// API. Movable; the clients and then the database close when it is destroyed.
class EmbeddedHandle {
 public:
  explicit EmbeddedHandle(std::unique_ptr<Database> database)
      : database_(std::move(database)),
        client_(MakeEmbeddedClient(*database_)),
        streams_(MakeEmbeddedStreamsClient(*database_)) {}

  Client& client() const { return *client_; }
  Client& operator*() const { return *client_; }
  Client* operator->() const { return client_.get(); }
  Database& database() const { return *database_; }
  StreamsClient& streams() const { return *streams_; }

 private:
  std::unique_ptr<Database> database_;  // declared first: destroyed after the clients
  std::unique_ptr<Client> client_;
  std::unique_ptr<StreamsClient> streams_;
};

// Opens a Database with `options` and returns it with its clients. Fails as Database::Open.
//   auto db = ddbemu::OpenEmbeddedClient({.in_memory = true});
//   (*db)->PutItem(...);                       // or db->client().PutItem(...)
//   db->database().SweepExpiredItems();        // what only the database itself offers
Result<EmbeddedHandle> OpenEmbeddedClient(Options options);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
