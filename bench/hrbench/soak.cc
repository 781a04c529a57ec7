// /proc/PID/smaps: a header line per mapping (address range ... [path]), then "Key: N kB" lines.
#include "soak.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace hrbench {

MemorySample SampleMemory(int pid) {
  MemorySample s;
  std::ifstream in("/proc/" + std::to_string(pid) + "/smaps");
  if (!in) {
    s.error = "cannot read /proc/" + std::to_string(pid) + "/smaps";
    return s;
  }
  std::string line;
  bool database = false;
  while (std::getline(in, line)) {
    if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) &&
        line.find('-') != std::string::npos && line.find(':') > line.find(' ')) {
      // A mapping header: "start-end perms offset dev inode [path]".
      database = line.size() >= 8 && line.compare(line.size() - 8, 8, "data.mdb") == 0;
      continue;
    }
    auto value = [&line](const char* key) -> long long {
      std::size_t n = std::strlen(key);
      if (line.compare(0, n, key) != 0) return -1;
      return std::strtoll(line.c_str() + n, nullptr, 10);
    };
    if (long long v = value("Rss:"); v >= 0) {
      s.rss_kb += static_cast<std::uint64_t>(v);
      if (database) s.database_kb += static_cast<std::uint64_t>(v);
    } else if (long long a = value("Anonymous:"); a >= 0) {
      s.anonymous_kb += static_cast<std::uint64_t>(a);
    }
  }
  s.ok = true;
  return s;
}

}  // namespace hrbench
