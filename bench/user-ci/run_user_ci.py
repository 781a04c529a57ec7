#!/usr/bin/env python3
"""Runs the 50-test user suite (test_user_suite.py) against ddb-local and against Amazon
DynamoDB Local in the same run, and reports both wall times: the server's start-up (until it
answers) and the suite's (a pytest process, as a CI job runs it).

  DDB_LOCAL_BIN=build/tools/ddb-local \
  DYNAMODB_LOCAL_DIR=build/third_party/dynamodb-local/package/emulator \
      /usr/bin/python3 bench/user-ci/run_user_ci.py [--only ddb-local] [--workers 1,4] [--json FILE]

--workers runs the suite once per count: 1 is sequential, N > 1 is pytest-xdist's -n N (four CI
workers sharing one local endpoint, as parallel jobs of one pipeline do). Default: 1 and 4.

Exit status 0 only when every suite passed.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "clients", "common"))
import ddbservers  # noqa: E402


def run_suite(kind, workers):
    t0 = time.monotonic()
    server = ddbservers.start(kind)
    started = time.monotonic() - t0
    try:
        env = dict(os.environ, DDB_ENDPOINT=server.url, PYTHONDONTWRITEBYTECODE="1")
        parallel = ["-n", str(workers)] if workers > 1 else []
        t1 = time.monotonic()
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *parallel,
             "test_user_suite.py"],
            cwd=HERE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        suite = time.monotonic() - t1
    finally:
        server.stop()
    tail = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    return {"server": kind, "workers": workers, "startup_s": round(started, 3),
            "suite_s": round(suite, 3), "passed": proc.returncode == 0, "summary": tail,
            "output": proc.stdout if proc.returncode else ""}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", choices=["ddb-local", "dynamodb-local"])
    ap.add_argument("--workers", default="1,4", help="comma-separated pytest worker counts")
    ap.add_argument("--json")
    args = ap.parse_args()
    kinds = [args.only] if args.only else ["ddb-local", "dynamodb-local"]
    counts = [int(w) for w in args.workers.split(",")]
    results = [run_suite(k, w) for w in counts for k in kinds]
    print(f"{'server':16} {'workers':>7} {'start-up s':>10} {'50 tests s':>10} {'total s':>8}  result")
    for r in results:
        print(f"{r['server']:16} {r['workers']:7} {r['startup_s']:10.2f} {r['suite_s']:10.2f} "
              f"{r['startup_s'] + r['suite_s']:8.2f}  {r['summary']}")
    for w in counts:
        pair = [r for r in results if r["workers"] == w]
        if len(pair) == 2 and pair[0]["suite_s"] > 0:
            a, b = pair
            print(f"{w} worker(s): DynamoDB Local / ddb-local: suite {b['suite_s'] / a['suite_s']:.1f}x, "
                  f"start-up + suite "
                  f"{(b['startup_s'] + b['suite_s']) / (a['startup_s'] + a['suite_s']):.1f}x")
    for r in results:
        if not r["passed"]:
            print(f"--- {r['server']} ({r['workers']} workers) failed:\n{r['output']}",
                  file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0 if all(r["passed"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
