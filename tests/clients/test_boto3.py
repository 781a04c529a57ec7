"""boto3 (Debian's python3-boto3) against the server: round trips and error reporting."""

import os
from decimal import Decimal

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from conftest import AWS_ENV, expected_message
from every_type import BYTES, ITEM, KEY, canonical, to_boto3


@pytest.fixture(scope="module")
def client(endpoint):
    for k, v in AWS_ENV.items():  # no config files, no metadata service
        os.environ[k] = v
    return boto3.client(
        "dynamodb", endpoint_url=endpoint.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1}, connect_timeout=5, read_timeout=30))


@pytest.fixture(scope="module")
def table(client):
    name = "boto3_items"
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                                   {"AttributeName": "sk", "KeyType": "RANGE"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                              {"AttributeName": "sk", "AttributeType": "N"}])
    yield name
    client.delete_table(TableName=name)


def error_of(excinfo):
    err = excinfo.value.response["Error"]
    return err["Code"], err["Message"]


def test_low_level_round_trip_of_every_type(client, table):
    item = to_boto3(ITEM)
    assert client.put_item(TableName=table, Item=item, ReturnValues="ALL_OLD").get(
        "Attributes") is None
    got = client.get_item(TableName=table, Key=to_boto3(KEY), ConsistentRead=True)["Item"]
    assert got["b"]["B"] == BYTES
    assert canonical(got) == canonical(item)
    old = client.put_item(TableName=table, Item=to_boto3(KEY), ReturnValues="ALL_OLD")
    assert canonical(old["Attributes"]) == canonical(item)
    deleted = client.delete_item(TableName=table, Key=to_boto3(KEY), ReturnValues="ALL_OLD")
    assert deleted["Attributes"] == to_boto3(KEY)
    assert "Item" not in client.get_item(TableName=table, Key=to_boto3(KEY))


def test_resource_round_trip_with_decimals(client, table, endpoint):
    resource = boto3.resource("dynamodb", endpoint_url=endpoint.url,
                              region_name=AWS_ENV["AWS_DEFAULT_REGION"],
                              aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
                              aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"])
    t = resource.Table(table)
    item = {"pk": "resource", "sk": Decimal("2"),
            "big": Decimal("12345678901234567890123456789012345678"),
            "small": Decimal("-1.2345678901234567890123456789012345678E-20"),
            "set": {"x", "y"}, "nums": {Decimal("1"), Decimal("2.5")},
            "bin": boto3.dynamodb.types.Binary(b"\x00\x01"), "m": {"l": [True, None, "s"]}}
    t.put_item(Item=item)
    got = t.get_item(Key={"pk": "resource", "sk": Decimal("2")}, ConsistentRead=True)["Item"]
    assert got == item


def test_unknown_table_is_resource_not_found(client):
    with pytest.raises(ClientError) as e:
        client.get_item(TableName="no_such_table_boto3", Key={"pk": {"S": "x"}})
    assert error_of(e) == ("ResourceNotFoundException", expected_message(
        "Requested resource not found", "Cannot do operations on a non-existent table"))
    with pytest.raises(ClientError) as e:
        client.describe_table(TableName="no_such_table_boto3")
    assert error_of(e) == ("ResourceNotFoundException", expected_message(
        "Requested resource not found: Table: no_such_table_boto3 not found",
        "Cannot do operations on a non-existent table"))
    assert e.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400


def test_missing_key_attribute_is_a_validation_error(client, table):
    with pytest.raises(ClientError) as e:
        client.put_item(TableName=table, Item={"pk": {"S": "only-hash"}})
    assert error_of(e) == ("ValidationException", expected_message(
        "One or more parameter values were invalid: Missing the key sk in the item",
        "One of the required keys was not given a value"))
    with pytest.raises(ClientError) as e:
        client.get_item(TableName=table, Key={"pk": {"S": "only-hash"}})
    assert error_of(e) == ("ValidationException", expected_message(
        "The provided key element does not match the schema",
        "The number of conditions on the keys is invalid"))


def test_wrong_key_type_is_a_validation_error(client, table):
    with pytest.raises(ClientError) as e:
        client.put_item(TableName=table, Item={"pk": {"S": "a"}, "sk": {"S": "not a number"}})
    assert error_of(e) == ("ValidationException", expected_message(
        "One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S",
        "One or more parameter values were invalid: Type mismatch for key"))


def test_creating_an_existing_table_is_resource_in_use(client, table):
    with pytest.raises(ClientError) as e:
        client.create_table(TableName=table, BillingMode="PAY_PER_REQUEST",
                            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                            AttributeDefinitions=[{"AttributeName": "pk",
                                                   "AttributeType": "S"}])
    assert error_of(e) == ("ResourceInUseException", expected_message(
        f"Table already exists: {table}", "Cannot create preexisting table"))


def test_oversized_item_is_a_validation_error(client, table):
    with pytest.raises(ClientError) as e:
        client.put_item(TableName=table, Item={"pk": {"S": "big"}, "sk": {"N": "1"},
                                               "v": {"S": "x" * (400 * 1024)}})
    assert error_of(e) == ("ValidationException",
                           "Item size has exceeded the maximum allowed size")



def test_failed_condition_is_conditional_check_failed(client, table):
    item = {"pk": {"S": "conditional"}, "sk": {"N": "1"}, "v": {"N": "1"}}
    client.put_item(TableName=table, Item=item, ConditionExpression="attribute_not_exists(pk)")
    with pytest.raises(ClientError) as e:
        client.put_item(TableName=table, Item={**item, "v": {"N": "2"}},
                        ConditionExpression="attribute_not_exists(pk)")
    assert error_of(e) == ("ConditionalCheckFailedException", "The conditional request failed")
    got = client.get_item(TableName=table, Key={"pk": item["pk"], "sk": item["sk"]},
                          ConsistentRead=True)["Item"]
    assert got == item  # the failed write changed nothing
    client.delete_item(TableName=table, Key={"pk": item["pk"], "sk": item["sk"]})
