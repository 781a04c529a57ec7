"""Fixtures of the real-client suites: one ddb-local per session (per pytest-xdist worker),
always stopped, from our pytest plugin (tools/pytest-ddb-local, docs/testing.md).

CLIENT_TARGET=dynamodb-local runs the same tests against Amazon DynamoDB Local (to check the
tests themselves); the default is ddb-local. A server that cannot start fails every test.
"""

import os
import sys
import uuid

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "common"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "pytest-ddb-local", "src"))

import ddbservers  # noqa: E402
from aws_env import AWS_ENV  # noqa: E402,F401 — the suites import it from here
from ddbtest_plugin import (pytest_runtest_logreport, pytest_sessionfinish,  # noqa: E402,F401
                            pytest_terminal_summary)

# The plugin users install (entry point pytest11), loaded here from the source tree.
pytest_plugins = ["pytest_ddb_local.plugin"]

TARGET = os.environ.get("CLIENT_TARGET", "ddb-local")


@pytest.fixture(scope="session")
def endpoint(request):
    """The server under test: .url, .port. ddb-local comes from the plugin (DDB_LOCAL_BIN)."""
    if TARGET == "ddb-local":
        yield request.getfixturevalue("ddb_local")
        return
    server = ddbservers.start(TARGET)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture()
def table_name():
    return "client_" + uuid.uuid4().hex[:12]


def expected_message(aws_message, dynamodb_local_message=None):
    """The message AWS sends; DynamoDB Local's own wording where it is known to differ (see
    tests/differential/ACCEPTED_DIFFERENCES.md) when the tests run against it."""
    if TARGET == "dynamodb-local" and dynamodb_local_message is not None:
        return dynamodb_local_message
    return aws_message
