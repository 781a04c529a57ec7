// `hrctl cost`: placeholder until the cost report lands.
#include <iostream>

#include "commands.h"
#include "hrcore/service.h"

namespace hrctl {

int RunCost(Backend&, const Args&, const hrcore::ServiceOptions&, bool) {
  std::cerr << "hrctl: cost is not implemented yet\n";
  return 2;
}

}  // namespace hrctl
