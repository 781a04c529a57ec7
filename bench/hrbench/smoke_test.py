#!/usr/bin/env python3
"""CTest smoke test of hrbench (a few seconds; no timing assertions): against a ddb-local this
test starts (throttling on, the default), hrbench seeds a small table, runs the read and write
mixes for one second each beside its trivial server, then a one-second soak; every pattern
must have completed calls and no errors, and the reports must carry their fields. Then, against
a ddb-local that checks every request's SigV4 signature (--credentials-file), both mixes with
--secret-key: each request is signed as it is sent, so any wrong signature would be an error.

  DDB_LOCAL_BIN=build/tools/ddb-local HRBENCH_BIN=build/bench/hrbench/hrbench \
      /usr/bin/python3 bench/hrbench/smoke_test.py
"""

import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "clients", "common"))
import ddbservers  # noqa: E402

FIELDS = ["ok", "ops_per_s", "p50_us", "p90_us", "p99_us", "p999_us", "requests",
          "read_units", "write_units", "throttled", "conflicts", "errors"]
SMALL = ["--orgs", "4", "--employees", "20", "--seed-threads", "2", "--connections", "4",
         "--read-variants", "32"]


def run(argv):
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=120)
    print(proc.stdout)
    return proc


def check_mixes(doc):
    runs = doc["runs"]
    mixes = {(r["target"], r["mix"]) for r in runs}
    assert mixes == {("ddb-local", "read"), ("ddb-local", "write"), ("trivial", "read"),
                     ("trivial", "write")}, mixes
    for r in runs:
        for f in FIELDS:
            assert f in r["overall"], (r["target"], f)
        assert r["overall"]["errors"] == 0, r["overall"]
        if r["target"] != "ddb-local":
            continue
        names = [p["name"] for p in r["patterns"]]
        expected = 12 if r["mix"] == "read" else 3
        assert len(names) == expected, names
        for p in r["patterns"]:
            for f in FIELDS:
                assert f in p, (p["name"], f)
            assert p["errors"] == 0, p
            assert p["ok"] > 0, p
            assert p["p50_us"] > 0 and p["p99_us"] >= p["p50_us"], p
            units = p["read_units"] if r["mix"] == "read" else p["write_units"]
            assert units > 0, p


def check_signed(binary):
    with tempfile.TemporaryDirectory() as tmp:
        keys = os.path.join(tmp, "credentials")
        with open(keys, "w") as f:
            f.write("hrbench-signed s3cret-key\n")
        # Port 0 and the banner: the fixtures' readiness probe is unsigned, so it would wait.
        server = subprocess.Popen(
            [ddbservers.ddb_local_binary(), "-inMemory", "--host", "127.0.0.1", "-port", "0",
             "--credentials-file", keys],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            url = None
            for line in server.stdout:
                m = re.search(r"Listening:\s+(http://[^ ]*:\d+).*signatures verified", line)
                if m:
                    url = m.group(1)
                    break
            assert url, "ddb-local did not start"
            out = os.path.join(tmp, "signed.json")
            proc = run([binary, "--endpoint", url, "--label", "ddb-local",
                        "--access-key", "hrbench-signed", "--secret-key", "s3cret-key",
                        "--mix", "read,write", "--duration", "1", "--warmup", "0.1",
                        "--rounds", "1", "--json", out, *SMALL])
            assert proc.returncode == 0, proc.returncode
            with open(out) as f:
                runs = json.load(f)["runs"]
            assert {r["mix"] for r in runs} == {"read", "write"}, runs
            for r in runs:
                assert r["overall"]["errors"] == 0, r["overall"]
                assert r["overall"]["ok"] > 0, r["overall"]

            # The same server refuses a wrong secret: the signatures are really checked.
            proc = run([binary, "--endpoint", url, "--access-key", "hrbench-signed",
                        "--secret-key", "not-the-key", "--wait", "1", "--mix", "read",
                        "--duration", "1", *SMALL])
            assert proc.returncode != 0 and "InvalidSignatureException" in proc.stdout, proc
        finally:
            server.terminate()
            server.wait(timeout=20)
            server.stdout.close()


def main():
    binary = os.environ["HRBENCH_BIN"]
    with ddbservers.start("ddb-local") as server, tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "mixes.json")
        proc = run([binary, "--endpoint", server.url, "--label", "ddb-local", "--vs-trivial",
                    "--mix", "read,write", "--duration", "1", "--warmup", "0.1", "--rounds", "1",
                    "--json", out, *SMALL])
        assert proc.returncode == 0, proc.returncode
        for column in ["ops/s", "p50 us", "p90 us", "p99 us", "p99.9 us", "RCU/op", "WCU/op",
                       "throttled", "conflicts", "errors"]:
            assert column in proc.stdout, column
        assert "ddb-local / trivial" in proc.stdout
        with open(out) as f:
            check_mixes(json.load(f))

        soak = os.path.join(tmp, "soak.json")
        proc = run([binary, "--endpoint", server.url, "--soak", "--server-pid",
                    str(server._proc.pid), "--mix", "all", "--duration", "1", "--interval", "0.5",
                    "--json", soak, *SMALL])
        assert proc.returncode == 0, proc.returncode
        with open(soak) as f:
            doc = json.load(f)
        samples = doc["soak"]
        assert len(samples) == 3, samples  # the baseline and two intervals
        for s in samples[1:]:
            assert s["errors"] == 0 and s["ops_per_s"] > 0, s
            assert s["anonymous_kb"] > 0 and s["rss_kb"] >= s["anonymous_kb"], s
    check_signed(binary)
    print("hrbench smoke test passed")


if __name__ == "__main__":
    main()
