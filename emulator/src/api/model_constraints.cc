// Constraint wording of the API model (see model_constraints.h).
#include "api/model_constraints.h"

#include <cstddef>

#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model {

std::string ConstraintText(const Shape& s, Violation v) {
  switch (v) {
    case Violation::kPattern:
      return "Member must satisfy regular expression pattern: " +
             std::string(PatternText(s.pattern));
    case Violation::kMinLength:
      return "Member must have length greater than or equal to " + std::to_string(s.min);
    case Violation::kMaxLength:
      return "Member must have length less than or equal to " + std::to_string(s.max);
    case Violation::kMinValue:
      return "Member must have value greater than or equal to " + std::to_string(s.min);
    case Violation::kMaxValue:
      return "Member must have value less than or equal to " + std::to_string(s.max);
    case Violation::kEnum: {
      std::string text = "Member must satisfy enum value set: [";
      bool first = true;
      for (std::string_view value : EnumValues(s)) {
        if (!first) text += ", ";
        first = false;
        text.append(value);
      }
      return text + "]";
    }
  }
  return {};
}

// The UTF-16 length of `text` is between size/3 and size: count it only when the bounds
// cannot decide (ASCII text under the bounds never needs it).
bool BelowLength(std::string_view text, const Shape& s) {
  if (!s.has_min()) return false;
  const auto min = static_cast<std::size_t>(s.min);
  if (text.size() < min) return true;
  // At least ceil(size/3) units: a short name ("PK" against a minimum of 1) is decided here.
  return (text.size() + 2) / 3 < min && Utf16Length(text) < min;
}

bool AboveLength(std::string_view text, const Shape& s) {
  if (!s.has_max()) return false;
  const auto max = static_cast<std::size_t>(s.max);
  return text.size() > max && Utf16Length(text) > max;
}

ApiError ValidationErrors(const std::vector<std::string>& errors) {
  std::string message =
      std::to_string(errors.size()) +
      (errors.size() == 1 ? " validation error detected: " : " validation errors detected: ");
  for (std::size_t i = 0; i < errors.size(); ++i) message.append(i ? "; " : "").append(errors[i]);
  return ApiError::Validation(std::move(message));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model
