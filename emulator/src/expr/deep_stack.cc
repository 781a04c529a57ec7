// A thread with a large stack for deeply nested expressions; see parser_internal.h.
#include "expr/parser_internal.h"

#include <pthread.h>

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

void* Trampoline(void* arg) {
  (*static_cast<const std::function<void()>*>(arg))();
  return nullptr;
}

}  // namespace

std::size_t NestingBound(std::string_view text) {
  const auto word_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '#' || c == ':';
  };
  std::size_t depth = 0, deepest = 0, nots = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ')' && depth > 0) {
      --depth;
    } else if ((c == 'n' || c == 'N') && i + 3 <= text.size() &&
               (i == 0 || !word_char(text[i - 1])) &&
               (i + 3 == text.size() || !word_char(text[i + 3])) &&
               (text[i + 1] == 'o' || text[i + 1] == 'O') &&
               (text[i + 2] == 't' || text[i + 2] == 'T')) {
      ++nots;
    }
  }
  return deepest + nots;
}

void RunOnLargeStack(std::size_t stack_bytes, const std::function<void()>& fn) {
  pthread_attr_t attr;
  pthread_t thread;
  bool started = false;
  if (pthread_attr_init(&attr) == 0) {
    started =
        pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
        pthread_create(&thread, &attr, &Trampoline, const_cast<std::function<void()>*>(&fn)) == 0;
    pthread_attr_destroy(&attr);
  }
  if (started) {
    pthread_join(thread, nullptr);
  } else {
    fn();
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
