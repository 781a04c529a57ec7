"""boto3 against ddb-local's point-in-time recovery: UpdateContinuousBackups turns it on,
DescribeContinuousBackups reports the restorable window, RestoreTableToPointInTime gives a new
table holding the source as it was at a time inside it (virtual clock, so times are exact),
and the service's errors outside it."""

import datetime
import json
import os
import urllib.request

import boto3
import pytest
from botocore.config import Config

import ddbservers
from conftest import AWS_ENV, TARGET


@pytest.fixture()
def server():
    if TARGET != "ddb-local":
        pytest.fail("DynamoDB Local has no RestoreTableToPointInTime")
    s = ddbservers.start_ddb_local(extra_args=["--virtual-clock"])
    try:
        yield s
    finally:
        s.stop()


def client(server):
    return boto3.client(
        "dynamodb", endpoint_url=server.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1}))


def advance(server, ms):
    request = urllib.request.Request(f"{server.url}/_ddblocal/clock/advance?ms={ms}",
                                     method="POST", data=b"")
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


def items(ddb, table):
    return {i["pk"]["S"]: i["v"]["S"]
            for i in ddb.scan(TableName=table, ConsistentRead=True)["Items"]}


def put(ddb, table, pk, v):
    ddb.put_item(TableName=table, Item={"pk": {"S": pk}, "v": {"S": v}})


def test_restore_to_a_point_in_time(server, table_name):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    ddb = client(server)
    ddb.create_table(TableName=table_name, BillingMode="PAY_PER_REQUEST",
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
    with pytest.raises(ddb.exceptions.PointInTimeRecoveryUnavailableException):
        ddb.restore_table_to_point_in_time(SourceTableName=table_name,
                                           TargetTableName=table_name + "_r",
                                           UseLatestRestorableTime=True)
    ddb.update_continuous_backups(TableName=table_name, PointInTimeRecoverySpecification={
        "PointInTimeRecoveryEnabled": True})
    put(ddb, table_name, "a", "1")
    put(ddb, table_name, "gone", "1")
    advance(server, 10 * 60 * 1000)
    pitr = ddb.describe_continuous_backups(TableName=table_name)[
        "ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
    assert pitr["PointInTimeRecoveryStatus"] == "ENABLED"
    then = pitr["LatestRestorableDateTime"] + datetime.timedelta(minutes=5)  # "now"
    advance(server, 1000)
    put(ddb, table_name, "a", "2")
    put(ddb, table_name, "b", "1")
    ddb.delete_item(TableName=table_name, Key={"pk": {"S": "gone"}})
    advance(server, 10 * 60 * 1000)

    restored = ddb.restore_table_to_point_in_time(
        SourceTableName=table_name, TargetTableName=table_name + "_then",
        RestoreDateTime=then)["TableDescription"]
    assert restored["TableStatus"] == "CREATING"
    assert restored["RestoreSummary"]["SourceTableArn"].endswith(f":table/{table_name}")
    assert items(ddb, table_name + "_then") == {"a": "1", "gone": "1"}
    assert items(ddb, table_name) == {"a": "2", "b": "1"}

    ddb.restore_table_to_point_in_time(SourceTableName=table_name,
                                       TargetTableName=table_name + "_latest",
                                       UseLatestRestorableTime=True)
    assert items(ddb, table_name + "_latest") == {"a": "2", "b": "1"}

    with pytest.raises(ddb.exceptions.InvalidRestoreTimeException):
        ddb.restore_table_to_point_in_time(
            SourceTableName=table_name, TargetTableName=table_name + "_early",
            RestoreDateTime=pitr["EarliestRestorableDateTime"] - datetime.timedelta(minutes=1))
    with pytest.raises(ddb.exceptions.TableAlreadyExistsException):
        ddb.restore_table_to_point_in_time(SourceTableName=table_name,
                                           TargetTableName=table_name + "_then",
                                           UseLatestRestorableTime=True)
    with pytest.raises(ddb.exceptions.TableNotFoundException):
        ddb.restore_table_to_point_in_time(SourceTableName="no_such_table",
                                           TargetTableName=table_name + "_x",
                                           UseLatestRestorableTime=True)
