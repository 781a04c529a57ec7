#!/usr/bin/env python3
"""Soak: ddb-local on a data directory (so LMDB's data.mdb is a mapped file) under the HR mix
(reads and writes: `--mix all`) at high concurrency for a bounded time on loopback. hrbench
samples the server's RSS every interval, split into heap (anonymous pages) and the mapped
database pages, beside ops/s, latency and failures per interval.

  DDB_LOCAL_BIN=build/tools/ddb-local HRBENCH_BIN=build/bench/hrbench/hrbench \
      /usr/bin/python3 bench/hrbench/soak.py [--seconds 180] [--connections 64] \
      [--interval 10] [--throttle on|off] [--json FILE]

Exit status: hrbench's (0 only when no call failed with an error).
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "clients", "common"))
import ddbservers  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=180)
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--interval", type=float, default=10)
    ap.add_argument("--throttle", choices=["on", "off"], default="on")
    ap.add_argument("--orgs", type=int, default=64)
    ap.add_argument("--json")
    args = ap.parse_args()
    binary = os.environ["HRBENCH_BIN"]
    with tempfile.TemporaryDirectory(prefix="hrbench-soak-") as data:
        server = ddbservers._start_with_retries(lambda port: ddbservers.Server(
            "ddb-local", [ddbservers.ddb_local_binary(), "-port", str(port), "-dbPath", data,
                          "--durability", "none", "--throttle", args.throttle],
            cwd=None, port=port, start_timeout=20))
        try:
            argv = [binary, "--endpoint", server.url, "--label", "ddb-local", "--soak",
                    "--server-pid", str(server._proc.pid), "--mix", "all",
                    "--connections", str(args.connections), "--orgs", str(args.orgs),
                    "--duration", str(args.seconds), "--interval", str(args.interval)]
            if args.json:
                argv += ["--json", args.json]
            print("$", " ".join(argv), flush=True)
            return subprocess.run(argv).returncode
        finally:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
