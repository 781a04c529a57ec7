// Running a function on a thread with a large stack. The expression parser recurses once per
// nesting level, and the 4 KB expression limit allows about 4096 levels ("((((...", "f(f(f(...");
// on such input the parse runs on a dedicated stack, so that it cannot overflow the caller's
// (a server thread's or a fuzzer's) whatever its size. Ordinary expressions never pay for it.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace ddbemu::expr {

// An upper bound of the depth of the tree the parser builds from `text`: the deepest nesting of
// parentheses plus the number of NOT keywords (a chain of NOTs nests without parentheses).
std::size_t NestingBound(std::string_view text);

// Runs `fn` on a new thread with a `stack_bytes` stack and waits for it; runs it on the calling
// thread if no such thread can be created.
void RunOnLargeStack(std::size_t stack_bytes, const std::function<void()>& fn);

}  // namespace ddbemu::expr
