// Set member order (see set_order.h).
#include "value/set_order.h"

#include <algorithm>

#include "value/number.h"

namespace ddbemu {
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

}  // namespace ddbemu
