// constrained_shapes.h: the shapes whose values the validator's constraint pass may skip.
#include "api/constrained_shapes.h"

#include <gtest/gtest.h>

#include <string_view>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model {
namespace constrained_shapes_test {

const Shape& MemberShape(std::string_view operation, std::string_view member) {
  const Operation* op = FindOperation(operation);
  EXPECT_NE(op, nullptr) << operation;
  const Member* m = FindMember(GetShape(op->input), member);
  EXPECT_NE(m, nullptr) << member;
  return GetShape(m->shape);
}

TEST(ConstrainedShapesTest, ReadRequestMembers) {
  EXPECT_TRUE(MayBreak(MemberShape("Query", "TableName")));      // name rules
  EXPECT_TRUE(MayBreak(MemberShape("Query", "IndexName")));      // pattern and length
  EXPECT_TRUE(MayBreak(MemberShape("Query", "Limit")));          // minimum value
  EXPECT_TRUE(MayBreak(MemberShape("Query", "Select")));         // enum
  EXPECT_TRUE(MayBreak(MemberShape("Query", "KeyConditions")));  // required members below
  EXPECT_FALSE(MayBreak(MemberShape("Query", "KeyConditionExpression")));
  EXPECT_FALSE(MayBreak(MemberShape("Query", "ConsistentRead")));
  EXPECT_TRUE(MayBreak(MemberShape("BatchGetItem", "RequestItems")));
}

TEST(ConstrainedShapesTest, EveryShapeWithAConstraintOrARequiredMemberMayBreakOne) {
  for (std::size_t i = 0; i < std::size(tables::kShapes); ++i) {
    const Shape& s = tables::kShapes[i];
    const bool own = s.has_min() || s.has_max() || s.pattern != Pattern::kNone ||
                     (s.flags & kNameOrArn) != 0 || !EnumValues(s).empty();
    if (own) {
      EXPECT_TRUE(MayBreak(s)) << Str(s.name);
    }
    if (s.kind == ShapeKind::kStructure) {
      for (const Member& m : Members(s)) {
        if (m.required || MayBreak(GetShape(m.shape))) {
          EXPECT_TRUE(MayBreak(s)) << Str(s.name);
        }
      }
    }
    if (s.kind == ShapeKind::kList && MayBreak(GetShape(s.a))) {
      EXPECT_TRUE(MayBreak(s)) << Str(s.name);
    }
    if (s.kind == ShapeKind::kMap && (MayBreak(GetShape(s.a)) || MayBreak(GetShape(s.b)))) {
      EXPECT_TRUE(MayBreak(s)) << Str(s.name);
    }
    if (s.kind == ShapeKind::kAttributeValue || s.kind == ShapeKind::kBoolean) {
      EXPECT_FALSE(MayBreak(s)) << Str(s.name);
    }
  }
}

}  // namespace constrained_shapes_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model
