// The service's words for a bad attribute value, in one place for both ways a value arrives:
// the JSON codec (value_json/json_codec.cc) and the rules for values that arrive already typed
// (value_rules.cc), so that the same mistake is refused in the same words either way. The
// spelling is the service's, "An string set" and its double space included.
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"

namespace ddbemu::value_messages {

inline constexpr std::string_view kInvalid = "One or more parameter values were invalid: ";
inline constexpr std::string_view kNesting =
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
    "beyond supported limit";
inline constexpr std::string_view kEmptySS = "An string set  may not be empty";
inline constexpr std::string_view kEmptyNS = "An number set  may not be empty";
inline constexpr std::string_view kEmptyBS = "Binary sets should not be empty";
// Numerically equal members ("1", "1.0") are duplicates; this message has no prefix.
inline constexpr std::string_view kDuplicateNumbers = "Input collection contains duplicates";

// "One or more parameter values were invalid: <detail>".
inline ApiError Invalid(std::string_view detail) {
  std::string m(kInvalid);
  m += detail;
  return ApiError::Validation(std::move(m));
}

// AWS: "Input collection [a, a] contains duplicates." and "Input collection [Yg==, Yg==]of type
// BS contains duplicates." (sic). `printed` is the collection as the service prints it (Java's
// List.toString, binaries in base64).
inline ApiError DuplicateMembers(AttributeType type, std::string_view printed) {
  std::string m = "Input collection ";
  m += printed;
  m += type == AttributeType::kBS ? "of type BS contains duplicates." : " contains duplicates.";
  return Invalid(m);
}

}  // namespace ddbemu::value_messages
