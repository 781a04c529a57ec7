// The order in which set members are kept and returned. DynamoDB promises no order for the
// members of an SS, NS or BS; DynamoDB Local returns them sorted (SS and BS by their bytes, NS
// by numeric value), and libraries' integration suites written against it assert that order.
// Keeping sets sorted from the moment they are built costs nothing extra: the JSON reader
// already sorts members to find duplicates, and a stored set is sorted when it is written, so
// reading it back only confirms the order (one linear pass).
#pragma once

#include <string>
#include <vector>

#include "ddbemu/attribute_value.h"

namespace ddbemu {

// Whether `members` of a set of `type` (kSS, kNS or kBS; NS members canonical text) are in
// set order.
bool SetMembersSorted(AttributeType type, const std::vector<std::string>& members);

// Sorts `members` into set order (a no-op pass when they already are).
void SortSetMembers(AttributeType type, std::vector<std::string>& members);

}  // namespace ddbemu
