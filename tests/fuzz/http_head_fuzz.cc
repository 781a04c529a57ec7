// libFuzzer target for the plain request head (server/http_head.h): for any bytes and limits,
// when ParsePlainRequest accepts a request, Beast's parser (read as connection.cc reads it,
// tests/unit/server/http_head_reference.h) must accept it too and read it identically:
// method, target, version, keep-alive, every field in order, the router's named fields, body
// and bytes consumed. A difference aborts. (The fast path may leave any request to Beast.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "../unit/server/http_head_reference.h"

namespace {

// The first byte picks the limits: the server's defaults, or small ones so that requests
// meet them at their edges.
struct Limits {
  std::size_t header, body;
};
constexpr Limits kLimits[] = {{64 * 1024, 16 << 20}, {64, 8}, {128, 2}, {200, 0}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Limits limits = kLimits[data[0] % 4];
  const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto fast = ddbemu::server::testing::ReadPlain(bytes, limits.header, limits.body);
  if (!fast) return 0;
  const auto beast = ddbemu::server::testing::ReadWithBeast(bytes, limits.header, limits.body);
  if (!beast || !(*fast == *beast)) std::abort();
  return 0;
}
