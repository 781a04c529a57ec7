// The AWS SDK for JavaScript v3 against ddb-local's bulk put (issue 35, point 4):
// StartBulkPutItems from the local S3 (--s3-dir) into an existing table, paced by
// MaxWriteRequestUnits on the virtual clock (/_ddblocal/clock/advance), DescribeBulkOperation's
// statuses and counts, the output files, CancelBulkOperation, ClientToken idempotency,
// ListBulkOperations, the validation errors, and a tenant policy refusing a bulk put.
//
// Run by CTest (clients.js_bulk_put) with DDB_LOCAL_BIN set.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

import {
  CancelBulkOperationCommand,
  CreateTableCommand,
  DescribeBulkOperationCommand,
  DynamoDBClient,
  GetItemCommand,
  ListBulkOperationsCommand,
  ScanCommand,
  StartBulkPutItemsCommand,
} from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";

let server;
let tenants;
let realClock;
let s3;
let ddb;

const line = (i, prefix) =>
  JSON.stringify({ Item: { pk: { S: `${prefix}${i}` }, n: { N: String(i) } } });

function writeObject(bucket, key, text) {
  const file = path.join(s3, bucket, key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

async function advance(target, ms) {
  const r = await fetch(`${target.endpoint}/_ddblocal/clock/advance?ms=${ms}`, { method: "POST" });
  assert.equal(r.status, 200);
}

async function createTable(client, name) {
  await client.send(new CreateTableCommand({
    TableName: name, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
  }));
}

async function countItems(client, name) {
  let count = 0;
  let start;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: start,
      Select: "COUNT" }));
    count += page.Count;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

const describe = async (arn) =>
  (await ddb.send(new DescribeBulkOperationCommand({ BulkOperationArn: arn })))
    .BulkOperationDescription;

const start = (table, prefix, extra = {}) => ddb.send(new StartBulkPutItemsCommand({
  TableName: table,
  InputS3Configuration: { S3Bucket: "input", S3KeyPrefix: prefix, InputFormat: "DYNAMODB_JSON" },
  OutputS3Configuration: { S3Bucket: "output", S3KeyPrefix: "results", OutputType: ["ERROR"] },
  MaxWriteRequestUnits: 1024,
  ...extra,
}));

before(async () => {
  s3 = fs.mkdtempSync(path.join(os.tmpdir(), "ddb-bulk-s3-"));
  fs.mkdirSync(path.join(s3, "input"));
  fs.mkdirSync(path.join(s3, "output"));
  // 3,000 items of one write unit in two objects; the second ends with two lines that are not
  // items.
  writeObject("input", "music/part-1.json",
    Array.from({ length: 2000 }, (_, i) => line(i, "song#")).join("\n") + "\n");
  writeObject("input", "music/part-2.json",
    Array.from({ length: 1000 }, (_, i) => line(2000 + i, "song#")).join("\n") +
    "\nnot json\n{\"Item\":{\"pk\":{\"Q\":\"x\"}}}\n");
  writeObject("input", "cancel/part-1.json",
    Array.from({ length: 3000 }, (_, i) => line(i, "c#")).join("\n") + "\n");
  // 1,100 Ion records and one that is not, compressed with zstd (the CLI: Node 20 has none).
  const ion = Array.from({ length: 1100 }, (_, i) =>
    `$ion_1_0 {Item:{pk:"ion#${i}",n:${i}.,tags:$dynamodb_SS::["a","b"]}}`).join("\n") +
    "\n$ion_1_0 {Item:{pk:}\n";
  writeObject("input", "ion/part-1.ion.zst", execFileSync("zstd", ["-q", "-c"], { input: ion }));
  server = await startServer(["--virtual-clock", "--s3-dir", s3]);
  ddb = new DynamoDBClient({ endpoint: server.endpoint, region: REGION, credentials: CREDENTIALS });
  await createTable(ddb, "Music");
  await createTable(ddb, "Cancelled");
  await createTable(ddb, "Ion");
});

after(() => {
  stopServer(server);
  stopServer(tenants);
  stopServer(realClock);
  if (s3) fs.rmSync(s3, { recursive: true, force: true });
});

test("a bulk put writes at MaxWriteRequestUnits per second to completion, with its outputs", async () => {
  const started = (await start("Music", "music/")).BulkOperationDescription;
  assert.equal(started.BulkOperationStatus, "IN_PROGRESS");
  assert.equal(started.MaxWriteRequestUnits, 1024);
  assert.equal(started.PerformanceTier, "STANDARD");
  assert.equal(started.TableDetails[0].TableName, "Music");
  assert.ok(started.TableDetails[0].TableId);
  assert.equal(started.ProcessedItemCount, 0);
  assert.match(started.BulkOperationArn,
    /^arn:aws:dynamodb:us-east-1:\d{12}:table\/Music\/bulk-operation\//);

  await advance(server, 1000);
  let d = await describe(started.BulkOperationArn);
  assert.equal(d.BulkOperationStatus, "IN_PROGRESS");
  assert.equal(d.ProcessedItemCount, 1024);
  assert.equal(await countItems(ddb, "Music"), 1024);
  await advance(server, 1000);
  d = await describe(started.BulkOperationArn);
  assert.equal(d.ProcessedItemCount, 2048);
  assert.equal(d.EndTime, undefined);
  // ceil(3000 / 1024) = 3 seconds; the two bad lines cost no units.
  await advance(server, 1000);
  d = await describe(started.BulkOperationArn);
  assert.equal(d.BulkOperationStatus, "COMPLETED_WITH_ERRORS");
  assert.equal(d.ProcessedItemCount, 3002);
  assert.equal(d.FailedItemCount, 2);
  assert.equal(d.ProcessedInputBytes, d.TotalInputBytes);
  assert.equal(d.EndTime.getTime() - d.StartTime.getTime(), 3000);
  assert.ok(d.BulkOperationUsage[0].BulkPutBytes > 0);
  assert.equal(await countItems(ddb, "Music"), 3000);

  const id = started.BulkOperationArn.split("/").pop();
  const dir = path.join(s3, "output", "results", "AWSDynamoDBBulkPut", id);
  const summary = JSON.parse(fs.readFileSync(path.join(dir, "summary.json"), "utf8"));
  assert.equal(summary.bulkOperationStatus, "COMPLETED_WITH_ERRORS");
  assert.equal(summary.processedItemCount, 3002);
  const errors = fs.readFileSync(path.join(dir, "errors.json"), "utf8").trim().split("\n")
    .map((l) => JSON.parse(l));
  assert.deepEqual(errors.map((e) => e.input), ["not json", "{\"Item\":{\"pk\":{\"Q\":\"x\"}}}"]);
  assert.ok(errors.every((e) => e.errorMessage.length > 0));
});

test("an ION input compressed with ZSTD is read by the same codec as ImportTable's", async () => {
  const started = (await start("Ion", "ion/", { InputS3Configuration: { S3Bucket: "input",
    S3KeyPrefix: "ion/", InputFormat: "ION", InputCompressionType: "ZSTD" } }))
    .BulkOperationDescription;
  assert.equal(started.InputS3Configuration.InputFormat, "ION");
  await advance(server, 1000);
  assert.equal((await describe(started.BulkOperationArn)).ProcessedItemCount, 1024);
  await advance(server, 1000);
  const d = await describe(started.BulkOperationArn);
  assert.equal(d.BulkOperationStatus, "COMPLETED_WITH_ERRORS");
  assert.equal(d.ProcessedItemCount, 1101);
  assert.equal(d.FailedItemCount, 1);
  assert.equal(await countItems(ddb, "Ion"), 1100);
  const item = (await ddb.send(new GetItemCommand({ TableName: "Ion",
    Key: { pk: { S: "ion#7" } } }))).Item;
  assert.deepEqual(item, { pk: { S: "ion#7" }, n: { N: "7" }, tags: { SS: ["a", "b"] } });
  await assert.rejects(start("Ion", "ion/", { InputS3Configuration: { S3Bucket: "input",
    InputFormat: "CSV" } }), (e) => e.name === "ValidationException");
});

test("on the real clock a bulk put completes with no request polling it", async () => {
  writeObject("input", "real/part-1.json",
    Array.from({ length: 5 }, (_, i) => line(i, "real#")).join("\n") + "\n");
  realClock = await startServer(["--s3-dir", s3]);
  const client = new DynamoDBClient({ endpoint: realClock.endpoint, region: REGION,
    credentials: CREDENTIALS });
  await createTable(client, "Real");
  const started = (await client.send(new StartBulkPutItemsCommand({
    TableName: "Real",
    InputS3Configuration: { S3Bucket: "input", S3KeyPrefix: "real/", InputFormat: "DYNAMODB_JSON" },
    OutputS3Configuration: { S3Bucket: "output", S3KeyPrefix: "real-results", OutputType: ["ERROR"] },
  }))).BulkOperationDescription;
  // No request goes to the server while it works: the wait is on the summary file it writes
  // when the operation ends (the server's periodic task moves it on).
  const id = started.BulkOperationArn.split("/").pop();
  const summaryFile = path.join(s3, "output", "real-results", "AWSDynamoDBBulkPut", id,
    "summary.json");
  const deadline = Date.now() + 15_000;
  while (!fs.existsSync(summaryFile)) {
    assert.ok(Date.now() < deadline, "the bulk put did not end within 15 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(JSON.parse(fs.readFileSync(summaryFile, "utf8")).bulkOperationStatus, "COMPLETED");
  for (let i = 0; i < 5; ++i) {
    const got = await client.send(new GetItemCommand({ TableName: "Real",
      Key: { pk: { S: `real#${i}` } } }));
    assert.deepEqual(got.Item, { pk: { S: `real#${i}` }, n: { N: String(i) } });
  }
});

test("CancelBulkOperation stops the job between batches", async () => {
  const started = (await start("Cancelled", "cancel/")).BulkOperationDescription;
  await advance(server, 1000);
  const cancelled = await ddb.send(new CancelBulkOperationCommand({
    BulkOperationArn: started.BulkOperationArn }));
  assert.equal(cancelled.BulkOperationStatus, "CANCELLING");
  assert.equal((await describe(started.BulkOperationArn)).BulkOperationStatus, "CANCELLING");
  await advance(server, 5000);
  const d = await describe(started.BulkOperationArn);
  assert.equal(d.BulkOperationStatus, "CANCELLED");
  assert.equal(d.ProcessedItemCount, 1024);
  assert.equal(await countItems(ddb, "Cancelled"), 1024);
  await assert.rejects(
    ddb.send(new CancelBulkOperationCommand({ BulkOperationArn: started.BulkOperationArn })),
    (e) => e.name === "ValidationException");
});

test("ClientToken: the same request is the same operation, other parameters a mismatch", async () => {
  const first = (await start("Music", "music/", { ClientToken: "token-1" }))
    .BulkOperationDescription;
  const again = (await start("Music", "music/", { ClientToken: "token-1" }))
    .BulkOperationDescription;
  assert.equal(again.BulkOperationArn, first.BulkOperationArn);
  assert.equal(again.ClientToken, "token-1");
  await assert.rejects(start("Music", "music/", { ClientToken: "token-1",
    MaxWriteRequestUnits: 2048 }), (e) => e.name === "IdempotentParameterMismatchException");
  const listed = await ddb.send(new ListBulkOperationsCommand({}));
  const arns = listed.BulkOperationsSummaryList.map((s) => s.BulkOperationArn);
  assert.ok(arns.includes(first.BulkOperationArn));
  assert.ok(listed.BulkOperationsSummaryList.every((s) => s.BulkOperationStatus && s.StartTime));
  const page = await ddb.send(new ListBulkOperationsCommand({ MaxResults: 1 }));
  assert.equal(page.BulkOperationsSummaryList.length, 1);
  assert.ok(page.NextToken);
  const next = await ddb.send(new ListBulkOperationsCommand({ MaxResults: 1,
    NextToken: page.NextToken }));
  assert.notEqual(next.BulkOperationsSummaryList[0].BulkOperationArn,
    page.BulkOperationsSummaryList[0].BulkOperationArn);
});

test("PerformanceTier: each value is accepted and reported back, another is refused", async () => {
  for (const tier of ["STANDARD", "ACCELERATED"]) {
    const started = (await start("Music", "music/", { PerformanceTier: tier }))
      .BulkOperationDescription;
    assert.equal(started.PerformanceTier, tier);
    assert.equal((await describe(started.BulkOperationArn)).PerformanceTier, tier);
    const listed = await ddb.send(new ListBulkOperationsCommand({ MaxResults: 25 }));
    assert.ok(listed.BulkOperationsSummaryList.some((o) =>
      o.BulkOperationArn === started.BulkOperationArn));
  }
  await assert.rejects(start("Music", "music/", { PerformanceTier: "TURBO" }), (e) => {
    assert.equal(e.name, "ValidationException");
    assert.match(e.message, /performanceTier.*Member must satisfy enum value set: \[ACCELERATED, STANDARD\]|performanceTier.*Member must satisfy enum value set: \[STANDARD, ACCELERATED\]/);
    return true;
  });
});

test("validation: MaxWriteRequestUnits below 1,024, a missing table, a missing bucket", async () => {
  await assert.rejects(start("Music", "music/", { MaxWriteRequestUnits: 1000 }), (e) => {
    assert.equal(e.name, "ValidationException");
    assert.equal(e.message, "1 validation error detected: Value '1000' at " +
      "'maxWriteRequestUnits' failed to satisfy constraint: Member must have value greater " +
      "than or equal to 1024");
    return true;
  });
  await assert.rejects(start("NoSuchTable", "music/"), (e) => {
    assert.equal(e.name, "ResourceNotFoundException");
    return true;
  });
  const failed = (await ddb.send(new StartBulkPutItemsCommand({
    TableName: "Music",
    InputS3Configuration: { S3Bucket: "no-such-bucket", InputFormat: "DYNAMODB_JSON" },
    OutputS3Configuration: { S3Bucket: "output", OutputType: ["ERROR"] },
  }))).BulkOperationDescription;
  assert.equal(failed.BulkOperationStatus, "FAILED");
  assert.equal(failed.FailureCode, "NoSuchBucket");
  assert.equal(failed.FailureMessage, "The specified bucket does not exist");
  await assert.rejects(
    ddb.send(new DescribeBulkOperationCommand({ BulkOperationArn:
      "arn:aws:dynamodb:us-east-1:000000000000:table/Music/bulk-operation/none" })),
    (e) => e.name === "ResourceNotFoundException");
});

test("a tenant policy refuses a bulk put into a table the tenant may not write", async () => {
  const policies = path.join(s3, "policies.json");
  fs.writeFileSync(policies, JSON.stringify({ Policies: [
    { AccessKeyId: "AKIDADMIN", User: "admin", Actions: ["*"], Tables: ["*"] },
    // The start-up probe's key (tools/ddb-local-js), which asks ListTables.
    { AccessKeyId: "AKIDPROBE", User: "probe", Actions: ["ListTables"], Tables: ["*"] },
    { AccessKeyId: "AKIDTENANT", User: "tenant", Actions: ["StartBulkPutItems",
      "DescribeBulkOperation", "DescribeTable"], Tables: ["Mine"] }] }));
  tenants = await startServer(["--virtual-clock", "--s3-dir", s3, "-sharedDb",
    "--access-policy-file", policies]);
  const as = (key) => new DynamoDBClient({ endpoint: tenants.endpoint, region: REGION,
    credentials: { accessKeyId: key, secretAccessKey: "s" }, maxAttempts: 1 });
  const admin = as("AKIDADMIN");
  const tenant = as("AKIDTENANT");
  await createTable(admin, "Mine");
  await createTable(admin, "Theirs");
  const request = (table) => new StartBulkPutItemsCommand({
    TableName: table,
    InputS3Configuration: { S3Bucket: "input", S3KeyPrefix: "music/",
      InputFormat: "DYNAMODB_JSON" },
    OutputS3Configuration: { S3Bucket: "output", OutputType: ["ERROR"] },
  });
  await assert.rejects(tenant.send(request("Theirs")), (e) => {
    assert.equal(e.name, "AccessDeniedException");
    assert.match(e.message, /user\/tenant is not authorized to perform: dynamodb:StartBulkPutItems on resource: arn:aws:dynamodb:us-east-1:000000000000:table\/Theirs/);
    return true;
  });
  const mine = (await tenant.send(request("Mine"))).BulkOperationDescription;
  assert.equal(mine.BulkOperationStatus, "IN_PROGRESS");
  await advance(tenants, 10000);
  assert.equal(await countItems(admin, "Theirs"), 0);
  assert.equal(await countItems(admin, "Mine"), 3000);
});
