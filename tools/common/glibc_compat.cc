// Definitions, inside the portable executables, of the glibc functions newer than the glibc
// floor of cmake/ddbemuPortable.cmake that the statically linked GCC runtime refers to
// (arc4random for std::random_device, _dl_find_object for the unwinder). A
// definition in the executable satisfies those references at link time, so the binary carries
// no versioned reference to them and loads on an older glibc; each behaves as glibc's does.
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
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

// What dl_iterate_phdr's callback looks for: the loaded object whose segment holds `pc`.
struct ObjectSearch {
  std::uintptr_t pc;
  dl_find_object* result;
  bool found;
};

int FindObjectOf(dl_phdr_info* info, std::size_t, void* data) {
  auto* search = static_cast<ObjectSearch*>(data);
  const ElfW(Phdr)* eh_frame = nullptr;
  std::uintptr_t start = UINTPTR_MAX, end = 0;
  bool holds_pc = false;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_GNU_EH_FRAME) eh_frame = &ph;
    if (ph.p_type != PT_LOAD) continue;
    const std::uintptr_t lo = info->dlpi_addr + ph.p_vaddr, hi = lo + ph.p_memsz;
    if (lo < start) start = lo;
    if (hi > end) end = hi;
    if (search->pc >= lo && search->pc < hi) holds_pc = true;
  }
  if (!holds_pc) return 0;
  search->found = true;
  *search->result = dl_find_object{};
  search->result->dlfo_map_start = reinterpret_cast<void*>(start);
  search->result->dlfo_map_end = reinterpret_cast<void*>(end);
  search->result->dlfo_eh_frame =
      eh_frame ? reinterpret_cast<void*>(info->dlpi_addr + eh_frame->p_vaddr) : nullptr;
  return 1;
}

}  // namespace

extern "C" {

// The GCC runtime's unwinder (libgcc_eh, GCC 12) finds a frame's unwind tables with this when
// the glibc it was built on has it (2.35), and then never falls back, so it must answer as
// glibc's does: the object holding the address, and its PT_GNU_EH_FRAME segment. Found here
// with dl_iterate_phdr (glibc 2.2.5), which is what libgcc itself used before: slower than
// glibc's lock-free table, but only exceptions unwind, and the engine returns errors as values.
int _dl_find_object(void* address, dl_find_object* result) noexcept {
  ObjectSearch search{reinterpret_cast<std::uintptr_t>(address), result, false};
  dl_iterate_phdr(FindObjectOf, &search);
  return search.found ? 0 : -1;
}

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
