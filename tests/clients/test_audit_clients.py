"""The access-pattern audit through real clients: requests made with boto3 show up in GET
/_ddblocal/audit as shapes and findings, and `hrctl audit --endpoint` prints them
(docs/console.md). The caller's namespace is the access key of the requests."""

import json
import os
import subprocess
import urllib.request

import boto3
import pytest

from conftest import AWS_ENV, TARGET

pytestmark = pytest.mark.skipif(TARGET != "ddb-local", reason="ddb-local's own admin endpoint")


def client(endpoint):
    return boto3.client("dynamodb", endpoint_url=endpoint.url, region_name="us-east-1",
                        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
                        aws_secret_access_key="dummy-secret")


def audit(endpoint, **params):
    query = "&".join(f"{k}={v}" for k, v in params.items())
    request = urllib.request.Request(
        f"{endpoint.url}/_ddblocal/audit?{query}",
        headers={"Authorization": "AWS4-HMAC-SHA256 Credential="
                 f"{AWS_ENV['AWS_ACCESS_KEY_ID']}/20250101/us-east-1/dynamodb/aws4_request, "
                 "SignedHeaders=host, Signature=0"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


@pytest.fixture()
def scanned_table(endpoint, table_name):
    ddb = client(endpoint)
    ddb.create_table(TableName=table_name, BillingMode="PAY_PER_REQUEST",
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
    for i in range(40):
        ddb.put_item(TableName=table_name, Item={"pk": {"S": f"k{i}"},
                                                 "kind": {"S": "a" if i < 4 else "b"}})
    page = ddb.scan(TableName=table_name, FilterExpression="#k = :a",
                    ExpressionAttributeNames={"#k": "kind"},
                    ExpressionAttributeValues={":a": {"S": "a"}})
    assert page["Count"] == 4 and page["ScannedCount"] == 40
    return table_name


def test_boto3_requests_become_shapes_and_findings(endpoint, scanned_table):
    report = audit(endpoint)
    assert report["Enabled"] is True
    shapes = [s for s in report["Shapes"] if s["Table"] == scanned_table]
    scan = next(s for s in shapes if s["Operation"] == "Scan")
    assert scan["Filter"] == "kind = ?"
    assert (scan["Requests"], scan["ItemsRead"], scan["ItemsReturned"]) == (1, 40, 4)
    assert scan["ReadUnits"] > 0
    put = next(s for s in shapes if s["Operation"] == "PutItem")
    assert put["Requests"] == 40 and put["WriteUnits"] == 40
    kinds = {f["Kind"]: f for f in report["Findings"] if f["Table"] == scanned_table}
    assert kinds["scan"]["Shapes"] == [scan["Id"]]
    assert kinds["filter-discards"]["Shapes"] == [scan["Id"]]
    assert "read 40 items and returned 4" in kinds["filter-discards"]["Summary"]


def test_hrctl_audit_prints_the_findings_with_their_requests(endpoint, scanned_table):
    hrctl = os.environ.get("HRCTL_BIN")
    assert hrctl, "HRCTL_BIN is not set (CTest sets it to the hrctl binary)"
    out = subprocess.run([hrctl, "--endpoint", endpoint.url, "audit"], env={**os.environ, **AWS_ENV},
                         check=True, capture_output=True, text=True).stdout
    assert f"[warning] filter-discards: Scan with FilterExpression `kind = ?` read 40 items" in out
    assert f"Scan {scanned_table}  filter: kind = ?  (1 requests)" in out
    assert "fix: Move the filtered condition into the key" in out
