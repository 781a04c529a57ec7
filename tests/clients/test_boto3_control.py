"""Control-plane operations beyond tables, as boto3 users call them (issue 13, points 1-2):
tags, DescribeEndpoints, DescribeLimits, continuous backups (PITR), contributor insights, and
backups with restore. DynamoDB Local lacks most of these, so they run against ddb-local only."""

import os

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from conftest import AWS_ENV, TARGET

pytestmark = pytest.mark.skipif(TARGET != "ddb-local", reason="DynamoDB Local lacks these")


@pytest.fixture(scope="module")
def client(endpoint):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    return boto3.client(
        "dynamodb", endpoint_url=endpoint.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1}, connect_timeout=5, read_timeout=30))


@pytest.fixture()
def table(client, table_name):
    arn = client.create_table(
        TableName=table_name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        Tags=[{"Key": "team", "Value": "hr"}])["TableDescription"]["TableArn"]
    yield table_name, arn
    try:
        client.delete_table(TableName=table_name)
    except ClientError:
        pass


def error_of(excinfo):
    err = excinfo.value.response["Error"]
    return err["Code"], err["Message"]


def test_tags_round_trip(client, table):
    _, arn = table
    assert client.list_tags_of_resource(ResourceArn=arn)["Tags"] == [{"Key": "team", "Value": "hr"}]
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": "env", "Value": "dev"},
                                               {"Key": "team", "Value": "it"}])
    tags = client.list_tags_of_resource(ResourceArn=arn)["Tags"]
    assert sorted((t["Key"], t["Value"]) for t in tags) == [("env", "dev"), ("team", "it")]
    client.untag_resource(ResourceArn=arn, TagKeys=["team", "absent"])
    assert client.list_tags_of_resource(ResourceArn=arn)["Tags"] == [{"Key": "env", "Value": "dev"}]


def test_tag_limits_and_errors(client, table):
    _, arn = table
    with pytest.raises(ClientError) as e:
        client.tag_resource(ResourceArn=arn, Tags=[{"Key": "aws:reserved", "Value": "x"}])
    assert error_of(e) == ("ValidationException",
                           "Tag Key cannot be prefixed with aws:, Key: aws:reserved")
    with pytest.raises(ClientError) as e:
        client.tag_resource(ResourceArn=arn,
                            Tags=[{"Key": f"k{i}", "Value": "v"} for i in range(50)])
    assert error_of(e) == ("ValidationException",
                           "Number of Tags exceed the current limit for the provided ResourceArn")
    missing = arn.rsplit("/", 1)[0] + "/missing_table"
    with pytest.raises(ClientError) as e:
        client.tag_resource(ResourceArn=missing, Tags=[{"Key": "a", "Value": "b"}])
    assert error_of(e) == ("ResourceNotFoundException",
                           f"Requested resource not found: ResourcArn: {missing} not found")
    # AWS's 2026 answers (ACCEPTED_DIFFERENCES: LOCAL-TAG-ARNS).
    account = arn.split(":")[4]
    with pytest.raises(ClientError) as e:
        client.list_tags_of_resource(ResourceArn=missing)
    assert error_of(e) == ("AccessDeniedException",
                           f"User: arn:aws:iam::{account}:root is not authorized to perform: "
                           f"dynamodb:ListTagsOfResource on resource: {missing}")
    with pytest.raises(ClientError) as e:
        client.tag_resource(ResourceArn="not-a-valid-arn", Tags=[{"Key": "a", "Value": "b"}])
    assert error_of(e) == ("ValidationException", "Invalid TableArn: Invalid ResourceArn "
                           "provided as input not-a-valid-arn")


def test_describe_limits_and_endpoints(client):
    limits = client.describe_limits()
    assert (limits["AccountMaxReadCapacityUnits"], limits["AccountMaxWriteCapacityUnits"],
            limits["TableMaxReadCapacityUnits"], limits["TableMaxWriteCapacityUnits"]) == \
        (80000, 80000, 40000, 40000)
    assert client.describe_endpoints()["Endpoints"] == [
        {"Address": "dynamodb.us-east-1.amazonaws.com", "CachePeriodInMinutes": 1440}]


def test_point_in_time_recovery_switch(client, table):
    name, _ = table
    desc = client.describe_continuous_backups(TableName=name)["ContinuousBackupsDescription"]
    assert desc["ContinuousBackupsStatus"] == "ENABLED"
    assert desc["PointInTimeRecoveryDescription"] == {"PointInTimeRecoveryStatus": "DISABLED"}
    desc = client.update_continuous_backups(
        TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True}
    )["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
    assert desc["PointInTimeRecoveryStatus"] == "ENABLED"
    # (RecoveryPeriodInDays is newer than Debian's botocore model, which drops it.)
    assert desc["EarliestRestorableDateTime"] <= desc["LatestRestorableDateTime"]
    with pytest.raises(ClientError) as e:
        client.describe_continuous_backups(TableName="no_such_table")
    assert error_of(e) == ("TableNotFoundException", "Table not found: no_such_table")


def test_contributor_insights_switch(client, table):
    name, _ = table
    assert client.describe_contributor_insights(TableName=name)["ContributorInsightsStatus"] == \
        "DISABLED"
    r = client.update_contributor_insights(TableName=name, ContributorInsightsAction="ENABLE")
    assert r["ContributorInsightsStatus"] == "ENABLED"
    d = client.describe_contributor_insights(TableName=name)
    assert d["ContributorInsightsStatus"] == "ENABLED"
    assert len(d["ContributorInsightsRuleList"]) == 2  # no sort key: PKC and PKT
    names = [s["TableName"] for s in client.list_contributor_insights()["ContributorInsightsSummaries"]]
    assert name in names
    client.update_contributor_insights(TableName=name, ContributorInsightsAction="DISABLE")
    assert client.describe_contributor_insights(TableName=name)["ContributorInsightsStatus"] == \
        "DISABLED"


def test_backup_and_restore(client, table):
    name, arn = table
    client.put_item(TableName=name, Item={"pk": {"S": "kept"}, "v": {"N": "1"}})
    backup = client.create_backup(TableName=name, BackupName="nightly")["BackupDetails"]
    assert backup["BackupStatus"] == "AVAILABLE" and backup["BackupName"] == "nightly"
    client.put_item(TableName=name, Item={"pk": {"S": "later"}, "v": {"N": "2"}})
    summaries = client.list_backups(TableName=name)["BackupSummaries"]
    assert [s["BackupArn"] for s in summaries] == [backup["BackupArn"]]
    described = client.describe_backup(BackupArn=backup["BackupArn"])["BackupDescription"]
    assert described["SourceTableDetails"]["TableArn"] == arn
    assert described["SourceTableDetails"]["ItemCount"] == 1
    target = name + "_restored"
    restored = client.restore_table_from_backup(TargetTableName=target,
                                                BackupArn=backup["BackupArn"])
    assert restored["TableDescription"]["RestoreSummary"]["SourceBackupArn"] == backup["BackupArn"]
    try:
        items = client.scan(TableName=target)["Items"]
        assert items == [{"pk": {"S": "kept"}, "v": {"N": "1"}}]
    finally:
        client.delete_table(TableName=target)
    client.delete_backup(BackupArn=backup["BackupArn"])
    with pytest.raises(ClientError) as e:
        client.describe_backup(BackupArn=backup["BackupArn"])
    assert error_of(e)[0] == "BackupNotFoundException"
