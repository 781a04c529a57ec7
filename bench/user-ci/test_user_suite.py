"""A user's CI suite, as teams write theirs against a local DynamoDB: boto3 and pytest, every
test creates its own table, writes and reads a few items, and deletes the table.

Ten scenarios of a small application (profiles, orders, a counter, a cart, sessions...), each
for five tenants: 50 tests. The endpoint comes from DDB_ENDPOINT (run_user_ci.py sets it);
nothing here knows which server answers.
"""

import os
import uuid
from decimal import Decimal

import boto3
import pytest
from boto3.dynamodb.conditions import Attr, Key
from botocore.exceptions import ClientError

TENANTS = ["acme", "globex", "initech", "umbrella", "hooli"]


@pytest.fixture(scope="session")
def dynamodb():
    return boto3.resource(
        "dynamodb",
        endpoint_url=os.environ["DDB_ENDPOINT"],
        region_name="us-east-1",
        aws_access_key_id="usersuite",
        aws_secret_access_key="usersuite",
    )


def _create(dynamodb, name, keys, gsi=None):
    attrs = {k: t for k, t, _ in keys}
    schema = [{"AttributeName": k, "KeyType": kt} for k, _, kt in keys]
    kwargs = {}
    if gsi:
        gname, gkeys = gsi
        for k, t, _ in gkeys:
            attrs[k] = t
        kwargs["GlobalSecondaryIndexes"] = [{
            "IndexName": gname,
            "KeySchema": [{"AttributeName": k, "KeyType": kt} for k, _, kt in gkeys],
            "Projection": {"ProjectionType": "ALL"},
        }]
    table = dynamodb.create_table(
        TableName=name,
        KeySchema=schema,
        AttributeDefinitions=[{"AttributeName": k, "AttributeType": t} for k, t in attrs.items()],
        BillingMode="PAY_PER_REQUEST",
        **kwargs,
    )
    table.wait_until_exists()
    return table


@pytest.fixture
def table_factory(dynamodb):
    made = []

    def make(keys, gsi=None):
        t = _create(dynamodb, "t-" + uuid.uuid4().hex[:12], keys, gsi)
        made.append(t)
        return t

    yield make
    for t in made:
        t.delete()


PK = ("pk", "S", "HASH")
SK = ("sk", "S", "RANGE")


@pytest.mark.parametrize("tenant", TENANTS)
def test_profile_crud(table_factory, tenant):
    t = table_factory([PK])
    t.put_item(Item={"pk": f"user#{tenant}", "name": "Ada", "age": 36})
    assert t.get_item(Key={"pk": f"user#{tenant}"})["Item"]["name"] == "Ada"
    t.update_item(Key={"pk": f"user#{tenant}"}, UpdateExpression="SET age = age + :one",
                  ExpressionAttributeValues={":one": 1})
    assert t.get_item(Key={"pk": f"user#{tenant}"})["Item"]["age"] == 37
    t.delete_item(Key={"pk": f"user#{tenant}"})
    assert "Item" not in t.get_item(Key={"pk": f"user#{tenant}"})


@pytest.mark.parametrize("tenant", TENANTS)
def test_orders_by_customer(table_factory, tenant):
    t = table_factory([PK, SK])
    for i in range(5):
        t.put_item(Item={"pk": f"cust#{tenant}", "sk": f"order#{i:03d}", "total": Decimal(i * 10)})
    t.put_item(Item={"pk": "cust#other", "sk": "order#000", "total": 1})
    got = t.query(KeyConditionExpression=Key("pk").eq(f"cust#{tenant}"), ScanIndexForward=False)
    assert [i["sk"] for i in got["Items"]] == [f"order#{i:03d}" for i in range(4, -1, -1)]


@pytest.mark.parametrize("tenant", TENANTS)
def test_conditional_create_refuses_duplicate(table_factory, tenant):
    t = table_factory([PK])
    t.put_item(Item={"pk": tenant, "v": 1}, ConditionExpression="attribute_not_exists(pk)")
    with pytest.raises(ClientError) as e:
        t.put_item(Item={"pk": tenant, "v": 2}, ConditionExpression="attribute_not_exists(pk)")
    assert e.value.response["Error"]["Code"] == "ConditionalCheckFailedException"
    assert t.get_item(Key={"pk": tenant})["Item"]["v"] == 1


@pytest.mark.parametrize("tenant", TENANTS)
def test_atomic_counter(table_factory, tenant):
    t = table_factory([PK])
    for _ in range(5):
        t.update_item(Key={"pk": f"counter#{tenant}"}, UpdateExpression="ADD hits :one",
                      ExpressionAttributeValues={":one": 1})
    assert t.get_item(Key={"pk": f"counter#{tenant}"}, ConsistentRead=True)["Item"]["hits"] == 5


@pytest.mark.parametrize("tenant", TENANTS)
def test_batch_write_then_scan(table_factory, tenant):
    t = table_factory([PK])
    with t.batch_writer() as batch:
        for i in range(10):
            batch.put_item(Item={"pk": f"{tenant}#{i}", "n": i})
    items = t.scan(FilterExpression=Attr("n").gte(5))["Items"]
    assert sorted(i["n"] for i in items) == [5, 6, 7, 8, 9]


@pytest.mark.parametrize("tenant", TENANTS)
def test_lookup_by_email_index(table_factory, tenant):
    t = table_factory([PK], gsi=("byEmail", [("email", "S", "HASH")]))
    t.put_item(Item={"pk": "u1", "email": f"ada@{tenant}.example"})
    t.put_item(Item={"pk": "u2", "email": f"bob@{tenant}.example"})
    got = t.query(IndexName="byEmail", KeyConditionExpression=Key("email").eq(f"bob@{tenant}.example"))
    assert [i["pk"] for i in got["Items"]] == ["u2"]


@pytest.mark.parametrize("tenant", TENANTS)
def test_cart_transaction(dynamodb, table_factory, tenant):
    t = table_factory([PK, SK])
    client = dynamodb.meta.client
    client.transact_write_items(TransactItems=[
        {"Put": {"TableName": t.name, "Item": {"pk": f"cart#{tenant}", "sk": "item#1", "qty": 2}}},
        {"Update": {"TableName": t.name, "Key": {"pk": f"cart#{tenant}", "sk": "meta"},
                    "UpdateExpression": "ADD line_count :one", "ExpressionAttributeValues": {":one": 1}}},
    ])
    meta = t.get_item(Key={"pk": f"cart#{tenant}", "sk": "meta"})["Item"]
    assert meta["line_count"] == 1
    with pytest.raises(ClientError) as e:
        client.transact_write_items(TransactItems=[
            {"Put": {"TableName": t.name, "Item": {"pk": f"cart#{tenant}", "sk": "item#1"},
                     "ConditionExpression": "attribute_not_exists(pk)"}},
            {"Update": {"TableName": t.name, "Key": {"pk": f"cart#{tenant}", "sk": "meta"},
                        "UpdateExpression": "ADD line_count :one",
                        "ExpressionAttributeValues": {":one": 1}}},
        ])
    assert e.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert t.get_item(Key={"pk": f"cart#{tenant}", "sk": "meta"})["Item"]["line_count"] == 1


@pytest.mark.parametrize("tenant", TENANTS)
def test_paginated_history(table_factory, tenant):
    t = table_factory([PK, SK])
    for i in range(12):
        t.put_item(Item={"pk": tenant, "sk": f"event#{i:02d}"})
    seen, kwargs = [], {"KeyConditionExpression": Key("pk").eq(tenant), "Limit": 5}
    while True:
        page = t.query(**kwargs)
        seen += [i["sk"] for i in page["Items"]]
        if "LastEvaluatedKey" not in page:
            break
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    assert seen == [f"event#{i:02d}" for i in range(12)]


@pytest.mark.parametrize("tenant", TENANTS)
def test_batch_get_sessions(dynamodb, table_factory, tenant):
    t = table_factory([PK])
    for i in range(4):
        t.put_item(Item={"pk": f"session#{tenant}#{i}", "user": f"u{i}"})
    got = dynamodb.batch_get_item(RequestItems={
        t.name: {"Keys": [{"pk": f"session#{tenant}#{i}"} for i in range(4)]}})
    assert sorted(i["user"] for i in got["Responses"][t.name]) == ["u0", "u1", "u2", "u3"]


@pytest.mark.parametrize("tenant", TENANTS)
def test_update_returns_new_values(table_factory, tenant):
    t = table_factory([PK, SK])
    t.put_item(Item={"pk": tenant, "sk": "settings", "theme": "light", "tags": {"a"}})
    got = t.update_item(Key={"pk": tenant, "sk": "settings"},
                        UpdateExpression="SET theme = :t REMOVE tags",
                        ExpressionAttributeValues={":t": "dark"}, ReturnValues="ALL_NEW")
    assert got["Attributes"] == {"pk": tenant, "sk": "settings", "theme": "dark"}
