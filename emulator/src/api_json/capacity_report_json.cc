// ToJson(TableCapacityReport): the capacity report as ddb-local's admin endpoint answers it.
// In the api_json layer: the capacity layer itself writes no JSON (docs/architecture.md).
// Member names follow the AWS style (UpperCamelCase, as DescribeTable's), hashes are written
// as 16 hex digits (JSON numbers cannot hold 64-bit integers exactly in most readers).
#include <cstdio>

#include "ddbemu/capacity_report.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

void Key(JsonWriter& w, const char* name) { w.Key(name); }
void Hex(JsonWriter& w, std::uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  w.String(buf);
}

// `start_micros`: the second's start on the clock, for a one-second figure.
void WriteUsage(JsonWriter& w, const CapacityUsage& u, const std::int64_t* start_micros = nullptr) {
  w.StartObject();
  if (start_micros != nullptr) {
    Key(w, "StartMicros");
    w.Int64(*start_micros);
  }
  Key(w, "ConsumedReadCapacityUnits");
  w.Double(u.read_units);
  Key(w, "ConsumedWriteCapacityUnits");
  w.Double(u.write_units);
  Key(w, "ReadThrottleEvents");
  w.Int64(u.read_throttles);
  Key(w, "WriteThrottleEvents");
  w.Int64(u.write_throttles);
  w.EndObject();
}

void WriteKeys(JsonWriter& w, const char* name, const std::vector<KeyCapacity>& keys) {
  Key(w, name);
  w.StartArray();
  for (const KeyCapacity& k : keys) {
    w.StartObject();
    Key(w, "Key");
    w.RawValue(k.key.data(), k.key.size(), rapidjson::kObjectType);
    Key(w, "Partition");
    w.Int64(k.partition);
    Key(w, "Usage");
    WriteUsage(w, k.usage);
    w.EndObject();
  }
  w.EndArray();
}

// The heat map's seconds: each with its partitions as laid out then.
void WriteHistory(JsonWriter& w, const std::vector<CapacitySecond>& history) {
  Key(w, "History");
  w.StartArray();
  for (const CapacitySecond& second : history) {
    w.StartObject();
    Key(w, "StartMicros");
    w.Int64(second.start_micros);
    Key(w, "Partitions");
    w.StartArray();
    for (const PartitionSecond& p : second.partitions) {
      w.StartObject();
      Key(w, "FirstHash");
      Hex(w, p.first_hash);
      Key(w, "LastHash");
      Hex(w, p.last_hash);
      if (!p.item_collection.empty()) {
        Key(w, "ItemCollection");
        WriteString(p.item_collection, w);
      }
      Key(w, "Usage");
      WriteUsage(w, p.usage);
      Key(w, "HottestKeys");
      w.StartArray();
      for (const HotKeyCapacity& k : p.hottest_keys) {
        w.StartObject();
        Key(w, "Key");
        w.RawValue(k.key.data(), k.key.size(), rapidjson::kObjectType);
        Key(w, "ConsumedCapacityUnits");
        w.Double(k.units);
        Key(w, "ThrottleEvents");
        w.Int64(k.throttles);
        w.EndObject();
      }
      w.EndArray();
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
}

void WriteKeyspace(JsonWriter& w, const KeyspaceCapacity& k, const char* name_member,
                   bool history) {
  w.StartObject();
  Key(w, name_member);
  WriteString(k.name, w);
  Key(w, "Arn");
  WriteString(k.arn, w);
  Key(w, "BillingMode");
  WriteString(k.billing_mode, w);
  Key(w, "ReadCapacityUnitsPerSecond");
  w.Int64(k.read_units_per_second);
  Key(w, "WriteCapacityUnitsPerSecond");
  w.Int64(k.write_units_per_second);
  Key(w, "ReadCapacityUnitsAvailable");
  w.Double(k.read_units_available);
  Key(w, "WriteCapacityUnitsAvailable");
  w.Double(k.write_units_available);
  Key(w, "PartitionReadCapacityUnitsPerSecond");
  w.Int64(k.partition_read_units_per_second);
  Key(w, "PartitionWriteCapacityUnitsPerSecond");
  w.Int64(k.partition_write_units_per_second);
  Key(w, "Usage");
  WriteUsage(w, k.usage);
  Key(w, "Partitions");
  w.StartArray();
  for (const PartitionCapacity& p : k.partitions) {
    w.StartObject();
    Key(w, "Partition");
    w.Int64(p.index);
    Key(w, "FirstHash");
    Hex(w, p.first_hash);
    Key(w, "LastHash");
    Hex(w, p.last_hash);
    if (!p.item_collection.empty()) {
      Key(w, "ItemCollection");
      WriteString(p.item_collection, w);
    }
    Key(w, "ItemCount");
    w.Uint64(p.item_count);
    Key(w, "SizeBytes");
    w.Uint64(p.size_bytes);
    Key(w, "Usage");
    WriteUsage(w, p.usage);
    Key(w, "PeakSecond");
    WriteUsage(w, p.peak_second, &p.peak_second_micros);
    Key(w, "CurrentSecond");
    WriteUsage(w, p.current_second);
    w.EndObject();
  }
  w.EndArray();
  WriteKeys(w, "TopKeysByConsumption", k.top_keys_by_consumption);
  WriteKeys(w, "TopKeysByThrottles", k.top_keys_by_throttles);
  if (history) WriteHistory(w, k.history);
  w.EndObject();
}

}  // namespace

std::string ToJson(const TableCapacityReport& report) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  Key(w, "Throttling");
  w.Bool(report.throttling);
  Key(w, "WindowSeconds");
  w.Int64(report.window_seconds);
  Key(w, "ClockMicros");
  w.Int64(report.now_micros);
  const bool history = report.history_seconds > 0;
  if (history) {
    Key(w, "HistorySeconds");
    w.Int64(report.history_seconds);
  }
  Key(w, "Table");
  WriteKeyspace(w, report.table, "TableName", history);
  Key(w, "GlobalSecondaryIndexes");
  w.StartArray();
  for (const KeyspaceCapacity& index : report.global_secondary_indexes) {
    WriteKeyspace(w, index, "IndexName", history);
  }
  w.EndArray();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
