// Request bodies mutated the way a fuzzer would, for tests that compare two parses on them:
// overwrite or insert one of `specials` (bytes that matter to a JSON parse), drop a byte, or cut
// the end; one to three edits a body.
#pragma once

#include <cstddef>
#include <random>
#include <string>
#include <string_view>

namespace ddbemu::testing {

inline std::string MutatedBody(std::mt19937& random, std::string body, std::string_view specials) {
  const int edits = 1 + static_cast<int>(random() % 3);
  for (int e = 0; e < edits && !body.empty(); ++e) {
    const std::size_t at = random() % body.size();
    switch (random() % 4) {
      case 0:
        body[at] = specials[random() % specials.size()];
        break;
      case 1:
        body.insert(body.begin() + static_cast<std::ptrdiff_t>(at),
                    specials[random() % specials.size()]);
        break;
      case 2:
        body.erase(at, 1);
        break;
      default:
        body.resize(at);
    }
  }
  return body;
}

}  // namespace ddbemu::testing
