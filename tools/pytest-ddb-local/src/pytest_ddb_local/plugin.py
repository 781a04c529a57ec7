"""The pytest plugin: one in-memory ddb-local per test worker, and boto3 clients for it.

Loaded through the `pytest11` entry point once the package is installed, or with
`-p pytest_ddb_local.plugin` (or `pytest_plugins = ["pytest_ddb_local.plugin"]` in a
conftest.py). The server starts when a test first asks for one of the fixtures, so a session
that needs none starts nothing. Under pytest-xdist each worker is its own process with its own
session, so each gets its own server; the worker id names its log and its access key.

Fixtures:
  ddb_local          (session)  the running server: .url, .port, .region, .advance_clock(ms)
  ddb_local_endpoint (session)  its URL, e.g. "http://127.0.0.1:41234"
  dynamodb_client    (session)  boto3.client("dynamodb") for it, dummy credentials
  dynamodb_resource  (session)  boto3.resource("dynamodb") for it
  dynamodb           (function) dynamodb_client, with every table deleted after the test
  ddb_local_fixtures (session)  override it (conftest.py) to load data once per session
  dynamodb_fixtures  (function) dynamodb_client, the database restored to what
                                ddb_local_fixtures loaded before the test (a snapshot restore)

Settings (command line, or ini file, or environment):
  --ddb-local-bin PATH   ddb_local_bin       $DDB_LOCAL_BIN, else the wheel's own binary, else
                                             ddb-local on PATH
  --ddb-local-arg ARG    ddb_local_args      extra ddb-local flags (e.g. --virtual-clock)
"""

import os
import shlex

import pytest

from pytest_ddb_local.server import DdbLocal, DdbLocalError

# Credentials the server accepts (any will do); fixed so that every client of one worker sees
# the same tables.
SECRET_ACCESS_KEY = "ddb-local-secret"


def pytest_addoption(parser):
    group = parser.getgroup("ddb-local", "ddb-local (in-memory DynamoDB emulator)")
    group.addoption("--ddb-local-bin", dest="ddb_local_bin", default=None,
                    help="ddb-local executable (default: $DDB_LOCAL_BIN, then the one "
                         "installed with the wheel, then PATH)")
    group.addoption("--ddb-local-arg", dest="ddb_local_arg", action="append", default=[],
                    help="extra ddb-local flag, repeatable (e.g. --ddb-local-arg=--virtual-clock)")
    parser.addini("ddb_local_bin", "ddb-local executable", default="")
    parser.addini("ddb_local_args", "extra ddb-local flags (shell words)", default="")


def worker_id(config):
    """'gw0', 'gw1', ... under pytest-xdist; 'master' otherwise."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        return workerinput["workerid"]
    return os.environ.get("PYTEST_XDIST_WORKER", "master")


def _settings(config):
    binary = config.getoption("ddb_local_bin") or config.getini("ddb_local_bin") or None
    args = shlex.split(config.getini("ddb_local_args")) + list(config.getoption("ddb_local_arg"))
    return binary, args


@pytest.fixture(scope="session")
def ddb_local(request):
    """One in-memory ddb-local for this worker, stopped at the end of the session."""
    binary, args = _settings(request.config)
    wid = worker_id(request.config)
    try:
        server = DdbLocal(binary=binary, extra_args=args, name=f"ddb-local-{wid}").start()
    except DdbLocalError as e:
        pytest.fail(str(e), pytrace=False)  # never a skip: a test that cannot run fails
    server.access_key_id = f"AKIDPYTEST{wid.upper()}"
    server.secret_access_key = SECRET_ACCESS_KEY
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def ddb_local_endpoint(ddb_local):
    return ddb_local.url


# botocore's own policy for DynamoDB (legacy mode, its default: 10 retries, exponential backoff
# from 50 ms). Stated here so that a shell's AWS_MAX_ATTEMPTS or AWS_RETRY_MODE cannot turn the
# throttles a local endpoint's speed provokes into failures (docs/capacity.md, "Local speed").
DYNAMODB_RETRIES = {"mode": "legacy", "total_max_attempts": 11}


def client_kwargs(server, **config):
    """Keyword arguments for boto3.client / boto3.resource that reach `server` and nothing of
    the machine's AWS configuration (explicit region, credentials and retries: DynamoDB's, as
    boto3 retries against AWS). `config` goes to botocore's Config (e.g.
    retries={"max_attempts": 0} for no retries)."""
    from botocore.config import Config

    config.setdefault("retries", DYNAMODB_RETRIES)
    return dict(endpoint_url=server.url, region_name=server.region,
                aws_access_key_id=server.access_key_id,
                aws_secret_access_key=server.secret_access_key,
                config=Config(connect_timeout=5, read_timeout=60, **config))


@pytest.fixture(scope="session")
def dynamodb_client(ddb_local):
    import boto3

    return boto3.client("dynamodb", **client_kwargs(ddb_local))


@pytest.fixture(scope="session")
def dynamodb_resource(ddb_local):
    import boto3

    return boto3.resource("dynamodb", **client_kwargs(ddb_local))


@pytest.fixture()
def dynamodb(dynamodb_client):
    """dynamodb_client for one test, which leaves no table behind."""
    yield dynamodb_client
    for page in dynamodb_client.get_paginator("list_tables").paginate():
        for name in page["TableNames"]:
            dynamodb_client.delete_table(TableName=name)


# The snapshot dynamodb_fixtures restores (ddb_local.snapshots() lists it).
FIXTURES_SNAPSHOT = "pytest-fixtures"


@pytest.fixture(scope="session")
def ddb_local_fixtures():
    """Loads the session's data, once. Override it in a conftest.py, asking for the fixtures it
    needs (dynamodb_client, dynamodb_resource, ddb_local); what it returns is not used."""
    return None


@pytest.fixture(scope="session")
def _ddb_local_fixtures_snapshot(ddb_local, ddb_local_fixtures):
    ddb_local.snapshot(FIXTURES_SNAPSHOT)
    return FIXTURES_SNAPSHOT


@pytest.fixture()
def dynamodb_fixtures(ddb_local, dynamodb_client, _ddb_local_fixtures_snapshot):
    """dynamodb_client for one test, with the whole database restored first to what
    ddb_local_fixtures loaded (milliseconds: LMDB's records are copied back, nothing is
    replayed), whatever earlier tests did to it."""
    ddb_local.restore(_ddb_local_fixtures_snapshot)
    return dynamodb_client
