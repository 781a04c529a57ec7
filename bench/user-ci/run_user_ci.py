#!/usr/bin/env python3
"""Runs the 50-test user suite (test_user_suite.py) against ddb-local and against Amazon
DynamoDB Local in the same run, and reports both wall times: the server's start-up (until it
answers) and the suite's (a pytest process, as a CI job runs it).

  DDB_LOCAL_BIN=build/tools/ddb-local \
  DYNAMODB_LOCAL_DIR=build/third_party/dynamodb-local/package/emulator \
      /usr/bin/python3 bench/user-ci/run_user_ci.py [--only ddb-local] [--workers 1,4] [--json FILE]

--workers runs the suite once per count: 1 is sequential, N > 1 is pytest-xdist's -n N (four CI
workers sharing one local endpoint, as parallel jobs of one pipeline do). Default: 1 and 4.

--runners pytest,node runs the JavaScript twin of the suite too (user_suite.test.mjs: node's
test runner and the AWS SDK v3's document client, N tests at once in one process for N
workers). Default: pytest.

--profile says where each run's time went: the server's CPU time over the suite (its
/proc/PID/stat, for either runner), and, from inside pytest (user_ci_profile.py), the time
boto3's HTTP exchanges took by operation, the time boto3's API calls took in all, and pytest's
own count of the tests.

Exit status 0 only when every suite passed.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "clients", "common"))
import ddbservers  # noqa: E402


def cpu_seconds(pid):
    """User + system CPU time of a process and its threads so far (/proc/PID/stat)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_profile(prefix):
    """Sums the plugin's files (one per xdist worker) into one profile."""
    total = {"http": {}, "api_s": 0.0, "tests": 0, "tests_s": 0.0, "session_s": 0.0}
    for path in glob.glob(prefix + "*"):
        with open(path, encoding="utf-8") as f:
            p = json.load(f)
        for op, (count, seconds) in p["http"].items():
            entry = total["http"].setdefault(op, [0, 0.0])
            entry[0] += count
            entry[1] += seconds
        for key in ("api_s", "tests", "tests_s"):
            total[key] += p[key]
        total["session_s"] = max(total["session_s"], p["session_s"])
        os.unlink(path)
    total["http_s"] = sum(s for _, s in total["http"].values())
    total["http_calls"] = sum(c for c, _ in total["http"].values())
    return total


def suite_command(runner, workers, plugin):
    """The command a CI job runs for `runner`, and the environment it adds."""
    if runner == "node":
        return ["node", "--test", "user_suite.test.mjs"], {"USER_CI_CONCURRENCY": str(workers)}
    parallel = ["-n", str(workers)] if workers > 1 else []
    return ([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin, *parallel,
             "test_user_suite.py"], {})


def run_suite(kind, workers, profile=False, runner="pytest"):
    t0 = time.monotonic()
    server = ddbservers.start(kind)
    started = time.monotonic() - t0
    profile_prefix = tempfile.mktemp(prefix="user-ci-profile-") if profile else ""
    try:
        env = dict(os.environ, DDB_ENDPOINT=server.url, PYTHONDONTWRITEBYTECODE="1")
        plugin = []
        if profile and runner == "pytest":
            env["USER_CI_PROFILE"] = profile_prefix
            env["PYTHONPATH"] = HERE + os.pathsep + env.get("PYTHONPATH", "")
            plugin = ["-p", "user_ci_profile"]
        command, extra_env = suite_command(runner, workers, plugin)
        env.update(extra_env)
        cpu_before = cpu_seconds(server._proc.pid) if profile else 0.0
        t1 = time.monotonic()
        proc = subprocess.run(
            command, cwd=HERE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        suite = time.monotonic() - t1
        cpu = cpu_seconds(server._proc.pid) - cpu_before if profile else 0.0
    finally:
        server.stop()
    tail = summary_line(runner, proc.stdout)
    result = {"server": kind, "runner": runner, "workers": workers, "startup_s": round(started, 3),
              "suite_s": round(suite, 3), "passed": proc.returncode == 0, "summary": tail,
              "output": proc.stdout if proc.returncode else ""}
    if profile:
        inside = read_profile(profile_prefix) if runner == "pytest" else {}
        result["profile"] = dict(inside, server_cpu_s=cpu)
    return result


def summary_line(runner, output):
    lines = output.strip().splitlines()
    if runner == "node":  # node's TAP totals: "# pass 50", "# fail 0", "# duration_ms ..."
        totals = dict(l[2:].split(" ", 1) for l in lines if l.startswith("# ") and " " in l[2:])
        return (f"{totals.get('pass', '?')} passed, {totals.get('fail', '?')} failed in "
                f"{float(totals.get('duration_ms', 0)) / 1e3:.2f}s")
    return lines[-1] if lines else ""


def print_profile(r):
    p = r["profile"]
    if r["runner"] != "pytest":  # no plugin inside node's runner: the server's share only
        print(f"{r['server']} ({r['runner']}, {r['workers']} worker(s)), {r['suite_s']:.2f} s "
              f"wall: server CPU {p['server_cpu_s']:.3f} s")
        return
    print(f"{r['server']} ({r['workers']} worker(s)), {r['suite_s']:.2f} s wall: server CPU "
          f"{p['server_cpu_s']:.3f} s; pytest session {p['session_s']:.2f} s, of which tests "
          f"{p['tests_s']:.2f} s (setup + call + teardown); boto3 API calls {p['api_s']:.2f} s, "
          f"of which HTTP exchanges {p['http_s']:.2f} s ({p['http_calls']} requests)")
    for op, (count, seconds) in sorted(p["http"].items(), key=lambda kv: -kv[1][1]):
        print(f"  {op:24} {count:5} requests {seconds * 1e3:9.1f} ms "
              f"({seconds / count * 1e3:6.2f} ms each)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", choices=["ddb-local", "dynamodb-local"])
    ap.add_argument("--workers", default="1,4", help="comma-separated pytest worker counts")
    ap.add_argument("--runners", default="pytest", help="comma-separated: pytest, node")
    ap.add_argument("--json")
    ap.add_argument("--profile", action="store_true",
                    help="where the time goes: server CPU, boto3's HTTP exchanges, pytest's tests")
    args = ap.parse_args()
    kinds = [args.only] if args.only else ["ddb-local", "dynamodb-local"]
    counts = [int(w) for w in args.workers.split(",")]
    runners = args.runners.split(",")
    results = [run_suite(k, w, args.profile, r) for r in runners for w in counts for k in kinds]
    print(f"{'server':16} {'runner':>6} {'workers':>7} {'start-up s':>10} {'50 tests s':>10} {'total s':>8}  result")
    for r in results:
        print(f"{r['server']:16} {r['runner']:>6} {r['workers']:7} {r['startup_s']:10.2f} {r['suite_s']:10.2f} "
              f"{r['startup_s'] + r['suite_s']:8.2f}  {r['summary']}")
    for runner in runners:
        for w in counts:
            pair = [r for r in results if r["workers"] == w and r["runner"] == runner]
            if len(pair) != 2 or pair[0]["suite_s"] <= 0:
                continue
            a, b = pair
            print(f"{runner}, {w} worker(s): DynamoDB Local / ddb-local: suite "
                  f"{b['suite_s'] / a['suite_s']:.1f}x, start-up + suite "
                  f"{(b['startup_s'] + b['suite_s']) / (a['startup_s'] + a['suite_s']):.1f}x")
    for r in results:
        if "profile" in r:
            print_profile(r)
    for r in results:
        if not r["passed"]:
            print(f"--- {r['server']} ({r['runner']}, {r['workers']} workers) failed:\n{r['output']}",
                  file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0 if all(r["passed"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
