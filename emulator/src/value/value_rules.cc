// Typed-value rules (see value_rules.h); the messages are shared with the JSON codec.
#include "value/value_rules.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "value/item_size.h"
#include "value/number.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

using namespace value_messages;  // the service's words, shared by both paths

bool HasDuplicates(const std::vector<std::string>& members) {
  std::vector<std::string_view> sorted(members.begin(), members.end());
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

// The members as they would have been sent: "[a, a]", binaries in base64.
ApiError DuplicateMembers(AttributeType type, const std::vector<std::string>& members) {
  std::string printed = "[";
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i > 0) printed += ", ";
    printed += type == AttributeType::kBS ? Base64Encode(members[i]) : members[i];
  }
  printed += "]";
  return value_messages::DuplicateMembers(type, printed);
}

bool ExceedsNesting(const AttributeValue& v, int level) {
  if (!v.is(AttributeType::kL) && !v.is(AttributeType::kM)) return false;
  if (level + 1 > kMaxNestingDepth) return true;
  if (v.is(AttributeType::kL)) {
    for (const AttributeValue& e : v.list())
      if (ExceedsNesting(e, level + 1)) return true;
  } else {
    for (const auto& [name, e] : v.map())
      if (ExceedsNesting(e, level + 1)) return true;
  }
  return false;
}

Status NormalizeMembers(AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kN: {
      DDBEMU_ASSIGN_OR_RETURN(v.scalar(), CanonicalNumber(v.scalar()));
      return Status::Ok();
    }
    case AttributeType::kSS:
      if (v.set().empty()) return Invalid(kEmptySS);
      if (HasDuplicates(v.set())) return DuplicateMembers(AttributeType::kSS, v.set());
      return Status::Ok();
    case AttributeType::kBS:
      if (v.set().empty()) return Invalid(kEmptyBS);
      if (HasDuplicates(v.set())) return DuplicateMembers(AttributeType::kBS, v.set());
      return Status::Ok();
    case AttributeType::kNS:
      if (v.set().empty()) return Invalid(kEmptyNS);
      for (std::string& member : v.set()) {
        DDBEMU_ASSIGN_OR_RETURN(member, CanonicalNumber(member));
      }
      if (HasDuplicates(v.set())) return ApiError::Validation(std::string(kDuplicateNumbers));
      return Status::Ok();
    case AttributeType::kL:
      for (AttributeValue& e : v.list()) DDBEMU_RETURN_IF_ERROR(NormalizeMembers(e));
      return Status::Ok();
    case AttributeType::kM:
      for (auto& [name, e] : v.map()) DDBEMU_RETURN_IF_ERROR(NormalizeMembers(e));
      return Status::Ok();
    default:
      return Status::Ok();
  }
}

}  // namespace

Status NormalizeAttributeValue(AttributeValue& value, int level) {
  if (ExceedsNesting(value, level)) return ApiError::Validation(std::string(kNesting));
  return NormalizeMembers(value);
}

Status NormalizeItem(Item& item) {
  for (auto& [name, value] : item) DDBEMU_RETURN_IF_ERROR(NormalizeAttributeValue(value, 1));
  return Status::Ok();
}

Status NormalizeExpressionValues(Item& values) {
  for (auto& [name, value] : values) {
    Status status = NormalizeAttributeValue(value, 1);
    if (status.ok()) continue;
    if (status.error().code() != ErrorCode::kValidation) return status;
    return ApiError::Validation("ExpressionAttributeValues contains invalid value: " +
                                status.error().message() + " for key " + name);
  }
  return Status::Ok();
}

namespace {

// std::string's operator< compares bytes as unsigned (char_traits<char>::compare is memcmp),
// which for UTF-8 text is also code point order.
bool NumberLess(const std::string& a, const std::string& b) {
  return CompareCanonicalNumbers(a, b) < 0;
}

}  // namespace

bool SetMembersSorted(AttributeType type, const std::vector<std::string>& members) {
  if (type == AttributeType::kNS) return std::is_sorted(members.begin(), members.end(), NumberLess);
  return std::is_sorted(members.begin(), members.end());
}

void SortSetMembers(AttributeType type, std::vector<std::string>& members) {
  if (SetMembersSorted(type, members)) return;
  if (type == AttributeType::kNS) {
    std::sort(members.begin(), members.end(), NumberLess);
  } else {
    std::sort(members.begin(), members.end());
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
