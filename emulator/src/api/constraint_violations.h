// Model-constraint violations collected in member order and worded as the service's Coral
// validator words them ("2 validation errors detected: Value 'x' at 'streamArn' failed to
// satisfy constraint: ...; ..."). On typed values, so that the JSON codec (api_json/) and the
// embedded client check a request the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

class Violations {
 public:
  void Length(std::string_view field, const std::optional<std::string>& v, std::size_t min,
              std::size_t max) {
    if (!v) return;
    if (v->size() < min) {
      Add(field, *v, "Member must have length greater than or equal to " + std::to_string(min));
    } else if (v->size() > max) {
      Add(field, *v, "Member must have length less than or equal to " + std::to_string(max));
    }
  }
  void Required(std::string_view field, bool present) {
    if (!present)
      errors_.push_back("Value null at '" + std::string(field) +
                        "' failed to satisfy constraint: Member must not be null");
  }
  void MinValue(std::string_view field, const std::optional<std::int64_t>& v, std::int64_t min) {
    if (v && *v < min) {
      Add(field, std::to_string(*v),
          "Member must have value greater than or equal to " + std::to_string(min));
    }
  }
  // A documented upper limit the model does not carry (DynamoDB Streams' "The upper limit is
  // 100" for ListStreams and 1,000 for GetRecords): the service refuses a value above it with a
  // ValidationException (ScyllaDB's test_streams.py, run against AWS, for ListStreams' 101),
  // worded here as the validator words the model's own bounds.
  void MaxValue(std::string_view field, const std::optional<std::int64_t>& v, std::int64_t max) {
    if (v && *v > max) {
      Add(field, std::to_string(*v),
          "Member must have value less than or equal to " + std::to_string(max));
    }
  }
  void Add(std::string_view field, std::string_view value, const std::string& constraint) {
    errors_.push_back("Value '" + std::string(value) + "' at '" + std::string(field) +
                      "' failed to satisfy constraint: " + constraint);
  }
  Status Result() const {
    if (errors_.empty()) return Status::Ok();
    std::string message =
        std::to_string(errors_.size()) +
        (errors_.size() == 1 ? " validation error detected: " : " validation errors detected: ");
    for (std::size_t i = 0; i < errors_.size() && i < 10; ++i) {
      message.append(i ? "; " : "").append(errors_[i]);
    }
    return ApiError::Validation(std::move(message));
  }

 private:
  std::vector<std::string> errors_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
