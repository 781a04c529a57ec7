#include "server/request_id.h"

#include <array>
#include <cstring>
#include <random>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace {

// splitmix64's finalizer: a bijection on 64-bit values, so distinct inputs give distinct ids.
std::uint64_t Mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// 32 symbols, all within the service's [0-9A-Z] alphabet: 5 bits per character.
constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

// The two characters of every 10 bits (the low 5 bits first): an id is written two characters
// per step, half the steps of one per character (a table of 2 KB, read-only).
constexpr auto kPairs = [] {
  std::array<std::array<char, 2>, 1024> pairs{};
  for (std::size_t bits = 0; bits < pairs.size(); ++bits) {
    pairs[bits] = {kAlphabet[bits & 31], kAlphabet[bits >> 5]};
  }
  return pairs;
}();

}  // namespace

RequestIdGenerator::RequestIdGenerator()
    : seed_((std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}()) {}

std::string RequestIdGenerator::Next() {
  std::string id;
  NextInto(id);
  return id;
}

void RequestIdGenerator::NextInto(std::string& id) {
  const std::uint64_t n = counter_.fetch_add(1, std::memory_order_relaxed);
  // The first 64 bits (12 characters + 4 bits) are Mix(n ^ seed): unique per request. The rest
  // only needs to look random.
  std::uint64_t words[5];
  words[0] = Mix(n ^ seed_);
  for (int i = 1; i < 5; ++i) words[i] = Mix(words[i - 1] + seed_ + static_cast<std::uint64_t>(i));
  // Character i is bits 5i..5i+4 of the words taken as one little-endian number, taken 12 at a
  // time: each run of 60 bits is gathered into one 64-bit value first.
  // (Whole runs of 12, so that the compiler unrolls them: the last one runs past kLength.)
  constexpr std::size_t kRuns = (kLength + 11) / 12;
  char text[kRuns * 12];
  for (std::size_t run = 0; run < kRuns; ++run) {
    const std::size_t bit = run * 60, w = bit / 64, off = bit % 64;
    std::uint64_t v = words[w] >> off;
    // Fewer than 60 bits left in words[w]: the rest from the next (the last run's past the
    // 320 bits are never used).
    if (off > 4 && w + 1 < 5) v |= words[w + 1] << (64 - off);
    for (std::size_t i = 0; i < 12; i += 2, v >>= 10) {
      std::memcpy(text + run * 12 + i, kPairs[v & 1023].data(), 2);
    }
  }
  // A kept id string (a reused reply's header) already has the length: no reallocation and no
  // replace, one copy.
  id.resize(kLength);
  std::memcpy(id.data(), text, kLength);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
