"""boto3 against ddb-local's realism switches: injected faults (throttling, 500s, dropped
connections) that boto3's standard retries ride out with every write landing exactly once
(TransactionConflictException is not retried by the SDKs, as with the service: the unit tests
cover it), eventually consistent reads (GetItem, Query, Scan, GSI queries, BatchGetItem) that
lag a write by the window while strongly consistent ones do not (virtual clock, so the lag is
exact), the background TTL sweeper on the real clock, and table and index statuses that take
time with the boto3 and AWS CLI waiters (virtual clock)."""

import http.server
import json
import os
import subprocess
import threading
import time
import urllib.error
import urllib.request

import boto3
import pytest
from botocore.config import Config

import ddbservers
from conftest import AWS_ENV, TARGET


def client(server, retries):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    return boto3.client(
        "dynamodb", endpoint_url=server.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries=retries, connect_timeout=5, read_timeout=10))


def create_table(ddb, name):
    ddb.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])


@pytest.fixture()
def faulty_server():
    if TARGET != "ddb-local":
        pytest.fail("fault injection is ddb-local's")
    s = ddbservers.start_ddb_local(extra_args=[
        "--throttle", "off", "--fault-rate", "0.2", "--fault-operations", "PutItem,GetItem",
        "--fault-kinds", "throttling,internal,drop", "--fault-seed", "3"])
    try:
        yield s
    finally:
        s.stop()


def test_retries_ride_out_injected_faults(faulty_server, table_name):
    ddb = client(faulty_server, {"mode": "standard", "max_attempts": 12})
    create_table(ddb, table_name)
    retried = 0
    for i in range(15):
        r = ddb.put_item(TableName=table_name, Item={"pk": {"S": f"k{i}"}})
        retried += r["ResponseMetadata"]["RetryAttempts"]
    assert retried > 0, "no fault was injected"
    for i in range(15):
        assert ddb.get_item(TableName=table_name, Key={"pk": {"S": f"k{i}"}},
                            ConsistentRead=True)["Item"] == {"pk": {"S": f"k{i}"}}
    assert ddb.scan(TableName=table_name)["Count"] == 15  # Scan is not a chosen operation


@pytest.fixture()
def lagging_server():
    if TARGET != "ddb-local":
        pytest.fail("eventual consistency on demand is ddb-local's")
    s = ddbservers.start_ddb_local(extra_args=["--virtual-clock", "--eventual-consistency-ms",
                                               "1000"])
    try:
        yield s
    finally:
        s.stop()


def test_eventually_consistent_reads_lag_by_the_window(lagging_server, table_name):
    ddb = client(lagging_server, {"max_attempts": 1})
    create_table(ddb, table_name)
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "a"}, "v": {"N": "1"}})
    assert "Item" not in ddb.get_item(TableName=table_name, Key={"pk": {"S": "a"}})
    assert ddb.get_item(TableName=table_name, Key={"pk": {"S": "a"}},
                        ConsistentRead=True)["Item"]["v"] == {"N": "1"}
    request = urllib.request.Request(f"{lagging_server.url}/_ddblocal/clock/advance?ms=1000",
                                     method="POST", data=b"")
    json.loads(urllib.request.urlopen(request, timeout=10).read())
    assert ddb.get_item(TableName=table_name, Key={"pk": {"S": "a"}})["Item"]["v"] == {"N": "1"}


def advance(server, ms):
    request = urllib.request.Request(f"{server.url}/_ddblocal/clock/advance?ms={ms}",
                                     method="POST", data=b"")
    json.loads(urllib.request.urlopen(request, timeout=10).read())


def test_eventually_consistent_query_scan_index_and_batch_reads_lag(lagging_server, table_name):
    """A read-after-write bug shows up: within the window an eventual Query, Scan, GSI Query and
    BatchGetItem see the table as it was; a strongly consistent read sees the write."""
    ddb = client(lagging_server, {"max_attempts": 1})
    ddb.create_table(
        TableName=table_name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "sk", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"},
                              {"AttributeName": "state", "AttributeType": "S"}],
        GlobalSecondaryIndexes=[{"IndexName": "byState",
                                 "KeySchema": [{"AttributeName": "state", "KeyType": "HASH"}],
                                 "Projection": {"ProjectionType": "ALL"}}])
    ddb.put_item(TableName=table_name,
                 Item={"pk": {"S": "order"}, "sk": {"S": "1"}, "state": {"S": "NEW"}})
    advance(lagging_server, 1000)
    # The bug: update an order, then list it by state right away.
    ddb.put_item(TableName=table_name,
                 Item={"pk": {"S": "order"}, "sk": {"S": "1"}, "state": {"S": "PAID"}})
    query = dict(TableName=table_name, KeyConditionExpression="pk = :p",
                 ExpressionAttributeValues={":p": {"S": "order"}})
    by_state = dict(TableName=table_name, IndexName="byState",
                    KeyConditionExpression="#s = :s", ExpressionAttributeNames={"#s": "state"})
    key = {"pk": {"S": "order"}, "sk": {"S": "1"}}

    def states(items):
        return [i["state"]["S"] for i in items]

    assert states(ddb.query(**query)["Items"]) == ["NEW"]
    assert states(ddb.scan(TableName=table_name)["Items"]) == ["NEW"]
    assert ddb.query(**by_state, ExpressionAttributeValues={":s": {"S": "PAID"}})["Count"] == 0
    assert ddb.query(**by_state, ExpressionAttributeValues={":s": {"S": "NEW"}})["Count"] == 1
    batch = ddb.batch_get_item(RequestItems={table_name: {"Keys": [key]}})
    assert states(batch["Responses"][table_name]) == ["NEW"]
    # Strongly consistent reads always see the write.
    assert states(ddb.query(**query, ConsistentRead=True)["Items"]) == ["PAID"]
    assert states(ddb.scan(TableName=table_name, ConsistentRead=True)["Items"]) == ["PAID"]
    batch = ddb.batch_get_item(RequestItems={table_name: {"Keys": [key], "ConsistentRead": True}})
    assert states(batch["Responses"][table_name]) == ["PAID"]
    advance(lagging_server, 1000)
    assert states(ddb.query(**query)["Items"]) == ["PAID"]
    assert ddb.query(**by_state, ExpressionAttributeValues={":s": {"S": "PAID"}})["Count"] == 1


@pytest.fixture()
def sweeping_server():
    if TARGET != "ddb-local":
        pytest.fail("the sweep interval is ddb-local's")
    s = ddbservers.start_ddb_local(extra_args=["--ttl-sweep-ms", "50"])
    try:
        yield s
    finally:
        s.stop()


def test_background_ttl_sweeper_deletes_expired_items_on_the_real_clock(sweeping_server,
                                                                        table_name):
    """The sweeper thread (real clock) deletes an expired item and leaves a live one. Polled
    with a deadline: the test ends as soon as the item is gone, and fails if it never goes."""
    ddb = client(sweeping_server, {"max_attempts": 3})
    create_table(ddb, table_name)
    ddb.update_time_to_live(TableName=table_name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expires"})
    now = int(time.time())
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "live"}, "expires": {"N": str(now + 3600)}})
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "old"}, "expires": {"N": str(now - 60)}})
    deadline = time.monotonic() + 15
    while "Item" in ddb.get_item(TableName=table_name, Key={"pk": {"S": "old"}},
                                 ConsistentRead=True):
        assert time.monotonic() < deadline, "the sweeper did not delete the expired item in 15 s"
        time.sleep(0.02)  # the poll's pace; the deadline above is what decides
    assert "Item" in ddb.get_item(TableName=table_name, Key={"pk": {"S": "live"}},
                                  ConsistentRead=True)
    assert ddb.scan(TableName=table_name, ConsistentRead=True)["Count"] == 1


@pytest.fixture()
def slow_tables_server():
    if TARGET != "ddb-local":
        pytest.fail("transient statuses on demand are ddb-local's")
    s = ddbservers.start_ddb_local(extra_args=["--virtual-clock", "-delayTransientStatuses",
                                               "--transient-status-ms", "5000"])
    try:
        yield s
    finally:
        s.stop()


def test_transient_statuses_and_the_services_refusals(slow_tables_server, table_name):
    ddb = client(slow_tables_server, {"max_attempts": 1})
    create_table(ddb, table_name)
    assert ddb.describe_table(TableName=table_name)["Table"]["TableStatus"] == "CREATING"
    with pytest.raises(ddb.exceptions.ResourceNotFoundException) as e:
        ddb.put_item(TableName=table_name, Item={"pk": {"S": "a"}})
    assert e.value.response["Error"]["Message"] == "Requested resource not found"
    with pytest.raises(ddb.exceptions.ResourceInUseException) as e:
        ddb.delete_table(TableName=table_name)
    assert e.value.response["Error"]["Message"] == (
        f"Attempt to change a resource which is still in use: Table is being created: {table_name}")
    advance(slow_tables_server, 5000)
    assert ddb.describe_table(TableName=table_name)["Table"]["TableStatus"] == "ACTIVE"
    ddb.put_item(TableName=table_name, Item={"pk": {"S": "a"}, "g": {"S": "x"}})
    ddb.update_table(
        TableName=table_name, AttributeDefinitions=[{"AttributeName": "g", "AttributeType": "S"}],
        GlobalSecondaryIndexUpdates=[{"Create": {
            "IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"}}}])
    table = ddb.describe_table(TableName=table_name)["Table"]
    assert table["TableStatus"] == "UPDATING"
    assert table["GlobalSecondaryIndexes"][0]["IndexStatus"] == "CREATING"
    assert table["GlobalSecondaryIndexes"][0]["Backfilling"] is True
    with pytest.raises(ddb.exceptions.ClientError) as e:
        ddb.query(TableName=table_name, IndexName="byG", KeyConditionExpression="g = :g",
                  ExpressionAttributeValues={":g": {"S": "x"}})
    assert e.value.response["Error"]["Code"] == "ValidationException"
    assert e.value.response["Error"]["Message"] == (
        "Cannot read from backfilling global secondary index: byG")
    advance(slow_tables_server, 5000)
    assert ddb.query(TableName=table_name, IndexName="byG", KeyConditionExpression="g = :g",
                     ExpressionAttributeValues={":g": {"S": "x"}})["Count"] == 1
    ddb.delete_table(TableName=table_name)
    assert ddb.describe_table(TableName=table_name)["Table"]["TableStatus"] == "DELETING"
    advance(slow_tables_server, 5000)
    with pytest.raises(ddb.exceptions.ResourceNotFoundException):
        ddb.describe_table(TableName=table_name)


def advance_when(server, event):
    """In the background: advance the virtual clock past the transition once `event` is set."""
    def run():
        if event.wait(timeout=60):
            advance(server, 5000)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_boto3_table_waiters(slow_tables_server, table_name):
    """boto3's table_exists / table_not_exists waiters: the first poll sees CREATING
    (DELETING), the clock moves on, the next poll sees ACTIVE (ResourceNotFound)."""
    tap = DescribeTableTap(slow_tables_server.url)
    try:
        ddb = boto3.client(
            "dynamodb", endpoint_url=tap.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
            aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
            config=Config(retries={"max_attempts": 1}))
        create_table(ddb, table_name)
        mover = advance_when(slow_tables_server, tap.saw_creating)
        ddb.get_waiter("table_exists").wait(TableName=table_name,
                                            WaiterConfig={"Delay": 1, "MaxAttempts": 30})
        mover.join()
        assert tap.saw_creating.is_set()
        assert ddb.describe_table(TableName=table_name)["Table"]["TableStatus"] == "ACTIVE"
        ddb.delete_table(TableName=table_name)
        mover = advance_when(slow_tables_server, tap.saw_deleting)
        ddb.get_waiter("table_not_exists").wait(TableName=table_name,
                                                WaiterConfig={"Delay": 1, "MaxAttempts": 30})
        mover.join()
        assert tap.saw_deleting.is_set()
    finally:
        tap.close()


class DescribeTableTap:
    """A forwarding proxy between a client and ddb-local that signals when a DescribeTable
    answer saying CREATING (DELETING) has passed through: the test then knows the client's
    waiter has polled once, and can let the table change by advancing the virtual clock."""

    def __init__(self, upstream):
        tap = self
        self.saw_creating = threading.Event()
        self.saw_deleting = threading.Event()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() not in ("host", "content-length", "accept-encoding")}
                request = urllib.request.Request(upstream, data=body, headers=headers,
                                                 method="POST")
                try:
                    response = urllib.request.urlopen(request, timeout=30)
                    status, payload, reply = response.status, response.read(), response.headers
                except urllib.error.HTTPError as e:
                    status, payload, reply = e.code, e.read(), e.headers
                if self.headers.get("X-Amz-Target", "").endswith(".DescribeTable"):
                    if b'"TableStatus":"CREATING"' in payload:
                        tap.saw_creating.set()
                    if b'"TableStatus":"DELETING"' in payload:
                        tap.saw_deleting.set()
                self.send_response(status)
                for k, v in reply.items():
                    if k.lower() not in ("content-length", "connection", "transfer-encoding",
                                         "server", "date"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_aws_cli_wait_table_exists(slow_tables_server, table_name):
    """`aws dynamodb wait table-exists` polls DescribeTable until ACTIVE: its first poll sees
    CREATING (the tap signals it), the table turns ACTIVE when the virtual clock is advanced,
    and the waiter's next poll (its fixed 20 s delay later) sees ACTIVE and succeeds."""
    env = dict(os.environ, **AWS_ENV)
    cli = os.environ.get("AWS_CLI", "/usr/bin/aws")
    tap = DescribeTableTap(slow_tables_server.url)
    try:
        endpoint = ["--endpoint-url", tap.url]
        subprocess.run([cli, "dynamodb", "create-table", "--table-name", table_name,
                        "--billing-mode", "PAY_PER_REQUEST",
                        "--key-schema", "AttributeName=pk,KeyType=HASH",
                        "--attribute-definitions", "AttributeName=pk,AttributeType=S", *endpoint],
                       env=env, check=True, capture_output=True, timeout=60)
        wait = subprocess.Popen([cli, "dynamodb", "wait", "table-exists", "--table-name",
                                 table_name, *endpoint], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        try:
            assert tap.saw_creating.wait(timeout=60), "the waiter never polled"
            assert wait.poll() is None, "the waiter returned while the table was CREATING"
            advance(slow_tables_server, 5000)
            out, err = wait.communicate(timeout=60)
            assert wait.returncode == 0, err
        finally:
            if wait.poll() is None:
                wait.kill()
                wait.wait()
    finally:
        tap.close()
    ddb = client(slow_tables_server, {"max_attempts": 1})
    assert ddb.describe_table(TableName=table_name)["Table"]["TableStatus"] == "ACTIVE"
