// The console's Streams, Time to live, Vector search and Snapshots pages in headless Chromium
// (playwright-core), with the data written and checked through the AWS SDK: a put shows up as an
// INSERT record; an item due soon is listed, soonest first, and one due later is not; a search
// near an item lists it first; a snapshot taken, the data changed, the snapshot restored gives
// the data back; a file of DynamoDB JSON lines is imported (with BatchWriteItem retrying what a
// lowered cap throttles). Screenshots go to $CONSOLE_ARTIFACTS_DIR; waits are for what the page
// shows, never sleeps.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";

import { CreateTableCommand, DeleteItemCommand, DynamoDBClient, GetItemCommand, PutItemCommand,
  ScanCommand } from "@aws-sdk/client-dynamodb";
import { ARTIFACTS, launchChromium, openConsolePage, shot, unlabelled } from "./console_browser.mjs";

import { startDdbLocal } from "ddb-local-js";

const CONSOLE_KEY = "console";

let server;
let browser;
let client;


before(async () => {
  server = await startDdbLocal({ args: ["--console"] });
  browser = await launchChromium();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: "us-east-1",
    credentials: { accessKeyId: CONSOLE_KEY, secretAccessKey: "x" } });
});

after(async () => {
  client?.destroy();
  await browser?.close();
  await server?.stop();
});

async function admin(pathAndQuery, method = "GET") {
  const response = await fetch(`${server.endpoint}/_ddblocal/${pathAndQuery}`, {
    method,
    headers: { Authorization: `AWS4-HMAC-SHA256 Credential=${CONSOLE_KEY}/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0` },
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

const openPage = (hash) => openConsolePage(browser, server.endpoint, hash);
const simpleTable = (name, extra = {}) => client.send(new CreateTableCommand({ TableName: name,
  BillingMode: "PAY_PER_REQUEST", AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
  KeySchema: [{ AttributeName: "id", KeyType: "HASH" }], ...extra }));
const putItem = (table, item) => client.send(new PutItemCommand({ TableName: table, Item: item }));
const scanAll = async (table) => {
  const items = [];
  let start;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...page.Items);
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

test("streams: records appear as they arrive", async () => {
  await simpleTable("Events");
  const { page, errors } = await openPage("#/streams?table=Events");
  // The table has no stream: enable one from the page.
  await page.getByRole("button", { name: "Enable stream" }).click();
  await page.locator("#stream-count", { hasText: "0 record(s)" }).waitFor();
  await putItem("Events", { id: { S: "evt-1" }, kind: { S: "signup" } });
  const insert = page.locator('tr.stream-record[data-event="INSERT"]', { hasText: "id=evt-1" });
  await insert.waitFor();
  assert.match(await insert.textContent(), /kind=signup/);
  await putItem("Events", { id: { S: "evt-1" }, kind: { S: "login" } });
  const modify = page.locator('tr.stream-record[data-event="MODIFY"]', { hasText: "id=evt-1" });
  await modify.waitFor();
  const cells = await modify.locator("td").allTextContents();
  assert.match(cells[4], /kind=login/);   // new image
  assert.match(cells[5], /kind=signup/);  // old image
  await client.send(new DeleteItemCommand({ TableName: "Events", Key: { id: { S: "evt-1" } } }));
  await page.locator('tr.stream-record[data-event="REMOVE"]').waitFor();
  // Newest first.
  const events = await page.locator("tr.stream-record").evaluateAll((rows) => rows.map((r) => r.dataset.event));
  assert.deepEqual(events, ["REMOVE", "MODIFY", "INSERT"]);
  await shot(page, "streams");
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("ttl: the items due to expire, soonest first", async () => {
  await simpleTable("Sessions");
  const { page, errors } = await openPage("#/ttl?table=Sessions");
  await page.getByLabel("TTL attribute").fill("expiresAt");
  await page.getByRole("button", { name: "Enable TTL" }).click();
  await page.locator("#ttl-status", { hasText: "TTL attribute: expiresAt (ENABLED)" }).waitFor();
  const now = Math.floor((await admin("clock")).ClockMicros / 1e6);
  await putItem("Sessions", { id: { S: "soon" }, expiresAt: { N: String(now + 600) } });
  await putItem("Sessions", { id: { S: "sooner" }, expiresAt: { N: String(now + 60) } });
  await putItem("Sessions", { id: { S: "later" }, expiresAt: { N: String(now + 10 * 86400) } });
  await putItem("Sessions", { id: { S: "never" } });
  await page.getByLabel("Due within").selectOption("1 day");
  await page.getByRole("button", { name: "Show items due" }).click();
  await page.locator("#ttl-count", { hasText: "2 item(s) due" }).waitFor();
  const rows = await page.locator("#ttl-results tr.item-row").evaluateAll((r) => r.map((row) => row.cells[0].textContent));
  assert.deepEqual(rows, ["sooner", "soon"]);
  await page.locator("#ttl-results td", { hasText: /^in \d+ s$/ }).first().waitFor();
  await page.getByLabel("Due within").selectOption("30 days");
  await page.getByRole("button", { name: "Show items due" }).click();
  await page.locator("#ttl-count", { hasText: "3 item(s) due" }).waitFor();
  await shot(page, "ttl");
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("vector search: nearest first, from a typed vector or an item", async () => {
  await client.send(new CreateTableCommand({ TableName: "Docs", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    VectorIndexes: [{ IndexName: "byMeaning", VectorAttribute: { AttributeName: "v" }, Dimensions: 3,
      DistanceFunction: "EUCLIDEAN", Projection: { ProjectionType: "ALL" } }] }));
  const vectors = { a: [1, 0, 0], b: [0.9, 0.1, 0], c: [0, 1, 0], d: [0, 0, 5] };
  for (const [id, v] of Object.entries(vectors)) {
    await putItem("Docs", { id: { S: id }, title: { S: `doc ${id}` }, v: { L: v.map((n) => ({ N: String(n) })) } });
  }
  const { page, errors } = await openPage("#/vectors?table=Docs");
  await page.getByRole("heading", { name: "Search byMeaning" }).waitFor();
  const results = () => page.locator("#vector-results tr.item-row").evaluateAll(
    (rows) => rows.map((r) => [r.cells[0].textContent, Number(r.cells[r.cells.length - 2].textContent)]));
  await page.getByLabel("Vector (JSON numbers)").fill("[0, 0.9, 0]");
  await page.getByLabel("TopK").fill("2");
  await page.getByRole("button", { name: "Search" }).click();
  await page.locator("#vector-count", { hasText: "2 result(s)" }).waitFor();
  const typed = await results();
  assert.deepEqual(typed.map(([id]) => id), ["c", "b"]);  // distances 0.1 and 1.2
  assert.ok(typed[0][1] < typed[1][1], JSON.stringify(typed));
  // Near an item: its vector is the search vector, so it comes first at distance 0.
  await page.getByLabel("Near the item").selectOption("a");
  assert.equal(await page.getByLabel("Vector (JSON numbers)").inputValue(), "[1,0,0]");
  await page.getByLabel("TopK").fill("4");
  await page.getByRole("button", { name: "Search" }).click();
  await page.locator("#vector-count", { hasText: "4 result(s)" }).waitFor();
  const near = await results();
  assert.deepEqual(near.map(([id]) => id), ["a", "b", "c", "d"]);
  assert.equal(near[0][1], 0);
  for (let i = 1; i < near.length; ++i) assert.ok(near[i - 1][1] <= near[i][1], JSON.stringify(near));
  await shot(page, "vector-search");
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("snapshots: take, change, restore, delete; import a file of items", async () => {
  await simpleTable("Accounts");
  await putItem("Accounts", { id: { S: "acct-1" }, balance: { N: "100" } });
  const { page, errors } = await openPage("#/snapshots");
  await page.getByRole("heading", { name: "Take a snapshot" }).waitFor();
  await page.getByLabel("Snapshot name").fill("before-change");
  await page.getByRole("button", { name: "Take snapshot" }).click();
  await page.getByRole("cell", { name: "before-change", exact: true }).waitFor();

  // Change the data, then restore: the data is back.
  await putItem("Accounts", { id: { S: "acct-1" }, balance: { N: "0" } });
  await putItem("Accounts", { id: { S: "acct-2" }, balance: { N: "5" } });
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Restore snapshot before-change" }).click();
  await page.locator("#status", { hasText: "Restored before-change" }).waitFor();
  assert.deepEqual((await scanAll("Accounts")).map((i) => [i.id.S, i.balance.N]), [["acct-1", "100"]]);
  await shot(page, "snapshots");

  // Import 60 items from a file of DynamoDB JSON lines; a per-partition cap of 10 WCU/s makes
  // BatchWriteItem return UnprocessedItems, which the page retries with backoff.
  await admin("capacity/config?table=Accounts&partition_write_units=10", "POST");
  const refused = [];  // the BatchWriteItem calls refused whole, which the browser logs as errors
  page.on("response", async (r) => {
    if (r.status() === 400) refused.push((await r.json()).__type);
  });
  const lines = Array.from({ length: 60 }, (_, i) =>
    JSON.stringify({ Item: { id: { S: `imported-${i}` }, balance: { N: String(i) } } })).join("\n");
  await page.getByLabel("Into table").selectOption("Accounts");
  await page.getByLabel("File").setInputFiles({ name: "accounts.json", mimeType: "application/json",
    buffer: Buffer.from(`${lines}\n`) });
  await page.getByRole("button", { name: "Import" }).click();
  await page.locator("#import-status", { hasText: "Imported 60 item(s) into Accounts." })
    .waitFor({ timeout: 30_000 });
  assert.equal(await page.locator("#import-progress").evaluate((p) => p.value), 60);
  const imported = (await scanAll("Accounts")).filter((i) => i.id.S.startsWith("imported-"));
  assert.equal(imported.length, 60);
  const report = await admin("capacity?table=Accounts");
  assert.ok(report.Table.Usage.WriteThrottleEvents > 0, "the import was throttled and retried");
  assert.ok(refused.every((t) => /ProvisionedThroughputExceededException$/.test(t)), refused.join(","));
  await shot(page, "snapshots-import");
  await admin("capacity/config?table=Accounts", "POST");

  // A bad file is refused, naming the line, and writes nothing.
  await page.getByLabel("File").setInputFiles({ name: "bad.json", mimeType: "application/json",
    buffer: Buffer.from('{"Item": {"id": {"S": "ok"}}}\nnot json\n') });
  await page.getByRole("button", { name: "Import" }).click();
  await page.locator("#status.error", { hasText: "line 2 is not JSON" }).waitFor();
  assert.equal((await client.send(new GetItemCommand({ TableName: "Accounts", Key: { id: { S: "ok" } } }))).Item, undefined);

  // Delete the snapshot.
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Delete snapshot before-change" }).click();
  await page.locator("#no-snapshots").waitFor();
  assert.deepEqual((await admin("snapshots")).Snapshots, []);
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  assert.equal(errors.length, refused.length);
  await page.close();
});
