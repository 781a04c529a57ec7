// `ddb-local --health URL`: whether a ddb-local serves at URL, for a container image's
// HEALTHCHECK (the image holds the binary and glibc, no curl).
#pragma once

#include <string>

namespace ddblocal {

// Sends GET to URL (http://host[:port][/path], port 80 when none) and waits up to five seconds
// for the answer. Returns 0 when it is the service's health answer (status 200, "healthy: ..."),
// printing it; 1 otherwise, saying why on stderr.
int CheckHealth(const std::string& url);

}  // namespace ddblocal
