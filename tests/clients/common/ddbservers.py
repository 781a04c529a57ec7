"""Start and stop DynamoDB endpoints for the client and differential suites.

Two kinds of server, both started in memory on a free loopback port:
  * ddb-local, the binary under test (path from $DDB_LOCAL_BIN, set by CTest);
  * Amazon DynamoDB Local, the JVM reference (directory from $DYNAMODB_LOCAL_DIR, holding
    DynamoDBLocal.jar and DynamoDBLocal_lib/; tools/dev fetches it).
A server is ready when it answers a signed ListTables with HTTP 200. Every start is bounded
in time, and stop() always ends the process (SIGTERM, then SIGKILL) and its process group.
Nothing here skips: a server that cannot start raises ServerError, which fails the test.
"""

import contextlib
import http.client
import json
import os
import re
import signal
import subprocess
import sys

# The process handling is the pytest plugin's (tools/pytest-ddb-local), which users get too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "tools", "pytest-ddb-local", "src"))
from pytest_ddb_local.server import (DdbLocalError, EndpointProcess, free_port,  # noqa: E402,F401
                                     start_on_free_port)

AUTH_HEADER = ("AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, "
               "SignedHeaders=host, Signature=0")

ServerError = DdbLocalError


def Server(name, argv, cwd, port, start_timeout):
    """One running endpoint: .url, .port, .name, .log_path; stop() is idempotent."""
    return EndpointProcess(name, argv, port, cwd=cwd, start_timeout=start_timeout)


_start_with_retries = start_on_free_port


def ddb_local_binary():
    path = os.environ.get("DDB_LOCAL_BIN", "")
    if not path or not os.access(path, os.X_OK):
        raise ServerError(f"ddb-local binary not found: DDB_LOCAL_BIN={path!r} "
                          "(CTest sets it; build the ddb-local target first)")
    return path


def start_ddb_local(extra_args=(), start_timeout=20):
    """ddb-local -inMemory on a free port."""
    binary = ddb_local_binary()
    return _start_with_retries(lambda port: Server(
        "ddb-local", [binary, "-port", str(port), "-inMemory", *extra_args],
        cwd=None, port=port, start_timeout=start_timeout))


@contextlib.contextmanager
def ddb_local_from_banner(extra_args, banner=""):
    """ddb-local -inMemory on the port it picks (-port 0), ready once its banner's Listening
    line (containing `banner`, e.g. "signatures verified") is printed: for servers whose
    readiness start_ddb_local cannot check with its own signed request (--credentials-file).
    Yields the endpoint URL; the server gets SIGTERM on exit."""
    proc = subprocess.Popen(
        [ddb_local_binary(), "-inMemory", "--host", "127.0.0.1", "-port", "0", *extra_args],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port, lines = None, []
    for line in proc.stdout:
        lines.append(line)
        m = re.search(r"Listening:\s+http://[^ ]*:(\d+).*" + re.escape(banner), line)
        if m:
            port = int(m.group(1))
            break
    try:
        if not port:
            raise ServerError("ddb-local did not start:\n" + "".join(lines))
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
        proc.stdout.close()


def dynamodb_local_dir():
    d = os.environ.get("DYNAMODB_LOCAL_DIR", "")
    if not d or not os.path.isfile(os.path.join(d, "DynamoDBLocal.jar")):
        raise ServerError(f"Amazon DynamoDB Local not found: DYNAMODB_LOCAL_DIR={d!r} must hold "
                          "DynamoDBLocal.jar (tools/dev fetches it into build/third_party/)")
    return d


def start_dynamodb_local(start_timeout=60):
    """Amazon DynamoDB Local (JVM) -inMemory on a free port."""
    d = dynamodb_local_dir()
    java = os.environ.get("JAVA", "java")
    return _start_with_retries(lambda port: Server(
        "DynamoDBLocal",
        [java, "-Xmx512m", "-Djava.library.path=DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar",
         "-inMemory", "-port", str(port)],
        cwd=d, port=port, start_timeout=start_timeout))


def start(kind, **kw):
    """kind: 'ddb-local' or 'dynamodb-local'."""
    if kind == "ddb-local":
        return start_ddb_local(**kw)
    if kind == "dynamodb-local":
        return start_dynamodb_local(**kw)
    raise ServerError(f"unknown server kind {kind!r}")


def raw_request(port, operation, body, headers=None, target_prefix="DynamoDB_20120810.",
                timeout=30):
    """POST one request; returns (status, headers dict with lower-case names, body bytes).

    body: bytes/str sent as is, or any other value sent as JSON."""
    if not isinstance(body, (bytes, str)):
        body = json.dumps(body)
    if isinstance(body, str):
        body = body.encode()
    h = {
        "Content-Type": "application/x-amz-json-1.0",
        "Authorization": AUTH_HEADER,
    }
    if operation is not None:
        h["X-Amz-Target"] = target_prefix + operation
    for k, v in (headers or {}).items():
        if v is None:
            h.pop(k, None)
        else:
            h[k] = v
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/", body=body, headers=h)
        resp = conn.getresponse()
        data = resp.read()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data
    finally:
        conn.close()


def delete_all_tables(port, pages=20):
    """Deletes every table that the test credentials see (bounded: a few ListTables pages)."""
    for _ in range(pages):
        status, _, body = raw_request(port, "ListTables", {}, timeout=10)
        try:
            names = json.loads(body).get("TableNames", []) if status == 200 else []
        except (ValueError, AttributeError):
            names = []
        if not names:
            return
        for n in names:
            raw_request(port, "DeleteTable", {"TableName": n}, timeout=10)
