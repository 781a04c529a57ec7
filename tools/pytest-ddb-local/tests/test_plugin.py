"""pytest-ddb-local as a user meets it: each inner session below loads the plugin with -p (as
an installed package's pytest11 entry point would) and runs real tests against ddb-local.
DDB_LOCAL_BIN must name the binary (CTest sets it)."""

import os
import sys

import pytest

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")


@pytest.fixture()
def run(pytester, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))

    def run_inner(*args):
        return pytester.runpytest_subprocess("-p", "pytest_ddb_local.plugin",
                                             "-p", "no:cacheprovider", *args)
    return run_inner


TABLE = """
def make_table(client, name):
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
"""


def test_fixtures_share_one_server_and_dynamodb_cleans_up(run, pytester):
    pytester.makepyfile(TABLE + """
def test_endpoint(ddb_local, ddb_local_endpoint):
    assert ddb_local_endpoint == ddb_local.url == f"http://127.0.0.1:{ddb_local.port}"

def test_client_and_resource_see_the_same_tables(dynamodb_client, dynamodb_resource):
    make_table(dynamodb_client, "shared")
    dynamodb_resource.Table("shared").put_item(Item={"pk": "a", "n": 1})
    got = dynamodb_client.get_item(TableName="shared", Key={"pk": {"S": "a"}})
    assert got["Item"] == {"pk": {"S": "a"}, "n": {"N": "1"}}

def test_dynamodb_deletes_tables_after_the_test(dynamodb):
    make_table(dynamodb, "temporary")

def test_every_table_is_gone(dynamodb_client):  # "shared" too: dynamodb deletes every table
    assert dynamodb_client.list_tables()["TableNames"] == []
""")
    run().assert_outcomes(passed=4)


def test_a_throttled_write_loop_is_absorbed_by_the_retries(run, pytester, monkeypatch):
    # Throttling is on (the default). A key limited to 20 WCU/s is hammered by a client without
    # retries until it is throttled; then the fixture's client writes 60 more items to that key,
    # which is in debt: the SDK's retries absorb every throttle, even with a shell that asks for
    # a single attempt.
    monkeypatch.setenv("AWS_MAX_ATTEMPTS", "1")
    pytester.makepyfile(TABLE + """
import urllib.request
import boto3
from botocore.exceptions import ClientError
from pytest_ddb_local.plugin import client_kwargs

def test_retries(ddb_local, dynamodb):
    make_table(dynamodb, "hot_key")
    request = urllib.request.Request(
        f"{ddb_local.url}/_ddblocal/capacity/config?table=hot_key&partition_write_units=20",
        data=b"", method="POST", headers={"Authorization": (  # the fixture's namespace
            f"AWS4-HMAC-SHA256 Credential={ddb_local.access_key_id}/20250101/{ddb_local.region}"
            "/dynamodb/aws4_request, SignedHeaders=host, Signature=0")})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200
    bare = boto3.client("dynamodb", **client_kwargs(ddb_local, retries={"max_attempts": 0}))
    throttled = None
    for i in range(500):
        try:
            bare.put_item(TableName="hot_key", Item={"pk": {"S": "k"}, "n": {"N": str(i)}})
        except ClientError as e:
            throttled = e.response["Error"]["Code"]
            break
    assert throttled == "ProvisionedThroughputExceededException"
    for i in range(60):
        dynamodb.put_item(TableName="hot_key", Item={"pk": {"S": "k"}, "n": {"N": str(i)}})
    assert dynamodb.get_item(TableName="hot_key", Key={"pk": {"S": "k"}})["Item"]["n"] == {"N": "59"}
""")
    run().assert_outcomes(passed=1)


def test_virtual_clock_through_an_extra_flag(run, pytester):
    pytester.makeini("[pytest]\nddb_local_args = --virtual-clock\n")
    pytester.makepyfile(TABLE + """
def test_time_moves_only_when_told(ddb_local, dynamodb):
    make_table(dynamodb, "table_1")
    ddb_local.advance_clock(60_000)
    make_table(dynamodb, "table_2")
    created = [dynamodb.describe_table(TableName=n)["Table"]["CreationDateTime"] for n in ("table_1", "table_2")]
    assert (created[1] - created[0]).total_seconds() == 60
""")
    run().assert_outcomes(passed=1)


def test_a_missing_binary_fails_the_tests_that_need_it(run, pytester):
    pytester.makepyfile("""
def test_needs_server(ddb_local):
    pass

def test_needs_nothing():
    pass
""")
    result = run("--ddb-local-bin", "/nonexistent/ddb-local")
    result.assert_outcomes(passed=1, errors=1)  # an error, never a skip
    result.stdout.fnmatch_lines(["*ddb-local not found at '/nonexistent/ddb-local'*"])


def test_one_server_per_xdist_worker(run, pytester):
    import xdist  # noqa: F401  Debian's python3-pytest-xdist (tools/dev installs it): never a skip
    out = pytester.path / "servers"
    out.mkdir()
    pytester.makepyfile(f"""
import os

def test_record(ddb_local, worker_id):
    with open(os.path.join({str(out)!r}, worker_id), "w") as f:
        f.write(str(ddb_local.port))
    assert ddb_local.access_key_id == "AKIDPYTEST" + worker_id.upper()
""")
    run("-n", "2", "--dist", "each").assert_outcomes(passed=2)
    ports = {p.name: p.read_text() for p in out.iterdir()}
    assert sorted(ports) == ["gw0", "gw1"]
    assert ports["gw0"] != ports["gw1"]


def test_fixtures_load_once_and_every_test_starts_from_them(run, pytester):
    pytester.makeconftest(TABLE + """
import pytest

LOADS = []

@pytest.fixture(scope="session")
def ddb_local_fixtures(dynamodb_client):
    LOADS.append(1)
    make_table(dynamodb_client, "orders")
    for i in range(100):
        dynamodb_client.put_item(TableName="orders", Item={"pk": {"S": f"o-{i}"}})
""")
    pytester.makepyfile("""
import conftest

def count(client):
    return client.scan(TableName="orders", Select="COUNT")["Count"]

def test_deletes_an_item(dynamodb_fixtures):
    assert conftest.LOADS == [1]
    assert count(dynamodb_fixtures) == 100
    dynamodb_fixtures.delete_item(TableName="orders", Key={"pk": {"S": "o-0"}})

def test_drops_the_table(dynamodb_fixtures):
    assert conftest.LOADS == [1]
    assert count(dynamodb_fixtures) == 100
    dynamodb_fixtures.delete_table(TableName="orders")

def test_adds_a_table(dynamodb_fixtures):
    assert conftest.LOADS == [1]
    assert dynamodb_fixtures.list_tables()["TableNames"] == ["orders"]
    conftest.make_table(dynamodb_fixtures, "extra")

def test_the_server_lists_the_snapshot(ddb_local, dynamodb_fixtures):
    assert [s["Name"] for s in ddb_local.snapshots()] == ["pytest-fixtures"]
""")
    run().assert_outcomes(passed=4)


def test_snapshot_restore_reset_and_their_errors(run, pytester):
    pytester.makepyfile(TABLE + """
import pytest
from pytest_ddb_local import DdbLocalError

def test_endpoints(ddb_local, dynamodb_client):
    make_table(dynamodb_client, "tab")
    taken = ddb_local.snapshot("one")
    assert taken["Name"] == "one" and taken["SizeBytes"] > 0
    ddb_local.reset()
    assert dynamodb_client.list_tables()["TableNames"] == []
    assert "DurationMs" in ddb_local.restore("one")
    assert dynamodb_client.list_tables()["TableNames"] == ["tab"]
    with pytest.raises(DdbLocalError, match="ResourceNotFoundException.*Snapshot: two not found"):
        ddb_local.restore("two")
    with pytest.raises(DdbLocalError, match="ValidationException"):
        ddb_local.snapshot("../up")
    ddb_local.delete_snapshot("one")
    assert ddb_local.snapshots() == []
""")
    run().assert_outcomes(passed=1)
