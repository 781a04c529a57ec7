#!/usr/bin/python3
"""dist.python: the pytest-ddb-local wheel as a user meets it (tools/dist/README.md).

Into a fresh virtual environment (Debian's python3 with --system-site-packages, for its
python3-pytest and python3-boto3; no package index is reachable or asked), pip installs the
wheel of this machine's platform from $DDBEMU_DIST/python with --no-index; then pytest runs a
test file written into an empty directory — no source tree on any path, no DDB_LOCAL_BIN, no
ddb-local on PATH — whose tests use the plugin's fixtures (found through its pytest11 entry
point) with boto3: create a table, put an item, get it back and compare. The plugin must be
the installed one and run the binary the wheel carries, which must be the tarball's.

    install_test.py --version V        (DDBEMU_DIST names the dist directory)

Any failure fails the test, a missing wheel or tarball included. Every step has a timeout.
"""

import argparse
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import textwrap

MACHINES = {"x86_64": ("x64", "x86_64"), "aarch64": ("arm64", "aarch64")}
PYTHON = "/usr/bin/python3"  # Debian's, with python3-pytest and python3-boto3


class Failure(Exception):
    pass


def clean_env(tmp, venv):
    """The environment of a user with nothing of ours: no DDB_LOCAL_BIN, no Python path, no pip
    configuration, and a PATH without any ddb-local."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PIP_", "PYTHON", "DDB_LOCAL", "VIRTUAL_ENV"))}
    path = [d for d in env.get("PATH", "/usr/bin:/bin").split(os.pathsep)
            if d and not os.path.exists(os.path.join(d, "ddb-local"))]
    env.update(PATH=os.pathsep.join([os.path.join(venv, "bin"), *path]),
               HOME=os.path.join(tmp, "home"),
               PIP_CONFIG_FILE=os.devnull, PIP_DISABLE_PIP_VERSION_CHECK="1",
               PIP_NO_INPUT="1", PYTHONDONTWRITEBYTECODE="1", PYTHONNOUSERSITE="1")
    os.makedirs(env["HOME"])
    return env


def run(argv, timeout, **kwargs):
    """Runs argv in its own process group; its output, or Failure with it. On timeout the whole
    group is killed."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, **kwargs)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        raise Failure(f"{' '.join(argv)} did not finish within {timeout} s:\n{out}")
    if proc.returncode != 0:
        raise Failure(f"{' '.join(argv)} exited with {proc.returncode}:\n{out}")
    return out


def kill_leftovers(tmp):
    """Kills any process still running an executable from under tmp (a ddb-local whose pytest
    was killed on a timeout)."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.readlink(f"/proc/{pid}/exe").startswith(tmp + os.sep):
                os.kill(int(pid), signal.SIGKILL)
        except OSError:
            pass


USER_TEST = '''
import os

import pytest_ddb_local
from pytest_ddb_local.server import BUNDLED_BINARY


def test_the_plugin_and_its_binary_are_the_installed_wheel(ddb_local):
    assert pytest_ddb_local.__file__.startswith({venv!r} + os.sep)
    assert ddb_local.binary == BUNDLED_BINARY
    assert ddb_local.running()


def test_an_item_put_is_the_item_got(dynamodb):
    dynamodb.create_table(
        TableName="orders", BillingMode="PAY_PER_REQUEST",
        KeySchema=[{{"AttributeName": "pk", "KeyType": "HASH"}},
                   {{"AttributeName": "sk", "KeyType": "RANGE"}}],
        AttributeDefinitions=[{{"AttributeName": "pk", "AttributeType": "S"}},
                              {{"AttributeName": "sk", "AttributeType": "N"}}])
    item = {{"pk": {{"S": "customer#1"}}, "sk": {{"N": "7"}}, "total": {{"N": "42.5"}},
            "paid": {{"BOOL": True}}, "lines": {{"L": [{{"M": {{"sku": {{"S": "A-1"}}}}}}]}}}}
    dynamodb.put_item(TableName="orders", Item=item)

    got = dynamodb.get_item(TableName="orders", ConsistentRead=True,
                            Key={{"pk": {{"S": "customer#1"}}, "sk": {{"N": "7"}}}})

    assert got["Item"] == item


def test_the_resource_sees_the_same_server(dynamodb_resource, dynamodb_client):
    dynamodb_client.create_table(
        TableName="notes", BillingMode="PAY_PER_REQUEST",
        KeySchema=[{{"AttributeName": "id", "KeyType": "HASH"}}],
        AttributeDefinitions=[{{"AttributeName": "id", "AttributeType": "S"}}])
    dynamodb_resource.Table("notes").put_item(Item={{"id": "n1", "text": "hello"}})

    got = dynamodb_client.get_item(TableName="notes", Key={{"id": {{"S": "n1"}}}})

    assert got["Item"] == {{"id": {{"S": "n1"}}, "text": {{"S": "hello"}}}}
'''
EXPECTED_PASSES = 3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", required=True)
    args = parser.parse_args()
    dist = os.environ.get("DDBEMU_DIST")
    if not dist:
        raise Failure("DDBEMU_DIST is not set")
    machine = platform.machine()
    if machine not in MACHINES:
        raise Failure(f"no wheel for {machine}")
    arch, march = MACHINES[machine]
    wheel = os.path.join(dist, "python",
                         f"pytest_ddb_local-{args.version}-py3-none-manylinux_2_34_{march}.whl")
    tarball = os.path.join(dist, f"ddb-local-{args.version}-linux-{arch}.tar.gz")
    for required in (wheel, tarball):
        if not os.path.isfile(required):
            raise Failure(f"{required} is missing (tools/dev package writes it)")
    with tarfile.open(tarball) as tar:
        member = tar.getmember(f"ddb-local-{args.version}-linux-{arch}/bin/ddb-local")
        tarball_binary = tar.extractfile(member).read()

    tmp = os.path.realpath(tempfile.mkdtemp(prefix="ddbemu-dist-python-"))
    try:
        venv = os.path.join(tmp, "venv")
        work = os.path.join(tmp, "work")
        os.makedirs(work)
        env = clean_env(tmp, venv)
        python = os.path.join(venv, "bin", "python")
        # Debian's python3-pip, seen through the system site packages, installs into the venv
        # as the venv's own would; ensurepip (9 s here) only when there is none.
        has_pip = subprocess.run([PYTHON, "-c", "import pip"], env=env, capture_output=True,
                                 timeout=60).returncode == 0
        without_pip = ["--without-pip"] if has_pip else []
        run([PYTHON, "-m", "venv", "--system-site-packages", *without_pip, venv], 120,
            env=env, cwd=work)
        print(run([python, "-m", "pip", "install", "--no-index", "--no-cache-dir", wheel], 120,
                  env=env, cwd=work).strip().splitlines()[-1])

        bundled = run([python, "-c", "from pytest_ddb_local.server import BUNDLED_BINARY as b; "
                       "print(b)"], 60, env=env, cwd=work).strip()
        if not bundled.startswith(venv + os.sep):
            raise Failure(f"pytest_ddb_local is not the installed one: {bundled}")
        if not os.access(bundled, os.X_OK):
            raise Failure(f"{bundled} is not executable")
        with open(bundled, "rb") as f:
            if f.read() != tarball_binary:
                raise Failure(f"{bundled} is not the bin/ddb-local of {tarball}")

        with open(os.path.join(work, "test_put_get.py"), "w") as f:
            f.write(textwrap.dedent(USER_TEST.format(venv=venv)))
        # The plugin is not named: its pytest11 entry point must load it.
        out = run([python, "-m", "pytest", "-p", "no:cacheprovider", "-v", "-rA",
                   "test_put_get.py"], 180, env=env, cwd=work)
        print(out)
        passed = re.search(r"(\d+) passed", out)
        if not passed or int(passed[1]) != EXPECTED_PASSES or re.search(r"\d+ (failed|error)", out):
            raise Failure(f"expected {EXPECTED_PASSES} tests to pass:\n{out}")
    finally:
        kill_leftovers(tmp)
        shutil.rmtree(tmp, ignore_errors=True)
    print("dist.python: ok")


if __name__ == "__main__":
    try:
        main()
    except Failure as e:
        print(f"dist.python: FAILED: {e}", file=sys.stderr)
        sys.exit(1)
