"""Start and stop DynamoDB endpoints for the client and differential suites.

Two kinds of server, both started in memory on a free loopback port:
  * ddb-local, the binary under test (path from $DDB_LOCAL_BIN, set by CTest);
  * Amazon DynamoDB Local, the JVM reference (directory from $DYNAMODB_LOCAL_DIR, holding
    DynamoDBLocal.jar and DynamoDBLocal_lib/; tools/dev fetches it).
A server is ready when it answers a signed ListTables with HTTP 200. Every start is bounded
in time, and stop() always ends the process (SIGTERM, then SIGKILL) and its process group.
Nothing here skips: a server that cannot start raises ServerError, which fails the test.
"""

import http.client
import json
import os
import signal
import socket
import subprocess
import tempfile
import time

AUTH_HEADER = ("AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, "
               "SignedHeaders=host, Signature=0")


class ServerError(RuntimeError):
    pass


def free_port():
    """A port that was free a moment ago on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port):
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("POST", "/", body=b"{}", headers={
            "X-Amz-Target": "DynamoDB_20120810.ListTables",
            "Content-Type": "application/x-amz-json-1.0",
            "Authorization": AUTH_HEADER,
        })
        resp = conn.getresponse()
        resp.read()
        conn.close()
        return resp.status == 200
    except (OSError, http.client.HTTPException):
        return False


class Server:
    """One running endpoint: .url, .port, .name; stop() is idempotent."""

    def __init__(self, name, argv, cwd, port, start_timeout):
        self.name = name
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self._log = tempfile.NamedTemporaryFile(prefix=f"{name}-", suffix=".log", delete=False)
        self.log_path = self._log.name
        try:
            self._proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                                          stdout=self._log, stderr=subprocess.STDOUT,
                                          start_new_session=True)
        except OSError as e:
            raise ServerError(f"{name}: cannot run {argv[0]}: {e}") from e
        deadline = time.monotonic() + start_timeout
        while True:
            if self._proc.poll() is not None:
                raise ServerError(f"{name} exited with status {self._proc.returncode} before "
                                  f"answering on port {port}:\n{self.log_tail()}")
            if _answers(port):
                return
            if time.monotonic() > deadline:
                self.stop()
                raise ServerError(f"{name} did not answer on port {port} within "
                                  f"{start_timeout} s:\n{self.log_tail()}")
            time.sleep(0.1)

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def stop(self):
        proc = self._proc
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait(timeout=10)
        self._log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def _start_with_retries(make, attempts=3):
    """Retry on a lost port race; the last error is raised."""
    err = None
    for _ in range(attempts):
        try:
            return make(free_port())
        except ServerError as e:
            err = e
    raise err


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
