// Quick start: open an in-memory database, create a table, put items, get one back and query
// a partition, all in this process (no server), through the typed ddbemu::Client.
// docs/using-cpp.md explains each call.
//
// Build against an installed ddbemu:
//   cmake -S examples -B build-examples -DCMAKE_PREFIX_PATH=/usr/local && cmake --build
//   build-examples build-examples/ddbemu_quickstart
#include <cstdio>
#include <memory>
#include <string>

#include "ddbemu/client.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/json.h"

namespace {

using ddbemu::AttributeValue;

// Prints a failed call's error (the service's exception name and message) and returns false.
template <class T>
bool Ok(const ddbemu::Result<T>& result, const char* what) {
  if (result.ok()) return true;
  std::fprintf(stderr, "%s failed: %.*s: %s\n", what,
               static_cast<int>(result.error().short_name().size()),
               result.error().short_name().data(), result.error().message().c_str());
  return false;
}

}  // namespace

int main() {
  // A Client over a private temporary database, removed when the client goes away. Opening one
  // takes well under a millisecond, so a test can afford one per test case.
  auto opened = ddbemu::OpenEmbeddedClient({.in_memory = true});
  if (!Ok(opened, "open")) return 1;
  ddbemu::Client& db = **opened;

  // Tables are ACTIVE as soon as CreateTable returns.
  auto created = db.CreateTable({
      .table_name = "Music",
      .attribute_definitions = {{.attribute_name = "Artist"}, {.attribute_name = "Song"}},
      .key_schema = {{.attribute_name = "Artist", .key_type = ddbemu::KeyType::kHash},
                     {.attribute_name = "Song", .key_type = ddbemu::KeyType::kRange}},
      .billing_mode = ddbemu::BillingMode::kPayPerRequest,
  });
  if (!Ok(created, "CreateTable")) return 1;

  for (const char* song : {"Sinnerman", "Feeling Good", "I Put a Spell on You"}) {
    auto put = db.PutItem({.table_name = "Music",
                           .item = {{"Artist", AttributeValue::S("Nina Simone")},
                                    {"Song", AttributeValue::S(song)},
                                    {"Year", AttributeValue::N(1965)}}});
    if (!Ok(put, "PutItem")) return 1;
  }

  auto got = db.GetItem({.table_name = "Music",
                         .key = {{"Artist", AttributeValue::S("Nina Simone")},
                                 {"Song", AttributeValue::S("Sinnerman")}}});
  if (!Ok(got, "GetItem")) return 1;
  if (got->item) std::printf("GetItem: %s\n", ddbemu::ToJson(*got->item).c_str());

  // Every song of the artist whose title starts with "I", in sort-key order, with the
  // capacity the query consumed (half a read unit per started 4 KB, eventually consistent).
  auto queried = db.Query({
      .table_name = "Music",
      .key_condition_expression = "Artist = :a AND begins_with(Song, :prefix)",
      .expression_attribute_values = {{":a", AttributeValue::S("Nina Simone")},
                                      {":prefix", AttributeValue::S("I")}},
      .return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal,
  });
  if (!Ok(queried, "Query")) return 1;
  for (const ddbemu::Item& item : queried->items) {
    std::printf("Query: %s\n", ddbemu::ToJson(item).c_str());
  }
  std::printf("Query consumed %.1f read units\n", queried->consumed_capacity->capacity_units);

  // A check that the example did what it says (CI runs it against the installed package).
  bool ok = got->item.has_value() && queried->count == 1 &&
            *queried->items[0].get("Song") == AttributeValue::S("I Put a Spell on You");
  return ok ? 0 : 1;
}
