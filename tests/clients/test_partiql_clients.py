"""PartiQL through real clients: the AWS CLI v2 (`aws dynamodb execute-statement`,
`batch-execute-statement`, `execute-transaction`) and boto3 (ExecuteStatement with typed
Parameters, NextToken paging, DuplicateItemException, BatchExecuteStatement errors and
ExecuteTransaction cancellation reasons as botocore parses them)."""

import json
import os
import uuid

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from conftest import AWS_ENV
from test_awscli import aws, aws_json


@pytest.fixture(scope="module")
def client(endpoint):
    for k, v in AWS_ENV.items():
        os.environ[k] = v
    return boto3.client(
        "dynamodb", endpoint_url=endpoint.url, region_name=AWS_ENV["AWS_DEFAULT_REGION"],
        aws_access_key_id=AWS_ENV["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=AWS_ENV["AWS_SECRET_ACCESS_KEY"],
        config=Config(retries={"max_attempts": 1}, connect_timeout=5, read_timeout=30))


@pytest.fixture(scope="module")
def music(client):
    name = "Music_" + uuid.uuid4().hex[:8]
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "Artist", "KeyType": "HASH"},
                                   {"AttributeName": "SongTitle", "KeyType": "RANGE"}],
                        AttributeDefinitions=[{"AttributeName": "Artist", "AttributeType": "S"},
                                              {"AttributeName": "SongTitle", "AttributeType": "S"}])
    yield name
    client.delete_table(TableName=name)


def test_cli_insert_select_update_delete(endpoint, music):
    aws(endpoint, "execute-statement", "--statement",
        f"INSERT INTO \"{music}\" VALUE {{'Artist': 'Acme Band', 'SongTitle': 'PartiQL Rocks'}}")
    aws(endpoint, "execute-statement", "--statement",
        f"UPDATE \"{music}\" SET AwardsWon=1 SET AwardDetail={{'Grammys':[2020, 2018]}} "
        "WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'")
    got = aws_json(endpoint, "execute-statement", "--statement",
                   f"SELECT AwardsWon FROM \"{music}\" WHERE Artist=? AND SongTitle=?",
                   "--parameters", '[{"S":"Acme Band"},{"S":"PartiQL Rocks"}]')
    assert got["Items"] == [{"AwardsWon": {"N": "1"}}]
    dup = aws(endpoint, "execute-statement", "--statement",
              f"INSERT INTO \"{music}\" VALUE {{'Artist': 'Acme Band', 'SongTitle': 'PartiQL Rocks'}}",
              check=False)
    assert dup.returncode != 0
    assert "DuplicateItemException" in dup.stderr
    assert "Duplicate primary key exists in table" in dup.stderr
    aws(endpoint, "execute-statement", "--statement",
        f"DELETE FROM \"{music}\" WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks'")
    got = aws_json(endpoint, "execute-statement", "--statement",
                   f"SELECT * FROM \"{music}\" WHERE Artist='Acme Band'")
    assert got["Items"] == []


def test_cli_malformed_statement_is_reported(endpoint, music):
    proc = aws(endpoint, "execute-statement", "--statement", "UPSERT stuff", check=False)
    assert proc.returncode != 0
    assert ("Statement wasn't well formed, can't be processed: Expected data manipulation"
            in proc.stderr)


def test_cli_batch_and_transaction(endpoint, music):
    statements = [{"Statement": f"INSERT INTO \"{music}\" VALUE {{'Artist': 'cli', 'SongTitle': '{i}'}}"}
                  for i in range(3)]
    got = aws_json(endpoint, "batch-execute-statement", "--statements", json.dumps(statements))
    assert [r.get("Error") for r in got["Responses"]] == [None, None, None]
    got = aws_json(endpoint, "execute-transaction", "--transact-statements", json.dumps([
        {"Statement": f"SELECT * FROM \"{music}\" WHERE Artist='cli' AND SongTitle='1'"},
        {"Statement": f"SELECT * FROM \"{music}\" WHERE Artist='cli' AND SongTitle='9'"}]))
    assert got["Responses"] == [{"Item": {"Artist": {"S": "cli"}, "SongTitle": {"S": "1"}}}, {}]


def test_boto3_paging_with_next_token(client, music):
    for i in range(7):
        client.execute_statement(
            Statement=f"INSERT INTO \"{music}\" VALUE {{'Artist': 'pager', 'SongTitle': ?}}",
            Parameters=[{"S": f"s{i}"}])
    seen, token, pages = [], None, 0
    while True:
        kwargs = {"Statement": f"SELECT SongTitle FROM \"{music}\" WHERE Artist = 'pager'",
                  "Limit": 3}
        if token:
            kwargs["NextToken"] = token
        page = client.execute_statement(**kwargs)
        seen += [i["SongTitle"]["S"] for i in page["Items"]]
        pages += 1
        token = page.get("NextToken")
        if not token:
            break
    assert seen == [f"s{i}" for i in range(7)]
    assert pages >= 3


def test_boto3_errors_are_typed(client, music):
    client.execute_statement(
        Statement=f"INSERT INTO \"{music}\" VALUE {{'Artist': 'e', 'SongTitle': 'x', 'n': 1}}")
    with pytest.raises(client.exceptions.DuplicateItemException):
        client.execute_statement(
            Statement=f"INSERT INTO \"{music}\" VALUE {{'Artist': 'e', 'SongTitle': 'x'}}")
    with pytest.raises(client.exceptions.ConditionalCheckFailedException):
        client.execute_statement(
            Statement=f"UPDATE \"{music}\" SET n = 2 WHERE Artist = 'e' AND SongTitle = 'x' AND n = 5")
    with pytest.raises(ClientError) as e:
        client.execute_statement(Statement=f"UPDATE \"{music}\" SET n = 2 WHERE Artist = 'e'")
    assert e.value.response["Error"]["Message"] == (
        "Where clause does not contain a mandatory equality on all key attributes")
    got = client.batch_execute_statement(Statements=[
        {"Statement": f"UPDATE \"{music}\" SET n = 3 WHERE Artist = 'e' AND SongTitle = 'x'"},
        {"Statement": f"UPDATE \"{music}\" SET n = 1 WHERE Artist = 'e' AND SongTitle = 'absent'"}])
    assert "Error" not in got["Responses"][0]
    assert got["Responses"][1]["Error"]["Code"] == "ConditionalCheckFailed"
    client.execute_statement(
        Statement=f"INSERT INTO \"{music}\" VALUE {{'Artist': 'e', 'SongTitle': 'y'}}")
    with pytest.raises(client.exceptions.TransactionCanceledException) as e:
        client.execute_transaction(TransactStatements=[
            {"Statement": f"UPDATE \"{music}\" SET n = 4 WHERE Artist = 'e' AND SongTitle = 'x'"},
            {"Statement": f"INSERT INTO \"{music}\" VALUE {{'Artist': 'e', 'SongTitle': 'y'}}"}])
    reasons = e.value.response["CancellationReasons"]
    assert [r["Code"] for r in reasons] == ["None", "ValidationError"]
    item = client.get_item(TableName=music, Key={"Artist": {"S": "e"}, "SongTitle": {"S": "x"}},
                           ConsistentRead=True)["Item"]
    assert item["n"] == {"N": "3"}
