"""Crash safety: ddb-local on a data directory, under concurrent puts and transactions, is
killed with SIGKILL at random moments, again and again, and restarted on the same directory.

After every restart the database must open and show:
  - every write that was acknowledged (HTTP 200) before the kill, with its value;
  - no partial transaction: each TransactWriteItems wrote all three of its items or none,
    and transfers between accounts kept the total balance (no debit without its credit).

With --durability fsync this must hold for a machine crash too (not testable here); with
--durability none, the README promises it for a crash of the process, which SIGKILL is.
Loopback only, bounded: KILLS cycles of at most ~1 s of load each. Random moments come from a
seeded generator (printed on failure), so a failing run can be replayed.
"""

import http.client
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "common"))

import ddbservers  # noqa: E402

KILLS = int(os.environ.get("CRASH_KILLS", "20"))
TABLE = "crash"
ACCOUNTS = 4
INITIAL_BALANCE = 1000
AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDCRASH/20240101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host, Signature=00")


class Server:
    """One ddb-local process on `data_dir`, killed with SIGKILL rather than stopped."""

    def __init__(self, data_dir, durability):
        self.proc = subprocess.Popen(
            [ddbservers.ddb_local_binary(), "-dbPath", data_dir, "--durability", durability,
             "--host", "127.0.0.1", "-port", "0"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.port = None
        self.banner = []
        deadline = time.monotonic() + 20
        for line in self.proc.stdout:
            self.banner.append(line)
            match = re.search(r"Listening:\s+http://[^ ]*:(\d+)", line)
            if match:
                self.port = int(match.group(1))
                break
            if time.monotonic() > deadline:
                break
        if self.port is None:
            self.kill()
            raise AssertionError("ddb-local did not start on the data directory:\n" +
                                 "".join(self.banner) + self.proc.stdout.read())

    def kill(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=20)
        self.proc.stdout.close()


def call(port, operation, body, timeout=10):
    """(status, parsed body); raises OSError when the connection fails (e.g. the server died)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/", body=json.dumps(body), headers={
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + operation,
            "Authorization": AUTH})
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read() or b"{}")
    finally:
        conn.close()


def must(port, operation, body):
    status, out = call(port, operation, body)
    assert status == 200, f"{operation}: {status} {out}"
    return out


def create_schema(port):
    must(port, "CreateTable", {
        "TableName": TABLE, "BillingMode": "PAY_PER_REQUEST",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]})
    must(port, "TransactWriteItems", {"TransactItems": [
        {"Put": {"TableName": TABLE, "Item": {"pk": {"S": f"acct-{i}"},
                                              "balance": {"N": str(INITIAL_BALANCE)}}}}
        for i in range(ACCOUNTS)]})


def scan_all(port):
    items, start = {}, None
    while True:
        body = {"TableName": TABLE, "ConsistentRead": True}
        if start:
            body["ExclusiveStartKey"] = start
        out = must(port, "Scan", body)
        for item in out["Items"]:
            items[item["pk"]["S"]] = item
        start = out.get("LastEvaluatedKey")
        if not start:
            return items


class Ledger:
    """What the clients were told: acknowledged puts and transactions, and attempted ones."""

    def __init__(self):
        self.lock = threading.Lock()
        self.acked_puts = {}      # pk -> value
        self.attempted_txns = set()
        self.acked_txns = set()


def put_worker(port, ledger, name, stop):
    seq = 0
    while not stop.is_set():
        seq += 1
        pk = f"put-{name}-{seq}"
        try:
            status, _ = call(port, "PutItem", {"TableName": TABLE,
                                                "Item": {"pk": {"S": pk}, "v": {"N": str(seq)}}})
        except OSError:
            return  # killed
        if status == 200:
            with ledger.lock:
                ledger.acked_puts[pk] = str(seq)


def txn_worker(port, ledger, name, stop, rng):
    seq = 0
    while not stop.is_set():
        seq += 1
        txn = f"txn-{name}-{seq}"
        src, dst = rng.sample(range(ACCOUNTS), 2)
        amount = str(rng.randint(1, 5))
        items = [{"Put": {"TableName": TABLE, "Item": {"pk": {"S": f"{txn}-{part}"},
                                                       "txn": {"S": txn}}}}
                 for part in "abc"]
        # A transfer in the same transaction: its debit and credit must never come apart.
        items.append({"Update": {
            "TableName": TABLE, "Key": {"pk": {"S": f"acct-{src}"}},
            "UpdateExpression": "SET balance = balance - :a",
            "ConditionExpression": "balance >= :a",
            "ExpressionAttributeValues": {":a": {"N": amount}}}})
        items.append({"Update": {
            "TableName": TABLE, "Key": {"pk": {"S": f"acct-{dst}"}},
            "UpdateExpression": "SET balance = balance + :a",
            "ExpressionAttributeValues": {":a": {"N": amount}}}})
        with ledger.lock:
            ledger.attempted_txns.add(txn)
        try:
            status, _ = call(port, "TransactWriteItems", {"TransactItems": items})
        except OSError:
            return
        if status == 200:
            with ledger.lock:
                ledger.acked_txns.add(txn)


def check(port, ledger, cycle, seed):
    where = f"after kill {cycle} (seed {seed})"
    items = scan_all(port)
    missing = [pk for pk, v in ledger.acked_puts.items()
               if pk not in items or items[pk]["v"]["N"] != v]
    assert not missing, f"{where}: {len(missing)} acknowledged puts lost, e.g. {missing[:5]}"
    for txn in ledger.attempted_txns:
        present = sum(f"{txn}-{part}" in items for part in "abc")
        assert present in (0, 3), f"{where}: transaction {txn} is partial ({present} of 3)"
        if txn in ledger.acked_txns:
            assert present == 3, f"{where}: acknowledged transaction {txn} lost"
    total = sum(int(items[f"acct-{i}"]["balance"]["N"]) for i in range(ACCOUNTS))
    assert total == ACCOUNTS * INITIAL_BALANCE, f"{where}: balances sum to {total}"


@pytest.mark.parametrize("durability", ["fsync", "none"])
def test_sigkill_under_load_loses_no_acknowledged_write(durability):
    seed = int(os.environ.get("CRASH_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    data_dir = tempfile.mkdtemp(prefix="ddbemu-crash-")
    ledger = Ledger()
    acked_before = 0
    try:
        server = Server(data_dir, durability)
        try:
            create_schema(server.port)
        except BaseException:
            server.kill()
            raise
        for cycle in range(1, KILLS + 1):
            stop = threading.Event()
            workers = [threading.Thread(target=put_worker, args=(server.port, ledger, f"{cycle}p{i}",
                                                                 stop)) for i in range(3)]
            workers += [threading.Thread(target=txn_worker,
                                         args=(server.port, ledger, f"{cycle}t{i}", stop,
                                               random.Random(rng.random()))) for i in range(2)]
            for w in workers:
                w.start()
            time.sleep(rng.uniform(0.05, 0.8))  # the random moment of the kill
            server.kill()
            stop.set()
            for w in workers:
                w.join(timeout=30)
            server = Server(data_dir, durability)  # must open every time
            try:
                check(server.port, ledger, cycle, seed)
            except BaseException:
                server.kill()
                raise
        server.kill()
        acked = len(ledger.acked_puts) + len(ledger.acked_txns)
        # The kills must have landed under load, not on an idle server.
        assert acked > acked_before + KILLS, f"too little load to prove anything ({acked})"
        print(f"{durability}: {KILLS} kills, {len(ledger.acked_puts)} puts and "
              f"{len(ledger.acked_txns)}/{len(ledger.attempted_txns)} transactions acknowledged")
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
