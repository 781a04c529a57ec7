"""boto3 against ddb-local --service-latency-ms (docs/capacity.md §9): every request takes the
service's latency before its answer, so a client with retries off sees its calls spread over
time as against AWS, and a client whose read timeout is shorter than the latency times out.
On the real clock: the assertions are lower bounds and a timeout, never a sleep."""

import os
import time

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ReadTimeoutError

import ddbservers
from conftest import AWS_ENV, TARGET


@pytest.fixture(scope="module")
def server():
    if TARGET != "ddb-local":
        pytest.fail("--service-latency-ms is ddb-local's")
    s = ddbservers.start_ddb_local(extra_args=["--service-latency-ms", "100"])
    try:
        yield s
    finally:
        s.stop()


def client_for(server, read_timeout):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    return boto3.client(
        "dynamodb", endpoint_url=server.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1, "mode": "standard"}, connect_timeout=5,
                      read_timeout=read_timeout))


def test_sequential_calls_each_take_the_latency(server):
    client = client_for(server, 30)
    client.create_table(TableName="slow", BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
    start = time.monotonic()
    for i in range(5):
        client.put_item(TableName="slow", Item={"pk": {"S": f"k{i}"}})
    assert time.monotonic() - start >= 0.5


def test_a_read_timeout_below_the_latency_times_out(server):
    client = client_for(server, 0.03)
    with pytest.raises(ReadTimeoutError):
        client.get_item(TableName="slow", Key={"pk": {"S": "k0"}})
