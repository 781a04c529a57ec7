"""boto3 against ddb-local's capacity model (docs/capacity.md): ConsumedCapacity as the service shapes
it, ProvisionedThroughputExceededException with ThrottlingReasons when retries are off, and
eventual success with the SDK's standard retries. The server runs with --virtual-clock; the
test moves the clock through the admin endpoint (POST /_ddblocal/clock/advance), so every
outcome is exact.

Debian's botocore predates ThrottlingReasons in the DynamoDB model, so the raw error body is
read through botocore's after-call event."""

import json
import os
import urllib.request

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

import ddbservers
from conftest import AWS_ENV, TARGET


ARN_PREFIX = "arn:aws:dynamodb:us-east-1:000000000000:table/"


@pytest.fixture(scope="module")
def server():
    if TARGET != "ddb-local":
        pytest.fail("throttling is ddb-local's: DynamoDB Local never throttles")
    s = ddbservers.start_ddb_local(extra_args=["--virtual-clock"])
    try:
        yield s
    finally:
        s.stop()


def admin(server, method, path, **params):
    query = "&".join(f"{k}={v}" for k, v in params.items())
    request = urllib.request.Request(f"{server.url}{path}?{query}", method=method,
                                     data=b"" if method == "POST" else None)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def make_client(server, retries):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    return boto3.client(
        "dynamodb", endpoint_url=server.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries=retries, connect_timeout=5, read_timeout=30))


def create_table(client, name, **extra):
    definitions = [{"AttributeName": "pk", "AttributeType": "S"}]
    if "GlobalSecondaryIndexes" in extra:
        definitions.append({"AttributeName": "status", "AttributeType": "S"})
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                        AttributeDefinitions=definitions, **extra)


def capture_raw_bodies(client):
    bodies = []

    def keep(http_response, **_):
        bodies.append(json.loads(http_response.content or b"{}"))

    client.meta.events.register("after-call.dynamodb.*", keep)
    return bodies


def test_consumed_capacity_is_shaped_as_the_service_sends_it(server, table_name):
    client = make_client(server, {"max_attempts": 1})
    create_table(client, table_name, GlobalSecondaryIndexes=[{
        "IndexName": "by_status", "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "ALL"}}])
    put = client.put_item(TableName=table_name, Item={"pk": {"S": "a"}, "status": {"S": "new"}},
                          ReturnConsumedCapacity="INDEXES")
    assert put["ConsumedCapacity"] == {
        "TableName": table_name, "CapacityUnits": 2.0, "Table": {"CapacityUnits": 1.0},
        "GlobalSecondaryIndexes": {"by_status": {"CapacityUnits": 1.0}}}
    got = client.get_item(TableName=table_name, Key={"pk": {"S": "a"}},
                          ReturnConsumedCapacity="TOTAL")
    assert got["ConsumedCapacity"] == {"TableName": table_name, "CapacityUnits": 0.5}
    report = admin(server, "GET", "/_ddblocal/capacity", table=table_name,
                   access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"])
    assert report["Table"]["Usage"]["ConsumedWriteCapacityUnits"] == 1.0
    assert report["Table"]["Usage"]["ConsumedReadCapacityUnits"] == 0.5
    assert report["GlobalSecondaryIndexes"][0]["Usage"]["ConsumedWriteCapacityUnits"] == 1.0


def test_without_retries_a_hot_key_is_throttled_with_its_reason(server, table_name):
    client = make_client(server, {"max_attempts": 1})
    create_table(client, table_name)
    # Five WCU a second per key and partition keeps the test short (the default is 1,000); with
    # 64 partitions "hot" and "cold" fall in different ones.
    admin(server, "POST", "/_ddblocal/capacity/config", table=table_name, partition_write_units=5,
          partitions=64, access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"])
    bodies = capture_raw_bodies(client)
    for i in range(5):
        client.put_item(TableName=table_name, Item={"pk": {"S": "hot"}, "v": {"N": str(i)}})
    with pytest.raises(ClientError) as excinfo:
        client.put_item(TableName=table_name, Item={"pk": {"S": "hot"}, "v": {"N": "5"}})
    error = excinfo.value.response["Error"]
    assert error["Code"] == "ProvisionedThroughputExceededException"
    assert error["Message"].startswith("Throughput exceeds the current capacity of your table")
    assert excinfo.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400
    assert bodies[-1]["ThrottlingReasons"] == [
        {"reason": "TableWriteKeyRangeThroughputExceeded", "resource": ARN_PREFIX + table_name}]
    # The throttled write changed nothing; another key is not held back.
    item = client.get_item(TableName=table_name, Key={"pk": {"S": "hot"}}, ConsistentRead=True)
    assert item["Item"]["v"] == {"N": "4"}
    client.put_item(TableName=table_name, Item={"pk": {"S": "cold"}})
    # A virtual second later the key has its five WCU again.
    admin(server, "POST", "/_ddblocal/clock/advance", ms=1000)
    client.put_item(TableName=table_name, Item={"pk": {"S": "hot"}, "v": {"N": "5"}})


def test_with_standard_retries_a_throttled_write_eventually_succeeds(server, table_name):
    client = make_client(server, {"mode": "standard", "max_attempts": 3})
    create_table(client, table_name)
    admin(server, "POST", "/_ddblocal/capacity/config", table=table_name, partition_write_units=1,
          access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"])
    client.put_item(TableName=table_name, Item={"pk": {"S": "hot"}})
    # Each time the SDK decides to retry, a virtual second passes (as real time would).
    attempts = []

    def advance_clock(attempts_so_far=None, **_):
        attempts.append(attempts_so_far)
        admin(server, "POST", "/_ddblocal/clock/advance", ms=1000)

    client.meta.events.register("needs-retry.dynamodb.PutItem", advance_clock)
    response = client.put_item(TableName=table_name, Item={"pk": {"S": "hot"}, "v": {"N": "2"}})
    assert response["ResponseMetadata"]["RetryAttempts"] == 1
    assert client.get_item(TableName=table_name, Key={"pk": {"S": "hot"}},
                           ConsistentRead=True)["Item"]["v"] == {"N": "2"}
    report = admin(server, "GET", "/_ddblocal/capacity", table=table_name,
                   access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"])
    assert report["Table"]["Usage"]["WriteThrottleEvents"] == 1
    assert report["Table"]["TopKeysByThrottles"][0]["Key"] == {"pk": {"S": "hot"}}


def test_batch_write_returns_the_throttled_items_as_unprocessed(server, table_name):
    client = make_client(server, {"max_attempts": 1})
    client.create_table(TableName=table_name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                                   {"AttributeName": "sk", "KeyType": "RANGE"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                              {"AttributeName": "sk", "AttributeType": "N"}])
    admin(server, "POST", "/_ddblocal/capacity/config", table=table_name, partition_write_units=3,
          partitions=64, access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"])
    def puts(pk, sks):
        return [{"PutRequest": {"Item": {"pk": {"S": pk}, "sk": {"N": str(i)}}}} for i in sks]
    hot, cold = puts("hot", range(5)), puts("cold", [0])
    # The hot key takes three one-WCU writes a second: a batch of three spends them...
    spent = client.batch_write_item(RequestItems={table_name: puts("hot", [10, 11, 12])})
    assert spent["UnprocessedItems"] == {}
    # ...so the next batch's items on it come back unprocessed, and the cold key's are written.
    response = client.batch_write_item(RequestItems={table_name: hot + cold},
                                       ReturnConsumedCapacity="TOTAL")
    assert response["UnprocessedItems"] == {table_name: hot}
    assert response["ConsumedCapacity"] == [{"TableName": table_name, "CapacityUnits": 1.0}]
    # A second later the key holds tokens again: the whole retry is admitted (into debt: items
    # are admitted on the balance the batch found, docs/capacity.md §3).
    admin(server, "POST", "/_ddblocal/clock/advance", ms=1000)
    retried = client.batch_write_item(RequestItems=response["UnprocessedItems"])
    assert retried["UnprocessedItems"] == {}
    assert client.scan(TableName=table_name, Select="COUNT")["Count"] == 9
