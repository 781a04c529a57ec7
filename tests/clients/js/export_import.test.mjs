// The AWS SDK for JavaScript v3 (client-dynamodb 3.1169) against ddb-local --s3-dir DIR
// --virtual-clock: ExportTableToPointInTime (FULL in DYNAMODB_JSON and ION, INCREMENTAL),
// DescribeExport and ListExports; the files read back as the Developer Guide documents them;
// ImportTable of each export into a new table, compared item by item; a CSV import with its
// error count; DescribeImport and ListImports; the service's errors (issue 35, point 7).
//
// Run by CTest (clients.js_export_import) with DDB_LOCAL_BIN set; ddb-local only (DynamoDB Local
// has no exports or imports).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeExportCommand,
  DescribeImportCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ExportTableToPointInTimeCommand,
  ImportTableCommand,
  ListExportsCommand,
  ListImportsCommand,
  PutItemCommand,
  ScanCommand,
  UpdateContinuousBackupsCommand,
} from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";

const BUCKET = "js-bucket";
const DELAY_MS = 1000;
let server;
let client;
let s3Dir;
let tableCount = 0;

before(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "ddb-s3-js-"));
  fs.mkdirSync(path.join(s3Dir, BUCKET));
  server = await startServer(["--virtual-clock", "--s3-dir", s3Dir, "--transient-status-ms",
    String(DELAY_MS)]);
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 10 });
});

after(() => {
  client?.destroy();
  stopServer(server);
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

async function advance(ms) {
  const r = await fetch(`${server.endpoint}/_ddblocal/clock/advance?ms=${ms}`, { method: "POST" });
  assert.equal(r.status, 200);
}
async function now() {
  const r = await fetch(`${server.endpoint}/_ddblocal/clock`);
  return (await r.json()).ClockMicros / 1e6;
}
const object = (key) => fs.readFileSync(path.join(s3Dir, BUCKET, key));
function putObject(key, text) {
  const file = path.join(s3Dir, BUCKET, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const keySchema = [{ AttributeName: "pk", KeyType: "HASH" }];
async function newTable({ pitr = true, keyType = "S" } = {}) {
  const name = `js_x_${++tableCount}_${Date.now()}`;
  const created = await client.send(new CreateTableCommand({
    TableName: name, BillingMode: "PAY_PER_REQUEST", KeySchema: keySchema,
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: keyType }] }));
  await advance(DELAY_MS);
  if (pitr) {
    await client.send(new UpdateContinuousBackupsCommand({ TableName: name,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
  }
  return { name, arn: created.TableDescription.TableArn };
}

async function scan(table) {
  const out = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
  return out.Items.sort((a, b) => JSON.stringify(a.pk).localeCompare(JSON.stringify(b.pk)));
}

async function finishedExport(arn) {
  const first = await client.send(new DescribeExportCommand({ ExportArn: arn }));
  assert.equal(first.ExportDescription.ExportStatus, "IN_PROGRESS");
  await advance(DELAY_MS);
  return (await client.send(new DescribeExportCommand({ ExportArn: arn }))).ExportDescription;
}

async function importInto(prefix, InputFormat, InputCompressionType, keyType = "S", csv) {
  const name = `js_i_${++tableCount}_${Date.now()}`;
  const started = await client.send(new ImportTableCommand({
    S3BucketSource: { S3Bucket: BUCKET, S3KeyPrefix: prefix }, InputFormat, InputCompressionType,
    ...(csv ? { InputFormatOptions: { Csv: csv } } : {}),
    TableCreationParameters: { TableName: name, BillingMode: "PAY_PER_REQUEST",
      KeySchema: keySchema, AttributeDefinitions: [{ AttributeName: "pk", AttributeType: keyType }] },
  }));
  assert.equal(started.ImportTableDescription.ImportStatus, "IN_PROGRESS");
  const creating = await client.send(new DescribeTableCommand({ TableName: name }));
  assert.equal(creating.Table.TableStatus, "CREATING");
  await advance(DELAY_MS);
  const done = await client.send(new DescribeImportCommand({
    ImportArn: started.ImportTableDescription.ImportArn }));
  return { name, d: done.ImportTableDescription };
}

const dataRecords = (d) => object(d.ExportManifest.replace("manifest-summary", "manifest-files"))
  .toString().trim().split("\n").map((l) => JSON.parse(l))
  .flatMap((f) => zlib.gunzipSync(object(f.dataFileS3Key)).toString().trim().split("\n"))
  .filter((l) => l.length > 0);

test("full exports in DYNAMODB_JSON and ION import back item by item", async () => {
  const { name, arn } = await newTable();
  const items = [
    { pk: { S: "all" }, n: { N: "3.25" }, b: { B: new Uint8Array([0, 1, 2]) }, t: { BOOL: true },
      z: { NULL: true }, ss: { SS: ["a"] }, ns: { NS: ["7"] }, bs: { BS: [new Uint8Array([9])] },
      l: { L: [{ S: "x" }, { M: { k: { N: "1" } } }] }, m: { M: { "é": { S: "\"\n" } } } },
    ...Array.from({ length: 12 }, (_, i) => ({ pk: { S: `k${i}` }, v: { N: String(i) } })),
  ];
  for (const Item of items) await client.send(new PutItemCommand({ TableName: name, Item }));
  const source = await scan(name);
  for (const ExportFormat of ["DYNAMODB_JSON", "ION"]) {
    const started = await client.send(new ExportTableToPointInTimeCommand({
      TableArn: arn, S3Bucket: BUCKET, S3Prefix: "js", ExportFormat }));
    assert.equal(started.ExportDescription.ExportStatus, "IN_PROGRESS");
    const d = await finishedExport(started.ExportDescription.ExportArn);
    assert.equal(d.ExportStatus, "COMPLETED");
    assert.equal(d.ItemCount, items.length);
    const summary = JSON.parse(object(d.ExportManifest).toString());
    assert.equal(summary.outputFormat, ExportFormat);
    assert.equal(summary.itemCount, items.length);
    const records = dataRecords(d);
    assert.equal(records.length, items.length);
    if (ExportFormat === "ION") assert.ok(records.every((r) => r.startsWith("$ion_1_0 {Item:")));
    else assert.ok(records.every((r) => "Item" in JSON.parse(r)));
    const id = d.ExportArn.split("/").pop();
    const { name: imported, d: done } =
      await importInto(`js/AWSDynamoDB/${id}/data/`, ExportFormat, "GZIP");
    assert.equal(done.ImportStatus, "COMPLETED");
    assert.equal(done.ImportedItemCount, items.length);
    assert.equal(done.ErrorCount, 0);
    assert.deepEqual(await scan(imported), source);
  }
  const listed = await client.send(new ListExportsCommand({ TableArn: arn }));
  assert.equal(listed.ExportSummaries.length, 2);
});

test("an incremental export holds the window's changes with old and new images", async () => {
  const { name, arn } = await newTable();
  await client.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "a" }, v: { S: "1" } } }));
  await advance(60_000);
  const from = await now();
  await advance(60_000);
  await client.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "a" }, v: { S: "2" } } }));
  await client.send(new DeleteItemCommand({ TableName: name, Key: { pk: { S: "a" } } }));
  await client.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "b" }, v: { S: "1" } } }));
  await advance(16 * 60_000);
  const started = await client.send(new ExportTableToPointInTimeCommand({
    TableArn: arn, S3Bucket: BUCKET, ExportType: "INCREMENTAL_EXPORT", ExportFormat: "ION",
    IncrementalExportSpecification: { ExportFromTime: new Date(from * 1000),
      ExportToTime: new Date((from + 16 * 60) * 1000), ExportViewType: "NEW_AND_OLD_IMAGES" } }));
  const d = await finishedExport(started.ExportDescription.ExportArn);
  assert.equal(d.ExportType, "INCREMENTAL_EXPORT");
  assert.equal(d.ItemCount, 2);
  const records = dataRecords(d).sort();
  assert.match(records[0], /^\$ion_1_0 \{Metadata:\{WriteTimestampMicros:\d+\},Keys:\{"pk":"a"\},OldImage:\{"pk":"a","v":"1"\}\}$/);
  assert.match(records[1], /^\$ion_1_0 \{Metadata:\{WriteTimestampMicros:\d+\},Keys:\{"pk":"b"\},NewImage:\{"pk":"b","v":"1"\}\}$/);
  await assert.rejects(client.send(new ExportTableToPointInTimeCommand({
    TableArn: arn, S3Bucket: BUCKET, ExportType: "INCREMENTAL_EXPORT",
    IncrementalExportSpecification: { ExportFromTime: new Date(from * 1000),
      ExportToTime: new Date((from + 60) * 1000) } })), { name: "ValidationException" });
});

test("a CSV import counts and logs the rows it cannot import", async () => {
  putObject("js-csv/people.csv", "pk,name\n1,ann\n2,bob\nthree,bad\n");
  const { name, d } = await importInto("js-csv/", "CSV", "NONE", "N");
  assert.equal(d.ProcessedItemCount, 3);
  assert.equal(d.ImportedItemCount, 2);
  assert.equal(d.ErrorCount, 1);
  assert.ok(fs.existsSync(d.CloudWatchLogGroupArn.slice("file:".length)));
  assert.deepEqual(await scan(name), [
    { pk: { N: "1" }, name: { S: "ann" } }, { pk: { N: "2" }, name: { S: "bob" } }]);
  const listed = await client.send(new ListImportsCommand({ TableArn: d.TableArn }));
  assert.deepEqual(listed.ImportSummaryList.map((s) => s.ImportArn), [d.ImportArn]);
});

test("the service's errors: no PITR, a missing bucket, an existing table", async () => {
  const plain = await newTable({ pitr: false });
  await assert.rejects(client.send(new ExportTableToPointInTimeCommand({
    TableArn: plain.arn, S3Bucket: BUCKET })), { name: "PointInTimeRecoveryUnavailableException" });
  const { arn } = await newTable();
  const started = await client.send(new ExportTableToPointInTimeCommand({
    TableArn: arn, S3Bucket: "missing-bucket" }));
  const d = await finishedExport(started.ExportDescription.ExportArn);
  assert.equal(d.ExportStatus, "FAILED");
  assert.equal(d.FailureCode, "S3NoSuchBucket");
  putObject("js-exists/a.json", '{"Item":{"pk":{"S":"a"}}}\n');
  await assert.rejects(client.send(new ImportTableCommand({
    S3BucketSource: { S3Bucket: BUCKET, S3KeyPrefix: "js-exists/" }, InputFormat: "DYNAMODB_JSON",
    TableCreationParameters: { TableName: plain.name, BillingMode: "PAY_PER_REQUEST",
      KeySchema: keySchema, AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] },
  })), { name: "ResourceInUseException" });
});
