"""Whole-database snapshots through ddb-local's admin endpoints (docs/testing.md, "Snapshots"),
with boto3 as the application: POST /_ddblocal/snapshot, /restore, /reset, GET /snapshots,
DELETE /snapshot; and under --access-policy-file, where only a policy over every table may use
them (the caller is the Authorization header's, whose signature ddb-local verifies when it
verifies signatures: admin requests are signed here as an SDK signs).
"""

import json
import os
import sys
import tempfile
import urllib.error
import urllib.request

import boto3
import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "common"))

import ddbservers  # noqa: E402

REGION = "us-east-1"


def admin(url, method, path, headers=None):
    """(status, JSON body) of one admin request."""
    request = urllib.request.Request(url + path, data=b"" if method != "GET" else None,
                                     method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def error_type(body):
    return body["__type"].split("#")[-1]


@pytest.fixture(scope="module")
def server():
    s = ddbservers.start_ddb_local()
    yield s
    s.stop()


def client(url, key="AKIDSNAP", secret="secret"):
    return boto3.client("dynamodb", endpoint_url=url, region_name=REGION,
                        aws_access_key_id=key, aws_secret_access_key=secret,
                        config=Config(retries={"mode": "legacy", "total_max_attempts": 11}))


def all_items(ddb, table):
    items = []
    for page in ddb.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(page["Items"])
    return sorted(items, key=lambda i: i["sk"]["S"])


def test_a_restore_gives_back_exactly_what_the_snapshot_held(server):
    ddb = client(server.url)
    ddb.create_table(
        TableName="employees", BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "sk", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"}
                              for n in ("pk", "sk", "email")],
        GlobalSecondaryIndexes=[{"IndexName": "byEmail",
                                 "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
                                 "Projection": {"ProjectionType": "ALL"}}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"})
    ddb.update_time_to_live(TableName="employees", TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expires"})
    table = boto3.resource("dynamodb", endpoint_url=server.url, region_name=REGION,
                           aws_access_key_id="AKIDSNAP", aws_secret_access_key="secret").Table(
                               "employees")
    with table.batch_writer() as batch:
        for i in range(500):
            batch.put_item(Item={"pk": f"ORG#{i % 7}", "sk": f"EMP#{i:04d}",
                                 "email": f"e{i}@example.com", "salary": i * 10})
    before = all_items(ddb, "employees")
    status, taken = admin(server.url, "POST", "/_ddblocal/snapshot?name=five-hundred")
    assert status == 200 and taken["Snapshot"]["Name"] == "five-hundred"
    assert taken["Snapshot"]["SizeBytes"] > 0

    for i in range(0, 500, 2):
        ddb.delete_item(TableName="employees", Key={"pk": {"S": f"ORG#{i % 7}"},
                                                    "sk": {"S": f"EMP#{i:04d}"}})
    ddb.update_item(TableName="employees", Key={"pk": {"S": "ORG#1"}, "sk": {"S": "EMP#0001"}},
                    UpdateExpression="SET salary = :s", ExpressionAttributeValues={":s": {"N": "1"}})
    ddb.create_table(TableName="scratch", BillingMode="PAY_PER_REQUEST",
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])

    status, restored = admin(server.url, "POST", "/_ddblocal/restore?name=five-hundred")
    assert status == 200 and restored["Restored"] == "five-hundred"
    assert ddb.list_tables()["TableNames"] == ["employees"]
    assert all_items(ddb, "employees") == before
    got = ddb.query(TableName="employees", IndexName="byEmail",
                    KeyConditionExpression="email = :e",
                    ExpressionAttributeValues={":e": {"S": "e1@example.com"}})["Items"]
    assert [i["salary"]["N"] for i in got] == ["10"]
    assert ddb.describe_table(TableName="employees")["Table"]["ItemCount"] == 500
    ttl = ddb.describe_time_to_live(TableName="employees")["TimeToLiveDescription"]
    assert ttl == {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"}

    status, listed = admin(server.url, "GET", "/_ddblocal/snapshots")
    assert status == 200 and [s["Name"] for s in listed["Snapshots"]] == ["five-hundred"]
    assert admin(server.url, "DELETE", "/_ddblocal/snapshot?name=five-hundred") == (200, {})
    assert admin(server.url, "GET", "/_ddblocal/snapshots") == (200, {"Snapshots": []})
    assert admin(server.url, "POST", "/_ddblocal/reset") == (200, {})
    assert ddb.list_tables()["TableNames"] == []


def test_errors_are_the_services(server):
    status, body = admin(server.url, "POST", "/_ddblocal/restore?name=never-taken")
    assert status == 400 and error_type(body) == "ResourceNotFoundException"
    assert body["message"] == "Requested resource not found: Snapshot: never-taken not found"
    for bad in ("..", "..%2Fetc", "a%2Fb", ".hidden", "x" * 129):
        status, body = admin(server.url, "POST", f"/_ddblocal/snapshot?name={bad}")
        assert status == 400 and error_type(body) == "ValidationException", (bad, body)
    status, body = admin(server.url, "POST", "/_ddblocal/snapshot")
    assert status == 400 and body["message"] == "name= is required"
    status, body = admin(server.url, "DELETE", "/_ddblocal/snapshot?name=never-taken")
    assert status == 400 and error_type(body) == "ResourceNotFoundException"


KEYS = {"admin": ("AKIDADMIN", "admin-secret"), "tenant": ("AKIDTENANT", "tenant-secret")}


@pytest.fixture(scope="module")
def guarded():
    """ddb-local -sharedDb with verified signatures and an admin and a tenant policy."""
    tmp = tempfile.mkdtemp()
    credentials, policies = os.path.join(tmp, "credentials"), os.path.join(tmp, "policies.json")
    with open(credentials, "w") as f:
        f.writelines(f"{key} {secret}\n" for key, secret in KEYS.values())
    with open(policies, "w") as f:
        json.dump({"Policies": [
            {"AccessKeyId": "AKIDADMIN", "User": "admin", "Actions": ["*"], "Tables": ["*"]},
            {"AccessKeyId": "AKIDTENANT", "User": "tenant", "Actions": ["*"],
             "Tables": ["tenant_table"]}]}, f)
    with ddbservers.ddb_local_from_banner(
            ["-sharedDb", "--credentials-file", credentials, "--access-policy-file", policies],
            "access policies") as url:
        yield url


def signed(url, method, path, key, secret):
    """The headers botocore's SigV4 signer gives this admin request."""
    request = AWSRequest(method=method, url=url + path, data=b"" if method != "GET" else None)
    SigV4Auth(Credentials(key, secret), "dynamodb", REGION).add_auth(request)
    return dict(request.headers.items())


def test_only_a_policy_over_every_table_may_snapshot(guarded):
    path = "/_ddblocal/snapshot?name=guarded"
    status, body = admin(guarded, "POST", path, signed(guarded, "POST", path, *KEYS["admin"]))
    assert status == 200, body
    status, body = admin(guarded, "POST", path, signed(guarded, "POST", path, *KEYS["tenant"]))
    assert status == 400 and error_type(body) == "AccessDeniedException"
    assert body["message"] == (
        "User: arn:aws:iam::000000000000:user/tenant is not authorized to perform: "
        f"dynamodb:Snapshot on resource: arn:aws:dynamodb:{REGION}:000000000000:table/* "
        "because no identity-based policy allows the dynamodb:Snapshot action")
    for method, other in (("POST", "/_ddblocal/restore?name=guarded"), ("POST", "/_ddblocal/reset"),
                          ("GET", "/_ddblocal/snapshots"),
                          ("DELETE", "/_ddblocal/snapshot?name=guarded")):
        status, body = admin(guarded, method, other,
                             signed(guarded, method, other, *KEYS["tenant"]))
        assert status == 400 and error_type(body) == "AccessDeniedException", (other, body)
    # The admin's key with the tenant's secret: the signature does not verify, nothing is done.
    forged = signed(guarded, "POST", "/_ddblocal/reset", KEYS["admin"][0], KEYS["tenant"][1])
    status, body = admin(guarded, "POST", "/_ddblocal/reset", forged)
    assert status == 400 and error_type(body) == "InvalidSignatureException", body
    # Unsigned: nobody, whom no policy allows anything.
    status, body = admin(guarded, "POST", "/_ddblocal/restore?name=guarded")
    assert status == 400 and error_type(body) == "AccessDeniedException"
    restore = "/_ddblocal/restore?name=guarded"
    status, body = admin(guarded, "POST", restore,
                         signed(guarded, "POST", restore, *KEYS["admin"]))
    assert status == 200, body
