// Soak sampling: a server's resident memory split into its heap (anonymous pages) and the
// database file's pages mapped by LMDB (file-backed pages of data.mdb), from /proc/PID/smaps.
#pragma once

#include <cstdint>
#include <string>

namespace hrbench {

struct MemorySample {
  bool ok = false;
  std::uint64_t rss_kb = 0;        // every mapping
  std::uint64_t anonymous_kb = 0;  // heap, stacks, anonymous mmaps: what a leak grows
  std::uint64_t database_kb = 0;   // resident pages of mappings of a file named data.mdb
  std::string error;
};

MemorySample SampleMemory(int pid);

}  // namespace hrbench
