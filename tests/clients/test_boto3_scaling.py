"""boto3 against ddb-local's on-demand scaling (docs/capacity.md §7): DescribeTable's
WarmThroughput reports the capacity an on-demand table has scaled to — double its peak second,
once the scaling delay has passed — and the capacity report shows the partitions it split into.
What it reached survives stopping ddb-local (SIGTERM) and starting it again on the same -dbPath.

The server runs with --virtual-clock and --on-demand-scale-delay-ms 60000; the test moves the
clock through the admin endpoint, so every figure is exact. Debian's botocore predates
WarmThroughput in the DynamoDB model (it drops the member), so DescribeTable's raw body is read
through botocore's after-call event."""

import json
import os
import shutil
import tempfile
import urllib.request

import boto3
import pytest
from botocore.config import Config

import ddbservers
from conftest import AWS_ENV, TARGET


def start_on(data_dir):
    binary = ddbservers.ddb_local_binary()
    return ddbservers._start_with_retries(lambda port: ddbservers.Server(
        "ddb-local", [binary, "-port", str(port), "-dbPath", data_dir, "--durability", "none",
                      "--virtual-clock", "--on-demand-scale-delay-ms", "60000"],
        cwd=None, port=port, start_timeout=20))


def admin(server, method, path, **params):
    query = "&".join(f"{k}={v}" for k, v in params.items())
    request = urllib.request.Request(f"{server.url}{path}?{query}", method=method,
                                     data=b"" if method == "POST" else None)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def client_for(server):
    client = boto3.client(
        "dynamodb", endpoint_url=server.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1, "mode": "standard"}, connect_timeout=5,
                      read_timeout=30))
    client.raw_bodies = []

    def keep(http_response, **_):
        client.raw_bodies.append(json.loads(http_response.content or b"{}"))

    client.meta.events.register("after-call.dynamodb.DescribeTable", keep)
    return client


def warm(client, name):
    client.describe_table(TableName=name)
    w = client.raw_bodies[-1]["Table"]["WarmThroughput"]
    return (w["ReadUnitsPerSecond"], w["WriteUnitsPerSecond"], w["Status"])


def partitions(server, name):
    return len(admin(server, "GET", "/_ddblocal/capacity", table=name,
                     access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"])["Table"]["Partitions"])


@pytest.fixture()
def data_dir():
    if TARGET != "ddb-local":
        pytest.fail("on-demand scaling is ddb-local's model: DynamoDB Local has none")
    d = tempfile.mkdtemp(prefix="ddbemu-scaling-")
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def test_warm_throughput_follows_the_peak_and_survives_a_restart(data_dir):
    server = start_on(data_dir)
    try:
        client = client_for(server)
        client.create_table(TableName="launch", BillingMode="PAY_PER_REQUEST",
                            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
        assert warm(client, "launch") == (12000, 4000, "ACTIVE")
        assert partitions(server, "launch") == 4
        # 25 items of 200 KB under 25 keys in one BatchWriteItem: 5,000 WCU, served whole.
        pad = "x" * (200 * 1024 - 8)  # pk (2) + "kNN" (3) + pad (3) + value: 200 KB
        response = client.batch_write_item(RequestItems={"launch": [
            {"PutRequest": {"Item": {"pk": {"S": f"k{i:02d}"}, "pad": {"S": pad}}}}
            for i in range(25)]}, ReturnConsumedCapacity="TOTAL")
        assert response["UnprocessedItems"] == {}
        assert response["ConsumedCapacity"][0]["CapacityUnits"] == 5000
        # The capacity for double that peak is in place 60 s after its second ends.
        admin(server, "POST", "/_ddblocal/clock/advance", ms=59000)
        assert warm(client, "launch") == (12000, 4000, "ACTIVE")
        admin(server, "POST", "/_ddblocal/clock/advance", ms=2000)
        assert warm(client, "launch") == (12000, 10000, "ACTIVE")
        assert partitions(server, "launch") == 10
    finally:
        server.stop()
    server = start_on(data_dir)
    try:
        client = client_for(server)
        assert warm(client, "launch") == (12000, 10000, "ACTIVE")
        assert partitions(server, "launch") == 10
    finally:
        server.stop()
