// Fixed-size sketches of the audit: the keys a shape uses most (KeySketch, "space saving":
// k counters; a new key takes over the smallest, so a key used more often than 1/k of the time
// is always kept), and an item collection's distinct sort keys (CollectionSketch: linear
// counting over a 1024-bit bitmap, accurate to a few percent up to a few thousand keys).
#pragma once

#include <algorithm>
#include <bitset>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ddbemu::audit {

class KeySketch {
 public:
  explicit KeySketch(std::size_t capacity) : capacity_(capacity) {}

  void Add(const std::string& key) {
    for (auto& [k, n] : counts_) {
      if (k == key) {
        ++n;
        return;
      }
    }
    if (counts_.size() < capacity_) {
      counts_.emplace_back(key, 1);
      return;
    }
    auto smallest = counts_.begin();
    for (auto it = counts_.begin(); it != counts_.end(); ++it) {
      if (it->second < smallest->second) smallest = it;
    }
    *smallest = {key, smallest->second + 1};
  }
  // Keys, most used first.
  std::vector<std::string> Top() const {
    auto sorted = counts_;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<std::string> keys;
    for (auto& [k, n] : sorted) keys.push_back(k);
    return keys;
  }

 private:
  std::size_t capacity_;
  std::vector<std::pair<std::string, std::int64_t>> counts_;
};

struct CollectionSketch {
  static constexpr std::size_t kBits = 1024;
  std::string key;  // the partition key, DynamoDB JSON
  std::int64_t puts = 0;
  std::bitset<kBits> sort_keys;

  void Add(std::uint64_t sort_key_hash) {
    ++puts;
    sort_keys.set(sort_key_hash % kBits);
  }
  // Linear counting: n = -m ln(zero bits / m).
  std::int64_t DistinctSortKeys() const {
    const std::size_t zeros = kBits - sort_keys.count();
    if (zeros == 0) return static_cast<std::int64_t>(kBits * std::log(double{kBits}));
    return std::llround(-double{kBits} * std::log(static_cast<double>(zeros) / kBits));
  }
};

}  // namespace ddbemu::audit
