"""DynamoDB Local's leniencies through boto3 (issue 32, point 5): a table declared as suites
written against Local declare theirs (PynamoDB's models carry throughput whatever their billing
mode; ElectroDB's fixtures define every attribute they use) is refused by ddb-local as AWS
refuses it, and accepted with --lenient as DynamoDB Local accepts it (docs/ddb-local.md)."""

import os

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

import ddbservers
from conftest import AWS_ENV, TARGET

pytestmark = pytest.mark.skipif(TARGET != "ddb-local", reason="ddb-local's --lenient flag")


def client_for(server):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    return boto3.client("dynamodb", endpoint_url=server.url,
                        region_name=AWS_ENV["AWS_DEFAULT_REGION"],
                        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
                        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
                        config=Config(retries={"max_attempts": 1}))


@pytest.fixture(scope="module", params=["strict", "lenient"])
def mode(request):
    server = ddbservers.start_ddb_local(
        extra_args=["--lenient"] if request.param == "lenient" else [])
    try:
        yield request.param, client_for(server)
    finally:
        server.stop()


LOCAL_STYLE = dict(
    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                          {"AttributeName": "gk", "AttributeType": "S"},
                          {"AttributeName": "created", "AttributeType": "N"}],  # no key uses it
    GlobalSecondaryIndexes=[{"IndexName": "by_gk",
                             "KeySchema": [{"AttributeName": "gk", "KeyType": "HASH"}],
                             "Projection": {"ProjectionType": "ALL"}}])


def test_unused_attribute_definitions(mode):
    name, ddb = mode
    if name == "strict":
        with pytest.raises(ClientError) as e:
            ddb.create_table(TableName="unused_defs", BillingMode="PAY_PER_REQUEST", **LOCAL_STYLE)
        assert e.value.response["Error"]["Code"] == "ValidationException"
        assert "Some AttributeDefinitions are not used" in e.value.response["Error"]["Message"]
        assert "unused_defs" not in ddb.list_tables()["TableNames"]
        return
    ddb.create_table(TableName="unused_defs", BillingMode="PAY_PER_REQUEST", **LOCAL_STYLE)
    table = ddb.describe_table(TableName="unused_defs")["Table"]
    assert sorted(d["AttributeName"] for d in table["AttributeDefinitions"]) == ["gk", "pk"]
    ddb.put_item(TableName="unused_defs", Item={"pk": {"S": "a"}, "gk": {"S": "g"},
                                                "created": {"N": "1"}})
    assert ddb.query(TableName="unused_defs", IndexName="by_gk",
                     KeyConditionExpression="gk = :g",
                     ExpressionAttributeValues={":g": {"S": "g"}})["Count"] == 1


def test_throughput_on_an_on_demand_table(mode):
    name, ddb = mode
    request = dict(TableName="on_demand_throughput", BillingMode="PAY_PER_REQUEST",
                   KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                   AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                   ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})
    if name == "strict":
        with pytest.raises(ClientError) as e:
            ddb.create_table(**request)
        assert e.value.response["Error"]["Message"] == (
            "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
            "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST")
        return
    ddb.create_table(**request)
    table = ddb.describe_table(TableName="on_demand_throughput")["Table"]
    assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
