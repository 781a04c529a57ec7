// What `ddb-local --version` prints: the project's version, the commit it was built from and
// the options of the build (generated at build time by cmake/build_info.cmake).
#pragma once

namespace ddblocal {

extern const char* const kBuildVersion;  // "0.1.0"
extern const char* const kBuildCommit;   // `git describe --always --dirty`, or "unknown"
extern const char* const kBuildOptions;  // build type, profile, portability, compiler, arch

}  // namespace ddblocal
