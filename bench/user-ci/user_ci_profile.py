"""A pytest plugin (run_user_ci.py --profile) that says where the user suite's time goes: each
HTTP exchange boto3 makes (botocore's Endpoint._send: the request on the wire, the server's
work, the answer read back), each API call as boto3 makes it (serialising, signing, parsing, and
the exchange), and each test's setup, call and teardown as pytest times them.

Writes a JSON to $USER_CI_PROFILE (one file per xdist worker: the worker's id is appended):
{"http": {Operation: [count, seconds]}, "api_s": .., "tests": n, "tests_s": .., "session_s": ..}
"""

import json
import os
import time

import botocore.client
import botocore.endpoint

_http = {}
_api = [0.0]
_tests = [0, 0.0]
_session_start = [0.0]


def _wrap_send(send):
    def timed(self, request):
        op = request.headers.get("X-Amz-Target", b"")
        op = (op.decode() if isinstance(op, bytes) else op).rsplit(".", 1)[-1] or "?"
        t0 = time.perf_counter()
        try:
            return send(self, request)
        finally:
            entry = _http.setdefault(op, [0, 0.0])
            entry[0] += 1
            entry[1] += time.perf_counter() - t0
    return timed


def _wrap_api(call):
    def timed(self, operation_name, api_params):
        t0 = time.perf_counter()
        try:
            return call(self, operation_name, api_params)
        finally:
            _api[0] += time.perf_counter() - t0
    return timed


botocore.endpoint.Endpoint._send = _wrap_send(botocore.endpoint.Endpoint._send)
botocore.client.BaseClient._make_api_call = _wrap_api(botocore.client.BaseClient._make_api_call)


def pytest_sessionstart(session):
    _session_start[0] = time.perf_counter()


def pytest_runtest_logreport(report):
    _tests[1] += report.duration  # setup, call and teardown each report their own duration
    if report.when == "call":
        _tests[0] += 1


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("USER_CI_PROFILE")
    if not path:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        path = f"{path}.{worker}"
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"http": _http, "api_s": _api[0], "tests": _tests[0], "tests_s": _tests[1],
                   "session_s": time.perf_counter() - _session_start[0]}, f)
