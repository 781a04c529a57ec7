"""The AWS CLI v2 (Debian's /usr/bin/aws) against the server: table and item commands.

Each command runs with dummy credentials and no config files (conftest.AWS_ENV) and
--endpoint-url pointing at the server the session started.
"""

import json
import os
import subprocess

import pytest

from conftest import AWS_ENV, expected_message
from every_type import ITEM, KEY, canonical

AWS = os.environ.get("AWS_CLI", "/usr/bin/aws")


def aws(endpoint, *args, check=True):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("AWS_") and k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(AWS_ENV)
    cmd = [AWS, "dynamodb", *args, "--endpoint-url", endpoint.url, "--output", "json"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    if check and proc.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc


def aws_json(endpoint, *args):
    out = aws(endpoint, *args).stdout
    return json.loads(out) if out.strip() else {}


def test_cli_is_v2():
    out = subprocess.run([AWS, "--version"], capture_output=True, text=True, timeout=60).stdout
    assert out.startswith("aws-cli/2."), out


def test_table_lifecycle_and_item_round_trip(endpoint, table_name):
    created = aws_json(endpoint, "create-table", "--table-name", table_name,
                       "--attribute-definitions", "AttributeName=pk,AttributeType=S",
                       "AttributeName=sk,AttributeType=N",
                       "--key-schema", "AttributeName=pk,KeyType=HASH",
                       "AttributeName=sk,KeyType=RANGE",
                       "--billing-mode", "PAY_PER_REQUEST")
    desc = created["TableDescription"]
    assert desc["TableName"] == table_name
    assert desc["KeySchema"] == [{"AttributeName": "pk", "KeyType": "HASH"},
                                 {"AttributeName": "sk", "KeyType": "RANGE"}]
    assert desc["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"

    described = aws_json(endpoint, "describe-table", "--table-name", table_name)["Table"]
    assert described["TableStatus"] == "ACTIVE"
    assert sorted(described["AttributeDefinitions"], key=lambda d: d["AttributeName"]) == [
        {"AttributeName": "pk", "AttributeType": "S"},
        {"AttributeName": "sk", "AttributeType": "N"}]
    assert described["TableArn"].endswith(":table/" + table_name)

    assert table_name in aws_json(endpoint, "list-tables")["TableNames"]

    aws(endpoint, "put-item", "--table-name", table_name, "--item", json.dumps(ITEM))
    got = aws_json(endpoint, "get-item", "--table-name", table_name, "--key", json.dumps(KEY),
                   "--consistent-read")
    assert canonical(got["Item"]) == canonical(ITEM)

    old = aws_json(endpoint, "delete-item", "--table-name", table_name, "--key",
                   json.dumps(KEY), "--return-values", "ALL_OLD")
    assert canonical(old["Attributes"]) == canonical(ITEM)
    assert aws_json(endpoint, "get-item", "--table-name", table_name, "--key",
                    json.dumps(KEY)) == {}

    deleted = aws_json(endpoint, "delete-table", "--table-name", table_name)
    assert deleted["TableDescription"]["TableName"] == table_name
    assert table_name not in aws_json(endpoint, "list-tables")["TableNames"]


def test_unknown_table_is_an_error(endpoint):
    proc = aws(endpoint, "describe-table", "--table-name", "no_such_table_cli", check=False)
    assert proc.returncode == 254, proc.stderr
    assert "ResourceNotFoundException" in proc.stderr
    assert expected_message("Requested resource not found: Table: no_such_table_cli not found",
                            "Cannot do operations on a non-existent table") in proc.stderr
