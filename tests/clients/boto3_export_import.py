"""ExportTableToPointInTime, DescribeExport, ListExports, ImportTable, DescribeImport and ListImports
through boto3 (issue 35, points 2, 3 and 7) against ddb-local --s3-dir DIR --virtual-clock: the
files AWS writes, read back here; exports imported into new tables and compared item by item in
both formats; CSV, ZSTD and hand-written files laid out as the Developer Guide documents them;
incremental exports; statuses on the virtual clock; the service's errors.

The machine's default python3 runs it (its botocore knows incremental exports; Debian's, which
runs the pytest suites, predates them), so this is a unittest module:
`python3 -m unittest boto3_export_import`."""

import base64
import decimal
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.request
import uuid

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "common"))
import ddbservers  # noqa: E402

BUCKET = "transfer-bucket"
DELAY_MS = 1000  # --transient-status-ms: exports, imports and tables take this long

# One item of every attribute type.
EVERY_TYPE = {
    "pk": {"S": "every"}, "n": {"N": "-12.5"}, "big": {"N": "12345678901234567890123456789012345678"},
    "b": {"B": b"\x00\x01binary"}, "t": {"BOOL": True}, "f": {"BOOL": False}, "z": {"NULL": True},
    "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2.5"]}, "bs": {"BS": [b"x", b"y"]},
    "l": {"L": [{"S": "x"}, {"N": "1"}, {"M": {"deep": {"S": "\"quoted\"\n"}}}]},
    "m": {"M": {"a": {"S": "é"}, "b": {"L": []}, "c": {"M": {}}}},
    "g": {"S": "gsi-key"},
}


class ExportImportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.s3_dir = tempfile.mkdtemp(prefix="ddb-s3-")
        os.mkdir(os.path.join(cls.s3_dir, BUCKET))
        cls.server = ddbservers.start_ddb_local(extra_args=[
            "--virtual-clock", "--s3-dir", cls.s3_dir, "--transient-status-ms", str(DELAY_MS)])
        cls.ddb = boto3.client(
            "dynamodb", endpoint_url=cls.server.url, region_name="us-east-1",
            aws_access_key_id="AKIDEXPORT", aws_secret_access_key="x",
            config=Config(retries={"max_attempts": 10, "mode": "standard"}))

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.s3_dir, ignore_errors=True)

    # ---- helpers --------------------------------------------------------------------------------

    def advance(self, ms):
        request = urllib.request.Request(f"{self.server.url}/_ddblocal/clock/advance?ms={ms}",
                                         method="POST", data=b"")
        urllib.request.urlopen(request, timeout=10).read()

    def now(self):
        """The server's clock, in epoch seconds."""
        with urllib.request.urlopen(f"{self.server.url}/_ddblocal/clock", timeout=10) as r:
            return json.loads(r.read())["ClockMicros"] / 1e6

    def new_table(self, pitr=True, gsi=False):
        name = "t_" + uuid.uuid4().hex[:10]
        kw = {}
        if gsi:
            kw["GlobalSecondaryIndexes"] = [{
                "IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"}}]
        arn = self.ddb.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}]
            + ([{"AttributeName": "g", "AttributeType": "S"}] if gsi else []),
            **kw)["TableDescription"]["TableArn"]
        self.advance(DELAY_MS)  # ACTIVE
        if pitr:
            self.ddb.update_continuous_backups(
                TableName=name,
                PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        return name, arn

    def scan(self, table):
        items, kw = [], {}
        while True:
            page = self.ddb.scan(TableName=table, ConsistentRead=True, **kw)
            items += page["Items"]
            if "LastEvaluatedKey" not in page:
                return sorted(items, key=lambda i: json.dumps(i["pk"], default=str))
            kw["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def object(self, key):
        with open(os.path.join(self.s3_dir, BUCKET, key), "rb") as f:
            return f.read()

    def put_object(self, key, data):
        path = os.path.join(self.s3_dir, BUCKET, key)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())

    def finished_export(self, arn):
        self.assertEqual(self.ddb.describe_export(ExportArn=arn)["ExportDescription"]["ExportStatus"],
                         "IN_PROGRESS")
        self.advance(DELAY_MS)
        return self.ddb.describe_export(ExportArn=arn)["ExportDescription"]

    def import_table(self, prefix, fmt, compression="NONE", gsi=False, csv=None, key_type="S"):
        name = "i_" + uuid.uuid4().hex[:10]
        params = {
            "TableName": name, "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": key_type}]}
        if gsi:
            params["AttributeDefinitions"].append({"AttributeName": "g", "AttributeType": "S"})
            params["GlobalSecondaryIndexes"] = [{
                "IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"}}]
        kw = {"InputFormatOptions": {"Csv": csv}} if csv else {}
        started = self.ddb.import_table(
            S3BucketSource={"S3Bucket": BUCKET, "S3KeyPrefix": prefix}, InputFormat=fmt,
            InputCompressionType=compression, TableCreationParameters=params,
            **kw)["ImportTableDescription"]
        self.assertEqual(started["ImportStatus"], "IN_PROGRESS")
        self.assertEqual(
            self.ddb.describe_table(TableName=name)["Table"]["TableStatus"], "CREATING")
        self.advance(DELAY_MS)
        done = self.ddb.describe_import(ImportArn=started["ImportArn"])["ImportTableDescription"]
        self.assertEqual(self.ddb.describe_table(TableName=name)["Table"]["TableStatus"], "ACTIVE")
        return name, done

    def export_full(self, arn, fmt, **kw):
        started = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket=BUCKET, S3Prefix="exports", ExportFormat=fmt,
            **kw)["ExportDescription"]
        self.assertEqual(started["ExportStatus"], "IN_PROGRESS")
        return self.finished_export(started["ExportArn"])

    # ---- exports --------------------------------------------------------------------------------

    def test_export_needs_point_in_time_recovery(self):
        _, arn = self.new_table(pitr=False)
        with self.assertRaises(ClientError) as e:
            self.ddb.export_table_to_point_in_time(TableArn=arn, S3Bucket=BUCKET)
        self.assertEqual(e.exception.response["Error"]["Code"],
                         "PointInTimeRecoveryUnavailableException")

    def test_export_of_a_missing_table(self):
        with self.assertRaises(ClientError) as e:
            self.ddb.export_table_to_point_in_time(
                TableArn="arn:aws:dynamodb:us-east-1:000000000000:table/nope", S3Bucket=BUCKET)
        self.assertEqual(e.exception.response["Error"]["Code"], "TableNotFoundException")

    def test_export_writes_the_documented_layout_and_round_trips_in_both_formats(self):
        table, arn = self.new_table(gsi=True)
        items = [EVERY_TYPE] + [{"pk": {"S": f"k{i}"}, "v": {"N": str(i)}, "g": {"S": "x"}}
                                for i in range(30)]
        for item in items:
            self.ddb.put_item(TableName=table, Item=item)
        source = self.scan(table)
        for fmt, ext in (("DYNAMODB_JSON", ".json.gz"), ("ION", ".ion.gz")):
            with self.subTest(fmt=fmt):
                d = self.export_full(arn, fmt)
                self.assertEqual(d["ExportStatus"], "COMPLETED")
                self.assertEqual(d["ItemCount"], len(items))
                self.assertGreater(d["BilledSizeBytes"], 0)
                self.assertEqual(d["ExportFormat"], fmt)
                export_id = d["ExportArn"].rsplit("/", 1)[1]
                base = f"exports/AWSDynamoDB/{export_id}/"
                self.assertEqual(d["ExportManifest"], base + "manifest-summary.json")
                self.assertEqual(self.object(base + "_started"), b"")
                summary = json.loads(self.object(base + "manifest-summary.json"))
                self.assertEqual(summary["version"], "2020-06-30")
                self.assertEqual(summary["exportArn"], d["ExportArn"])
                self.assertEqual(summary["tableArn"], arn)
                self.assertEqual(summary["itemCount"], len(items))
                self.assertEqual(summary["outputFormat"], fmt)
                self.assertEqual(summary["exportType"], "FULL_EXPORT")
                self.assertEqual(summary["manifestFilesS3Key"], base + "manifest-files.json")
                for field in ("startTime", "endTime", "exportTime", "tableId", "s3Bucket",
                              "s3Prefix", "s3SseAlgorithm", "s3SseKmsKeyId", "billedSizeBytes"):
                    self.assertIn(field, summary)
                files = [json.loads(line) for line in
                         self.object(base + "manifest-files.json").decode().splitlines()]
                self.assertEqual(sum(f["itemCount"] for f in files), len(items))
                for f in files:
                    self.assertTrue(f["dataFileS3Key"].startswith(base + "data/"))
                    self.assertTrue(f["dataFileS3Key"].endswith(ext))
                    data = self.object(f["dataFileS3Key"])
                    import hashlib
                    self.assertEqual(f["etag"], hashlib.md5(data).hexdigest())
                    self.assertEqual(base64.b64decode(f["md5Checksum"]), hashlib.md5(data).digest())
                    lines = gzip.decompress(data).decode().splitlines()
                    self.assertEqual(len(lines), f["itemCount"])
                    if fmt == "DYNAMODB_JSON":
                        self.assertTrue(all("Item" in json.loads(line) for line in lines))
                    else:
                        self.assertTrue(all(line.startswith("$ion_1_0 {Item:") for line in lines))
                imported, done = self.import_table(base + "data/", fmt, "GZIP", gsi=True)
                self.assertEqual(done["ImportStatus"], "COMPLETED")
                self.assertEqual(done["ImportedItemCount"], len(items))
                self.assertEqual(done["ProcessedItemCount"], len(items))
                self.assertEqual(done["ErrorCount"], 0)
                self.assertEqual(self.scan(imported), source)
                by_g = self.ddb.query(TableName=imported, IndexName="byG",
                                      KeyConditionExpression="g = :g",
                                      ExpressionAttributeValues={":g": {"S": "x"}})
                self.assertEqual(by_g["Count"], 30)

    def test_export_at_a_past_time_has_the_items_of_then(self):
        table, arn = self.new_table()
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "a"}, "v": {"S": "old"}})
        self.advance(60_000)
        marker = self.now()  # after the put, before the overwrite
        self.advance(600_000)
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "a"}, "v": {"S": "new"}})
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "b"}, "v": {"S": "new"}})
        d = self.export_full(arn, "DYNAMODB_JSON", ExportTime=marker)
        self.assertEqual(d["ItemCount"], 1)
        files = [json.loads(line) for line in self.object(
            d["ExportManifest"].replace("manifest-summary", "manifest-files")).decode().splitlines()]
        records = [json.loads(line) for f in files
                   for line in gzip.decompress(self.object(f["dataFileS3Key"])).decode().splitlines()]
        self.assertEqual(records, [{"Item": {"pk": {"S": "a"}, "v": {"S": "old"}}}])
        with self.assertRaises(ClientError) as e:
            self.ddb.export_table_to_point_in_time(TableArn=arn, S3Bucket=BUCKET,
                                                   ExportTime=marker - 86400)
        self.assertEqual(e.exception.response["Error"]["Code"], "InvalidExportTimeException")

    def test_incremental_export_holds_the_changes_of_its_window(self):
        table, arn = self.new_table()
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "kept"}, "v": {"S": "1"}})
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "changed"}, "v": {"S": "1"}})
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "gone"}, "v": {"S": "1"}})
        self.advance(60_000)
        start = self.now()
        self.advance(60_000)
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "changed"}, "v": {"S": "2"}})
        self.ddb.delete_item(TableName=table, Key={"pk": {"S": "gone"}})
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "new"}, "v": {"S": "1"}})
        self.advance(20 * 60_000)
        spec = {"ExportFromTime": start, "ExportToTime": start + 20 * 60,
                "ExportViewType": "NEW_AND_OLD_IMAGES"}
        started = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket=BUCKET, ExportType="INCREMENTAL_EXPORT",
            IncrementalExportSpecification=spec)["ExportDescription"]
        d = self.finished_export(started["ExportArn"])
        self.assertEqual(d["ExportType"], "INCREMENTAL_EXPORT")
        self.assertEqual(d["ItemCount"], 3)
        files = [json.loads(line) for line in self.object(
            d["ExportManifest"].replace("manifest-summary", "manifest-files")).decode().splitlines()]
        records = {}
        for f in files:
            for line in gzip.decompress(self.object(f["dataFileS3Key"])).decode().splitlines():
                r = json.loads(line)
                self.assertGreater(int(r["Metadata"]["WriteTimestampMicros"]["N"]), start * 1e6)
                records[r["Keys"]["pk"]["S"]] = r
        self.assertEqual(sorted(records), ["changed", "gone", "new"])
        self.assertEqual(records["changed"]["NewImage"]["v"], {"S": "2"})
        self.assertEqual(records["changed"]["OldImage"]["v"], {"S": "1"})
        self.assertNotIn("NewImage", records["gone"])
        self.assertEqual(records["gone"]["OldImage"]["v"], {"S": "1"})
        self.assertNotIn("OldImage", records["new"])
        for short in ({"ExportFromTime": start, "ExportToTime": start + 14 * 60},
                      {"ExportFromTime": start - 86400 * 2, "ExportToTime": start}):
            with self.assertRaises(ClientError) as e:
                self.ddb.export_table_to_point_in_time(
                    TableArn=arn, S3Bucket=BUCKET, ExportType="INCREMENTAL_EXPORT",
                    IncrementalExportSpecification=short)
            self.assertIn(e.exception.response["Error"]["Code"],
                          ("ValidationException", "InvalidExportTimeException"))

    def test_export_to_a_missing_bucket_fails(self):
        _, arn = self.new_table()
        started = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket="no-such-bucket")["ExportDescription"]
        d = self.finished_export(started["ExportArn"])
        self.assertEqual(d["ExportStatus"], "FAILED")
        self.assertEqual(d["FailureCode"], "S3NoSuchBucket")
        self.assertEqual(d["FailureMessage"], "The specified bucket does not exist")

    def test_list_exports_filters_by_table_and_pages(self):
        table, arn = self.new_table()
        arns = [self.ddb.export_table_to_point_in_time(TableArn=arn, S3Bucket=BUCKET)[
            "ExportDescription"]["ExportArn"] for _ in range(3)]
        page = self.ddb.list_exports(TableArn=arn, MaxResults=2)
        self.assertEqual([s["ExportArn"] for s in page["ExportSummaries"]], arns[:2])
        rest = self.ddb.list_exports(TableArn=arn, MaxResults=2, NextToken=page["NextToken"])
        self.assertEqual([s["ExportArn"] for s in rest["ExportSummaries"]], arns[2:])
        self.assertNotIn("NextToken", rest)
        with self.assertRaises(ClientError) as e:
            self.ddb.describe_export(ExportArn=arn + "/export/01700000000000-deadbeef")
        self.assertEqual(e.exception.response["Error"]["Code"], "ExportNotFoundException")

    def test_client_token_makes_an_export_idempotent(self):
        _, arn = self.new_table()
        first = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket=BUCKET, ClientToken="token-1")["ExportDescription"]
        again = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket=BUCKET, ClientToken="token-1")["ExportDescription"]
        self.assertEqual(first["ExportArn"], again["ExportArn"])
        # The same token with other parameters: ExportConflictException, as the API reference's
        # ClientToken says; nothing is exported.
        before = self.ddb.list_exports(TableArn=arn)["ExportSummaries"]
        with self.assertRaises(self.ddb.exceptions.ExportConflictException) as e:
            self.ddb.export_table_to_point_in_time(
                TableArn=arn, S3Bucket=BUCKET, S3Prefix="other", ClientToken="token-1")
        self.assertEqual(e.exception.response["Error"]["Code"], "ExportConflictException")
        self.assertEqual(e.exception.response["Error"]["Message"],
                         "Export with the same client token was made with different parameters")
        self.assertEqual(self.ddb.list_exports(TableArn=arn)["ExportSummaries"], before)
        # Another token is another export, even into the same bucket and prefix.
        other = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket=BUCKET, ClientToken="token-2")["ExportDescription"]
        self.assertNotEqual(other["ExportArn"], first["ExportArn"])

    # ---- imports --------------------------------------------------------------------------------

    def test_import_of_files_written_as_documented(self):
        # Developer Guide, "DynamoDB data import from Amazon S3: formats": one item a line.
        prefix = "handmade-" + uuid.uuid4().hex[:6] + "/"
        self.put_object(prefix + "part1.json", "\n".join([
            '{"Item":{"pk":{"S":"j1"},"n":{"N":"1.50"},"b":{"B":"AAE="},"ss":{"SS":["x","y"]},'
            '"l":{"L":[{"BOOL":true},{"NULL":true}]},"m":{"M":{"q":{"NS":["3","1"]}}}}}',
            '{"Item":{"pk":{"S":"j2"},"bs":{"BS":["AQ=="]}}}', ""]))
        self.put_object(prefix + "part2.ion", "\n".join([
            '$ion_1_0 {Item:{pk:"i1",n:15d-1,b:{{AAE=}},ss:$dynamodb_SS::["x","y"],'
            'l:[true,null],m:{q:$dynamodb_NS::[3.,1.]}}}',
            '$ion_1_0 {Item:{pk:"i2",bs:$dynamodb_BS::[{{AQ==}}]}}', ""]))
        json_table, done = self.import_table(prefix + "part1", "DYNAMODB_JSON")
        self.assertEqual((done["ImportedItemCount"], done["ErrorCount"]), (2, 0))
        ion_table, done = self.import_table(prefix + "part2", "ION")
        self.assertEqual((done["ImportedItemCount"], done["ErrorCount"]), (2, 0))
        expected = {
            "1": {"n": {"N": "1.5"}, "b": {"B": b"\x00\x01"}, "ss": {"SS": ["x", "y"]},
                  "l": {"L": [{"BOOL": True}, {"NULL": True}]},
                  "m": {"M": {"q": {"NS": ["1", "3"]}}}},
            "2": {"bs": {"BS": [b"\x01"]}}}
        for table, letter in ((json_table, "j"), (ion_table, "i")):
            got = {i["pk"]["S"][1:]: {k: v for k, v in i.items() if k != "pk"}
                   for i in self.scan(table)}
            for item in got.values():
                if "ss" in item:
                    item["ss"]["SS"].sort()
                if "m" in item:
                    item["m"]["M"]["q"]["NS"].sort()
            self.assertEqual(got, expected, letter)

    def test_csv_import_with_errors_counted_and_logged(self):
        prefix = "csv-" + uuid.uuid4().hex[:6] + "/"
        self.put_object(prefix + "a.csv", 'pk,name,note\n1,alpha,"with, comma"\n2,beta,\n'
                                          'x,bad,key\n,missing,key\n')
        table, done = self.import_table(prefix, "CSV", key_type="N")
        self.assertEqual(done["ImportStatus"], "COMPLETED")
        self.assertEqual(done["ProcessedItemCount"], 4)
        self.assertEqual(done["ImportedItemCount"], 2)
        self.assertEqual(done["ErrorCount"], 2)
        self.assertEqual(self.scan(table) and sorted(
            (i["pk"]["N"], i["name"]["S"], i.get("note", {}).get("S")) for i in self.scan(table)),
            [("1", "alpha", "with, comma"), ("2", "beta", None)])
        log = done["CloudWatchLogGroupArn"]
        self.assertTrue(log.startswith("file:"))
        with open(log[len("file:"):]) as f:
            lines = [json.loads(line) for line in f]
        self.assertEqual(len(lines), 2)
        self.assertEqual(lines[0]["importArn"], done["ImportArn"])
        # A header list instead of a header row, and another delimiter.
        self.put_object(prefix + "../csv2-" + prefix[4:] + "b.csv", "7|seven\n")
        table, done = self.import_table("csv2-" + prefix[4:], "CSV", key_type="N",
                                        csv={"Delimiter": "|", "HeaderList": ["pk", "name"]})
        self.assertEqual(self.scan(table), [{"pk": {"N": "7"}, "name": {"S": "seven"}}])

    def test_zstd_and_gzip_inputs(self):
        prefix = "zstd-" + uuid.uuid4().hex[:6] + "/"
        lines = "".join(f'{{"Item":{{"pk":{{"S":"z{i}"}}}}}}\n' for i in range(5)).encode()
        zstd = subprocess.run(["zstd", "-q", "-c"], input=lines, capture_output=True, check=True)
        self.put_object(prefix + "a.json.zst", zstd.stdout)
        table, done = self.import_table(prefix, "DYNAMODB_JSON", "ZSTD")
        self.assertEqual(done["ImportedItemCount"], 5)
        self.assertEqual(len(self.scan(table)), 5)
        self.put_object(prefix + "b.json.gz", b"not gzip")
        _, done = self.import_table(prefix + "b", "DYNAMODB_JSON", "GZIP")
        self.assertEqual((done["ImportedItemCount"], done["ErrorCount"]), (0, 1))

    def test_import_errors(self):
        existing, _ = self.new_table(pitr=False)
        self.put_object("errs/a.json", '{"Item":{"pk":{"S":"a"}}}\n')
        with self.assertRaises(ClientError) as e:
            self.ddb.import_table(
                S3BucketSource={"S3Bucket": BUCKET, "S3KeyPrefix": "errs/"},
                InputFormat="DYNAMODB_JSON",
                TableCreationParameters={
                    "TableName": existing, "BillingMode": "PAY_PER_REQUEST",
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]})
        self.assertEqual(e.exception.response["Error"]["Code"], "ResourceInUseException")
        for bucket, prefix, code in (("no-such-bucket", "x", "S3NoSuchBucket"),
                                     (BUCKET, "nothing-here/", "S3NoSuchKey")):
            name = "f_" + uuid.uuid4().hex[:8]
            started = self.ddb.import_table(
                S3BucketSource={"S3Bucket": bucket, "S3KeyPrefix": prefix},
                InputFormat="DYNAMODB_JSON",
                TableCreationParameters={
                    "TableName": name, "BillingMode": "PAY_PER_REQUEST",
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]},
            )["ImportTableDescription"]
            self.advance(DELAY_MS)
            d = self.ddb.describe_import(ImportArn=started["ImportArn"])["ImportTableDescription"]
            self.assertEqual((d["ImportStatus"], d["FailureCode"]), ("FAILED", code))
            with self.assertRaises(ClientError):
                self.ddb.describe_table(TableName=name)
        listed = self.ddb.list_imports(PageSize=25)["ImportSummaryList"]
        self.assertIn(started["ImportArn"], [s["ImportArn"] for s in listed])
        # Another id: the last hex digit changed (the id's random part may end in "0").
        other = started["ImportArn"][:-1] + ("1" if started["ImportArn"].endswith("0") else "0")
        with self.assertRaises(ClientError) as e:
            self.ddb.describe_import(ImportArn=other)
        self.assertEqual(e.exception.response["Error"]["Code"], "ImportNotFoundException")


class TenantPolicyTest(unittest.TestCase):
    """--access-policy-file: ExportTableToPointInTime is checked on the exported table's ARN and
    ImportTable on the ARN of the table it would create, as IAM evaluates them."""

    KEYS = {"admin": ("AKIDXADMIN", "admin-secret"), "tenant": ("AKIDXTENANT", "tenant-secret")}

    def test_tenant_may_export_only_its_own_table(self):
        tmp = tempfile.mkdtemp()
        s3_dir = os.path.join(tmp, "s3")
        os.makedirs(os.path.join(s3_dir, BUCKET))
        with open(os.path.join(tmp, "credentials"), "w") as f:
            f.writelines(f"{key} {secret}\n" for key, secret in self.KEYS.values())
        with open(os.path.join(tmp, "policies.json"), "w") as f:
            json.dump({"Policies": [
                {"AccessKeyId": self.KEYS["admin"][0], "User": "admin", "Actions": ["*"],
                 "Tables": ["*"]},
                {"AccessKeyId": self.KEYS["tenant"][0], "User": "tenant",
                 "Actions": ["ExportTableToPointInTime", "DescribeExport", "ImportTable"],
                 "Tables": ["mine", "imported"]}]}, f)
        args = ["-sharedDb", "--credentials-file", os.path.join(tmp, "credentials"),
                "--access-policy-file", os.path.join(tmp, "policies.json"), "--s3-dir", s3_dir]
        try:
            with ddbservers.ddb_local_from_banner(args, "access policies") as endpoint:
                def client(who):
                    key, secret = self.KEYS[who]
                    return boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                                        aws_access_key_id=key, aws_secret_access_key=secret,
                                        config=Config(retries={"max_attempts": 10}))
                admin, tenant = client("admin"), client("tenant")
                for name in ("mine", "theirs"):
                    admin.create_table(
                        TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}])
                    admin.update_continuous_backups(
                        TableName=name,
                        PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
                arn = "arn:aws:dynamodb:us-east-1:000000000000:table/"
                ok = tenant.export_table_to_point_in_time(TableArn=arn + "mine", S3Bucket=BUCKET)
                self.assertEqual(ok["ExportDescription"]["TableArn"], arn + "mine")
                with self.assertRaises(ClientError) as e:
                    tenant.export_table_to_point_in_time(TableArn=arn + "theirs", S3Bucket=BUCKET)
                self.assertEqual(e.exception.response["Error"]["Code"], "AccessDeniedException")
                self.assertEqual(
                    e.exception.response["Error"]["Message"],
                    "User: arn:aws:iam::000000000000:user/tenant is not authorized to perform: "
                    f"dynamodb:ExportTableToPointInTime on resource: {arn}theirs because no "
                    "identity-based policy allows the dynamodb:ExportTableToPointInTime action")
                params = {"BillingMode": "PAY_PER_REQUEST",
                          "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                          "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}
                with self.assertRaises(ClientError) as e:
                    tenant.import_table(
                        S3BucketSource={"S3Bucket": BUCKET, "S3KeyPrefix": "AWSDynamoDB/"},
                        InputFormat="DYNAMODB_JSON", InputCompressionType="GZIP",
                        TableCreationParameters={"TableName": "elsewhere", **params})
                self.assertEqual(e.exception.response["Error"]["Code"], "AccessDeniedException")
                self.assertIn(f"on resource: {arn}elsewhere", e.exception.response["Error"]["Message"])
                done = tenant.import_table(
                    S3BucketSource={"S3Bucket": BUCKET, "S3KeyPrefix": "AWSDynamoDB/"},
                    InputFormat="DYNAMODB_JSON", InputCompressionType="GZIP",
                    TableCreationParameters={"TableName": "imported", **params})
                self.assertEqual(done["ImportTableDescription"]["TableArn"], arn + "imported")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
