// Key-schema and projection rules of CreateTable. The order of the checks and their wording
// follow the service (as recorded by dynalite's tests against DynamoDB, and by probes of the
// current service for multi-attribute GSI keys, Nov 2025).
#include "api/table_checks.h"

#include <algorithm>
#include <cstdint>
#include <set>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace {

constexpr std::string_view kHash = "HASH";
constexpr std::string_view kRange = "RANGE";
// "up to four partition key attributes and up to four sort key attributes" (GSI multi-attribute
// keys, Developer Guide).
constexpr int kMaxKeyAttributesPerRole = 4;

// Decodes UTF-8 leniently (the JSON parser has validated the encoding) into code points.
std::vector<std::uint32_t> CodePoints(std::string_view text) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int extra = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
    std::uint32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int k = 1; k <= extra && i + k < text.size(); ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    out.push_back(cp);
    i += 1 + extra;
  }
  return out;
}

// java.lang.String.hashCode(): over UTF-16 code units, in 32-bit two's complement.
std::uint32_t JavaStringHash(std::string_view text) {
  std::uint32_t h = 0;
  for (std::uint32_t cp : CodePoints(text)) {
    if (cp >= 0x10000) {
      cp -= 0x10000;
      h = 31 * h + (0xD800 + (cp >> 10));
      h = 31 * h + (0xDC00 + (cp & 0x3FF));
    } else {
      h = 31 * h + cp;
    }
  }
  return h;
}

std::vector<std::string> Names(const std::vector<KeySchemaElement>& key_schema) {
  std::vector<std::string> out;
  for (const auto& e : key_schema) out.push_back(e.attribute_name);
  return out;
}

std::vector<std::string> Names(const std::vector<AttributeDefinition>& definitions) {
  std::vector<std::string> out;
  for (const auto& d : definitions) out.push_back(d.attribute_name);
  return out;
}

bool IsDefined(const std::vector<AttributeDefinition>& definitions, std::string_view name) {
  return std::any_of(definitions.begin(), definitions.end(),
                     [&](const AttributeDefinition& d) { return d.attribute_name == name; });
}

// "Some index key attributes are not defined in AttributeDefinitions. Keys: [..],
// AttributeDefinitions: [..]" when any key attribute lacks a definition.
Status CheckKeysDefined(const std::vector<KeySchemaElement>& key_schema,
                        const std::vector<AttributeDefinition>& definitions) {
  for (const auto& element : key_schema) {
    if (IsDefined(definitions, element.attribute_name)) continue;
    return InvalidParameter(
        "Some index key attributes are not defined in AttributeDefinitions. Keys: " +
        BracketList(JavaHashSetOrder(Names(key_schema))) +
        ", AttributeDefinitions: " + BracketList(JavaHashSetOrder(Names(definitions))));
  }
  return Status::Ok();
}

ApiError SameNameError() {
  return ApiError::Validation(
      "Both the Hash Key and the Range Key element in the KeySchema have the same name");
}

ApiError FirstNotHashError() {
  return ApiError::Validation(
      "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
}

ApiError SecondNotRangeError() {
  return ApiError::Validation(
      "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
}

bool HasDuplicateName(const std::vector<KeySchemaElement>& key_schema) {
  std::set<std::string_view> seen;
  for (const auto& e : key_schema) {
    if (!seen.insert(e.attribute_name).second) return true;
  }
  return false;
}

// A classic schema (one HASH, one RANGE) naming one attribute twice gets the classic message;
// any other schema, a multi-attribute GSI schema of two HASH attributes included, gets the one
// introduced with multi-attribute keys (the classic text speaks of "the Hash Key and the Range
// Key").
Status CheckNoDuplicateKeys(const std::vector<KeySchemaElement>& key_schema) {
  if (!HasDuplicateName(key_schema)) return Status::Ok();
  if (key_schema.size() == 2 && key_schema[0].key_type != key_schema[1].key_type) {
    return SameNameError();
  }
  return InvalidParameter("The KeySchema contains multiple key attributes with the same name");
}

// Multi-attribute GSI keys: HASH elements first, then RANGE elements, at most four of each.
Status CheckMultiAttributeShape(const std::vector<KeySchemaElement>& key_schema) {
  int hash_count = 0;
  int range_count = 0;
  for (const auto& e : key_schema) {
    if (e.key_type == kHash) {
      if (range_count > 0) {
        return InvalidParameter(
            "All HASH key attributes must precede RANGE key attributes in the KeySchema");
      }
      ++hash_count;
    } else {
      ++range_count;
    }
  }
  if (hash_count > kMaxKeyAttributesPerRole) {
    return InvalidParameter(
        "The KeySchema exceeds the maximum allowed number of HASH key attributes");
  }
  if (range_count > kMaxKeyAttributesPerRole) {
    return InvalidParameter(
        "The KeySchema exceeds the maximum allowed number of RANGE key attributes");
  }
  return Status::Ok();
}

}  // namespace

ApiError InvalidParameter(std::string_view detail) {
  return ApiError::Validation("One or more parameter values were invalid: " + std::string(detail));
}

std::vector<std::string> JavaHashSetOrder(const std::vector<std::string>& names) {
  std::vector<std::string> distinct;
  for (const auto& name : names) {
    if (std::find(distinct.begin(), distinct.end(), name) == distinct.end())
      distinct.push_back(name);
  }
  // HashMap starts with 16 buckets and doubles when the size passes 3/4 of them; resizing
  // keeps each bucket's insertion order, so the final order is (bucket, insertion order).
  std::uint32_t buckets = 16;
  while (distinct.size() > buckets / 4 * 3) buckets *= 2;
  auto bucket_of = [buckets](const std::string& name) {
    const std::uint32_t h = JavaStringHash(name);
    return (h ^ (h >> 16)) & (buckets - 1);
  };
  std::stable_sort(
      distinct.begin(), distinct.end(),
      [&](const std::string& a, const std::string& b) { return bucket_of(a) < bucket_of(b); });
  return distinct;
}

std::string BracketList(const std::vector<std::string>& names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ", ";
    out += names[i];
  }
  return out + "]";
}

std::string KeySchemaValueText(const std::vector<KeySchemaElement>& key_schema) {
  // The service prints its model objects' toString(), e.g.
  // "[KeySchemaElement(attributeName=pk, keyType=HASH)]".
  std::string out = "[";
  for (std::size_t i = 0; i < key_schema.size(); ++i) {
    if (i > 0) out += ", ";
    out += "KeySchemaElement(attributeName=" + key_schema[i].attribute_name +
           ", keyType=" + key_schema[i].key_type + ")";
  }
  return out + "]";
}

Status CheckKeySchemaLength(const std::vector<KeySchemaElement>& key_schema,
                            std::string_view path) {
  if (key_schema.size() <= 2) return Status::Ok();
  return ApiError::Validation(
      "1 validation error detected: Value '" + KeySchemaValueText(key_schema) + "' at '" +
      std::string(path) +
      "' failed to satisfy constraint: Member must have length less than or equal to 2");
}

Status CheckTableKeySchema(const std::vector<KeySchemaElement>& key_schema,
                           const std::vector<AttributeDefinition>& definitions) {
  if (key_schema.size() > definitions.size()) {
    return ApiError::Validation("Invalid KeySchema: Some index key attribute have no definition");
  }
  DDBEMU_RETURN_IF_ERROR(CheckKeysDefined(key_schema, definitions));
  if (key_schema.size() == 2 && key_schema[0].attribute_name == key_schema[1].attribute_name) {
    return SameNameError();
  }
  if (key_schema.empty() || key_schema[0].key_type != kHash) return FirstNotHashError();
  if (key_schema.size() == 2 && key_schema[1].key_type != kRange) return SecondNotRangeError();
  return Status::Ok();
}

Status CheckGsiKeySchema(const std::vector<KeySchemaElement>& key_schema,
                         const std::vector<AttributeDefinition>& definitions) {
  DDBEMU_RETURN_IF_ERROR(CheckKeysDefined(key_schema, definitions));
  DDBEMU_RETURN_IF_ERROR(CheckNoDuplicateKeys(key_schema));
  if (key_schema.empty() || key_schema[0].key_type != kHash) return FirstNotHashError();
  return CheckMultiAttributeShape(key_schema);
}

Status CheckLsiKeySchema(const SecondaryIndexRequest& index,
                         const std::vector<KeySchemaElement>& table_key_schema,
                         const std::vector<AttributeDefinition>& definitions) {
  const auto& keys = index.key_schema;
  DDBEMU_RETURN_IF_ERROR(CheckKeysDefined(keys, definitions));
  if (keys.size() == 2 && keys[0].attribute_name == keys[1].attribute_name) return SameNameError();
  if (keys.empty() || keys[0].key_type != kHash) return FirstNotHashError();
  if (keys.size() == 2 && keys[1].key_type != kRange) return SecondNotRangeError();
  if (keys.size() != 2) {
    return InvalidParameter("Index KeySchema does not have a range key for index: " +
                            index.index_name);
  }
  const std::string& table_hash = table_key_schema[0].attribute_name;
  if (keys[0].attribute_name != table_hash) {
    return InvalidParameter(
        "Index KeySchema does not have the same leading hash key as table KeySchema for index: " +
        index.index_name + ". index hash key: " + keys[0].attribute_name +
        ", table hash key: " + table_hash);
  }
  return Status::Ok();
}

Status CheckProjection(const ProjectionRequest& projection) {
  if (!projection.projection_type) return InvalidParameter("Unknown ProjectionType: null");
  const std::string& type = *projection.projection_type;
  if (projection.non_key_attributes && type != "INCLUDE") {
    return InvalidParameter("ProjectionType is " + type + ", but NonKeyAttributes is specified");
  }
  if (type != "INCLUDE") return Status::Ok();
  if (!projection.non_key_attributes) {
    return InvalidParameter("ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
  }
  std::set<std::string_view> seen;
  for (const auto& name : *projection.non_key_attributes) {
    if (!seen.insert(name).second)
      return InvalidParameter("Duplicate element in NonKeyAttributes: " + name);
  }
  return Status::Ok();
}

Status CheckThroughputBounds(const ThroughputRequest& throughput) {
  constexpr std::int64_t kCeiling = 1'000'000'000'000;
  if (throughput.read_capacity_units.value_or(0) > kCeiling) {
    return ApiError::Validation("Given value " + std::to_string(*throughput.read_capacity_units) +
                                " for ReadCapacityUnits is out of bounds");
  }
  if (throughput.write_capacity_units.value_or(0) > kCeiling) {
    return ApiError::Validation("Given value " + std::to_string(*throughput.write_capacity_units) +
                                " for WriteCapacityUnits is out of bounds");
  }
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
