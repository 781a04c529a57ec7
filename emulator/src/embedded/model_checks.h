// The API model's constraints that a typed request can still break (a name's length, a number's
// range), worded word for word as the JSON path's validator (api_json/request_validator.cc)
// answers them. Shared by every typed_*.cc of the embedded client. No JSON.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "api/table_names.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {

// One failed constraint: "1 validation error detected: Value 'v' at 'path' failed to satisfy
// constraint: rule".
inline ApiError Constraint(std::string_view value, std::string_view path, std::string_view rule) {
  return ApiError::Validation("1 validation error detected: Value '" + std::string(value) +
                              "' at '" + std::string(path) +
                              "' failed to satisfy constraint: " + std::string(rule));
}

inline Status CheckLength(std::string_view value, std::string_view path, std::size_t min,
                          std::size_t max) {
  if (value.size() < min) {
    return Constraint(value, path,
                      "Member must have length greater than or equal to " + std::to_string(min));
  }
  if (value.size() > max) {
    return Constraint(value, path,
                      "Member must have length less than or equal to " + std::to_string(max));
  }
  return Status::Ok();
}

inline Status CheckRange(std::int64_t value, std::string_view path, std::int64_t min,
                         std::int64_t max) {
  if (value < min) {
    return Constraint(std::to_string(value), path,
                      "Member must have value greater than or equal to " + std::to_string(min));
  }
  if (value > max) {
    return Constraint(std::to_string(value), path,
                      "Member must have value less than or equal to " + std::to_string(max));
  }
  return Status::Ok();
}

inline Status CheckTableName(const std::string& name, std::string_view path = "tableName") {
  Result<std::string_view> checked = api::ValidateTableName(name, path);
  if (!checked.ok()) return checked.error();
  return Status::Ok();
}

// IndexName: 3..255 characters (the API model), when given.
inline Status CheckIndexName(const std::optional<std::string>& name) {
  if (!name) return Status::Ok();
  return CheckLength(*name, "indexName", 3, 255);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
