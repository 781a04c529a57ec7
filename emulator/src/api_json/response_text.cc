// A read response's members written into a JsonText (see response_text.h).
#include "api_json/response_text.h"

#include <rapidjson/internal/dtoa.h>
#include <rapidjson/internal/ieee754.h>

#include <charconv>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

// "CapacityUnits" and, with `read_write_units`, the non-zero read and write parts, as
// WriteCapacityUnits writes them.
void AppendCapacityUnits(double total, double read, double write, bool read_write_units,
                         JsonText& out) {
  out.Reserve(16);
  out.PutLiteral("\"CapacityUnits\":");
  AppendDouble(total, out);
  if (!read_write_units) return;
  if (read > 0) {
    out.Reserve(24);
    out.PutLiteral(",\"ReadCapacityUnits\":");
    AppendDouble(read, out);
  }
  if (write > 0) {
    out.Reserve(24);
    out.PutLiteral(",\"WriteCapacityUnits\":");
    AppendDouble(write, out);
  }
}

// `"name":{"CapacityUnits":units}`, as reads_codec.cc's WriteUnits writes it.
void AppendUnits(std::string_view name, double units, JsonText& out) {
  out.String(name);
  out.Put(':');  // String leaves room
  out.Put('{');
  AppendCapacityUnits(units, 0, 0, false, out);
  out.Reserve(1);
  out.Put('}');
}

void AppendIndexCapacities(std::string_view member, const std::map<std::string, Capacity>& indexes,
                           bool read_write_units, JsonText& out) {
  if (indexes.empty()) return;  // the service omits the map rather than send it empty
  out.Reserve(2);
  out.Put(',');
  out.String(member);
  out.Put(':');
  out.Put('{');
  bool first = true;
  for (const auto& [name, capacity] : indexes) {
    if (!first) {
      out.Reserve(1);
      out.Put(',');
    }
    first = false;
    out.String(name);
    out.Put(':');
    out.Put('{');
    AppendCapacityUnits(capacity.capacity_units, capacity.read_capacity_units,
                        capacity.write_capacity_units, read_write_units, out);
    out.Reserve(1);
    out.Put('}');
  }
  out.Reserve(1);
  out.Put('}');
}

}  // namespace

void AppendInt64(std::int64_t value, JsonText& out) {
  out.Reserve(24);
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.Put(std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
}

void AppendDouble(double value, JsonText& out) {
  if (rapidjson::internal::Double(value).IsNanOrInf()) return;
  out.Reserve(32);
  char buffer[32];
  // The Writer's own conversion, with its default of 324 decimal places.
  const char* end = rapidjson::internal::dtoa(value, buffer, 324);
  out.Put(std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
}

void AppendConsumedCapacity(const ConsumedCapacity& capacity, JsonText& out) {
  out.Reserve(32);
  out.PutLiteral("\"ConsumedCapacity\":{\"TableName\":");
  out.String(capacity.table_name);
  out.Put(',');  // String leaves room
  AppendCapacityUnits(capacity.capacity_units, capacity.read_capacity_units,
                      capacity.write_capacity_units, capacity.read_write_units, out);
  if (capacity.table) {
    out.Reserve(16);
    out.PutLiteral(",\"Table\":{");
    AppendCapacityUnits(capacity.table->capacity_units, capacity.table->read_capacity_units,
                        capacity.table->write_capacity_units, capacity.read_write_units, out);
    out.Reserve(1);
    out.Put('}');
  }
  AppendIndexCapacities("LocalSecondaryIndexes", capacity.local_secondary_indexes,
                        capacity.read_write_units, out);
  AppendIndexCapacities("GlobalSecondaryIndexes", capacity.global_secondary_indexes,
                        capacity.read_write_units, out);
  out.Reserve(1);
  out.Put('}');
}

void AppendConsumedCapacity(const ReadConsumedCapacity& c, JsonText& out) {
  out.Reserve(32);
  out.PutLiteral("\"ConsumedCapacity\":{\"TableName\":");
  out.String(c.table_name);
  out.Put(',');  // String leaves room
  AppendCapacityUnits(c.capacity_units, 0, 0, false, out);
  if (c.with_parts) {
    out.Reserve(1);
    out.Put(',');
    AppendUnits("Table", c.table_units, out);
    if (c.index_name) {
      out.Reserve(32);
      out.PutLiteral(",\"");
      if (c.index_is_local) {
        out.PutLiteral("LocalSecondaryIndexes\":{");
      } else {
        out.PutLiteral("GlobalSecondaryIndexes\":{");
      }
      AppendUnits(*c.index_name, c.index_units, out);
      out.Reserve(1);
      out.Put('}');
    }
  }
  out.Reserve(1);
  out.Put('}');
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
