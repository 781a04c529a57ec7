#!/usr/bin/env python3
"""Start-up time and idle memory of ddb-local (and, to compare, of DynamoDB Local).

  bench/startup_rss.py [--runs N] [--bin build/tools/ddb-local]
                       [--dynamodb-local build/third_party/dynamodb-local/package/emulator]

Each run starts the server on a free port and times it from the spawn to the first accepted TCP
connection (what a test fixture waits for), trying to connect every half millisecond. ddb-local
is measured in memory (-inMemory) and on a fresh data directory (-dbPath), each two ways: back
to back (each server stopped once it accepts, the next spawned at once) and after the machine
has been idle for a second, when it also reads the server's resident memory (VmRSS) after a
second of idling. On this VM an idle core takes milliseconds to wake, which a spawn after idle
pays. DynamoDB Local, when its directory is given, is measured in memory after idle. Prints the
median, min and max of each.
"""
import argparse
import os
import socket
import statistics
import subprocess
import tempfile
import time

IDLE_SECONDS = 1.0
POLL_SECONDS = 0.0005


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def accepts(port):
    # A plain blocking connect: on loopback it is refused or accepted at once (a connect with a
    # timeout goes through a non-blocking connect and a poll, and added milliseconds here).
    with socket.socket() as s:
        try:
            s.connect(("127.0.0.1", port))
            return True
        except OSError:
            return False


def rss_mib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS for %d" % pid)


def measure(command, port, cwd=None, idle=True, timeout=60):
    if idle:
        time.sleep(IDLE_SECONDS)
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        while not accepts(port):
            # Half a millisecond between attempts: a loop that never sleeps takes a core from a
            # server starting its threads on a 2-core machine (data directory after idle:
            # 18 ms spinning, 5 ms polling).
            time.sleep(POLL_SECONDS)
            if process.poll() is not None:
                raise RuntimeError("%s exited with %d" % (command[0], process.returncode))
            if time.perf_counter() - start > timeout:
                raise RuntimeError("%s did not listen within %d s" % (command[0], timeout))
        started_ms = (time.perf_counter() - start) * 1000
        if not idle:
            return started_ms, None
        time.sleep(IDLE_SECONDS)  # idle: nothing is sent to it
        return started_ms, rss_mib(process.pid)
    finally:
        process.terminate()
        process.wait()


def report(label, samples):
    times = [t for t, _ in samples]
    rss = [r for _, r in samples if r is not None]
    line = "%-36s start-up median %8.1f ms (min %.1f, max %.1f)" % (
        label, statistics.median(times), min(times), max(times))
    if rss:
        line += "   idle RSS median %6.1f MiB (min %.1f, max %.1f)" % (
            statistics.median(rss), min(rss), max(rss))
    print(line + "   n=%d" % len(samples))
    return statistics.median(times), statistics.median(rss) if rss else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--bin", default="build/tools/ddb-local")
    parser.add_argument("--dynamodb-local", help="DynamoDB Local's directory (DynamoDBLocal.jar)")
    args = parser.parse_args()

    # One mode after the other: a data directory removed by the run before (-inMemory removes
    # its own at exit) keeps the file system's journal busy into the next run's first fsync.
    results = {}
    for idle in (False, True):
        for mode in ("-inMemory", "-dbPath"):
            samples = []
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as data:
                    port = free_port()
                    store = [mode] if mode == "-inMemory" else [mode, data]
                    samples.append(measure([args.bin, "-port", str(port)] + store, port,
                                           idle=idle))
            label = "ddb-local %s%s" % (mode, " after idle" if idle else "")
            results[(mode, idle)] = report(label, samples)
    ours = results[("-inMemory", True)]
    if args.dynamodb_local:
        theirs = []
        for _ in range(max(1, args.runs // 2)):
            port = free_port()
            theirs.append(measure(["java", "-Djava.library.path=DynamoDBLocal_lib", "-jar",
                                   "DynamoDBLocal.jar", "-inMemory", "-port", str(port)],
                                  port, cwd=args.dynamodb_local))
        local = report("DynamoDB Local -inMemory", theirs)
        print("ddb-local / DynamoDB Local (in memory, after idle): start-up %.4fx (%.0f times "
              "faster), idle RSS %.3fx"
              % (ours[0] / local[0], local[0] / ours[0], ours[1] / local[1]))


if __name__ == "__main__":
    main()
