// The console's heat map grid in headless Chromium (playwright-core) against a ddb-local on a
// virtual clock, so that every second's figures are exact: a hot-key load from the AWS SDK over
// thirty simulated seconds, a partition count raised half-way (the grid grows rows from that
// second on, with a marker), throttled cells marked, a tooltip naming the hot key, the GSI's own
// grid, and the page's figures equal to GET /_ddblocal/capacity/history. Screenshots go to
// $CONSOLE_ARTIFACTS_DIR; with $CONSOLE_DOCS_SCREENSHOT set, the grid's is also saved there
// (docs/console-heatmap.png: `CONSOLE_DOCS_SCREENSHOT=$PWD/docs/console-heatmap.png ctest
// --test-dir build-dbg -R clients.js_console_heatmap`). Waits for what the page shows.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";

import { CreateTableCommand, DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { ARTIFACTS, launchChromium, openConsolePage, shot, unlabelled } from "./console_browser.mjs";

import { startDdbLocal } from "ddb-local-js";

const TABLE = "Orders";
const CONSOLE_KEY = "console";
const SECONDS = 30;
const SPLIT_AT = 18;  // the simulated second the partition count goes from 4 to 8
const HOT_PUTS = 30;  // a second, against a per-key cap lowered to 20 WCU/s

let server;
let browser;
let client;

async function admin(pathAndQuery, method = "GET") {
  const response = await fetch(`${server.endpoint}/_ddblocal/${pathAndQuery}`, {
    method,
    headers: { Authorization: `AWS4-HMAC-SHA256 Credential=${CONSOLE_KEY}/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0` },
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}


before(async () => {
  server = await startDdbLocal({ args: ["--console", "--virtual-clock"] });
  browser = await launchChromium();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: "us-east-1", maxAttempts: 1,
    credentials: { accessKeyId: CONSOLE_KEY, secretAccessKey: "x" } });
});

after(async () => {
  client?.destroy();
  await browser?.close();
  await server?.stop();
});

const put = (pk, sk, extra = {}) => client.send(new PutItemCommand({ TableName: TABLE,
  Item: { PK: { S: pk }, SK: { S: sk }, ...extra } }));

test("heat map: partitions by second under a hot key, throttles marked, a split as more rows", async () => {
  await client.send(new CreateTableCommand({ TableName: TABLE, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "PK", AttributeType: "S" }, { AttributeName: "SK", AttributeType: "S" },
      { AttributeName: "GSI1PK", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "PK", KeyType: "HASH" }, { AttributeName: "SK", KeyType: "RANGE" }],
    GlobalSecondaryIndexes: [{ IndexName: "ByStatus", KeySchema: [{ AttributeName: "GSI1PK", KeyType: "HASH" }],
      Projection: { ProjectionType: "KEYS_ONLY" } }] }));
  await admin(`capacity/config?table=${TABLE}&partition_write_units=20`, "POST");

  // Thirty simulated seconds: a hot customer from second 6 on (throttled every second), a few
  // warm ones whose number rises and falls, each order also written to the status index.
  let throttled = 0;
  for (let s = 0; s < SECONDS; ++s) {
    if (s === SPLIT_AT) await admin(`capacity/config?table=${TABLE}&partition_write_units=20&partitions=8`, "POST");
    const writes = [];
    if (s >= 6) {
      for (let i = 0; i < HOT_PUTS; ++i) writes.push(put("CUSTOMER#hot", `ORDER#${s}-${i}`, { GSI1PK: { S: "STATUS#open" } }));
    }
    const warm = 2 + Math.round(6 * Math.sin((Math.PI * s) / SECONDS));
    for (let k = 0; k < warm; ++k) {
      for (let i = 0; i < 3; ++i) writes.push(put(`CUSTOMER#${k}`, `ORDER#${s}-${i}`, { GSI1PK: { S: `STATUS#${k % 3}` } }));
    }
    const results = await Promise.allSettled(writes);
    for (const r of results) {
      if (r.status === "rejected") {
        assert.equal(r.reason.name, "ProvisionedThroughputExceededException", String(r.reason));
        ++throttled;
      }
    }
    await admin("clock/advance?ms=1000", "POST");
  }
  assert.ok(throttled > 0, "the hot key was throttled");

  const { page, errors } = await openConsolePage(browser, server.endpoint,
    `#/heatmap?table=${TABLE}&seconds=60`);
  await page.locator("#heat-summary", { hasText: "8 partition(s) now" }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll("svg.heat-grid rect.cell.throttled").length > 0);

  // The page draws what the history says, cell for cell.
  const history = await admin(`capacity/history?table=${TABLE}&seconds=60`);
  assert.equal(history.HistorySeconds, 60);
  const seconds = history.Table.History;
  assert.equal(seconds.length, 60);
  const cellsOf = (h) => h.flatMap((sec) => sec.Partitions);
  const throttledCells = cellsOf(seconds).filter((p) => p.Usage.WriteThrottleEvents > 0).length;
  const totalThrottles = cellsOf(seconds).reduce((n, p) => n + p.Usage.WriteThrottleEvents, 0);
  assert.equal(totalThrottles, throttled, "every throttled request is in its cell");
  const drawn = await page.evaluate(() => {
    const rects = [...document.querySelectorAll("svg.heat-grid rect.cell")];
    const columns = new Map();
    for (const r of rects) columns.set(r.dataset.second, (columns.get(r.dataset.second) || 0) + 1);
    return {
      throttled: rects.filter((r) => r.classList.contains("throttled")).length,
      throttles: rects.reduce((n, r) => n + Number(r.dataset.writeThrottles), 0),
      overCap: rects.filter((r) => Number(r.dataset.share) >= 1).map((r) => r.getAttribute("fill")),
      idle: rects.filter((r) => Number(r.dataset.share) === 0).map((r) => r.getAttribute("fill")),
      rows: [...columns.values()],
      marks: [...document.querySelectorAll("svg.heat-grid line.split-mark")].map((l) => `${l.dataset.from}→${l.dataset.to}`),
      throttleMarks: document.querySelectorAll("svg.heat-grid circle.throttle-mark").length,
    };
  });
  assert.equal(drawn.throttled, throttledCells);
  assert.equal(drawn.throttles, throttled);
  assert.equal(drawn.throttleMarks, throttledCells);
  assert.ok(drawn.overCap.length > 0 && drawn.overCap.every((f) => f === drawn.overCap[0]), JSON.stringify(drawn.overCap));
  assert.ok(drawn.idle.length > 0 && drawn.idle.every((f) => f !== drawn.overCap[0]));
  assert.deepEqual(drawn.marks, ["4→8"]);
  // 60 columns: 4 rows up to the split's second, 8 from it on (this second included).
  assert.equal(drawn.rows.length, 60);
  const firstEight = drawn.rows.indexOf(8);
  assert.deepEqual(drawn.rows.slice(0, firstEight), Array(firstEight).fill(4));
  assert.deepEqual(drawn.rows.slice(firstEight), Array(60 - firstEight).fill(8));
  assert.equal(60 - firstEight, SECONDS - SPLIT_AT + 1);

  // Hovering a throttled cell names its hottest key and figures.
  const cell = page.locator("svg.heat-grid rect.cell.throttled").last();
  await cell.hover();
  const tooltip = page.locator(".heat-tooltip");
  await tooltip.locator("li", { hasText: '{"PK":{"S":"CUSTOMER#hot"}}' }).waitFor();
  assert.match(await tooltip.textContent(), /\d+ writes throttled/);
  await page.screenshot({ path: path.join(ARTIFACTS, "heatmap-grid.png"), fullPage: true });
  const grid = page.locator('section[aria-labelledby="grid-heading"]');
  await grid.screenshot({ path: path.join(ARTIFACTS, "heatmap-grid-only.png") });
  if (process.env.CONSOLE_DOCS_SCREENSHOT) await grid.screenshot({ path: process.env.CONSOLE_DOCS_SCREENSHOT });

  // The index's own grid: its partitions did not change; a write throttled on the table counts
  // on the index entries it would have written too (the capacity model's rule).
  await page.getByLabel("Key space").selectOption("ByStatus");
  await page.locator("#heat-summary", { hasText: "4 partition(s) now" }).waitFor();
  const index = await page.evaluate(() => {
    const rects = [...document.querySelectorAll("svg.heat-grid rect.cell")];
    return { busy: rects.filter((r) => Number(r.dataset.write) > 0).length,
      throttled: rects.filter((r) => r.classList.contains("throttled")).length };
  });
  const gsi = history.GlobalSecondaryIndexes[0];
  assert.equal(gsi.IndexName, "ByStatus");
  assert.equal(index.busy, cellsOf(gsi.History).filter((p) => p.Usage.ConsumedWriteCapacityUnits > 0).length);
  assert.ok(index.busy > 0);
  assert.equal(index.throttled, cellsOf(gsi.History).filter((p) => p.Usage.WriteThrottleEvents > 0).length);
  await page.screenshot({ path: path.join(ARTIFACTS, "heatmap-grid-index.png"), fullPage: true });
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("capacity history: bad input is refused", async () => {
  const bad = await fetch(`${server.endpoint}/_ddblocal/capacity/history?table=${TABLE}&seconds=301`);
  assert.equal(bad.status, 400);
  assert.match((await bad.json()).message, /seconds= must be 1 to 300/);
  const missing = await fetch(`${server.endpoint}/_ddblocal/capacity/history?table=NoSuchTable&access_key_id=${CONSOLE_KEY}`);
  assert.equal(missing.status, 400);
  assert.match((await missing.json()).__type, /ResourceNotFoundException/);
});
