// The ddb-local this build made (DDB_LOCAL_BIN), started for a test or benchmark: in memory, on
// a port it picks itself, killed when the object goes (tools/common/local_server_process.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ddbemu/version.h"
#include "local_server_process.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client::testing {

class DdbLocalProcess : public ddbemu::tools::LocalServerProcess {
 public:
  explicit DdbLocalProcess(std::vector<std::string> extra_args = {})
      : LocalServerProcess(DDB_LOCAL_BIN, InMemory(std::move(extra_args))) {}

 private:
  static std::vector<std::string> InMemory(std::vector<std::string> args) {
    args.insert(args.begin(), "-inMemory");
    return args;
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client::testing
