// Fixed-size sketches of the audit: the keys a shape uses most (KeySketch, "space saving":
// k counters; a new key takes over the smallest, so a key used more often than 1/k of the time
// is always kept), and an item collection's distinct sort keys (CollectionSketch: linear
// counting over a 1024-bit bitmap, accurate to a few percent up to a few thousand keys).
// Keys are compared by a 64-bit hash; a key's label (its DynamoDB JSON) is written only when
// the key takes a counter, into that counter's string, so that a request whose key is already
// counted costs no allocation and no JSON.
#pragma once

#include <algorithm>
#include <bitset>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

class KeySketch {
 public:
  explicit KeySketch(std::size_t capacity) : capacity_(capacity) { counts_.reserve(capacity); }

  // Counts the key of hash `hash`; `write_label(std::string&)` writes its label, or what the
  // caller makes one from later (AccessAudit: CaptureKey), into a cleared string when the key
  // takes a counter.
  template <class WriteLabel>
  void Add(std::uint64_t hash, WriteLabel&& write_label) {
    for (Counter& c : counts_) {
      if (c.hash == hash) {
        ++c.count;
        return;
      }
    }
    if (counts_.size() < capacity_) {
      counts_.push_back(Counter{hash, 1, {}});
      write_label(counts_.back().label);
      return;
    }
    auto smallest =
        std::min_element(counts_.begin(), counts_.end(),
                         [](const Counter& a, const Counter& b) { return a.count < b.count; });
    smallest->hash = hash;
    ++smallest->count;
    smallest->label.clear();  // keeps its capacity: no allocation once warm
    write_label(smallest->label);
  }
  // Labels, most used first.
  std::vector<std::string> Top() const {
    std::vector<const Counter*> sorted;
    for (const Counter& c : counts_) sorted.push_back(&c);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Counter* a, const Counter* b) { return a->count > b->count; });
    std::vector<std::string> labels;
    for (const Counter* c : sorted) labels.push_back(c->label);
    return labels;
  }

 private:
  struct Counter {
    std::uint64_t hash;
    std::int64_t count;
    std::string label;
  };
  std::size_t capacity_;
  std::vector<Counter> counts_;
};

struct CollectionSketch {
  static constexpr std::size_t kBits = 1024;
  std::uint64_t hash = 0;  // of the partition key
  std::string key;         // the partition key, DynamoDB JSON
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

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
