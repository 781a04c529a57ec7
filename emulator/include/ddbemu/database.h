// Database: the emulator, in-process. Open one on a data directory (or an in-memory one for a
// test fixture) and call any DynamoDB operation on it. The same calls serve ddb-local.
//
//   auto db = ddbemu::Database::Open({.in_memory = true});
//   auto r = (*db)->Call("ListTables", "{}");   // r.http_status == 200, r.body == {"TableNames":[]}
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/options.h"

namespace ddbemu {

// Who is calling: selects the namespace of tables unless the database is shared
// (DynamoDB Local keeps one set of tables per access key id and region).
struct RequestContext {
  std::string access_key_id;
  std::string region = "us-east-1";
};

// A response body as DynamoDB sends it: the operation's JSON output on success, or the
// error envelope {"__type": ..., "message": ...} with its HTTP status.
struct Response {
  int http_status = 200;
  std::string body;
};

class Database {
 public:
  // Opens (creating if needed) the database the options describe. Fails with
  // InternalServerError and a message naming the path when the directory cannot be used.
  static Result<std::unique_ptr<Database>> Open(Options options);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one operation, e.g. ("PutItem", "{\"TableName\":...}"). Thread-safe. Never throws
  // on bad input: malformed JSON is a SerializationException, an unknown operation an
  // UnknownOperationException, and a failed request changes nothing.
  Response Call(std::string_view operation, std::string_view json_body,
                const RequestContext& context = {});

  const Options& options() const;
  Clock& clock() const;

  struct Impl;  // defined in src/database_impl.h; ops reach the engine through it

 private:
  explicit Database(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddbemu
