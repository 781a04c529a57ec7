// tools/common/glibc_compat.cc, linked into this test as into the portable executables: the
// definitions that replace glibc's newer functions must answer as glibc's do, or the binaries
// that carry them would unwind or seed wrongly on every machine.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <link.h>

#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>

extern "C" std::uint32_t arc4random_uniform(std::uint32_t upper_bound) noexcept;

namespace glibc_compat_test {

[[gnu::noinline]] void ThrowFromDeepInside(int depth) {
  if (depth == 0) throw std::runtime_error("from below");
  ThrowFromDeepInside(depth - 1);
  asm volatile("");  // not a tail call: every frame is unwound
}

TEST(GlibcCompatTest, FindsTheObjectAndItsUnwindTablesOfAnAddress) {
  dl_find_object found{};
  auto* here = reinterpret_cast<void*>(&ThrowFromDeepInside);
  ASSERT_EQ(_dl_find_object(here, &found), 0);
  EXPECT_LE(found.dlfo_map_start, here);
  EXPECT_GT(found.dlfo_map_end, here);
  EXPECT_NE(found.dlfo_eh_frame, nullptr);
  // An address inside the C library is found in the C library's object, not in ours.
  dl_find_object libc{};
  ASSERT_EQ(_dl_find_object(reinterpret_cast<void*>(&dl_iterate_phdr), &libc), 0);
  EXPECT_NE(libc.dlfo_map_start, found.dlfo_map_start);
  // No object maps the null page.
  dl_find_object none{};
  EXPECT_EQ(_dl_find_object(reinterpret_cast<void*>(16), &none), -1);
}

TEST(GlibcCompatTest, ExceptionsUnwindThroughManyFrames) {
  try {
    ThrowFromDeepInside(50);
    FAIL() << "nothing was thrown";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "from below");
  }
}

TEST(GlibcCompatTest, RandomDeviceAndArc4randomGiveSpreadValues) {
  std::random_device device;  // "default": arc4random in GCC 12's libstdc++
  std::set<unsigned> seen;
  for (int i = 0; i < 64; ++i) seen.insert(device());
  EXPECT_GT(seen.size(), 60u);  // 64 draws of 32 bits: a repeat is a 1-in-a-million event
  std::set<std::uint32_t> buckets;
  for (int i = 0; i < 2000; ++i) {
    const std::uint32_t r = arc4random_uniform(10);
    ASSERT_LT(r, 10u);
    buckets.insert(r);
  }
  EXPECT_EQ(buckets.size(), 10u);
  EXPECT_EQ(arc4random_uniform(1), 0u);
  EXPECT_EQ(arc4random_uniform(0), 0u);
}

}  // namespace glibc_compat_test
