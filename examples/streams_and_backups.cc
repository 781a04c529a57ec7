// Beyond items: a table with a DynamoDB Streams stream, Time to Live, tags, a PartiQL query, and
// an on-demand backup restored to a new table — then the table's changes read back from its
// stream as a consumer would. All in this process through the typed ddbemu::Client and
// ddbemu::StreamsClient; the same calls work over HTTP (ddbemu::OpenHttpClient and
// ddbemu::OpenHttpStreamsClient).
#include <cstdio>
#include <memory>
#include <string>

#include "ddbemu/client.h"
#include "ddbemu/document.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/streams_client.h"

namespace {

using ddbemu::AttributeValue;

template <class T>
bool Ok(const ddbemu::Result<T>& result, const char* what) {
  if (result.ok()) return true;
  std::fprintf(stderr, "%s failed: %.*s: %s\n", what,
               static_cast<int>(result.error().short_name().size()),
               result.error().short_name().data(), result.error().message().c_str());
  return false;
}

const char* EventName(ddbemu::OperationType t) {
  switch (t) {
    case ddbemu::OperationType::kInsert:
      return "INSERT";
    case ddbemu::OperationType::kModify:
      return "MODIFY";
    case ddbemu::OperationType::kRemove:
      return "REMOVE";
  }
  return "?";
}

}  // namespace

int main() {
  // The streams client needs the Database itself, so open it here and make both clients on it.
  auto database = ddbemu::Database::Open({.in_memory = true});
  if (!Ok(database, "open")) return 1;
  std::unique_ptr<ddbemu::Client> db = ddbemu::MakeEmbeddedClient(**database);
  std::unique_ptr<ddbemu::StreamsClient> streams = ddbemu::MakeEmbeddedStreamsClient(**database);

  auto created = db->CreateTable({
      .table_name = "Sessions",
      .attribute_definitions = {{"user", ddbemu::ScalarAttributeType::kS}},
      .key_schema = {{"user", ddbemu::KeyType::kHash}},
      .billing_mode = ddbemu::BillingMode::kPayPerRequest,
      .tags = {{"team", "identity"}},
      .stream_specification =
          ddbemu::StreamSpecification{true, ddbemu::StreamViewType::kNewAndOldImages},
  });
  if (!Ok(created, "CreateTable")) return 1;
  const std::string table_arn = created->table_description.table_arn;
  const std::string stream_arn = created->table_description.latest_stream_arn.value_or("");

  // Items expire when their "expires" attribute (epoch seconds) is in the past.
  if (!Ok(db->UpdateTimeToLive(
              {.table_name = "Sessions",
               .time_to_live_specification = {.attribute_name = "expires", .enabled = true}}),
          "UpdateTimeToLive"))
    return 1;
  if (!Ok(db->TagResource({.resource_arn = table_arn, .tags = {{"env", "dev"}}}), "TagResource"))
    return 1;

  // Writes through PartiQL and through PutItem land in the same table (and the same stream).
  if (!Ok(db->ExecuteStatement(
              {.statement = R"(INSERT INTO "Sessions" VALUE {'user': ?, 'expires': ?})",
               .parameters = {AttributeValue::S("ann"), AttributeValue::N("4102444800")}}),
          "ExecuteStatement INSERT"))
    return 1;
  if (!Ok(db->PutItem({.table_name = "Sessions",
                       .item = {{"user", AttributeValue::S("bob")},
                                {"expires", AttributeValue::N("4102444800")}}}),
          "PutItem"))
    return 1;
  auto ann =
      db->ExecuteStatement({.statement = R"(SELECT * FROM "Sessions" WHERE "user" = 'ann')"});
  if (!Ok(ann, "ExecuteStatement SELECT") || ann->items.size() != 1) return 1;

  // A backup, restored to a new table with the same items.
  auto backup = db->CreateBackup({.table_name = "Sessions", .backup_name = "before-cleanup"});
  if (!Ok(backup, "CreateBackup")) return 1;
  auto restored = db->RestoreTableFromBackup(
      {.target_table_name = "SessionsCopy", .backup_arn = backup->backup_details.backup_arn});
  if (!Ok(restored, "RestoreTableFromBackup")) return 1;
  auto copy = db->Scan({.table_name = "SessionsCopy"});
  if (!Ok(copy, "Scan") || copy->count != 2) return 1;

  // The stream: one shard, read from its beginning.
  auto described = streams->DescribeStream({.stream_arn = stream_arn});
  if (!Ok(described, "DescribeStream") || described->stream_description.shards.empty()) return 1;
  auto iterator =
      streams->GetShardIterator({.stream_arn = stream_arn,
                                 .shard_id = described->stream_description.shards[0].shard_id,
                                 .shard_iterator_type = ddbemu::ShardIteratorType::kTrimHorizon});
  if (!Ok(iterator, "GetShardIterator")) return 1;
  auto records = streams->GetRecords({.shard_iterator = iterator->shard_iterator.value_or("")});
  if (!Ok(records, "GetRecords")) return 1;
  for (const ddbemu::Record& r : records->records) {
    std::printf("%s %s\n", EventName(r.event_name),
                ddbemu::GetOr<std::string>(r.dynamodb.keys, "user").c_str());
  }
  auto tags = db->ListTagsOfResource({.resource_arn = table_arn});
  if (!Ok(tags, "ListTagsOfResource")) return 1;
  std::printf("%zu records, %zu tags, backup %s restored to %s\n", records->records.size(),
              tags->tags.size(), backup->backup_details.backup_name.c_str(),
              restored->table_description.table_name.c_str());
  return records->records.size() == 2 && tags->tags.size() == 2 ? 0 : 1;
}
