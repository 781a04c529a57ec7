// The DynamoDB API model as constant tables: every operation's input shape tree with the
// model's constraints (required members, length and value bounds, patterns, enums). The data
// is generated from botocore's copy of the model into api_model.inc by tools/gen_api_model.py;
// this header is the hand-written view of it that the request validator walks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model {

enum class ShapeKind : uint8_t {
  kStructure,
  kList,
  kMap,
  kString,
  kBlob,
  kBoolean,
  kInteger,
  kLong,
  kDouble,
  kTimestamp,
  // AttributeValue and everything under it: validated by the value codec, not here.
  kAttributeValue,
};

// The model's string patterns, one hand-written matcher each (MatchesPattern). The
// generator refuses a model with a pattern not listed here.
enum class Pattern : uint8_t {
  kNone,
  kName,          // [a-zA-Z0-9_.-]+  (table, index and backup names)
  kNoDollar,      // ^[^\$]+$
  kS3Bucket,      // ^[a-z0-9A-Z]+[\.\-\w]*[a-z0-9A-Z]+$
  kTwelveDigits,  // [0-9]{12}
  kCsvDelimiter,  // [,;:|\t ]
  kCsvHeader,     // [\x20-\x21\x23-\x2B\x2D-\x7E]*
  kHexBlocks16,   // ([0-9a-f]{16})+
  kXmlChars,      // any XML character
  kPrintable,     // \p{Print}+
};

// Shape::flags
inline constexpr uint8_t kHasMin = 1;
inline constexpr uint8_t kHasMax = 2;
// A TableName typed TableArn (or a TableArn map key): a name or an ARN; a name must also
// satisfy the TableName shape, whose index is in `a`.
inline constexpr uint8_t kNameOrArn = 4;

inline constexpr uint16_t kNoShape = 0xFFFF;

struct Shape {
  ShapeKind kind;
  Pattern pattern;
  uint8_t flags;
  uint16_t name;  // model shape name; for structures also the service's Java class name
  // structure: first member, member count; list: element shape, -; map: key shape, value
  // shape; string with enum: first value, value count; kNameOrArn: name shape, -.
  uint16_t a;
  uint16_t b;
  int64_t min;  // length (string, list, map) or value (numbers), when kHasMin
  int64_t max;

  bool has_min() const { return flags & kHasMin; }
  bool has_max() const { return flags & kHasMax; }
};

struct Member {
  uint16_t name;
  uint16_t shape;
  bool required;
  uint8_t model_position;  // members are stored in the service's check order
};

struct Operation {
  uint16_t name;
  uint16_t input;  // kNoShape if the operation takes no input
  // A missing TableName is "The parameter 'TableName' is required but was not present in
  // the request" rather than a "Member must not be null" constraint error.
  bool table_name_required_message;
};

namespace tables {
#include "api/api_model.inc"
}  // namespace tables

// The accessors are inline: the validator calls them for every member of every request.
inline std::string_view Str(uint16_t index) { return tables::kStrings[index]; }
inline const Shape& GetShape(uint16_t index) { return tables::kShapes[index]; }
inline std::span<const Member> Members(const Shape& structure) {
  return {tables::kMembers + structure.a, structure.b};
}
// The enum values of a string shape, in the order the service lists them; empty if none.
inline std::span<const std::string_view> EnumValues(const Shape& string) {
  if (string.kind != ShapeKind::kString || (string.flags & kNameOrArn)) return {};
  return {tables::kStrings + string.a, string.b};
}
// The member of `structure` named `name`, or null.
inline const Member* FindMember(const Shape& structure, std::string_view name) {
  if (name.empty()) return nullptr;  // no member of the model has an empty name
  for (const Member& m : Members(structure)) {
    // The length and the first byte rule out nearly every other member without a call to
    // memcmp (the validator looks up each member of every request body).
    const std::string_view candidate = Str(m.name);
    if (candidate.size() == name.size() && candidate[0] == name[0] && candidate == name) return &m;
  }
  return nullptr;
}
inline constexpr size_t kMaxStructureMembers = tables::kMaxStructureMembers;

inline std::span<const Operation> Operations() { return tables::kOperations; }
// Null if `name` is not an operation of the model.
const Operation* FindOperation(std::string_view name);

// Whether `text` (UTF-8) matches `pattern` as a whole, as Java's String.matches would.
bool MatchesPattern(Pattern pattern, std::string_view text);
// The pattern as the model (and so the service's message) writes it.
std::string_view PatternText(Pattern pattern);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model
