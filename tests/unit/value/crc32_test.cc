// Crc32 (the x-amz-crc32 header) equals zlib's crc32() for every length and alignment, on
// both of its paths (folded with PCLMULQDQ from 64 bytes where the CPU has it; zlib below).
#include "value/digests.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <random>
#include <string>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace crc32_test {

std::uint32_t Zlib(std::string_view bytes) {
  return static_cast<std::uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

TEST(Crc32, KnownValues) {
  EXPECT_EQ(Crc32(""), 0u);
  EXPECT_EQ(Crc32("123456789"), 0xCBF43926u);  // the CRC-32 check value
  EXPECT_EQ(Crc32(std::string(64, '\0')), Zlib(std::string(64, '\0')));
}

TEST(Crc32, MatchesZlibForEveryLengthAndAlignment) {
  std::mt19937 random(11);
  std::string buffer(4200, '\0');
  for (char& c : buffer) c = static_cast<char>(random());
  for (std::size_t offset = 0; offset < 16; ++offset) {
    for (std::size_t size = 0; size + offset <= 1100; ++size) {
      const std::string_view bytes(buffer.data() + offset, size);
      ASSERT_EQ(Crc32(bytes), Zlib(bytes)) << "offset " << offset << " size " << size;
    }
  }
  for (std::size_t size : {4095u, 4096u, 4097u, 4183u}) {
    ASSERT_EQ(Crc32({buffer.data() + 1, size}), Zlib({buffer.data() + 1, size})) << size;
  }
}

// Each way of computing it (the one Crc32 takes depends on the CPU) matches zlib; a kernel the
// CPU lacks is reported as such.
TEST(Crc32, EveryKernelMatchesZlib) {
  std::mt19937 random(12);
  std::string buffer(9000, '\0');
  for (char& c : buffer) c = static_cast<char>(random());
  for (Crc32Kernel kernel :
       {Crc32Kernel::kBest, Crc32Kernel::kSse, Crc32Kernel::kAvx, Crc32Kernel::kZlib}) {
    std::uint32_t crc = 0;
    if (!Crc32With(kernel, "123456789", &crc)) {
      EXPECT_NE(kernel, Crc32Kernel::kBest);
      EXPECT_NE(kernel, Crc32Kernel::kZlib);
      continue;
    }
    EXPECT_EQ(crc, 0xCBF43926u);
    for (std::size_t offset = 0; offset < 16; offset += 5) {
      for (std::size_t size = 0; size + offset <= 700; ++size) {
        const std::string_view bytes(buffer.data() + offset, size);
        ASSERT_TRUE(Crc32With(kernel, bytes, &crc));
        ASSERT_EQ(crc, Zlib(bytes))
            << static_cast<int>(kernel) << " offset " << offset << " size " << size;
      }
    }
    for (std::size_t size : {1023u, 1024u, 4096u, 4097u, 8191u, 8960u}) {
      ASSERT_TRUE(Crc32With(kernel, {buffer.data() + 3, size}, &crc));
      ASSERT_EQ(crc, Zlib({buffer.data() + 3, size})) << static_cast<int>(kernel) << " " << size;
    }
  }
}

TEST(Crc32, AllOnesAndSingleBitsMatchZlib) {
  for (std::size_t size : {64u, 65u, 79u, 80u, 127u, 128u, 200u}) {
    const std::string ones(size, '\xff');
    EXPECT_EQ(Crc32(ones), Zlib(ones)) << size;
    for (std::size_t bit = 0; bit < size * 8; bit += 37) {
      std::string one_bit(size, '\0');
      one_bit[bit / 8] = static_cast<char>(1u << (bit % 8));
      ASSERT_EQ(Crc32(one_bit), Zlib(one_bit)) << size << " bit " << bit;
    }
  }
}

}  // namespace crc32_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
