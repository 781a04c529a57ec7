// The API model's constraints on one string, worded as the service's Coral validator words
// them ("Member must have length greater than or equal to 3"). Typed, with no JSON: the JSON
// codec's request validator (api_json/request_validator.cc) walks whole request bodies with
// these, and the table-name checks (api/table_names.h) apply them to one name for every entry.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "api/api_model.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model {

enum class Violation { kPattern, kMinLength, kMaxLength, kEnum, kMinValue, kMaxValue };

// "Member must ..." for `v`, a constraint of `s`.
std::string ConstraintText(const Shape& s, Violation v);

// Whether `text` is shorter than `s`'s minimum, or longer than its maximum, counted in UTF-16
// code units as the service counts (only when the byte length cannot decide).
bool BelowLength(std::string_view text, const Shape& s);
bool AboveLength(std::string_view text, const Shape& s);

inline bool IsArn(std::string_view text) { return text.starts_with("arn:"); }

// "N validation error(s) detected: e1; e2": the service's list of constraint errors.
ApiError ValidationErrors(const std::vector<std::string>& errors);

// Calls f(owner, violation) for each constraint of string shape `s` that `text` breaks, in the
// service's order; `owner` is the shape the broken constraint belongs to (the TableName shape
// for a plain name in a TableArn position). Returns the shape whose constraints apply to
// `text`, for listing them all ("Map keys must satisfy constraint: [...]").
template <class F>
const Shape& ForEachStringViolation(const Shape& s, std::string_view text, F&& f) {
  bool broke = false;
  auto length_checks = [&](const Shape& owner) {
    if (owner.pattern != Pattern::kNone && !MatchesPattern(owner.pattern, text)) {
      broke = true;
      f(owner, Violation::kPattern);
    }
    if (BelowLength(text, owner)) {
      broke = true;
      f(owner, Violation::kMinLength);
    }
    if (AboveLength(text, owner)) {
      broke = true;
      f(owner, Violation::kMaxLength);
    }
  };
  length_checks(s);
  if (s.flags & kNameOrArn) {
    // A TableArn-typed TableName: the ARN bounds first; a plain name then also has to be a
    // valid table name.
    if (broke || IsArn(text)) return s;
    const Shape& name_shape = GetShape(s.a);
    length_checks(name_shape);
    return name_shape;
  }
  auto values = EnumValues(s);
  if (!values.empty() && std::find(values.begin(), values.end(), text) == values.end()) {
    f(s, Violation::kEnum);
  }
  return s;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model
