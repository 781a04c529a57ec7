// Which shapes of the API model can carry a constraint the request validator reports
// (request_validator.cc): a length, value or pattern bound, an enum, a table name's rules or a
// required member, on the shape or anywhere under it. A value of a shape without one cannot
// break any, so the validator does not walk it (KeyConditionExpression, the AttributeValues of
// ExpressionAttributeValues, ...). Computed from the model's constant tables when the
// validator is compiled; nothing is computed per request.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "api/api_model.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model {

namespace constrained_shapes_internal {

// Recursive shapes, if a model ever has one, count as constrained past a depth.
constexpr bool MayBreakConstraint(std::uint16_t index, int depth = 0) {
  const Shape& s = tables::kShapes[index];
  if (depth > 32) return true;
  if ((s.flags & (kHasMin | kHasMax)) != 0) return true;
  if (s.pattern != Pattern::kNone) return true;
  switch (s.kind) {
    case ShapeKind::kString:
      return (s.flags & kNameOrArn) != 0 || s.b != 0;  // a name rule or an enum
    case ShapeKind::kStructure:
      for (std::uint16_t i = s.a; i < s.a + s.b; ++i) {
        const Member& m = tables::kMembers[i];
        if (m.required || MayBreakConstraint(m.shape, depth + 1)) return true;
      }
      return false;
    case ShapeKind::kList:
      return MayBreakConstraint(s.a, depth + 1);
    case ShapeKind::kMap:
      return MayBreakConstraint(s.a, depth + 1) || MayBreakConstraint(s.b, depth + 1);
    default:  // booleans, blobs, timestamps; AttributeValue is the value codec's to check
      return false;
  }
}

inline constexpr std::size_t kShapeCount = std::size(tables::kShapes);
inline constexpr auto kMayBreak = [] {
  std::array<bool, kShapeCount> may_break{};
  for (std::size_t i = 0; i < kShapeCount; ++i) {
    may_break[i] = MayBreakConstraint(static_cast<std::uint16_t>(i));
  }
  return may_break;
}();

}  // namespace constrained_shapes_internal

// Whether a value of `s` (a shape of the model's tables) can break a reported constraint.
inline bool MayBreak(const Shape& s) {
  return constrained_shapes_internal::kMayBreak[static_cast<std::size_t>(&s - tables::kShapes)];
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model
