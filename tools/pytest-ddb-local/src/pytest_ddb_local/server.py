"""Starting and stopping one ddb-local: in memory, on a free loopback port, always stopped.

A server is ready when it answers ListTables with HTTP 200. start() is bounded in time and
retries on a lost port race; stop() ends the process and its process group (SIGTERM, then
SIGKILL) and is idempotent. Nothing here needs pytest or boto3.
"""

import atexit
import http.client
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request

# ddb-local, like DynamoDB Local, wants a SigV4-shaped Authorization header; it does not check
# the signature. The access key id selects the namespace of tables unless -sharedDb.
_PROBE_AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDPROBE/20260101/us-east-1/dynamodb/aws4_request, "
               "SignedHeaders=host, Signature=0")


class DdbLocalError(RuntimeError):
    """ddb-local could not be found or started; the message carries its log."""


def find_binary(explicit=None):
    """The ddb-local executable: `explicit`, else $DDB_LOCAL_BIN, else `ddb-local` on PATH."""
    for candidate, origin in ((explicit, "--ddb-local-bin / ddb_local_bin"),
                              (os.environ.get("DDB_LOCAL_BIN"), "DDB_LOCAL_BIN")):
        if candidate:
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return os.path.abspath(candidate)
            raise DdbLocalError(f"ddb-local not found at {candidate!r} (from {origin})")
    found = shutil.which("ddb-local")
    if found:
        return found
    raise DdbLocalError("ddb-local not found: pass --ddb-local-bin, set DDB_LOCAL_BIN, or put "
                        "ddb-local on PATH (it is built as build/tools/ddb-local)")


def free_port():
    """A loopback port that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port):
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("POST", "/", body=b"{}", headers={
            "X-Amz-Target": "DynamoDB_20120810.ListTables",
            "Content-Type": "application/x-amz-json-1.0",
            "Authorization": _PROBE_AUTH,
        })
        resp = conn.getresponse()
        resp.read()
        conn.close()
        return resp.status == 200
    except (OSError, http.client.HTTPException):
        return False


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
        self.port = None
        self.url = None
        self.log_path = None
        self._proc = None
        self._log = None

    def start(self, attempts=3):
        """Starts the server on a free port; raises DdbLocalError with its log on failure."""
        error = None
        for _ in range(attempts):  # another process may take the port between pick and bind
            try:
                self._start_on(free_port())
                return self
            except DdbLocalError as e:
                error = e
        raise error

    def _start_on(self, port):
        self._log = tempfile.NamedTemporaryFile(prefix=f"{self.name}-", suffix=".log",
                                                delete=False)
        self.log_path = self._log.name
        argv = [self.binary, "-port", str(port), "-inMemory", *self.extra_args]
        try:
            self._proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=self._log,
                                          stderr=subprocess.STDOUT, start_new_session=True)
        except OSError as e:
            raise DdbLocalError(f"cannot run {self.binary}: {e}") from e
        atexit.register(self.stop)  # also on an interrupted session
        deadline = time.monotonic() + self.start_timeout
        while True:
            if self._proc.poll() is not None:
                raise DdbLocalError(f"{' '.join(argv)} exited with status "
                                    f"{self._proc.returncode}:\n{self.log_tail()}")
            if _answers(port):
                self.port = port
                self.url = f"http://127.0.0.1:{port}"
                return
            if time.monotonic() > deadline:
                self.stop()
                raise DdbLocalError(f"{' '.join(argv)} did not answer within "
                                    f"{self.start_timeout} s:\n{self.log_tail()}")
            time.sleep(0.05)

    def running(self):
        return self._proc is not None and self._proc.poll() is None

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except (OSError, TypeError):
            return ""

    def advance_clock(self, ms):
        """Moves a --virtual-clock server's time forward by `ms` milliseconds."""
        request = urllib.request.Request(f"{self.url}/_ddblocal/clock/advance?ms={int(ms)}",
                                         data=b"", method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()

    def stop(self):
        proc = self._proc
        if proc is not None and proc.poll() is None:
            for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
                try:
                    os.killpg(proc.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    proc.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self._log is not None:
            self._log.close()

    def __enter__(self):
        return self.start() if self._proc is None else self

    def __exit__(self, *exc):
        self.stop()
