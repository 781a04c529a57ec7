// RequestCharge: what one request consumed, split the way ConsumedCapacity reports it — the
// table's share and each secondary index's (ReturnConsumedCapacity INDEXES) — in half-units.
// ops/ fills it while it reads and writes; the response shows it; the limiters are charged the
// same amounts (throughput_limits.h's Demand places them on partitions and keys).
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "capacity/capacity_units.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

struct IndexCharge {
  std::string name;
  bool is_local = false;  // LocalSecondaryIndexes, else GlobalSecondaryIndexes
  HalfUnits read = 0;
  HalfUnits write = 0;
};

struct RequestCharge {
  HalfUnits table_read = 0;
  HalfUnits table_write = 0;
  std::vector<IndexCharge> indexes;  // only indexes charged, in the order first charged
  // VectorWriteRequestBytes of each vector index whose entry the write changed (bytes, not
  // capacity units: never part of the totals).
  std::vector<std::pair<std::string, double>> vector_write_bytes;

  void AddIndex(const std::string& name, bool is_local, HalfUnits read, HalfUnits write) {
    for (IndexCharge& index : indexes) {
      if (index.name == name) {
        index.read += read;
        index.write += write;
        return;
      }
    }
    indexes.push_back(IndexCharge{name, is_local, read, write});
  }
  // Adds another request's charge of the same table (a batch's items, a transaction's).
  void Add(const RequestCharge& other) {
    table_read += other.table_read;
    table_write += other.table_write;
    for (const IndexCharge& index : other.indexes) {
      AddIndex(index.name, index.is_local, index.read, index.write);
    }
    // A batch's or a transaction's items each pay their own VectorWriteRequestBytes (each
    // above the 1 KB minimum on its own), summed by index.
    // (No structured binding here: Clang 14 cannot capture one in the lambda.)
    for (const auto& added : other.vector_write_bytes) {
      auto it = std::find_if(vector_write_bytes.begin(), vector_write_bytes.end(),
                             [&](const auto& entry) { return entry.first == added.first; });
      if (it == vector_write_bytes.end()) {
        vector_write_bytes.push_back(added);
      } else {
        it->second += added.second;
      }
    }
  }
  HalfUnits read() const {
    HalfUnits sum = table_read;
    for (const IndexCharge& index : indexes) sum += index.read;
    return sum;
  }
  HalfUnits write() const {
    HalfUnits sum = table_write;
    for (const IndexCharge& index : indexes) sum += index.write;
    return sum;
  }
  HalfUnits total() const { return read() + write(); }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
