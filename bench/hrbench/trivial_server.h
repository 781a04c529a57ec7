// The yardstick: a trivial Boost.Beast keep-alive HTTP server that reads each request whole
// and answers a fixed small JSON body. What an HTTP server on this machine can do with no work
// per request, so that ddb-local's throughput can be stated as a share of it.
#pragma once

namespace hrbench {

// Serves on the listening socket `listen_fd` (already bound and listening) with `threads`
// threads until the process is killed. Returns only on a setup error (non-zero).
int RunTrivialServer(int listen_fd, int threads);

// Binds 127.0.0.1:`port` (0: any free port) and listens; returns the fd, -1 on error.
// `*bound_port` gets the port.
int ListenLoopback(int port, int* bound_port);

}  // namespace hrbench
