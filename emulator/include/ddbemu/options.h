// Options for opening a Database.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "ddbemu/clock.h"

namespace ddbemu {

enum class Durability {
  kFsync,  // a committed write is on disk before the call returns (survives kill -9 and power loss)
  kNone,   // no fsync: survives kill -9 of the process (the OS has the pages), not power loss
};

struct Options {
  // Data directory (created if missing). Ignored when in_memory is true.
  std::string path;
  // A private temporary directory, removed when the Database closes (DynamoDB Local's -inMemory).
  bool in_memory = false;
  Durability durability = Durability::kFsync;
  // One set of tables for every access key and region (DynamoDB Local's -sharedDb). When false,
  // each (access key id, region) pair of the RequestContext sees its own tables.
  bool shared_db = false;
  // Upper bound of the LMDB memory map: the most data the database can hold.
  std::size_t map_size_bytes = std::size_t{64} << 30;
  // Apply per-partition and per-table throughput limits (docs/capacity.md). Off for raw-speed runs.
  bool throttle = true;
  // The clock for every timer and bucket; null means a SystemClock.
  std::shared_ptr<Clock> clock;
};

}  // namespace ddbemu
