"""Tenant isolation policies (ddb-local --access-policy-file) through boto3: two tenants share
one table (-sharedDb); each tenant's keys may read and write only items whose partition key
starts with its own TENANT#<id>, through every data path — the item operations, Query (table
and index), Scan (refused: no key limits it), batches, transactions and PartiQL — and get the
service's AccessDeniedException otherwise. Signatures are verified (--credentials-file), so a
tenant cannot claim another's key.
"""

import json
import os
import sys
import tempfile

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "common"))

import ddbservers  # noqa: E402

REGION = "eu-west-1"
TABLE = "shared"
KEYS = {"admin": ("AKIDADMIN", "admin-secret"),
        "a": ("AKIDTENANTA", "tenant-a-secret"),
        "b": ("AKIDTENANTB", "tenant-b-secret")}
TENANT_ACTIONS = ["GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan",
                  "BatchGetItem", "BatchWriteItem", "ConditionCheckItem", "PartiQL*",
                  "DescribeTable"]
POLICIES = {"Policies": [
    {"AccessKeyId": KEYS["admin"][0], "User": "admin", "Actions": ["*"], "Tables": ["*"]},
    {"AccessKeyId": KEYS["a"][0], "User": "tenant-a", "Actions": TENANT_ACTIONS,
     "Tables": [TABLE], "LeadingKeys": ["TENANT#a", "TENANT#a#*"]},
    {"AccessKeyId": KEYS["b"][0], "User": "tenant-b", "Actions": TENANT_ACTIONS,
     "Tables": [TABLE], "LeadingKeys": ["TENANT#b", "TENANT#b#*"]},
]}
TABLE_ARN = f"arn:aws:dynamodb:{REGION}:000000000000:table/{TABLE}"


def denied(user, action, resource=TABLE_ARN):
    return (f"User: arn:aws:iam::000000000000:user/{user} is not authorized to perform: "
            f"dynamodb:{action} on resource: {resource} because no identity-based policy "
            f"allows the dynamodb:{action} action")


@pytest.fixture(scope="module")
def server():
    tmp = tempfile.mkdtemp()
    credentials = os.path.join(tmp, "credentials")
    policies = os.path.join(tmp, "policies.json")
    with open(credentials, "w") as f:
        f.writelines(f"{key} {secret}\n" for key, secret in KEYS.values())
    with open(policies, "w") as f:
        json.dump(POLICIES, f)
    with ddbservers.ddb_local_from_banner(
            ["-sharedDb", "--credentials-file", credentials, "--access-policy-file", policies],
            "access policies") as endpoint:
        admin = client(endpoint, "admin")
        admin.create_table(
            TableName=TABLE, BillingMode="PAY_PER_REQUEST",
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"}
                                  for n in ("pk", "sk", "gpk")],
            GlobalSecondaryIndexes=[{"IndexName": "by_g",
                                     "KeySchema": [{"AttributeName": "gpk", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}])
        for t in ("a", "b"):
            for i in range(3):
                admin.put_item(TableName=TABLE, Item=item(t, str(i)))
        yield endpoint


def client(endpoint, who):
    key, secret = KEYS[who]
    return boto3.client("dynamodb", endpoint_url=endpoint, region_name=REGION,
                        aws_access_key_id=key, aws_secret_access_key=secret,
                        config=Config(retries={"max_attempts": 1}))


def item(tenant, sk, v="0"):
    return {"pk": {"S": f"TENANT#{tenant}"}, "sk": {"S": sk}, "v": {"S": v},
            "gpk": {"S": f"TENANT#{tenant}#G"}}


def key(tenant, sk):
    return {"pk": {"S": f"TENANT#{tenant}"}, "sk": {"S": sk}}


def refused(call, user, action, resource=TABLE_ARN):
    with pytest.raises(ClientError) as info:
        call()
    error = info.value.response["Error"]
    assert error["Code"] == "AccessDeniedException", error
    assert error["Message"] == denied(user, action, resource)
    assert info.value.response["ResponseMetadata"]["HTTPStatusCode"] == 400


def unchanged(endpoint):
    """Tenant b's items as the admin reads them: what a denied write must leave."""
    admin = client(endpoint, "admin")
    got = admin.query(TableName=TABLE, ConsistentRead=True, KeyConditionExpression="pk = :p",
                      ExpressionAttributeValues={":p": {"S": "TENANT#b"}})["Items"]
    return sorted((i["sk"]["S"], i["v"]["S"]) for i in got)


def test_item_operations(server):
    a = client(server, "a")
    assert a.get_item(TableName=TABLE, Key=key("a", "0"))["Item"]["v"]["S"] == "0"
    a.put_item(TableName=TABLE, Item=item("a", "new"))
    a.update_item(TableName=TABLE, Key=key("a", "new"), UpdateExpression="SET v = :v",
                  ExpressionAttributeValues={":v": {"S": "1"}})
    a.delete_item(TableName=TABLE, Key=key("a", "new"))
    before = unchanged(server)
    refused(lambda: a.get_item(TableName=TABLE, Key=key("b", "0")), "tenant-a", "GetItem")
    refused(lambda: a.put_item(TableName=TABLE, Item=item("b", "0", "stolen")), "tenant-a",
            "PutItem")
    refused(lambda: a.update_item(TableName=TABLE, Key=key("b", "0"), UpdateExpression="SET v = :v",
                                  ExpressionAttributeValues={":v": {"S": "x"}}),
            "tenant-a", "UpdateItem")
    refused(lambda: a.delete_item(TableName=TABLE, Key=key("b", "0")), "tenant-a", "DeleteItem")
    assert unchanged(server) == before
    # The other tenant's own keys work for it, and not for a's items.
    b = client(server, "b")
    assert b.get_item(TableName=TABLE, Key=key("b", "1"))["Item"]["v"]["S"] == "0"
    refused(lambda: b.get_item(TableName=TABLE, Key=key("a", "1")), "tenant-b", "GetItem")


def test_query_on_the_table_and_an_index(server):
    a = client(server, "a")
    own = a.query(TableName=TABLE, KeyConditionExpression="pk = :p",
                  ExpressionAttributeValues={":p": {"S": "TENANT#a"}})
    assert own["Count"] == 3
    refused(lambda: a.query(TableName=TABLE, KeyConditionExpression="pk = :p",
                            ExpressionAttributeValues={":p": {"S": "TENANT#b"}}),
            "tenant-a", "Query")
    assert a.query(TableName=TABLE, IndexName="by_g", KeyConditionExpression="gpk = :g",
                   ExpressionAttributeValues={":g": {"S": "TENANT#a#G"}})["Count"] == 3
    refused(lambda: a.query(TableName=TABLE, IndexName="by_g", KeyConditionExpression="gpk = :g",
                            ExpressionAttributeValues={":g": {"S": "TENANT#b#G"}}),
            "tenant-a", "Query", TABLE_ARN + "/index/by_g")


def test_scan_is_refused_under_leading_keys(server):
    a = client(server, "a")
    refused(lambda: a.scan(TableName=TABLE), "tenant-a", "Scan")
    refused(lambda: a.scan(TableName=TABLE, IndexName="by_g"), "tenant-a", "Scan",
            TABLE_ARN + "/index/by_g")
    assert client(server, "admin").scan(TableName=TABLE)["Count"] >= 6


def test_batches(server):
    a = client(server, "a")
    got = a.batch_get_item(RequestItems={TABLE: {"Keys": [key("a", "0"), key("a", "1")]}})
    assert len(got["Responses"][TABLE]) == 2
    refused(lambda: a.batch_get_item(RequestItems={TABLE: {"Keys": [key("a", "0"), key("b", "0")]}}),
            "tenant-a", "BatchGetItem")
    a.batch_write_item(RequestItems={TABLE: [{"PutRequest": {"Item": item("a", "batch")}}]})
    before = unchanged(server)
    refused(lambda: a.batch_write_item(RequestItems={TABLE: [
        {"PutRequest": {"Item": item("a", "batch2")}},
        {"DeleteRequest": {"Key": key("b", "0")}}]}), "tenant-a", "BatchWriteItem")
    assert unchanged(server) == before
    # Refused whole: a's own item of that batch was not written either.
    assert "Item" not in client(server, "admin").get_item(TableName=TABLE, Key=key("a", "batch2"))


def test_transactions(server):
    a = client(server, "a")
    got = a.transact_get_items(TransactItems=[{"Get": {"TableName": TABLE, "Key": key("a", "0")}}])
    assert got["Responses"][0]["Item"]["v"]["S"] == "0"
    refused(lambda: a.transact_get_items(TransactItems=[
        {"Get": {"TableName": TABLE, "Key": key("a", "0")}},
        {"Get": {"TableName": TABLE, "Key": key("b", "0")}}]), "tenant-a", "GetItem")
    before = unchanged(server)
    refused(lambda: a.transact_write_items(TransactItems=[
        {"Put": {"TableName": TABLE, "Item": item("a", "tx")}},
        {"Update": {"TableName": TABLE, "Key": key("b", "0"), "UpdateExpression": "SET v = :v",
                    "ExpressionAttributeValues": {":v": {"S": "x"}}}}]), "tenant-a", "UpdateItem")
    refused(lambda: a.transact_write_items(TransactItems=[
        {"ConditionCheck": {"TableName": TABLE, "Key": key("b", "0"),
                            "ConditionExpression": "attribute_exists(pk)"}},
        {"Put": {"TableName": TABLE, "Item": item("a", "tx")}}]), "tenant-a", "ConditionCheckItem")
    assert unchanged(server) == before
    a.transact_write_items(TransactItems=[{"Put": {"TableName": TABLE, "Item": item("a", "tx")}}])


def test_partiql(server):
    a = client(server, "a")
    own = a.execute_statement(Statement=f"SELECT * FROM \"{TABLE}\" WHERE pk = ? AND sk = ?",
                              Parameters=[{"S": "TENANT#a"}, {"S": "0"}])
    assert len(own["Items"]) == 1
    assert len(a.execute_statement(Statement=f"SELECT * FROM \"{TABLE}\" WHERE pk = 'TENANT#a'")
               ["Items"]) >= 3
    refused(lambda: a.execute_statement(
        Statement=f"SELECT * FROM \"{TABLE}\" WHERE pk = 'TENANT#b'"), "tenant-a", "PartiQLSelect")
    refused(lambda: a.execute_statement(Statement=f"SELECT * FROM \"{TABLE}\""),
            "tenant-a", "PartiQLSelect")  # a scan
    before = unchanged(server)
    refused(lambda: a.execute_statement(
        Statement=f"INSERT INTO \"{TABLE}\" VALUE {{'pk': 'TENANT#b', 'sk': 'p'}}"),
        "tenant-a", "PartiQLInsert")
    refused(lambda: a.execute_statement(
        Statement=f"UPDATE \"{TABLE}\" SET v = 'x' WHERE pk = 'TENANT#b' AND sk = '0'"),
        "tenant-a", "PartiQLUpdate")
    refused(lambda: a.execute_statement(
        Statement=f"DELETE FROM \"{TABLE}\" WHERE pk = 'TENANT#b' AND sk = '0'"),
        "tenant-a", "PartiQLDelete")
    refused(lambda: a.batch_execute_statement(Statements=[
        {"Statement": f"SELECT * FROM \"{TABLE}\" WHERE pk = 'TENANT#a' AND sk = '0'"},
        {"Statement": f"SELECT * FROM \"{TABLE}\" WHERE pk = 'TENANT#b' AND sk = '0'"}]),
        "tenant-a", "PartiQLSelect")
    refused(lambda: a.execute_transaction(TransactStatements=[
        {"Statement": f"UPDATE \"{TABLE}\" SET v = 'x' WHERE pk = 'TENANT#b' AND sk = '1'"}]),
        "tenant-a", "PartiQLUpdate")
    assert unchanged(server) == before
    a.execute_transaction(TransactStatements=[
        {"Statement": f"UPDATE \"{TABLE}\" SET v = 'p' WHERE pk = 'TENANT#a' AND sk = '1'"}])


def test_control_plane_and_unknown_keys(server):
    a = client(server, "a")
    assert a.describe_table(TableName=TABLE)["Table"]["TableName"] == TABLE
    refused(lambda: a.create_table(TableName="mine", BillingMode="PAY_PER_REQUEST",
                                   KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                                   AttributeDefinitions=[{"AttributeName": "pk",
                                                          "AttributeType": "S"}]),
            "tenant-a", "CreateTable", f"arn:aws:dynamodb:{REGION}:000000000000:table/mine")
    refused(lambda: a.delete_table(TableName=TABLE), "tenant-a", "DeleteTable")
    refused(lambda: a.list_tables(), "tenant-a", "ListTables",
            f"arn:aws:dynamodb:{REGION}:000000000000:table/*")
