// The service's rules for attribute values that arrive already typed (the C++ API), with the
// messages the JSON codec gives for the same mistakes, so that a bad value is refused in the
// same words whichever way it came:
//   - an N, and every NS member, must be a number the service accepts (38 digits, exponent
//     range); it is rewritten to canonical text ("1E+3" -> "1000");
//   - SS, NS and BS must be non-empty and hold no duplicates (NS: numerically equal members);
//   - L and M nest at most 32 levels, the enclosing item counting as one.
// Values built by the JSON codec already satisfy these rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// `level`: 0 for a standalone value, 1 for an item's attribute.
Status NormalizeAttributeValue(AttributeValue& value, int level = 0);
// Every attribute of an item (Item, Key, ExclusiveStartKey, ...).
Status NormalizeItem(Item& item);
// ExpressionAttributeValues: a failure is framed as the service frames it,
// "ExpressionAttributeValues contains invalid value: <why> for key :v".
Status NormalizeExpressionValues(Item& values);

// ---- set order ----------------------------------------------------------------------------------
// The order in which set members are kept and returned. DynamoDB promises no order for the
// members of an SS, NS or BS; DynamoDB Local returns them sorted (SS and BS by their bytes, NS
// by numeric value), and libraries' integration suites written against it assert that order.
// Keeping sets sorted from the moment they are built costs nothing extra: the JSON reader
// already sorts members to find duplicates, and a stored set is sorted when it is written, so
// reading it back only confirms the order (one linear pass).

// Whether `members` of a set of `type` (kSS, kNS or kBS; NS members canonical text) are in
// set order.
bool SetMembersSorted(AttributeType type, const std::vector<std::string>& members);

// Sorts `members` into set order (a no-op pass when they already are).
void SortSetMembers(AttributeType type, std::vector<std::string>& members);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE

// ---- messages -----------------------------------------------------------------------------------
// The service's words for a bad attribute value, in one place for both ways a value arrives:
// the JSON codec (value_json/json_codec.cc) and the rules for values that arrive already typed
// (value_rules.cc), so that the same mistake is refused in the same words either way. The
// spelling is the service's, "An string set" and its double space included.
namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::value_messages {

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

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::value_messages
