#include "capacity/read_tally.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

std::vector<KeyDemand> SpreadRead(const ReadTally& tally, HalfUnits cost,
                                  std::uint64_t empty_hash) {
  std::vector<KeyDemand> demands;
  if (tally.total_bytes() == 0) {
    KeyDemand d;
    d.hash = empty_hash;
    d.read = cost;
    demands.push_back(std::move(d));
    return demands;
  }
  // Largest remainder: floor shares first, then one half-unit more to the runs that lost the
  // most to rounding, so that the shares sum to `cost` exactly.
  struct Share {
    std::size_t run;
    HalfUnits units;
    unsigned __int128 remainder;
  };
  std::vector<Share> shares;
  HalfUnits assigned = 0;
  const auto total = static_cast<unsigned __int128>(tally.total_bytes());
  for (std::size_t i = 0; i < tally.runs().size(); ++i) {
    const unsigned __int128 scaled = static_cast<unsigned __int128>(cost) * tally.runs()[i].bytes;
    const auto units = static_cast<HalfUnits>(scaled / total);
    shares.push_back(Share{i, units, scaled % total});
    assigned += units;
  }
  std::stable_sort(shares.begin(), shares.end(),
                   [](const Share& a, const Share& b) { return a.remainder > b.remainder; });
  for (std::size_t i = 0; assigned < cost && i < shares.size(); ++i, ++assigned) {
    ++shares[i].units;
  }
  std::sort(shares.begin(), shares.end(),
            [](const Share& a, const Share& b) { return a.run < b.run; });
  for (const Share& s : shares) {
    if (s.units == 0) continue;
    KeyDemand d;
    d.hash = tally.runs()[s.run].hash;
    d.read = s.units;
    demands.push_back(std::move(d));
  }
  return demands;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
