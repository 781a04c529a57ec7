#include "server/request_id.h"

#include <random>

namespace ddbemu::server {
namespace {

// splitmix64's finalizer: a bijection on 64-bit values, so distinct inputs give distinct ids.
std::uint64_t Mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

RequestIdGenerator::RequestIdGenerator()
    : seed_((std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}()) {}

std::string RequestIdGenerator::Next() {
  std::string id;
  NextInto(id);
  return id;
}

void RequestIdGenerator::NextInto(std::string& id) {
  // 32 symbols, all within the service's [0-9A-Z] alphabet: 5 bits per character.
  static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
  const std::uint64_t n = counter_.fetch_add(1, std::memory_order_relaxed);
  // The first 64 bits (12 characters + 4 bits) are Mix(n ^ seed): unique per request. The rest
  // only needs to look random.
  std::uint64_t words[5];
  words[0] = Mix(n ^ seed_);
  for (int i = 1; i < 5; ++i) words[i] = Mix(words[i - 1] + seed_ + static_cast<std::uint64_t>(i));
  id.assign(kLength, '0');
  for (std::size_t i = 0; i < kLength; ++i) {
    const std::size_t bit = i * 5;  // 52 * 5 = 260 bits of the 320 available
    const std::size_t w = bit / 64, off = bit % 64;
    std::uint64_t v = words[w] >> off;
    if (off > 59) v |= words[w + 1] << (64 - off);
    id[i] = kAlphabet[v & 31];
  }
}

}  // namespace ddbemu::server
