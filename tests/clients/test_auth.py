"""Signature verification (ddb-local --credentials-file) through real clients: boto3 and the
AWS CLI v2 sign with the right keys and are served; a wrong secret, an unknown key and an
unsigned request get the service's errors and messages. (The JavaScript SDK: js/auth.test.mjs.
Expired and skewed signatures: tests/unit/server/sigv4_verifier_test.cc, with a fixed clock.)
"""

import http.client
import json
import os
import subprocess
import sys
import tempfile
import uuid

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "common"))

import ddbservers  # noqa: E402

KEY_ID = "AKIDAUTHTEST"
SECRET = "auth/test+secret=0123456789"
MISMATCH = ("The request signature we calculated does not match the signature you provided. "
            "Check your AWS Secret Access Key and signing method. Consult the service "
            "documentation for details.")
UNRECOGNIZED = "The security token included in the request is invalid."


@pytest.fixture(scope="module")
def server():
    with tempfile.NamedTemporaryFile("w", suffix=".credentials", delete=False) as f:
        f.write(f"# access key id, secret\n{KEY_ID} {SECRET}\n")
        path = f.name
    try:
        with ddbservers.ddb_local_from_banner(["--credentials-file", path],
                                              "signatures verified") as url:
            yield url
    finally:
        os.unlink(path)


def client(endpoint, key_id=KEY_ID, secret=SECRET):
    return boto3.client("dynamodb", endpoint_url=endpoint, region_name="eu-west-1",
                        aws_access_key_id=key_id, aws_secret_access_key=secret,
                        config=Config(retries={"max_attempts": 1}))


def error_of(call):
    with pytest.raises(ClientError) as info:
        call()
    return info.value.response["Error"]["Code"], info.value.response["Error"]["Message"]


def test_boto3_with_the_right_keys_is_served(server):
    ddb = client(server)
    table = "auth_" + uuid.uuid4().hex[:8]
    ddb.create_table(TableName=table, BillingMode="PAY_PER_REQUEST",
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
    ddb.put_item(TableName=table, Item={"pk": {"S": "k"}, "v": {"S": "ünïcode body"}})
    assert ddb.get_item(TableName=table, Key={"pk": {"S": "k"}})["Item"]["v"]["S"] == "ünïcode body"
    assert table in ddb.list_tables()["TableNames"]


def test_boto3_with_a_wrong_secret_is_invalid_signature(server):
    code, message = error_of(lambda: client(server, secret="wrong").list_tables())
    assert (code, message) == ("InvalidSignatureException", MISMATCH)


def test_boto3_with_an_unknown_key_is_unrecognized_client(server):
    code, message = error_of(lambda: client(server, key_id="AKIDSTRANGER").list_tables())
    assert (code, message) == ("UnrecognizedClientException", UNRECOGNIZED)


def test_unsigned_request_is_missing_authentication_token(server):
    host, port = server.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("POST", "/", body=b"{}", headers={
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": "DynamoDB_20120810.ListTables"})
    resp = conn.getresponse()
    body = json.loads(resp.read())
    assert resp.status == 400
    assert body == {"__type": "com.amazon.coral.service#MissingAuthenticationTokenException",
                    "message": "Request is missing Authentication Token"}


def signed_post(endpoint, region, date=None):
    """A ListTables signed by botocore's own SigV4 signer for `region`, sent as is; `date`
    replaces the X-Amz-Date after signing (the scope keeps the signing day)."""
    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials
    request = AWSRequest(method="POST", url=endpoint + "/", data=b"{}", headers={
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": "DynamoDB_20120810.ListTables"})
    SigV4Auth(Credentials(KEY_ID, SECRET), "dynamodb", region).add_auth(request)
    headers = dict(request.headers.items())
    if date is not None:
        headers["X-Amz-Date"] = date
    host, port = endpoint.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("POST", "/", body=b"{}", headers=headers)
    resp = conn.getresponse()
    return resp.status, json.loads(resp.read()), headers["Authorization"]


def test_a_scope_naming_no_region_is_invalid_signature(server):
    # DynamoDB's InvalidSignatureException for a scope's region (aws/aws-sdk-js#4002).
    assert signed_post(server, "eu-west-1")[0] == 200
    for region in ["", "eu_west_1"]:
        status, body, _ = signed_post(server, region)
        assert status == 400
        assert body == {"__type": "com.amazon.coral.service#InvalidSignatureException",
                        "message": f"Credential should be scoped to a valid region, not '{region}'. "}


def test_a_date_out_of_range_is_refused_and_changes_nothing(server):
    # A request time an hour away is outside the 15 minutes the service allows; the scope's
    # day then no longer matches a date of another day either.
    import datetime
    later = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=1))
    status, body, _ = signed_post(server, "eu-west-1", later.strftime("%Y%m%dT%H%M%SZ"))
    assert status == 400
    assert body["__type"] == "com.amazon.coral.service#InvalidSignatureException"
    assert body["message"].startswith("Signature not yet current: ")
    status, body, _ = signed_post(server, "eu-west-1", "20240230T000000Z")
    assert status == 400
    assert body["__type"] == "com.amazon.coral.service#IncompleteSignatureException"


def aws_cli(endpoint, key_id, secret, *args):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": tempfile.gettempdir(),
        "AWS_ACCESS_KEY_ID": key_id,
        "AWS_SECRET_ACCESS_KEY": secret,
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_CONFIG_FILE": "/dev/null",
        "AWS_SHARED_CREDENTIALS_FILE": "/dev/null",
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_PAGER": "",
        "AWS_MAX_ATTEMPTS": "1",
    }
    return subprocess.run([os.environ.get("AWS_CLI", "/usr/bin/aws"), "dynamodb", *args,
                           "--endpoint-url", endpoint, "--output", "json"],
                          env=env, capture_output=True, text=True, timeout=60)


def test_aws_cli_with_the_right_keys_is_served(server):
    run = aws_cli(server, KEY_ID, SECRET, "list-tables")
    assert run.returncode == 0, run.stderr
    assert "TableNames" in json.loads(run.stdout)


def test_aws_cli_with_a_wrong_secret_fails_with_invalid_signature(server):
    run = aws_cli(server, KEY_ID, "wrong", "list-tables")
    assert run.returncode != 0
    assert "(InvalidSignatureException)" in run.stderr
    assert MISMATCH in run.stderr


def test_aws_cli_with_an_unknown_key_fails_with_unrecognized_client(server):
    run = aws_cli(server, "AKIDSTRANGER", SECRET, "list-tables")
    assert run.returncode != 0
    assert "(UnrecognizedClientException)" in run.stderr
    assert UNRECOGNIZED in run.stderr
