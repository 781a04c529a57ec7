// Definitions, inside the portable executables, of the glibc functions newer than the glibc
// floor of cmake/ddbemuPortable.cmake that the statically linked GCC runtime refers to. A
// definition in the executable satisfies those references at link time, so the binary carries
// no versioned reference to them and loads on an older glibc; each behaves as glibc's does.
#include <errno.h>
#include <sys/random.h>

#include <cstddef>
#include <cstdint>

namespace {

// getrandom(2) (glibc 2.25) with the interruptions and short reads retried, as arc4random
// does: it never fails, it blocks only until the kernel's pool is first initialised.
void FillRandom(void* buffer, std::size_t size) {
  auto* bytes = static_cast<unsigned char*>(buffer);
  while (size > 0) {
    const ssize_t n = getrandom(bytes, size, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      __builtin_trap();  // glibc's arc4random aborts too when no randomness can be had
    }
    bytes += n;
    size -= static_cast<std::size_t>(n);
  }
}

}  // namespace

extern "C" {

// libstdc++'s std::random_device ("default" and "arc4random" tokens) since GCC 12.
std::uint32_t arc4random() noexcept {
  std::uint32_t value;
  FillRandom(&value, sizeof value);
  return value;
}

void arc4random_buf(void* buffer, std::size_t size) noexcept { FillRandom(buffer, size); }

std::uint32_t arc4random_uniform(std::uint32_t upper_bound) noexcept {
  if (upper_bound < 2) return 0;
  // Rejection sampling: values below 2^32 mod upper_bound would make the low residues likelier.
  const std::uint32_t min = -upper_bound % upper_bound;
  for (;;) {
    const std::uint32_t r = arc4random();
    if (r >= min) return r % upper_bound;
  }
}

}  // extern "C"
