#!/usr/bin/env python3
"""What the access-pattern audit adds to a request: runs bench/audit_bench.cc's cases (GetItem,
PutItem, Query, GsiQuery with the audit off /0 and on /1) of one or more ddbemu_bench binaries,
in turns so that each sees the same machine load, and prints per operation the CPU time per
request off and on and the difference, as the minimum and the median over every repetition, in
microseconds. A binary built before a case was is shown without it.

    python3 bench/audit_cost.py build/bench/ddbemu_bench [other/ddbemu_bench ...] [--rounds N]

Give two binaries (say, one built from main and one from a branch) to compare them.
"""
import argparse
import json
import statistics
import subprocess

OPERATIONS = ["PutItem", "GetItem", "Query", "GsiQuery"]


def run(binary):
    out = subprocess.run([binary, "--benchmark_filter=Audit", "--benchmark_repetitions=3",
                          "--benchmark_format=json"], capture_output=True, text=True,
                         check=True).stdout
    for bm in json.loads(out)["benchmarks"]:
        if bm.get("run_type") == "iteration":
            yield bm["run_name"], bm["cpu_time"] / 1000.0  # ns -> µs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    times = {b: {} for b in args.binaries}
    for _ in range(args.rounds):
        for b in args.binaries:
            for name, t in run(b):
                times[b].setdefault(name, []).append(t)
    for b in args.binaries:
        print(b)
        for op in OPERATIONS:
            if f"BM_Audit{op}/0" not in times[b]:
                continue  # a binary built before the case was
            off, on = times[b][f"BM_Audit{op}/0"], times[b][f"BM_Audit{op}/1"]
            print(f"  {op:8s} off {min(off):6.2f} / {statistics.median(off):6.2f}"
                  f"  on {min(on):6.2f} / {statistics.median(on):6.2f}"
                  f"  added {min(on) - min(off):5.2f} / "
                  f"{statistics.median(on) - statistics.median(off):5.2f}  (µs, min / median)")


if __name__ == "__main__":
    main()
