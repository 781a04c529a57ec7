"""Session fixtures of the differential suite: the reference and the target servers.

DIFF_REFERENCE / DIFF_TARGET choose the two servers: 'dynamodb-local' (Amazon DynamoDB
Local, the default reference) or 'ddb-local' (the default target). Running with
DIFF_TARGET=dynamodb-local checks the harness itself: every case must pass. Both servers are
started once per session (DynamoDB Local takes seconds to start) and always stopped. A
server that cannot start fails every case: nothing here is ever skipped.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients",
                                "common"))

import ddbservers  # noqa: E402
from ddbtest_plugin import (pytest_runtest_logreport, pytest_sessionfinish,  # noqa: E402,F401
                            pytest_terminal_summary)


class Endpoint:
    """A server that is restarted if a case left it dead (so one crash fails one case)."""

    def __init__(self, kind):
        self.kind = kind
        self.server = None
        self.restarts = 0

    def ensure(self):
        if self.server is not None and self.server._proc.poll() is None:
            return self.server
        if self.server is not None:
            self.restarts += 1
            self.server.stop()
        # DynamoDB Local never throttles, so ddb-local runs with its capacity model off: cases
        # that write a megabyte to one key in a second would otherwise be throttled, as on AWS.
        extra = {"extra_args": ["--throttle", "off"]} if self.kind == "ddb-local" else {}
        self.server = ddbservers.start(self.kind, **extra)
        return self.server

    def alive(self):
        return self.server is not None and self.server._proc.poll() is None

    def stop(self):
        if self.server is not None:
            self.server.stop()


@pytest.fixture(scope="session")
def endpoints():
    ref = Endpoint(os.environ.get("DIFF_REFERENCE", "dynamodb-local"))
    tgt = Endpoint(os.environ.get("DIFF_TARGET", "ddb-local"))
    try:
        ref.ensure()
        tgt.ensure()
        yield ref, tgt
    finally:
        ref.stop()
        tgt.stop()
