"""boto3 against ddb-local's realism switches: injected faults (throttling, 500s, dropped
connections) that boto3's standard retries ride out with every write landing exactly once
(TransactionConflictException is not retried by the SDKs, as with the service: the unit tests
cover it), and eventually consistent reads that lag a write by the window while
strongly consistent ones do not (virtual clock, so the lag is exact)."""

import json
import os
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
