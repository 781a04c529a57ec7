#!/usr/bin/env python3
"""ctest dist.container: the ddb-local image of dist/container, run without a container runtime.

1. The build context is checked against its one file list, rootfs.list: the trees its Dockerfile
   COPYs hold exactly the listed paths, with the listed types and modes, and COPY gives them the
   listed owners. The image's file system is then assembled from the list into a scratch
   directory (plus the empty /proc that a runtime mounts over).
2. The server runs there as a container would: ENTRYPOINT + CMD, USER and WORKDIR parsed from the
   Dockerfile; in network, mount and pid namespaces of its own (the server is pid 1, /proc is
   its pid namespace's, nothing else is mounted), the root changed to the image's, as uid:gid
   USER (util-linux's unshare --root --wd --setuid --setgid: chroot(1) cannot start in WORKDIR).
   The host's AWS CLI, in the same network namespace, makes a table and puts and gets an item;
   the HEALTHCHECK command, run in the image's root as USER, passes (and fails for a port
   nothing serves); SIGTERM, as `docker stop` sends, stops it within docker's 10 s.
3. Again with `-jar DynamoDBLocal.jar -sharedDb -dbPath ./data`, DynamoDB Local's command line:
   the item is written under /home/dynamodblocal/data, by uid 1000, and is still there after a
   restart.

   DDBEMU_DIST=dist DDBEMU_VERSION=V tests/dist/container/run.py
"""
import json
import os
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients",
                                "common"))
from aws_env import client_process_env  # noqa: E402

# What docker gives a container's process (plus HOME, from the image's /etc/passwd).
DOCKER_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def log(message):
    print(message, flush=True)


# ---- The Dockerfile and the list ----

def dockerfile_instructions(path):
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    out, pending = [], ""
    with open(path) as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not pending and line.lstrip().startswith("#"):
                continue
            if line.endswith("\\"):
                pending += line[:-1] + " "
                continue
            line = pending + line
            pending = ""
            if line.strip():
                word, _, rest = line.strip().partition(" ")
                out.append((word.upper(), rest.strip()))
    return out


def parse_dockerfile(path):
    image = {"copies": [], "labels": {}, "expose": []}
    for word, rest in dockerfile_instructions(path):
        if word == "FROM":
            image["from"] = rest
        elif word == "COPY":
            args = shlex.split(rest)
            chown = "0:0"
            while args and args[0].startswith("--"):
                opt = args.pop(0)
                check(opt.startswith("--chown="), f"COPY option {opt} is not understood here")
                chown = opt.split("=", 1)[1]
            check(len(args) == 2, f"COPY {rest}: one source and one destination expected")
            image["copies"].append((args[0], args[1], chown))
        elif word in ("ENTRYPOINT", "CMD"):
            value = json.loads(rest)
            check(isinstance(value, list), f"{word} is not in exec (JSON) form")
            image[word.lower()] = value
        elif word == "HEALTHCHECK":
            options, _, command = rest.partition("CMD ")
            image["healthcheck"] = json.loads(command)
            for opt in options.split():
                key, _, value = opt.lstrip("-").partition("=")
                image["healthcheck_" + key] = value
        elif word in ("USER", "WORKDIR"):
            image[word.lower()] = rest
        elif word == "EXPOSE":
            image["expose"] += rest.split()
        elif word == "LABEL":
            for pair in shlex.split(rest):
                key, _, value = pair.partition("=")
                image["labels"][key] = value
        else:
            raise Failure(f"Dockerfile instruction {word} is not understood here")
    return image


def parse_list(path):
    entries = {}
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            kind, mode, owner, image_path, ctx = line.split()
            check(kind in ("dir", "file"), f"rootfs.list: unknown type {kind}")
            check(image_path not in entries, f"rootfs.list: {image_path} twice")
            uid, gid = (int(x) for x in owner.split(":"))
            entries[image_path] = {"kind": kind, "mode": int(mode, 8), "uid": uid, "gid": gid,
                                   "ctx": ctx}
    return entries


def check_context(context, image, entries):
    """The trees the COPY lines take from the context are exactly the list's entries."""
    copied = {}
    for src, dest, chown in image["copies"]:
        check(src.endswith("/") and dest.endswith("/"), f"COPY {src} {dest}: directories expected")
        uid, gid = (int(x) for x in chown.split(":"))
        top = os.path.join(context, src)
        check(os.path.isdir(top), f"COPY source {src} is not in the build context")
        for dirpath, dirnames, filenames in os.walk(top):
            for name in dirnames + filenames:
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, top)
                image_path = os.path.normpath(os.path.join(dest, rel))
                st = os.lstat(full)
                check(not stat.S_ISLNK(st.st_mode), f"{full}: no symbolic links are expected")
                copied[image_path] = {"kind": "dir" if stat.S_ISDIR(st.st_mode) else "file",
                                      "mode": stat.S_IMODE(st.st_mode), "uid": uid, "gid": gid,
                                      "ctx": os.path.relpath(full, context)}
        if dest != "/":  # COPY makes the destination directory itself, with the owner given
            copied[dest.rstrip("/")] = {"kind": "dir", "mode": stat.S_IMODE(os.stat(top).st_mode),
                                        "uid": uid, "gid": gid,
                                        "ctx": os.path.relpath(top, context)}
    # Nothing else in the context: every file is the Dockerfile, the list, or under a COPY.
    sources = [os.path.normpath(os.path.join(context, src)) for src, _, _ in image["copies"]]
    own = (os.path.join(context, "Dockerfile"), os.path.join(context, "rootfs.list"))
    for dirpath, _, filenames in os.walk(context):
        for name in filenames:
            full = os.path.join(dirpath, name)
            check(full in own or any(full.startswith(s + "/") for s in sources),
                  f"{os.path.relpath(full, context)} is in the build context but in no COPY")
    missing = sorted(set(entries) - set(copied))
    extra = sorted(set(copied) - set(entries))
    check(not missing, f"listed but in no COPY: {missing}")
    check(not extra, f"copied but not listed: {extra}")
    for path, want in entries.items():
        got = copied[path]
        check(got == want, f"{path}: the list says {want}, the Dockerfile's COPY gives {got}")


def assemble(context, entries, root):
    for path in sorted(entries, key=lambda p: p.count("/")):
        e = entries[path]
        target = root + path
        check(os.path.isdir(os.path.dirname(target)), f"{path}: its directory is not listed")
        if e["kind"] == "dir":
            os.mkdir(target)
        else:
            shutil.copyfile(os.path.join(context, e["ctx"]), target)
        os.chown(target, e["uid"], e["gid"])
        os.chmod(target, e["mode"])
    os.mkdir(os.path.join(root, "proc"), 0o555)  # the runtime's mount point for /proc


# ---- Inside the namespaces ----

def wait_until(what, predicate, timeout, poll=0.02):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        check(time.monotonic() < deadline, f"{what}: not within {timeout} s")
        time.sleep(poll)


class Container:
    """ENTRYPOINT + argv run in the image's root as USER, in WORKDIR, as pid 1 of its own pid
    namespace with that namespace's /proc (the network namespace is the caller's)."""

    def __init__(self, root, image, argv, log_path):
        self.root, self.image, self.log_path = root, image, log_path
        uid, _, gid = image["user"].partition(":")
        self.uid, self.gid = int(uid), int(gid or uid)
        self.home = passwd_home(root, self.uid)
        command = ["unshare", "--pid", "--mount", "--fork", "--kill-child=SIGKILL",
                   "--mount-proc=/proc", f"--root={root}", f"--wd={image['workdir']}",
                   f"--setgid={self.gid}", f"--setuid={self.uid}", "--"]
        command += image["entrypoint"] + argv
        log(f"$ {' '.join(image['entrypoint'] + argv)}")
        self.out = open(log_path, "w")
        self.unshare = subprocess.Popen(command, stdout=self.out, stderr=subprocess.STDOUT,
                                        env={"PATH": DOCKER_PATH, "HOME": self.home,
                                             "HOSTNAME": "ddb-local"})
        # The server: the child unshare forked (pid 1 of the new pid namespace).
        children = f"/proc/{self.unshare.pid}/task/{self.unshare.pid}/children"
        def child():
            if self.unshare.poll() is not None:
                raise Failure(f"the server exited ({self.unshare.returncode}):\n"
                              f"{self._read(log_path)}")
            return (self._read(children).split() or [None])[0]
        self.pid = int(wait_until("the server process", child, 10))
        wait_until("the server's Listening line", self._listening, 30)
        log(self._read(log_path).rstrip())
        check(os.stat(f"/proc/{self.pid}").st_uid == self.uid, "the server does not run as USER")

    @staticmethod
    def _read(path):
        try:
            with open(path) as f:
                return f.read()
        except OSError:
            return ""

    def _listening(self):
        if self.unshare.poll() is not None:
            raise Failure(f"the server exited ({self.unshare.returncode}):\n"
                          f"{self._read(self.log_path)}")
        return "\nListening:" in "\n" + self._read(self.log_path)

    def run_in_image(self, argv, timeout):
        """A command in the image's root as USER, in WORKDIR (as docker exec / HEALTHCHECK)."""
        return subprocess.run(["unshare", f"--root={self.root}", f"--wd={self.image['workdir']}",
                               f"--setgid={self.gid}", f"--setuid={self.uid}", "--"] + argv,
                              env={"PATH": DOCKER_PATH, "HOME": self.home}, timeout=timeout,
                              capture_output=True, text=True)

    def stop(self, timeout=10):
        """SIGTERM to pid 1, as `docker stop`; docker kills it after 10 s."""
        os.kill(self.pid, signal.SIGTERM)
        try:
            rc = self.unshare.wait(timeout)
        except subprocess.TimeoutExpired:
            self.unshare.kill()
            raise Failure(f"the server did not stop within {timeout} s of SIGTERM")
        finally:
            self.out.close()
        check(rc == 0, f"the server exited with {rc} on SIGTERM:\n{self._read(self.log_path)}")

    def kill(self):
        if self.unshare.poll() is None:
            self.unshare.kill()
            self.unshare.wait()


def passwd_home(root, uid):
    with open(os.path.join(root, "etc/passwd")) as f:
        for line in f:
            fields = line.rstrip("\n").split(":")
            if len(fields) >= 6 and fields[2] == str(uid):
                return fields[5]
    return "/"


def aws(*args):
    result = subprocess.run(["aws", "--endpoint-url", "http://127.0.0.1:8000", "--output", "json",
                             "dynamodb"] + list(args), env=client_process_env(),
                            capture_output=True, text=True, timeout=60)
    check(result.returncode == 0, f"aws dynamodb {args[0]} failed:\n{result.stderr}")
    return json.loads(result.stdout) if result.stdout.strip() else {}


def get_n(table, key):
    item = aws("get-item", "--table-name", table, "--key", json.dumps({"id": {"S": key}}))
    return item.get("Item", {}).get("n", {}).get("N")


def inside(root, image):
    logs = os.path.dirname(root)
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    # This pid namespace's own /proc, so that the pids read below are this namespace's.
    subprocess.run(["mount", "-t", "proc", "proc", "/proc"], check=True)
    containers = []
    try:
        log("\n== the image's default command (in memory)")
        c = Container(root, image, image["cmd"], os.path.join(logs, "ddb-local-1.log"))
        containers.append(c)
        check(any(n.startswith("ddbemu-") for n in os.listdir(os.path.join(root, "tmp"))),
              "-inMemory made no database directory in /tmp")
        timeout = int(image.get("healthcheck_timeout", "5s").rstrip("s"))
        health = c.run_in_image(image["healthcheck"], timeout=timeout)
        log(f"HEALTHCHECK {' '.join(image['healthcheck'])}: exit {health.returncode} "
            f"{health.stdout.strip()}")
        check(health.returncode == 0, f"the HEALTHCHECK failed: {health.stdout}{health.stderr}")
        bad = [a.replace(":8000", ":8001") for a in image["healthcheck"]]
        unhealthy = c.run_in_image(bad, timeout=10)
        check(unhealthy.returncode != 0, "the HEALTHCHECK command passes where nothing serves")
        aws("create-table", "--table-name", "image_items", "--billing-mode", "PAY_PER_REQUEST",
            "--attribute-definitions", "AttributeName=id,AttributeType=S",
            "--key-schema", "AttributeName=id,KeyType=HASH")
        aws("put-item", "--table-name", "image_items", "--item", '{"id":{"S":"a"},"n":{"N":"7"}}')
        check(get_n("image_items", "a") == "7", "get-item did not return the item put")
        log("AWS CLI round trip: OK")
        t = time.monotonic()
        c.stop()
        log(f"stopped by SIGTERM in {time.monotonic() - t:.2f} s")

        log("\n== -jar DynamoDBLocal.jar -sharedDb -dbPath ./data")
        argv = ["-jar", "DynamoDBLocal.jar", "-sharedDb", "-dbPath", "./data"]
        c = Container(root, image, argv, os.path.join(logs, "ddb-local-2.log"))
        containers.append(c)
        check("SharedDb:\ttrue" in c._read(c.log_path), "-sharedDb was not taken")
        aws("create-table", "--table-name", "kept", "--billing-mode", "PAY_PER_REQUEST",
            "--attribute-definitions", "AttributeName=id,AttributeType=S",
            "--key-schema", "AttributeName=id,KeyType=HASH")
        aws("put-item", "--table-name", "kept", "--item", '{"id":{"S":"k"},"n":{"N":"99"}}')
        check(get_n("kept", "k") == "99", "get-item did not return the item put")
        c.stop()
        data = os.path.join(root, image["workdir"].lstrip("/"), "data")
        files = sorted(os.listdir(data))
        log(f"{data}: {files}")
        check(any(f.endswith(".mdb") for f in files), "no database in WORKDIR/data")
        for f in files:
            check(os.stat(os.path.join(data, f)).st_uid == c.uid, f"data/{f} is not USER's")
        c = Container(root, image, argv, os.path.join(logs, "ddb-local-3.log"))
        containers.append(c)
        check(get_n("kept", "k") == "99", "the item is gone after a restart")
        log("after a restart: the item is there")
        c.stop()
    finally:
        for c in containers:
            c.kill()


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--inside":
        with open(sys.argv[3]) as f:
            image = json.load(f)
        try:
            inside(sys.argv[2], image)
        except (Failure, subprocess.SubprocessError, OSError) as e:
            print(f"dist.container: FAIL: {e}", file=sys.stderr)
            return 1
        return 0

    dist = os.environ.get("DDBEMU_DIST")
    version = os.environ.get("DDBEMU_VERSION")
    if not dist or not version:
        print("dist.container: DDBEMU_DIST and DDBEMU_VERSION must be set", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # ctest's time-out: clean up first
    scratch = None
    ns = None
    try:
        check(os.geteuid() == 0, "needs root (namespaces, chroot)")
        check(shutil.which("aws"), "no AWS CLI (aws) on the host")
        context = os.path.join(dist, "container")
        for name in ("Dockerfile", "rootfs.list"):
            check(os.path.isfile(os.path.join(context, name)),
                  f"missing {os.path.join(context, name)} (tools/dev package writes it)")
        image = parse_dockerfile(os.path.join(context, "Dockerfile"))
        log(f"Dockerfile: FROM {image.get('from')}, USER {image.get('user')}, WORKDIR "
            f"{image.get('workdir')}, ENTRYPOINT {image.get('entrypoint')}, "
            f"CMD {image.get('cmd')}, "
            f"HEALTHCHECK {image.get('healthcheck')}, EXPOSE {image['expose']}")
        check(image.get("from") == "scratch", "the image is not FROM scratch")
        for key in ("user", "workdir", "entrypoint", "cmd", "healthcheck"):
            check(key in image, f"the Dockerfile has no {key.upper()}")
        check(image["expose"] == ["8000"], "the image does not EXPOSE 8000 alone")
        check(image["cmd"] == ["-jar", "DynamoDBLocal.jar", "-inMemory"],
              "CMD is not amazon/dynamodb-local's -jar DynamoDBLocal.jar -inMemory")
        check(image["labels"].get("org.opencontainers.image.version") == version,
              f"the version label is not {version}")
        check(image["user"].split(":")[0] != "0", "the image runs as root")

        entries = parse_list(os.path.join(context, "rootfs.list"))
        check_context(context, image, entries)
        total = sum(os.path.getsize(os.path.join(context, e["ctx"]))
                    for e in entries.values() if e["kind"] == "file")
        files = sum(e["kind"] == "file" for e in entries.values())
        log(f"rootfs.list: {len(entries)} entries, {files} files, {total} bytes; "
            "the build context matches it")
        for path, e in sorted(entries.items()):
            if e["kind"] == "file":
                log(f"  {oct(e['mode'])[2:]:>4} {e['uid']}:{e['gid']} {path}")
        check(image["entrypoint"][0] in entries, "ENTRYPOINT's program is not in the image")
        check(entries.get("/tmp", {}).get("mode") == 0o1777, "/tmp is not mode 1777")
        check(entries.get(image["workdir"], {}).get("uid") == int(image["user"].split(":")[0]),
              "WORKDIR is not owned by USER")

        scratch = tempfile.mkdtemp(prefix="ddbemu-dist-container.")
        root = os.path.join(scratch, "root")
        os.mkdir(root, 0o755)
        assemble(context, entries, root)
        with open(os.path.join(scratch, "image.json"), "w") as f:
            json.dump(image, f)
        ns = subprocess.Popen(["unshare", "--mount", "--pid", "--net", "--fork", "--kill-child",
                               sys.executable, os.path.abspath(__file__), "--inside", root,
                               os.path.join(scratch, "image.json")])
        rc = ns.wait(timeout=600)
        ns = None
        check(rc == 0, f"the image's server failed (exit {rc})")
        log(f"dist.container: OK ({total} bytes of files in the image)")
        return 0
    except Failure as e:
        print(f"dist.container: FAIL: {e}", file=sys.stderr)
        return 1
    finally:
        if ns is not None and ns.poll() is None:
            ns.kill()  # unshare --kill-child: the namespace's pid 1, and everything in it, goes
            ns.wait()
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
