"""Starting and stopping one ddb-local: in memory, on a free loopback port, always stopped.

A server is ready when it answers ListTables with HTTP 200. start() is bounded in time and
retries on a lost port race; stop() ends the process and its process group (SIGTERM, then
SIGKILL) and is idempotent. Nothing here needs pytest or boto3. EndpointProcess starts any
endpoint's command line the same way (this repository's suites start Amazon DynamoDB Local
with it).
"""

import atexit
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

# ddb-local, like DynamoDB Local, wants a SigV4-shaped Authorization header; it does not check
# the signature. The access key id selects the namespace of tables unless -sharedDb.
_PROBE_AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDPROBE/20260101/us-east-1/dynamodb/aws4_request, "
               "SignedHeaders=host, Signature=0")


class DdbLocalError(RuntimeError):
    """ddb-local (or another endpoint) could not be found or started; the message carries its
    log."""


# Where the wheel (tools/dist/python/build_wheel.py) puts its copy of the binary; a source
# checkout has none.
BUNDLED_BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "ddb-local")


def find_binary(explicit=None):
    """The ddb-local executable: `explicit`, else $DDB_LOCAL_BIN, else the one bundled in the
    installed wheel, else `ddb-local` on PATH."""
    for candidate, origin in ((explicit, "--ddb-local-bin / ddb_local_bin"),
                              (os.environ.get("DDB_LOCAL_BIN"), "DDB_LOCAL_BIN")):
        if candidate:
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return os.path.abspath(candidate)
            raise DdbLocalError(f"ddb-local not found at {candidate!r} (from {origin})")
    if os.path.isfile(BUNDLED_BINARY):
        if os.access(BUNDLED_BINARY, os.X_OK):
            return BUNDLED_BINARY
        raise DdbLocalError(f"the bundled {BUNDLED_BINARY} is not executable (reinstall "
                            "pytest-ddb-local)")
    found = shutil.which("ddb-local")
    if found:
        return found
    raise DdbLocalError("ddb-local not found: pass --ddb-local-bin, set DDB_LOCAL_BIN, install "
                        "the pytest-ddb-local wheel (it carries the binary), or put ddb-local on "
                        "PATH (it is built as build/tools/ddb-local)")


def free_port():
    """A loopback port that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port, auth=_PROBE_AUTH):
    """True when the endpoint on `port` answers ListTables with HTTP 200."""
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("POST", "/", body=b"{}", headers={
            "X-Amz-Target": "DynamoDB_20120810.ListTables",
            "Content-Type": "application/x-amz-json-1.0",
            "Authorization": auth,
        })
        resp = conn.getresponse()
        resp.read()
        conn.close()
        return resp.status == 200
    except (OSError, http.client.HTTPException):
        return False


class EndpointProcess:
    """One DynamoDB endpoint process on a known loopback port, started at construction.

    Ready once it answers ListTables with HTTP 200; the start is bounded in time and a process
    that exits or never answers raises DdbLocalError with its log. stop() ends the process and
    its process group (SIGTERM, then SIGKILL) and is idempotent. Also used by this repository's
    own test suites for Amazon DynamoDB Local, so both servers start and stop the same way.
    """

    def __init__(self, name, argv, port, cwd=None, start_timeout=30):
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
            self._log.close()
            raise DdbLocalError(f"{name}: cannot run {argv[0]}: {e}") from e
        atexit.register(self.stop)  # also on an interrupted session
        deadline = time.monotonic() + start_timeout
        # From 1 ms, doubling to 50: ddb-local answers a few milliseconds after it is spawned,
        # and a flat 50 ms would add most of that wait to every session's start.
        pause = 0.001
        while not answers(port):
            if self._proc.poll() is not None:
                raise DdbLocalError(f"{' '.join(argv)} exited with status "
                                    f"{self._proc.returncode}:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                self.stop()
                raise DdbLocalError(f"{' '.join(argv)} did not answer within "
                                    f"{start_timeout} s:\n{self.log_tail()}")
            time.sleep(pause)
            pause = min(2 * pause, 0.05)

    def running(self):
        return self._proc.poll() is None

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def stop(self):
        proc = self._proc
        if proc.poll() is None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(proc.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    proc.wait(timeout=10)
                    break
                except subprocess.TimeoutExpired:
                    continue
        self._log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def start_on_free_port(make, attempts=3):
    """make(port) on a fresh free port, again when another process took the port between pick
    and bind; the last DdbLocalError is raised."""
    error = None
    for _ in range(attempts):
        try:
            return make(free_port())
        except DdbLocalError as e:
            error = e
    raise error


class DdbLocal:
    """One ddb-local -inMemory. Attributes once started: url, port, binary, log_path.

    with DdbLocal(extra_args=["--virtual-clock"]) as server:
        boto3.client("dynamodb", endpoint_url=server.url, ...)
    """

    region = "us-east-1"

    def __init__(self, binary=None, extra_args=(), name="ddb-local", start_timeout=30):
        self.binary = find_binary(binary)
        self.extra_args = list(extra_args)
        self.name = name
        self.start_timeout = start_timeout
        self._process = None

    port = property(lambda self: self._process.port if self._process else None)
    url = property(lambda self: self._process.url if self._process else None)
    log_path = property(lambda self: self._process.log_path if self._process else None)

    def start(self, attempts=3):
        """Starts the server on a free port; raises DdbLocalError with its log on failure."""
        self._process = start_on_free_port(lambda port: EndpointProcess(
            self.name, [self.binary, "-port", str(port), "-inMemory", *self.extra_args],
            port, start_timeout=self.start_timeout), attempts)
        return self

    def running(self):
        return self._process is not None and self._process.running()

    def log_tail(self, lines=30):
        return self._process.log_tail(lines) if self._process else ""

    def advance_clock(self, ms):
        """Moves a --virtual-clock server's time forward by `ms` milliseconds."""
        request = urllib.request.Request(f"{self.url}/_ddblocal/clock/advance?ms={int(ms)}",
                                         data=b"", method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()

    def admin(self, method, path):
        """One admin request (`/_ddblocal/...`): its JSON answer as a dict; DdbLocalError with
        the server's error type and message when it is not HTTP 200."""
        request = urllib.request.Request(f"{self.url}{path}", data=b"" if method != "GET" else None,
                                         method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as e:
            body = e.read().decode("utf-8", "replace")
            raise DdbLocalError(f"{method} {path}: HTTP {e.code}: {body}") from None

    # Whole-database snapshots (docs/testing.md, "Snapshots"): tables, items, indexes, streams
    # and TTL settings of every namespace; a restore copies LMDB's records back in one step.
    def snapshot(self, name):
        """Snapshots the whole database as `name` (replacing one of that name)."""
        return self.admin("POST", f"/_ddblocal/snapshot?name={urllib.parse.quote(name)}")["Snapshot"]

    def restore(self, name):
        """Makes the database what snapshot `name` holds."""
        return self.admin("POST", f"/_ddblocal/restore?name={urllib.parse.quote(name)}")

    def reset(self):
        """Drops every table of every namespace (snapshots stay)."""
        self.admin("POST", "/_ddblocal/reset")

    def snapshots(self):
        """Every snapshot: [{"Name", "SizeBytes", "CreationDateTime"}], by name."""
        return self.admin("GET", "/_ddblocal/snapshots")["Snapshots"]

    def delete_snapshot(self, name):
        self.admin("DELETE", f"/_ddblocal/snapshot?name={urllib.parse.quote(name)}")

    def stop(self):
        if self._process is not None:
            self._process.stop()

    def __enter__(self):
        return self.start() if self._process is None else self

    def __exit__(self, *exc):
        self.stop()
