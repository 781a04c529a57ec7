"""`ddb-local import` and `ddb-local export` end to end (issue 35, point 5): a running server
(over HTTP, with throttling on) and a data directory (in process), both directions; DynamoDB
JSON lines, gzip'd lines and an AWS-layout export directory; anonymisation that is
deterministic and keeps EMAIL#<address> keys joined to the email attribute; redact refused on
a key attribute; the server's tenant policies refusing a tenant's import; `ddb-local compact`
of the data directory (refused while a server has it open). Usage: python3 import_export_smoke.py DDB_LOCAL_BINARY
"""

import base64
import gzip
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

import boto3

DDB_LOCAL = sys.argv[1]
ENV = dict(os.environ, AWS_ACCESS_KEY_ID="transfer", AWS_SECRET_ACCESS_KEY="secret",
           AWS_REGION="us-east-1", AWS_DEFAULT_REGION="us-east-1")
CREDENTIALS = ["--access-key", "transfer", "--secret-key", "secret", "--region", "us-east-1"]


def run(*args, expect=0):
    done = subprocess.run([DDB_LOCAL, *args], env=ENV, capture_output=True, text=True,
                          timeout=60)
    if expect is not None and done.returncode != expect:
        raise AssertionError(f"ddb-local {' '.join(args)}: exit {done.returncode}, expected "
                             f"{expect}\n{done.stdout}{done.stderr}")
    return done


def source_items():
    """120 people and 60 orders; each order's key names its person's email."""
    items = []
    for i in range(120):
        email = f"person{i}@corp{i % 7}.example"
        items.append({"pk": {"S": f"EMAIL#{email}"}, "sk": {"S": "PROFILE"},
                      "email": {"S": email}, "name": {"S": f"Person {i}"},
                      "phone": {"S": f"+44 20 7946 {i:04d}"}, "age": {"N": str(20 + i % 50)},
                      "notes": {"S": f"private note {i}"},
                      "address": {"M": {"city": {"S": ["Paris", "Oslo", "Lima"][i % 3]}}}})
    for i in range(60):
        email = f"person{i}@corp{i % 7}.example"
        items.append({"pk": {"S": f"EMAIL#{email}"}, "sk": {"S": f"ORDER#{i:03d}"},
                      "email": {"S": email}, "total": {"N": str(i * 3 + 1)}})
    return items


def canonical(items):
    return sorted(json.dumps(item, sort_keys=True) for item in items)


def read_lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [json.loads(line)["Item"] for line in f if line.strip()]


def start_server(data_dir, *extra):
    proc = subprocess.Popen([DDB_LOCAL, "-inMemory", "-sharedDb", "--host", "127.0.0.1",
                             "-port", "0", *extra], cwd=data_dir, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        m = re.search(r"Listening:\s+http://[^ ]*:(\d+)", line)
        if m:
            return proc, f"http://127.0.0.1:{m.group(1)}"
    raise AssertionError("ddb-local did not start")


def scan_all(client, table):
    items, kwargs = [], {"TableName": table}
    while True:
        page = client.scan(**kwargs)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def check_tenant_policies(work, source):
    """Over HTTP the server's tenant policies apply: a tenant that may read People but not
    write it exports it and is refused the import, which writes nothing."""
    policies = os.path.join(work, "policies.json")
    with open(policies, "w") as f:
        json.dump({"Policies": [
            {"AccessKeyId": "AKIDADMIN", "User": "admin", "Actions": ["*"], "Tables": ["*"]},
            {"AccessKeyId": "AKIDREADER", "User": "reader",
             "Actions": ["DescribeTable", "Scan"], "Tables": ["People"]}]}, f)
    proc, url = start_server(work, "--access-policy-file", policies)
    try:
        def as_key(key):
            return ["--endpoint", url, "--access-key", key, "--secret-key", "s",
                    "--region", "us-east-1"]
        run("import", "--table", "People", *as_key("AKIDADMIN"), "--create-table", "pk:S,sk:S",
            source)
        out = os.path.join(work, "reader.jsonl")
        run("export", "--table", "People", *as_key("AKIDREADER"), out)
        assert len(read_lines(out)) == len(source_items())
        refused = run("import", "--table", "People", *as_key("AKIDREADER"), source, expect=1)
        assert ("user/reader is not authorized to perform: dynamodb:BatchWriteItem"
                in refused.stderr), refused.stderr
        refused = run("export", "--table", "Other", *as_key("AKIDREADER"), out, expect=1)
        assert "not authorized to perform: dynamodb:DescribeTable" in refused.stderr, refused.stderr
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)


def main():
    work = tempfile.mkdtemp(prefix="ddb-transfer-")
    items = source_items()
    # An extra line that is not an item: counted, reported, and the exit code says so.
    source = os.path.join(work, "source.jsonl")
    with open(source, "w") as f:
        for item in items:
            f.write(json.dumps({"Item": item}) + "\n")
    bad_source = os.path.join(work, "bad.jsonl")
    with open(bad_source, "w") as f:
        f.write(json.dumps({"Item": items[0]}) + "\nnot json\n")
    rules = os.path.join(work, "rules.json")
    with open(rules, "w") as f:
        json.dump({"rules": [
            {"attribute": "email", "rule": "fake", "kind": "email"},
            {"attribute": "name", "rule": "fake", "kind": "name"},
            {"attribute": "phone", "rule": "mask", "keepLast": 4},
            {"attribute": "address.city", "rule": "hash", "length": 10},
            {"attribute": "notes", "rule": "redact"},
            {"attribute": "pk", "pattern": "EMAIL#{email}"}]}, f)
    data_dir = os.path.join(work, "data")
    local = ["-dbPath", data_dir, "-sharedDb"]
    os.makedirs(os.path.join(work, "s3", "exports"))
    proc, url = start_server(work, "--s3-dir", os.path.join(work, "s3"))
    try:
        remote = ["--endpoint", url, *CREDENTIALS]
        client = boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1",
                              aws_access_key_id="transfer", aws_secret_access_key="secret")
        # Into the server over HTTP, then out again.
        run("import", "--table", "People", *remote, "--create-table", "pk:S,sk:S", source)
        assert canonical(scan_all(client, "People")) == canonical(items), "server import"
        out_remote = os.path.join(work, "remote.jsonl")
        run("export", "--table", "People", *remote, out_remote)
        assert canonical(read_lines(out_remote)) == canonical(items), "server export"
        # A bad line: the good ones land, the bad one is reported with its line number.
        failed = run("import", "--table", "People", *remote, bad_source, expect=1)
        assert "bad.jsonl:2:" in failed.stderr, failed.stderr

        # Into a data directory in process (gzip'd lines), then out again.
        gz = os.path.join(work, "remote.jsonl.gz")
        with open(out_remote, "rb") as f, gzip.open(gz, "wb") as g:
            g.write(f.read())
        run("import", "--table", "People", *local, "--create-table", "pk:S,sk:S", gz)
        out_local = os.path.join(work, "local.jsonl")
        summary = run("export", "--table", "People", *local, out_local)
        assert f"{len(items)} items" in summary.stderr, summary.stderr
        assert "\r" not in summary.stderr and summary.stderr.count("\n") == 1, summary.stderr
        # On a terminal (util-linux's script gives it one) the line is redrawn in place.
        tty_out = os.path.join(work, "tty.jsonl")
        shown = subprocess.run(["script", "-qec", " ".join(
            [DDB_LOCAL, "export", "--table", "People", *local, tty_out]), "/dev/null"],
            env=ENV, capture_output=True, timeout=60)  # bytes: text mode would turn \r into \n
        assert shown.returncode == 0, shown.stdout
        assert b"\r" in shown.stdout and b"\033[K" in shown.stdout, repr(shown.stdout)
        assert f"{len(items)} items".encode() in shown.stdout, repr(shown.stdout)
        assert canonical(read_lines(out_local)) == canonical(items), "data directory export"

        # `ddb-local compact`: refused while a server has the directory open, then the same
        # items in a file no larger (a load in hash order leaves pages two-thirds full).
        holder = subprocess.Popen([DDB_LOCAL, "-dbPath", data_dir, "-sharedDb", "--host",
                                   "127.0.0.1", "-port", "0"], stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert any("Listening:" in line for line in holder.stdout), "holder did not start"
            busy = run("compact", data_dir, expect=1)
            assert "open in another process" in busy.stderr, busy.stderr
        finally:
            holder.send_signal(signal.SIGTERM)
            holder.wait(timeout=20)
        size = os.path.getsize(os.path.join(data_dir, "data.mdb"))
        compacted = run("compact", data_dir)
        assert "data.mdb" in compacted.stdout and "MiB ->" in compacted.stdout, compacted.stdout
        assert os.path.getsize(os.path.join(data_dir, "data.mdb")) <= size
        run("export", "--table", "People", *local, out_local)
        assert canonical(read_lines(out_local)) == canonical(items), "after compaction"
        run("compact", expect=2)

        # Anonymised: the same seed gives the same bytes, another seed other bytes.
        anon = [os.path.join(work, f"anon{n}.jsonl") for n in range(3)]
        run("export", "--table", "People", *local, "--anonymise", rules, "--seed", "s1", anon[0])
        run("export", "--table", "People", *remote, "--anonymise", rules, "--seed", "s1", anon[1])
        run("export", "--table", "People", *local, "--anonymise", rules, "--seed", "s2", anon[2])
        blobs = [open(p, "rb").read() for p in anon]
        assert canonical(read_lines(anon[0])) == canonical(read_lines(anon[1])), "HTTP vs local"
        run("export", "--table", "People", *local, "--anonymise", rules, "--seed", "s1",
            anon[1])
        assert open(anon[1], "rb").read() == blobs[0], "two runs, same seed: same bytes"
        assert blobs[2] != blobs[0], "another seed changes the output"
        fakes = read_lines(anon[0])
        assert len(fakes) == len(items)
        originals = {i["email"]["S"] for i in items}
        by_original = {}
        for item in fakes:
            email = item["email"]["S"]
            assert email not in originals and email.endswith("@example.com"), email
            assert item["pk"]["S"] == "EMAIL#" + email, item  # key and attribute joined
            assert "notes" not in item
            if "phone" in item:
                assert re.fullmatch(r"\*+\d{4}", item["phone"]["S"]), item["phone"]
                assert item["address"]["M"]["city"]["S"] not in ("Paris", "Oslo", "Lima")
        for original, exported in zip(sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["S"])),
                                  sorted(read_lines(out_local),
                                         key=lambda i: (i["pk"]["S"], i["sk"]["S"]))):
            assert original == exported
        # The same person's profile and orders share one fake email.
        per_pk = {}
        for item in fakes:
            per_pk.setdefault(item["pk"]["S"], set()).add(item["email"]["S"])
        assert len(per_pk) == 120 and all(len(v) == 1 for v in per_pk.values())
        assert sum(1 for i in fakes if i["sk"]["S"].startswith("ORDER#")) == 60
        # Anonymised import into the server (the same rules on the way in).
        run("import", "--table", "Anon", *remote, "--create-table", "pk:S,sk:S",
            "--anonymise", rules, "--seed", "s1", source)
        assert canonical(scan_all(client, "Anon")) == canonical(fakes), "anonymised import"

        # Redact on a key attribute is refused, before anything is written.
        bad_rules = os.path.join(work, "bad_rules.json")
        with open(bad_rules, "w") as f:
            json.dump({"rules": [{"attribute": "sk", "rule": "redact"}]}, f)
        refused = run("export", "--table", "People", *local, "--anonymise", bad_rules,
                      os.path.join(work, "never.jsonl"), expect=1)
        assert "cannot redact key attribute 'sk'" in refused.stderr, refused.stderr
        assert not os.path.exists(os.path.join(work, "never.jsonl"))

        # An AWS-layout export directory round-trips, both ways.
        export_dir = os.path.join(work, "s3", "AWSDynamoDB", "01700000000000-abcdef12")
        run("export", "--table", "People", *remote, "--format", "aws", export_dir)
        summary = json.load(open(os.path.join(export_dir, "manifest-summary.json")))
        assert summary["itemCount"] == len(items) and summary["outputFormat"] == "DYNAMODB_JSON"
        total = 0
        with open(os.path.join(export_dir, "manifest-files.json")) as f:
            for line in f:
                entry = json.loads(line)
                data = open(os.path.join(export_dir, "data",
                                         os.path.basename(entry["dataFileS3Key"])), "rb").read()
                assert entry["md5Checksum"] == base64.b64encode(hashlib.md5(data).digest()).decode()
                assert entry["etag"] == hashlib.md5(data).hexdigest()
                assert entry["dataFileS3Key"].startswith("AWSDynamoDB/01700000000000-abcdef12/")
                total += entry["itemCount"]
                assert len(gzip.decompress(data).splitlines()) == entry["itemCount"]
        assert total == len(items)
        run("import", "--table", "FromExport", *local, "--create-table", "pk:S,sk:S", export_dir)
        run("import", "--table", "FromExport", *remote, "--create-table", "pk:S,sk:S", export_dir)
        out_back = os.path.join(work, "back.jsonl")
        run("export", "--table", "FromExport", *local, out_back)
        assert canonical(read_lines(out_back)) == canonical(items), "AWS layout, data directory"
        assert canonical(scan_all(client, "FromExport")) == canonical(items), "AWS layout, server"

        # The server's own export writes a data file per partition (4 for an on-demand table):
        # `ddb-local import` reads every file its manifest lists.
        client.update_continuous_backups(TableName="People", PointInTimeRecoverySpecification={
            "PointInTimeRecoveryEnabled": True})
        arn = client.describe_table(TableName="People")["Table"]["TableArn"]
        exported = client.export_table_to_point_in_time(TableArn=arn, S3Bucket="exports")
        manifest = exported["ExportDescription"]["ExportArn"].split("/")[-1]
        server_dir = os.path.join(work, "s3", "exports", "AWSDynamoDB", manifest)
        with open(os.path.join(server_dir, "manifest-files.json")) as f:
            entries = [json.loads(line) for line in f]
        assert len(entries) >= 4, entries
        assert sum(e["itemCount"] for e in entries) == len(items), entries
        run("import", "--table", "FromServerExport", *local, "--create-table", "pk:S,sk:S",
            server_dir)
        out_server = os.path.join(work, "server_export.jsonl")
        run("export", "--table", "FromServerExport", *local, out_server)
        assert canonical(read_lines(out_server)) == canonical(items), "server export, all files"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    check_tenant_policies(work, source)
    print(f"import/export: {len(items)} items through server and data directory, lines, gzip "
          "and AWS layout; anonymisation deterministic and joined; tenant policies refuse a write")


if __name__ == "__main__":
    main()
