// dynamodb-admin (npm), the most used GUI for a local DynamoDB, against ddb-local in headless
// Chromium (Debian's chromium driven by playwright-core), as a new user would run it:
//   ddb-local -sharedDb --lenient      (its default credentials "key"/"secret" see the same
//                                       tables as every other client; --lenient accepts the
//                                       capacity units its Create Table form sends as strings)
//   dynamodb-admin --dynamo-endpoint=http://127.0.0.1:PORT
// Every page: the tables list, the Create Table form (with a GSI), a table's items (scan and
// query), the Get tab, one item, adding an item, the meta page and the TTL tab. A page that fails answers
// 500 with the error's message; each page is checked for status and content. Screenshots go
// to $DDB_TEST_ARTIFACTS (CTest: build/test-artifacts/dynamodb-admin).

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";

import {
  CreateTableCommand, DescribeTableCommand, DynamoDBClient, PutItemCommand,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import { chromium } from "playwright-core";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";

const require = createRequire(import.meta.url);
const ADMIN_BIN = path.join(path.dirname(require.resolve("dynamodb-admin/package.json")), "dist",
  "dynamodb-admin.js");
const CHROMIUM = process.env.CHROMIUM_BIN ?? "/usr/bin/chromium";
const ARTIFACTS = process.env.DDB_TEST_ARTIFACTS ?? path.join(os.tmpdir(), "ddb-local-dynamodb-admin");

let server;
let admin;
let adminUrl;
let browser;
let page;
let ddb;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// dynamodb-admin's bin, as users start it; ready when its tables page answers.
async function startAdmin(endpoint) {
  const port = await freePort();
  let log = "";
  const proc = spawn(process.execPath, [ADMIN_BIN, `--dynamo-endpoint=${endpoint}`,
    `--port=${port}`, "--host=127.0.0.1"], {
    stdio: ["ignore", "pipe", "pipe"], detached: true,
    env: { ...process.env, AWS_CONFIG_FILE: "/dev/null", AWS_SHARED_CREDENTIALS_FILE: "/dev/null" },
  });
  proc.stdout.on("data", (d) => { log += d; });
  proc.stderr.on("data", (d) => { log += d; });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/api/tables`);
      if (r.ok) break;
    } catch { /* not listening yet */ }
    if (proc.exitCode !== null || Date.now() > deadline) {
      try { process.kill(-proc.pid, "SIGKILL"); } catch { /* gone */ }
      throw new Error(`dynamodb-admin did not start:\n${log}`);
    }
    await sleep(50);  // the poll's pace; the deadline decides
  }
  return { proc, url, log: () => log };
}

async function shot(name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

// Opens `route`, expects 200, and returns the page's text.
async function open(route) {
  const response = await page.goto(`${adminUrl}${route}`, { waitUntil: "load" });
  assert.equal(response.status(), 200, `${route}: ${await response.text()}`);
  return page.locator("body").innerText();
}

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer(["-sharedDb", "--lenient"]);
  ddb = new DynamoDBClient({ endpoint: server.endpoint, region: REGION, credentials: CREDENTIALS });
  // Seeded by another client (other credentials): -sharedDb shows it to dynamodb-admin.
  await ddb.send(new CreateTableCommand({
    TableName: "orders", BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "customer", KeyType: "HASH" },
      { AttributeName: "order", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "customer", AttributeType: "S" },
      { AttributeName: "order", AttributeType: "N" }],
  }));
  for (const [customer, order, total] of [["alice", 1, "12.5"], ["alice", 2, "7"], ["bob", 1, "3"]]) {
    await ddb.send(new PutItemCommand({
      TableName: "orders",
      Item: { customer: { S: customer }, order: { N: String(order) }, total: { N: total },
        expires: { N: "4102444800" } },
    }));
  }
  await ddb.send(new UpdateTimeToLiveCommand({
    TableName: "orders", TimeToLiveSpecification: { Enabled: true, AttributeName: "expires" },
  }));
  admin = await startAdmin(server.endpoint);
  adminUrl = admin.url;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

after(async () => {
  await browser?.close();
  if (admin) {
    try { process.kill(-admin.proc.pid, "SIGTERM"); } catch { /* gone */ }
  }
  stopServer(server);
});

test("tables list shows the tables of every client", async () => {
  const text = await open("/");
  assert.match(text, /orders/);
  await shot("01-tables");
});

test("Create Table form creates a provisioned table with a GSI", async () => {
  await open("/create-table");
  await page.fill("#TableName", "from_the_form");
  await page.fill("#HashAttributeName", "id");
  await page.selectOption("select[name=HashAttributeType]", "S");
  await page.fill("#RangeAttributeName", "at");
  await page.selectOption("select[name=RangeAttributeType]", "N");
  await page.fill("#ReadCapacityUnits", "3");
  await page.fill("#WriteCapacityUnits", "4");
  await page.click("#new-index");
  await page.fill("input[name=secondary-index-1-IndexName]", "byKind");
  await page.fill("input[name=secondary-index-1-HashAttributeName]", "kind");
  await page.selectOption("select[name=secondary-index-1-HashAttributeType]", "S");
  await page.fill("#secondary-index-1-ReadCapacityUnits", "2");
  await page.fill("#secondary-index-1-WriteCapacityUnits", "2");
  await shot("02-create-table-form");
  await Promise.all([
    page.waitForURL(`${adminUrl}/`, { timeout: 15_000 }),
    page.click("#saveButton"),
  ]);
  assert.match(await page.locator("body").innerText(), /from_the_form/);
  await shot("03-tables-after-create");
  const { Table } = await ddb.send(new DescribeTableCommand({ TableName: "from_the_form" }));
  assert.equal(Table.ProvisionedThroughput.ReadCapacityUnits, 3);
  assert.equal(Table.ProvisionedThroughput.WriteCapacityUnits, 4);
  assert.equal(Table.GlobalSecondaryIndexes[0].IndexName, "byKind");
  assert.equal(Table.GlobalSecondaryIndexes[0].ProvisionedThroughput.ReadCapacityUnits, 2);
});

test("table view lists the items (scan, then query)", async () => {
  await open("/tables/orders");
  // The items arrive by XHR after the page loads.
  await page.getByText("12.5").first().waitFor({ timeout: 15_000 });
  const text = await page.locator("body").innerText();
  assert.match(text, /alice/);
  assert.match(text, /bob/);
  await shot("04-items-scan");
  const items = await (await fetch(`${adminUrl}/tables/orders/items?operationType=query&` +
    `queryableSelection=table&filters=${encodeURIComponent(JSON.stringify({
      customer: { type: "S", value: "bob", operator: "=" } }))}`)).json();
  assert.deepEqual(items.Items.map((i) => i.customer), ["bob"]);
});

test("one item opens, and a new item is added through the editor's endpoint", async () => {
  assert.match(await open("/tables/orders/get"), /customer/);  // the Get tab's form
  await shot("05-get");
  const text = await open("/tables/orders/items/alice,2");
  assert.match(text, /"total": 7/);
  await shot("05-item-view");
  await open("/tables/orders/add-item");
  await shot("06-add-item");
  const added = await page.evaluate(async (url) => {
    const r = await fetch(url, {
      method: "PUT", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ customer: "carol", order: 9, total: 1 }),
    });
    return { status: r.status, body: await r.json() };
  }, `${adminUrl}/tables/orders/add-item`);
  assert.equal(added.status, 200);
  assert.deepEqual(added.body, { customer: "carol", order: 9 });
});

test("meta page describes the table", async () => {
  const text = await open("/tables/orders/meta");
  assert.match(text, /ItemCount/);
  assert.match(text, /orders/);
  await shot("07-meta");
});

test("TTL tab shows the table's Time to Live", async () => {
  const text = await open("/tables/orders/ttl");
  assert.match(text, /expires/);
  assert.match(text, /ENABLED/);
  await shot("08-ttl");
});
