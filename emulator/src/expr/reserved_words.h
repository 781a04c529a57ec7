// DynamoDB's reserved words: an attribute name written literally in an expression must not be
// one of them ("Attribute name is a reserved keyword; reserved keyword: x"); the caller writes
// "#alias" instead.
#pragma once

#include <string_view>

namespace ddbemu::expr {

// True when `word` is reserved. The list is not case-sensitive ("Reserved words in DynamoDB").
bool IsReservedWord(std::string_view word);

}  // namespace ddbemu::expr
