"""boto3 (Debian's python3-boto3) against the server: batches and transactions.

BatchWriteItem / BatchGetItem through the client and the resource layer (Table.batch_writer
splits into batches of 25 and resends UnprocessedItems), TransactWriteItems / TransactGetItems
with their cancellation reasons, and ClientRequestToken idempotency (botocore fills in a token
for every TransactWriteItems call that has none).
"""

import os
import uuid

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from conftest import AWS_ENV, expected_message

CANCELLED = "Transaction cancelled, please refer cancellation reasons for specific reasons "


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
def tables(client):
    """Two on-demand tables: accounts (pk) and events (pk, sk N)."""
    names = {"accounts": "boto3_accounts_" + uuid.uuid4().hex[:8],
             "events": "boto3_events_" + uuid.uuid4().hex[:8]}
    client.create_table(TableName=names["accounts"], BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
    client.create_table(TableName=names["events"], BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                                   {"AttributeName": "sk", "KeyType": "RANGE"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                              {"AttributeName": "sk", "AttributeType": "N"}])
    yield names
    for name in names.values():
        client.delete_table(TableName=name)


def error_of(excinfo):
    err = excinfo.value.response["Error"]
    return err["Code"], err["Message"]


def account(pk, balance):
    return {"pk": {"S": pk}, "bal": {"N": str(balance)}}


def test_batch_write_and_batch_get_across_tables(client, tables):
    accounts, events = tables["accounts"], tables["events"]
    out = client.batch_write_item(RequestItems={
        accounts: [{"PutRequest": {"Item": account("bw-a", 1)}},
                   {"PutRequest": {"Item": account("bw-b", 2)}}],
        events: [{"PutRequest": {"Item": {"pk": {"S": "bw-a"}, "sk": {"N": "1"}}}}]},
        ReturnConsumedCapacity="TOTAL")
    assert out["UnprocessedItems"] == {}
    assert sorted((c["TableName"], c["CapacityUnits"]) for c in out["ConsumedCapacity"]) == \
        sorted([(accounts, 2.0), (events, 1.0)])

    got = client.batch_get_item(RequestItems={
        accounts: {"Keys": [{"pk": {"S": "bw-a"}}, {"pk": {"S": "bw-b"}}, {"pk": {"S": "none"}}],
                   "ProjectionExpression": "#b", "ExpressionAttributeNames": {"#b": "bal"}},
        events: {"Keys": [{"pk": {"S": "bw-a"}, "sk": {"N": "1"}}], "ConsistentRead": True}})
    assert got["UnprocessedKeys"] == {}
    assert sorted(i["bal"]["N"] for i in got["Responses"][accounts]) == ["1", "2"]
    assert got["Responses"][events] == [{"pk": {"S": "bw-a"}, "sk": {"N": "1"}}]

    out = client.batch_write_item(RequestItems={
        accounts: [{"DeleteRequest": {"Key": {"pk": {"S": "bw-a"}}}},
                   {"DeleteRequest": {"Key": {"pk": {"S": "bw-b"}}}}]})
    assert out["UnprocessedItems"] == {}
    assert "Item" not in client.get_item(TableName=accounts, Key={"pk": {"S": "bw-a"}},
                                         ConsistentRead=True)


def test_resource_batch_writer_writes_more_than_25_items(client, tables, endpoint):
    resource = boto3.resource("dynamodb", endpoint_url=endpoint.url,
                              region_name=AWS_ENV["AWS_DEFAULT_REGION"],
                              aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
                              aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"])
    table = resource.Table(tables["events"])
    with table.batch_writer() as batch:
        for i in range(60):
            batch.put_item(Item={"pk": "writer", "sk": i, "payload": "x" * i})
    keys = [{"pk": {"S": "writer"}, "sk": {"N": str(i)}} for i in range(60)]
    got = client.batch_get_item(RequestItems={tables["events"]: {"Keys": keys}})
    assert got["UnprocessedKeys"] == {}
    assert sorted(int(i["sk"]["N"]) for i in got["Responses"][tables["events"]]) == \
        list(range(60))
    with table.batch_writer() as batch:
        for i in range(60):
            batch.delete_item(Key={"pk": "writer", "sk": i})
    got = client.batch_get_item(RequestItems={tables["events"]: {"Keys": keys}})
    assert got["Responses"][tables["events"]] == []


def test_batch_errors(client, tables):
    accounts = tables["accounts"]
    with pytest.raises(ClientError) as e:
        client.batch_write_item(RequestItems={accounts: [
            {"PutRequest": {"Item": account("dup", 1)}},
            {"DeleteRequest": {"Key": {"pk": {"S": "dup"}}}}]})
    assert error_of(e) == ("ValidationException",
                           "Provided list of item keys contains duplicates")
    with pytest.raises(ClientError) as e:
        client.batch_write_item(RequestItems={
            accounts: [{"PutRequest": {"Item": account(f"many{i}", i)}} for i in range(13)],
            tables["events"]: [{"PutRequest": {"Item": {"pk": {"S": "m"}, "sk": {"N": str(i)}}}}
                               for i in range(13)]})
    assert error_of(e) == ("ValidationException",
                           "Too many items requested for the BatchWriteItem call")
    with pytest.raises(ClientError) as e:
        client.batch_get_item(RequestItems={accounts: {"Keys": [{"pk": {"S": "a"}},
                                                               {"pk": {"S": "a"}}]}})
    assert error_of(e) == ("ValidationException",
                           "Provided list of item keys contains duplicates")
    with pytest.raises(ClientError) as e:
        client.batch_get_item(RequestItems={"no_such_table_boto3": {"Keys": [{"pk": {"S": "a"}}]}})
    assert error_of(e) == ("ResourceNotFoundException", expected_message(
        "Requested resource not found", "Cannot do operations on a non-existent table"))
    with pytest.raises(ClientError) as e:
        client.batch_write_item(RequestItems={accounts: [{"PutRequest": {"Item": {"pk": {"N": "1"}}}}]})
    assert error_of(e) == ("ValidationException", expected_message(
        "The provided key element does not match the schema",
        "One or more parameter values were invalid: Type mismatch for key"))


def transfer(accounts, source, target, amount, **kw):
    value = {":a": {"N": str(amount)}}
    return dict(TransactItems=[
        {"Update": {"TableName": accounts, "Key": {"pk": {"S": source}},
                    "UpdateExpression": "SET bal = bal - :a", "ConditionExpression": "bal >= :a",
                    "ExpressionAttributeValues": value,
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"Update": {"TableName": accounts, "Key": {"pk": {"S": target}},
                    "UpdateExpression": "SET bal = bal + :a", "ExpressionAttributeValues": value}}],
        **kw)


def balances(client, accounts, *names):
    got = client.transact_get_items(TransactItems=[
        {"Get": {"TableName": accounts, "Key": {"pk": {"S": n}}}} for n in names])
    return [int(r["Item"]["bal"]["N"]) for r in got["Responses"]]


def test_transactions_commit_all_or_nothing(client, tables):
    accounts = tables["accounts"]
    client.put_item(TableName=accounts, Item=account("tx-alice", 100))
    client.put_item(TableName=accounts, Item=account("tx-bob", 0))
    out = client.transact_write_items(**transfer(accounts, "tx-alice", "tx-bob", 40),
                                      ReturnConsumedCapacity="TOTAL")
    assert out["ConsumedCapacity"] == [{"TableName": accounts, "CapacityUnits": 4.0,
                                        "WriteCapacityUnits": 4.0}]
    assert balances(client, accounts, "tx-alice", "tx-bob") == [60, 40]

    with pytest.raises(ClientError) as e:
        client.transact_write_items(**transfer(accounts, "tx-alice", "tx-bob", 1000))
    assert error_of(e) == ("TransactionCanceledException",
                           CANCELLED + "[ConditionalCheckFailed, None]")
    reasons = e.value.response.get("CancellationReasons")
    if reasons is not None:  # newer botocore parses them; Debian's may not
        assert reasons[0]["Code"] == "ConditionalCheckFailed"
        assert reasons[0]["Item"] == account("tx-alice", 60)
        assert reasons[1] == {"Code": "None"}
    assert balances(client, accounts, "tx-alice", "tx-bob") == [60, 40]


def test_transact_get_items_projects_each_get(client, tables):
    accounts = tables["accounts"]
    client.put_item(TableName=accounts, Item={**account("tg", 7), "extra": {"S": "x"}})
    got = client.transact_get_items(TransactItems=[
        {"Get": {"TableName": accounts, "Key": {"pk": {"S": "tg"}}, "ProjectionExpression": "extra"}},
        {"Get": {"TableName": accounts, "Key": {"pk": {"S": "tg-none"}}}}],
        ReturnConsumedCapacity="TOTAL")
    assert got["Responses"] == [{"Item": {"extra": {"S": "x"}}}, {}]
    assert got["ConsumedCapacity"] == [{"TableName": accounts, "CapacityUnits": 4.0,
                                        "ReadCapacityUnits": 4.0}]


def test_transaction_errors(client, tables):
    accounts = tables["accounts"]
    with pytest.raises(ClientError) as e:
        client.transact_write_items(TransactItems=[
            {"ConditionCheck": {"TableName": accounts, "Key": {"pk": {"S": "x"}},
                                "ConditionExpression": "attribute_not_exists(pk)"}},
            {"Put": {"TableName": accounts, "Item": {"pk": {"S": "x"}}}}])
    assert error_of(e) == ("ValidationException",
                           "Transaction request cannot include multiple operations on one item")
    with pytest.raises(ClientError) as e:
        client.transact_write_items(TransactItems=[
            {"Put": {"TableName": "no_such_table_boto3", "Item": {"pk": {"S": "x"}}}}])
    assert error_of(e) == ("ResourceNotFoundException", expected_message(
        "Requested resource not found", "Cannot do operations on a non-existent table"))


def test_client_request_token_makes_a_transaction_idempotent(client, tables):
    accounts = tables["accounts"]
    client.put_item(TableName=accounts, Item=account("idem-a", 100))
    client.put_item(TableName=accounts, Item=account("idem-b", 0))
    token = str(uuid.uuid4())
    request = transfer(accounts, "idem-a", "idem-b", 10, ClientRequestToken=token,
                       ReturnConsumedCapacity="TOTAL")
    first = client.transact_write_items(**request)
    again = client.transact_write_items(**request)
    assert first["ConsumedCapacity"][0]["WriteCapacityUnits"] == 4.0
    assert again["ConsumedCapacity"][0].get("ReadCapacityUnits", 0) > 0  # read, not written
    assert balances(client, accounts, "idem-a", "idem-b") == [90, 10]
    with pytest.raises(ClientError) as e:
        client.transact_write_items(**transfer(accounts, "idem-a", "idem-b", 11,
                                               ClientRequestToken=token))
    assert error_of(e)[0] == "IdempotentParameterMismatchException"
    assert balances(client, accounts, "idem-a", "idem-b") == [90, 10]


def test_tokens_botocore_generates_are_distinct_requests(client, tables):
    # botocore fills in ClientRequestToken (an idempotency token) on every call without one:
    # two identical transfers without a token are two requests and both apply.
    accounts = tables["accounts"]
    client.put_item(TableName=accounts, Item=account("auto-a", 10))
    client.put_item(TableName=accounts, Item=account("auto-b", 0))
    client.transact_write_items(**transfer(accounts, "auto-a", "auto-b", 1))
    client.transact_write_items(**transfer(accounts, "auto-a", "auto-b", 1))
    assert balances(client, accounts, "auto-a", "auto-b") == [8, 2]
