// ProjectionExpression: each row was sent to DynamoDB Local (1.25) as a GetItem of kItem and
// holds the item returned. Structure is kept down to each path; list elements keep their order
// and are packed; paths that do not resolve add nothing.
#include "expr/evaluator.h"

#include <gtest/gtest.h>

#include "expr/expressions.h"
#include "expr_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace projection_test {

using testing::ItemFromJsonText;
using testing::ItemToJsonText;
using testing::NamesFor;

constexpr const char* kItem =
    R"json({"pk": {"S": "pj"}, "s": {"S": "str"}, "n": {"N": "5"}, "l": {"L": [{"S": "e0"}, {"M": {"x": {"N": "1"}, "y": {"N": "2"}}}, {"L": [{"S": "a"}, {"S": "b"}]}]}, "m": {"M": {"x": {"N": "1"}, "y": {"M": {"z": {"S": "deep"}, "w": {"S": "w"}}}}}, "ss": {"SS": ["a", "b"]}, "nmx": {"M": {"nmy": {"S": "named"}}}})json";

struct Case {
  const char* projection;
  const char* result;  // DynamoDB JSON
};

// clang-format off
const Case kCases[] = {
    {"l[1]", "{\"l\": {\"L\": [{\"M\": {\"x\": {\"N\": \"1\"}, \"y\": {\"N\": \"2\"}}}]}}"},
    {"l[1].x", "{\"l\": {\"L\": [{\"M\": {\"x\": {\"N\": \"1\"}}}]}}"},
    {"l[1].x, l[2][1]", "{\"l\": {\"L\": [{\"M\": {\"x\": {\"N\": \"1\"}}}, {\"L\": [{\"S\": \"b\"}]}]}}"},
    {"l[0], l[2]", "{\"l\": {\"L\": [{\"S\": \"e0\"}, {\"L\": [{\"S\": \"a\"}, {\"S\": \"b\"}]}]}}"},
    {"l[2], l[0]", "{\"l\": {\"L\": [{\"S\": \"e0\"}, {\"L\": [{\"S\": \"a\"}, {\"S\": \"b\"}]}]}}"},
    {"l[5]", "{}"},
    {"l[1].zz", "{}"},
    {"m.y.z", "{\"m\": {\"M\": {\"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}"},
    {"m.y.z, m.x", "{\"m\": {\"M\": {\"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}"},
    {"m.zz", "{}"},
    {"s.x", "{}"},
    {"s[0]", "{}"},
    {"m[0]", "{}"},
    {"l.x", "{}"},
    {"ss[0]", "{}"},
    {"l[2][0], l[1]", "{\"l\": {\"L\": [{\"M\": {\"x\": {\"N\": \"1\"}, \"y\": {\"N\": \"2\"}}}, {\"L\": [{\"S\": \"a\"}]}]}}"},
    {"l[1].y, l[1].x", "{\"l\": {\"L\": [{\"M\": {\"x\": {\"N\": \"1\"}, \"y\": {\"N\": \"2\"}}}]}}"},
    {"pk, s", "{\"pk\": {\"S\": \"pj\"}, \"s\": {\"S\": \"str\"}}"},
    {"zz", "{}"},
    {"l[0], l[1].x, l[1].y", "{\"l\": {\"L\": [{\"S\": \"e0\"}, {\"M\": {\"x\": {\"N\": \"1\"}, \"y\": {\"N\": \"2\"}}}]}}"},
    {"#x.#y", "{\"nmx\": {\"M\": {\"nmy\": {\"S\": \"named\"}}}}"},
    {"l[2][1], l[2][0]", "{\"l\": {\"L\": [{\"L\": [{\"S\": \"a\"}, {\"S\": \"b\"}]}]}}"},
    {"s, n, ss", "{\"n\": {\"N\": \"5\"}, \"s\": {\"S\": \"str\"}, \"ss\": {\"SS\": [\"a\", \"b\"]}}"},
    {"m", "{\"m\": {\"M\": {\"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"w\": {\"S\": \"w\"}, \"z\": {\"S\": \"deep\"}}}}}}"},
    {"m.y", "{\"m\": {\"M\": {\"y\": {\"M\": {\"w\": {\"S\": \"w\"}, \"z\": {\"S\": \"deep\"}}}}}}"},
    {"l[1].x, l[1].zz", "{\"l\": {\"L\": [{\"M\": {\"x\": {\"N\": \"1\"}}}]}}"},
    {"zz, s", "{\"s\": {\"S\": \"str\"}}"},
    {"m.y.zz, m.x", "{\"m\": {\"M\": {\"x\": {\"N\": \"1\"}}}}"},
};
// clang-format on

Item ProjectText(std::string_view text, const Item& item) {
  const AttributeNames names = NamesFor(text);
  ExpressionContext context(names.empty() ? nullptr : &names, nullptr);
  Result<ProjectionExpression> parsed = ParseProjection(text);
  EXPECT_TRUE(parsed.ok()) << text;
  if (!parsed.ok()) return {};
  Result<ProjectionExpression> bound = BindProjection(*parsed, context);
  EXPECT_TRUE(bound.ok()) << text;
  if (!bound.ok()) return {};
  return Project(item, bound->paths);
}

class RecordedProjectionTest : public ::testing::TestWithParam<Case> {};

TEST_P(RecordedProjectionTest, MatchesTheService) {
  static const Item item = ItemFromJsonText(kItem);
  const Item projected = ProjectText(GetParam().projection, item);
  EXPECT_EQ(projected, ItemFromJsonText(GetParam().result))
      << GetParam().projection << "\n  got: " << ItemToJsonText(projected);
}

INSTANTIATE_TEST_SUITE_P(AgainstOneItem, RecordedProjectionTest, ::testing::ValuesIn(kCases));

TEST(ProjectionTest, OverlappingPathsKeepTheWholeShorterOne) {
  // Binding rejects overlapping paths; ReturnValues may still pass several into one attribute.
  const Item item = ItemFromJsonText(R"({"a": {"M": {"b": {"N": "1"}, "c": {"N": "2"}}}})");
  const Item projected = Project(item, {MakePath({PathElement::Name("a"), PathElement::Name("b")}),
                                        MakePath({PathElement::Name("a")})});
  EXPECT_EQ(projected, item);
}

TEST(ProjectionTest, EmptyPathListProjectsNothing) {
  const Item item = ItemFromJsonText(R"({"a": {"N": "1"}})");
  EXPECT_TRUE(Project(item, {}).empty());
}

}  // namespace projection_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
