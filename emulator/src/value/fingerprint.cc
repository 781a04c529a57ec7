// Two independent 64-bit lanes over 8-byte words (multiply, rotate, xor: the round of
// xxHash64 and MurmurHash3), each finished with MurmurHash3's 64-bit avalanche.
#include "value/digests.h"

#include <cstdint>
#include <cstring>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

constexpr std::uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
constexpr std::uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
constexpr std::uint64_t kPrime3 = 0x165667B19E3779F9ULL;
constexpr std::uint64_t kPrime4 = 0x85EBCA77C2B2AE63ULL;

std::uint64_t Rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

std::uint64_t Round(std::uint64_t acc, std::uint64_t word, std::uint64_t p1, std::uint64_t p2) {
  acc += word * p2;
  acc = Rotl(acc, 31);
  return acc * p1;
}

std::uint64_t Avalanche(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDULL;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ULL;
  h ^= h >> 33;
  return h;
}

std::uint64_t LoadWord(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;  // byte order does not matter within one machine's stored fingerprints
}

}  // namespace

std::string Fingerprint128(std::string_view bytes) {
  std::uint64_t a = kPrime3 ^ bytes.size();
  std::uint64_t b = kPrime4 + bytes.size();
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    const std::uint64_t w = LoadWord(bytes.data() + i);
    a = Round(a, w, kPrime1, kPrime2);
    b = Round(b, w, kPrime2, kPrime3);
  }
  char tail[8] = {};
  std::memcpy(tail, bytes.data() + i, bytes.size() - i);
  const std::uint64_t w = LoadWord(tail) ^ (bytes.size() - i);
  a = Avalanche(Round(a, w, kPrime1, kPrime2));
  b = Avalanche(Round(b, w, kPrime2, kPrime3) ^ a);
  std::string out(16, '\0');
  std::memcpy(out.data(), &a, 8);
  std::memcpy(out.data() + 8, &b, 8);
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
