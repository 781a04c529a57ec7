// Quick start: open an in-memory database, create a table, put items, get one back and query
// a partition, all in this process (no server). docs/using-cpp.md explains each call.
//
// Build against an installed ddbemu:
//   cmake -S examples -B build-examples -DCMAKE_PREFIX_PATH=/usr/local && cmake --build
//   build-examples build-examples/ddbemu_quickstart
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "ddbemu/database.h"

namespace {

// Runs one DynamoDB operation (the request and response are DynamoDB's JSON); prints and
// returns false on an error response.
bool Call(ddbemu::Database& db, std::string_view operation, const std::string& request,
          std::string* response = nullptr) {
  ddbemu::Response r = db.Call(operation, request);
  if (r.http_status != 200) {
    std::fprintf(stderr, "%.*s failed (HTTP %d): %s\n", static_cast<int>(operation.size()),
                 operation.data(), r.http_status, r.body.c_str());
    return false;
  }
  if (response != nullptr) *response = std::move(r.body);
  return true;
}

}  // namespace

int main() {
  // A private temporary database, removed when `db` goes away. Opening one takes well under a
  // millisecond, so a test can afford one per test case.
  auto opened = ddbemu::Database::Open({.in_memory = true});
  if (!opened.ok()) {
    std::fprintf(stderr, "open failed: %s\n", opened.error().message().c_str());
    return 1;
  }
  ddbemu::Database& db = **opened;

  // Tables are ACTIVE as soon as CreateTable returns.
  if (!Call(db, "CreateTable", R"({
        "TableName": "Music",
        "KeySchema": [{"AttributeName": "Artist", "KeyType": "HASH"},
                      {"AttributeName": "Song", "KeyType": "RANGE"}],
        "AttributeDefinitions": [{"AttributeName": "Artist", "AttributeType": "S"},
                                 {"AttributeName": "Song", "AttributeType": "S"}],
        "BillingMode": "PAY_PER_REQUEST"})")) {
    return 1;
  }

  for (const char* song : {"Sinnerman", "Feeling Good", "I Put a Spell on You"}) {
    std::string item = R"({"TableName": "Music", "Item": {"Artist": {"S": "Nina Simone"},
        "Song": {"S": ")" +
                       std::string(song) + R"("}, "Year": {"N": "1965"}}})";
    if (!Call(db, "PutItem", item)) return 1;
  }

  std::string got;
  if (!Call(db, "GetItem", R"({"TableName": "Music",
        "Key": {"Artist": {"S": "Nina Simone"}, "Song": {"S": "Sinnerman"}}})",
            &got)) {
    return 1;
  }
  std::printf("GetItem: %s\n", got.c_str());

  // Every song of the artist whose title starts with "I", in sort-key order, with the
  // capacity the query consumed (one eventually consistent read unit per 8 KB read).
  std::string queried;
  if (!Call(db, "Query", R"json({"TableName": "Music",
        "KeyConditionExpression": "Artist = :a AND begins_with(Song, :prefix)",
        "ExpressionAttributeValues": {":a": {"S": "Nina Simone"}, ":prefix": {"S": "I"}},
        "ReturnConsumedCapacity": "TOTAL"})json",
            &queried)) {
    return 1;
  }
  std::printf("Query: %s\n", queried.c_str());

  // A check that the example did what it says (CI runs it against the installed package).
  bool ok = got.find("Sinnerman") != std::string::npos &&
            queried.find(R"("Count":1)") != std::string::npos &&
            queried.find("I Put a Spell on You") != std::string::npos;
  return ok ? 0 : 1;
}
