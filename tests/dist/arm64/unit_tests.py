"""ctest dist.arm64.unit_tests: the arm64 unit suites, run under qemu-user.

    unit_tests.py <repo> <arm64 build dir>

The suites are the ones tools/dist/arm64/build.sh builds for this test (build.sh --unit-tests):
the layers whose tests need no second process (value up to database), all their cases. A suite
that fails, crashes, hangs past its limit or was not built fails the test; the time of each is
printed (ctest -V shows it). Two processes at a time (DDBEMU_ARM64_JOBS), each in a scratch
directory of its own.

Most suites run whole, one qemu process each, all their cases. database_tests runs one process
per case instead, and only the fixtures below (its cases as build/arm64's ctest registered
them, through the same emulator): every case opens a Database, whose 64 GiB LMDB map costs
qemu 7.2 (Debian 12's) about 1 s and 400 MB of page bookkeeping that it never frees, so a whole
run grows past 20 GB. The fixtures kept are those where the CPU could show (key and item
encoding, sort order, paging, indexes, transactions, streams, backups, the on-disk format); the
error-message matrices, the fixtures of request policies (throttling, tags, tenants, leniency)
and the ops/ suite (whose cases the fixtures kept cover end to end) run in the x86-64 tree only.
"""

import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arm64_tree import Arm64Tree, TreeError, fail  # noqa: E402

SUITE_TIMEOUT = 600  # seconds, each; the test's TIMEOUT bounds the whole
PER_CASE = {
    "database_tests": ["DatabaseTest", "ItemsTest", "ConditionalWritesTest",
                       "ExpressionRequestsTest", "EventualReadsTest", "ConsumedCapacityTest",
                       "TransactionCapacityTest", "StreamsTest", "TtlTest", "BackupsTest",
                       "PointInTimeTest", "FormatCompatibilityTest"],
}


def run(suite, cmd):
    with tempfile.TemporaryDirectory(prefix=f"arm64-{suite}-") as scratch:
        env = dict(os.environ, TMPDIR=scratch)
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=SUITE_TIMEOUT)
            code, out = proc.returncode, proc.stdout
        except subprocess.TimeoutExpired as e:
            code, out = f"no exit within {SUITE_TIMEOUT} s", e.stdout or b""
        return code, out.decode("utf-8", "replace"), time.monotonic() - start


def main():
    if len(sys.argv) != 3:
        fail("usage: unit_tests.py <repo> <arm64 build dir>")
    repo, build_dir = sys.argv[1:]
    suites = subprocess.run([os.path.join(repo, "tools/dist/arm64/build.sh"), "--unit-tests"],
                            check=True, capture_output=True, text=True).stdout.split()
    if not suites:
        fail("tools/dist/arm64/build.sh --unit-tests named no suite")
    try:
        tree = Arm64Tree(build_dir)
        commands = {s: tree.command(os.path.join("tests", s), "--gtest_brief=1",
                                    "--gtest_color=no") for s in suites}
    except TreeError as e:
        fail(str(e))
    jobs = max(1, int(os.environ.get("DDBEMU_ARM64_JOBS", "2")))
    whole = [s for s in suites if s not in PER_CASE]
    per_case = [s for s in suites if s in PER_CASE]

    failed = []
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futures = {pool.submit(run, s, commands[s]): s for s in whole}
        for future in concurrent.futures.as_completed(futures):
            suite = futures[future]
            code, out, elapsed = future.result()
            passed = [line for line in out.splitlines() if line.startswith("[  PASSED  ]")]
            status = "ok" if code == 0 else f"FAILED ({code})"
            print(f"{suite}: {status} in {elapsed:.1f} s {passed[-1] if passed else ''}",
                  flush=True)
            if code != 0:
                failed.append(suite)
                print(out, flush=True)
    for suite in per_case:
        # Registered by gtest_discover_tests with TEST_PREFIX "<layer>." (tests/CMakeLists.txt).
        layer = suite[: -len("_tests")]
        regex = f"^{layer}\\.({'|'.join(PER_CASE[suite])})\\."
        case_start = time.monotonic()
        proc = subprocess.run(
            ["ctest", "--test-dir", tree.build_dir, "-R", regex, "-j", str(jobs),
             "--no-tests=error", "--output-on-failure", "--timeout", "120"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, errors="replace")
        summary = [line for line in proc.stdout.splitlines() if "tests passed" in line]
        status = "ok" if proc.returncode == 0 else f"FAILED ({proc.returncode})"
        print(f"{suite}: {status} in {time.monotonic() - case_start:.1f} s, one process per "
              f"case: {summary[-1] if summary else 'no ctest summary'}", flush=True)
        ran = set(re.findall(rf"Test +#[0-9]+: {layer}\.([A-Za-z0-9_]+)\.", proc.stdout))
        missing = [f for f in PER_CASE[suite] if f not in ran]
        if missing:  # a renamed fixture must not drop out of the test unnoticed
            print(f"{suite}: no cases of {', '.join(missing)} (renamed? update PER_CASE)",
                  flush=True)
        if proc.returncode != 0 or missing:
            failed.append(suite)
            print(proc.stdout, flush=True)
    print(f"{len(suites)} arm64 suites in {time.monotonic() - start:.1f} s ({jobs} at a time)",
          flush=True)
    if failed:
        fail("arm64 suites failed under qemu: " + ", ".join(failed))


if __name__ == "__main__":
    main()
