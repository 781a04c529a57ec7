// Readers shared by the codecs of the families beyond items and tables (json_codec.h): enum
// members by their API names, lists of objects, and the wire's epoch seconds as microseconds.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/model/backups.h"
#include "ddbemu/version.h"
#include "http_client/json_in.h"
#include "http_client/json_out.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

// A string member that must name one of `names` (index = enum value); absent: nullopt.
template <class Enum, std::size_t N>
Result<std::optional<Enum>> EnumOf(const Json& object, std::string_view name,
                                   const std::string_view (&names)[N]) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<std::string> text, OptString(object, name));
  if (!text) return std::optional<Enum>();
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == *text) return std::optional<Enum>(static_cast<Enum>(i));
  }
  return Malformed(std::string(name) + " has the unknown value " + *text);
}

// Both restores' *Override members, into the request object `w` is writing
// (request_tables_json.cc, beside CreateTable's writers of the same shapes).
void WriteRestoreOverrides(JsonWriter& w, const RestoreOverrides& overrides);

// A VectorIndexDescription (DescribeTable), or a backup's VectorIndexInfo read as one (the
// members it lacks, status, ARN and counts, are left at their defaults).
Result<VectorIndexDescription> VectorIndexDescriptionFrom(const Json& e);

// A backup's SourceTableFeatureDetails (DescribeBackup, DeleteBackup).
Result<SourceTableFeatureDetails> SourceTableFeatureDetailsFrom(const Json& e);

// The API name of an enum value (index = enum value).
template <class Enum, std::size_t N>
std::string_view NameOf(Enum value, const std::string_view (&names)[N]) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : names[0];
}

// Epoch seconds (a millisecond fraction on the wire) as whole milliseconds in microseconds.
inline Result<std::optional<std::int64_t>> OptMicros(const Json& object, std::string_view name) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<double> seconds, OptDouble(object, name));
  if (!seconds) return std::optional<std::int64_t>();
  return std::optional<std::int64_t>(static_cast<std::int64_t>(std::llround(*seconds * 1000.0)) *
                                     1000);
}
inline Result<std::int64_t> Micros(const Json& object, std::string_view name) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<std::int64_t> micros, OptMicros(object, name));
  return micros.value_or(0);
}
// Microseconds as the wire's epoch seconds.
inline void MicrosMember(JsonWriter& w, std::string_view key, std::int64_t micros) {
  Key(w, key);
  w.Double(static_cast<double>(micros) / 1e6);
}

// The object member `name`, or null when absent; an error when it is not an object.
inline Result<const Json*> OptObject(const Json& object, std::string_view name) {
  const Json* v = Find(object, name);
  if (v != nullptr && !v->IsObject()) return Malformed(std::string(name) + " is not an object");
  return v;
}

// The elements of a list member, each an object read by `read`.
template <class T, class Read>
Result<std::vector<T>> ObjectList(const Json& object, std::string_view name, Read read) {
  std::vector<T> out;
  const Json* v = Find(object, name);
  if (v == nullptr) return out;
  if (!v->IsArray()) return Malformed(std::string(name) + " is not a list");
  for (const Json& entry : v->GetArray()) {
    if (!entry.IsObject()) return Malformed(std::string(name) + " holds a non-object");
    DDBEMU_ASSIGN_OR_RETURN(T t, read(entry));
    out.push_back(std::move(t));
  }
  return out;
}

// A list of AttributeValues (PartiQL's Parameters), left out when empty as an SDK leaves it.
inline void ParametersMember(JsonWriter& w, const std::vector<AttributeValue>& parameters) {
  if (parameters.empty()) return;
  Key(w, "Parameters");
  w.StartArray();
  for (const AttributeValue& v : parameters) WriteAttributeValue(v, w);
  w.EndArray();
}

inline void BoolMember(JsonWriter& w, std::string_view key, bool value) {
  Key(w, key);
  w.Bool(value);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
