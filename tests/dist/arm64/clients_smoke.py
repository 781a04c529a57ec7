"""ctest dist.arm64.clients_smoke: the arm64 ddb-local, under qemu, serves real clients.

    clients_smoke.py <repo> <arm64 build dir>

Starts build/arm64's ddb-local under qemu-aarch64-static (-port 0 -inMemory), waits for its
banner's `Port:` line (bounded), then with the host's AWS CLI v2 and boto3 (Debian's
/usr/bin/python3): creates a table, puts an item of every attribute type with one client and
reads it back with the other (the arm64 codecs: numbers, binaries, sets, nesting), queries with
both, deletes the table, and stops the server with SIGINT, which must exit 0.
"""

import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "clients", "common"))
from arm64_tree import Arm64Tree, TreeError, fail  # noqa: E402
from aws_env import AWS_ENV, client_process_env  # noqa: E402

STARTUP_DEADLINE = 60  # seconds for qemu to start ddb-local and the banner to name the port
AWS = os.environ.get("AWS_CLI", "/usr/bin/aws")
TABLE = "arm64_smoke"


class Server:
    def __init__(self, command):
        self.output = []
        self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self.port = self._wait_for_port()
        # Keep draining its output (a full pipe would block it); kept for the failure report.
        self._drain = threading.Thread(target=self._read_rest, daemon=True)
        self._drain.start()

    def _wait_for_port(self):
        deadline = time.monotonic() + STARTUP_DEADLINE
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        buf = b""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.kill()
                raise RuntimeError(f"no Port: line within {STARTUP_DEADLINE} s:\n"
                                   + buf.decode("utf-8", "replace"))
            if not sel.select(remaining):
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                code = self.proc.wait(timeout=10)
                raise RuntimeError(f"ddb-local exited ({code}) before listening:\n"
                                   + buf.decode("utf-8", "replace"))
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                text = line.decode("utf-8", "replace")
                self.output.append(text)
                if text.startswith("Port:\t"):
                    sel.close()
                    self.output.append(buf.decode("utf-8", "replace"))
                    return int(text.split("\t", 1)[1])

    def _read_rest(self):
        for line in self.proc.stdout:
            self.output.append(line.decode("utf-8", "replace").rstrip("\n"))

    def stop(self):
        """SIGINT: ddb-local drains and returns from main; its exit status."""
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.kill()
            return "no exit within 60 s of SIGINT"

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def log(self):
        return "\n".join(self.output)


def aws(endpoint, *args):
    env = {k: v for k, v in client_process_env().items()
           if k not in ("PYTHONPATH", "PYTHONHOME")}
    cmd = [AWS, "dynamodb", *args, "--endpoint-url", endpoint, "--output", "json"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr}")
    return json.loads(proc.stdout) if proc.stdout.strip() else {}


def expect(what, got, want):
    if got != want:
        raise AssertionError(f"{what}:\n  got  {got!r}\n  want {want!r}")
    print(f"ok: {what}", flush=True)


def smoke(endpoint, every_type):
    import boto3
    from botocore.config import Config

    ddb = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                       aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
                       aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
                       config=Config(retries={"max_attempts": 1}, read_timeout=120))
    item, key, canonical = every_type.ITEM, every_type.KEY, every_type.canonical

    created = aws(endpoint, "create-table", "--table-name", TABLE,
                  "--attribute-definitions", "AttributeName=pk,AttributeType=S",
                  "AttributeName=sk,AttributeType=N",
                  "--key-schema", "AttributeName=pk,KeyType=HASH", "AttributeName=sk,KeyType=RANGE",
                  "--billing-mode", "PAY_PER_REQUEST")["TableDescription"]
    expect("create-table (aws) names the table", created["TableName"], TABLE)
    expect("describe_table (boto3) sees it ACTIVE",
           ddb.describe_table(TableName=TABLE)["Table"]["TableStatus"], "ACTIVE")

    # Written by the CLI, read by boto3 (strongly consistent), and the other way round.
    aws(endpoint, "put-item", "--table-name", TABLE, "--item", json.dumps(item))
    got = ddb.get_item(TableName=TABLE, Key=every_type.to_boto3(key), ConsistentRead=True)
    expect("get_item (boto3) returns the item put-item (aws) wrote",
           canonical(got.get("Item")), canonical(every_type.to_boto3(item)))
    second = dict(item, sk={"N": "2"}, s={"S": "second"})
    ddb.put_item(TableName=TABLE, Item=every_type.to_boto3(second))
    got = aws(endpoint, "get-item", "--table-name", TABLE, "--consistent-read",
              "--key", json.dumps({"pk": key["pk"], "sk": {"N": "2"}}))
    expect("get-item (aws) returns the item put_item (boto3) wrote",
           canonical(got.get("Item")), canonical(second))

    queried = aws(endpoint, "query", "--table-name", TABLE,
                  "--key-condition-expression", "pk = :pk AND sk > :low",
                  "--expression-attribute-values",
                  json.dumps({":pk": key["pk"], ":low": {"N": "0.5"}}))
    expect("query (aws): both items, in sort-key order",
           [i["sk"]["N"] for i in queried["Items"]], ["1", "2"])
    queried = ddb.query(TableName=TABLE, KeyConditionExpression="pk = :pk AND sk >= :two",
                        ExpressionAttributeValues={":pk": key["pk"], ":two": {"N": "2"}},
                        ProjectionExpression="sk, s")
    expect("query (boto3) with a projection", queried["Items"],
           [{"sk": {"N": "2"}, "s": {"S": "second"}}])

    deleted = aws(endpoint, "delete-table", "--table-name", TABLE)["TableDescription"]
    expect("delete-table (aws) names the table", deleted["TableName"], TABLE)
    expect("list_tables (boto3) no longer has it", TABLE in ddb.list_tables()["TableNames"], False)


def main():
    if len(sys.argv) != 3:
        fail("usage: clients_smoke.py <repo> <arm64 build dir>")
    repo, build_dir = sys.argv[1:]
    try:
        command = Arm64Tree(build_dir).command("tools/ddb-local", "-port", "0", "-inMemory")
    except TreeError as e:
        fail(str(e))
    sys.path.insert(0, os.path.join(repo, "tests/clients"))
    import every_type  # the real-client suites' item of every attribute type

    with tempfile.TemporaryDirectory(prefix="arm64-smoke-") as scratch:
        os.chdir(scratch)
        start = time.monotonic()
        try:
            server = Server(command)
        except RuntimeError as e:
            fail(f"ddb-local under qemu did not start: {e}")
        print(f"ddb-local (arm64, qemu) listening on port {server.port} after "
              f"{time.monotonic() - start:.1f} s", flush=True)
        try:
            smoke(f"http://127.0.0.1:{server.port}", every_type)
        except Exception as e:  # noqa: BLE001 — any failure fails the test, with the server's log
            server.kill()
            fail(f"{type(e).__name__}: {e}\n--- ddb-local's output:\n{server.log()}")
        code = server.stop()
        if code != 0:
            fail(f"ddb-local did not exit cleanly on SIGINT ({code}):\n{server.log()}")
        print(f"ddb-local exited 0 on SIGINT; {time.monotonic() - start:.1f} s in all", flush=True)


if __name__ == "__main__":
    main()
