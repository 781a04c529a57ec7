// The browser console end to end in headless Chromium (Debian's chromium, driven by
// playwright-core): create a table, put and query items through the console's forms, watch the
// partition heat map change under a hot-key load from the AWS SDK, see the audit's findings
// appear, and use the console with the keyboard alone. Screenshots go to $CONSOLE_ARTIFACTS_DIR
// (CTest: <build>/test-artifacts/console). Synchronisation is by waiting for what the page
// shows, never by sleeping.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";

import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { ARTIFACTS, launchChromium, openConsolePage, shot, unlabelled } from "./console_browser.mjs";

import { startDdbLocal } from "ddb-local-js";

const TABLE = "Employees";
// The console's default caller; the SDK load uses the same namespace of tables.
const CONSOLE_KEY = "console";

let server;
let browser;

before(async () => {
  server = await startDdbLocal({ args: ["--console"] });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// The console fetches nothing from elsewhere: a request to another origin is an error.
const openConsole = (hash = "") => openConsolePage(browser, server.endpoint, hash, { offline: true });


async function admin(pathAndQuery, method = "GET") {
  const response = await fetch(`${server.endpoint}/_ddblocal/${pathAndQuery}`, {
    method,
    headers: { Authorization: `AWS4-HMAC-SHA256 Credential=${CONSOLE_KEY}/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0` },
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

test("console: create a table, put, query, edit and delete items; heat map; audit", async () => {
  const { page, errors } = await openConsole("#/tables");
  await page.getByRole("heading", { name: "Create a table" }).waitFor();

  // Create a table with a GSI.
  await page.getByLabel("Table name").fill(TABLE);
  await page.getByLabel("GSI name").fill("GSI1");
  await page.getByLabel("GSI partition key (S)").fill("GSI1PK");
  await page.getByRole("button", { name: "Create table" }).click();
  await page.getByRole("heading", { name: "Query and scan builder" }).waitFor();
  assert.match(page.url(), /#\/items\?table=Employees$/);

  // Put three items through the item editor.
  for (const [sk, name] of [["EMP#1", "Ada"], ["EMP#2", "Grace"], ["DEPT#1", "Research"]]) {
    await page.getByRole("button", { name: "New item" }).click();
    await page.getByLabel("Item JSON").fill(JSON.stringify({
      PK: { S: "ORG#1" }, SK: { S: sk }, name: { S: name }, type: { S: sk.startsWith("EMP") ? "emp" : "dept" },
      ...(sk === "EMP#1" ? { GSI1PK: { S: "EMAIL#ada@example.com" } } : {}),
    }));
    await page.getByRole("button", { name: "Save item" }).click();
    await page.locator("#status", { hasText: "Item saved" }).waitFor();
  }

  // Query the organisation's employees: PK = ORG#1 AND begins_with(SK, "EMP#").
  await page.getByLabel("PK =").fill("ORG#1");
  await page.getByLabel("Sort key SK").selectOption("begins_with");
  await page.getByLabel("Sort value").fill("EMP#");
  await page.getByRole("button", { name: "Run" }).click();
  await page.locator("#result-counts", { hasText: "Count 2, ScannedCount 2" }).waitFor();
  const names = await page.locator("tbody tr td").allTextContents();
  assert.ok(names.includes("Ada") && names.includes("Grace"), names.join(","));
  await shot(page, "items-query");

  // The GSI: by email.
  await page.getByLabel("Index").selectOption("GSI1");
  await page.getByLabel("GSI1PK =").fill("EMAIL#ada@example.com");
  await page.getByLabel("Sort key (no sort key)").selectOption("(none)");
  await page.getByRole("button", { name: "Run" }).click();
  await page.locator("#result-counts", { hasText: "Count 1," }).waitFor();

  // JSON view of a Scan, then edit and delete on the table view.
  await page.getByLabel("Index").selectOption("(table)");
  await page.getByLabel("Operation").selectOption("Scan");
  await page.getByLabel("JSON view").check();
  await page.getByRole("button", { name: "Run" }).click();
  await page.locator("pre.json", { hasText: "\"Research\"" }).waitFor();
  await page.getByLabel("JSON view").uncheck();
  await page.getByRole("button", { name: "Run" }).click();
  await page.locator("#result-counts", { hasText: "Count 3, ScannedCount 3" }).waitFor();
  await page.getByRole("button", { name: "Edit item ORG#1" }).first().click();
  const editorText = await page.getByLabel("Item JSON").inputValue();
  const edited = JSON.parse(editorText);
  edited.name = { S: `${edited.name.S} (edited)` };
  await page.getByLabel("Item JSON").fill(JSON.stringify(edited));
  await page.getByRole("button", { name: "Save item" }).click();
  await page.locator("tr.item-row td", { hasText: "(edited)" }).waitFor();
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Delete item ORG#1" }).first().click();
  await page.locator("#result-counts", { hasText: "Count 2, ScannedCount 2" }).waitFor();

  // The heat map under a hot-key load: one partition key takes every write, beyond a cap lowered
  // to 20 WCU/s, so that the load is small and the throttles certain.
  await admin(`capacity/config?table=${TABLE}&partition_write_units=20`, "POST");
  await page.goto(`${server.endpoint}/_ddblocal/console/#/heatmap?table=${TABLE}`);
  await page.getByRole("heading", { name: `Table ${TABLE}` }).waitFor();
  const before = await page.locator("li.partition").evaluateAll(
    (cells) => cells.reduce((n, c) => n + Number(c.dataset.throttles), 0));
  assert.equal(before, 0);
  const client = new DynamoDBClient({ endpoint: server.endpoint, region: "us-east-1", maxAttempts: 1,
    credentials: { accessKeyId: CONSOLE_KEY, secretAccessKey: "x" } });
  const results = await Promise.allSettled(Array.from({ length: 120 }, (_, i) => client.send(
    new PutItemCommand({ TableName: TABLE, Item: { PK: { S: "HOT" }, SK: { S: `n${i % 4}` }, type: { S: "counter" } } }))));
  const throttled = results.filter((r) => r.status === "rejected" &&
    r.reason.name === "ProvisionedThroughputExceededException").length;
  assert.ok(throttled > 0, "the hot-key load was throttled");
  // The page polls the capacity report: wait until it shows the throttled partition and key.
  await page.waitForFunction(() => [...document.querySelectorAll("li.partition")]
    .some((c) => Number(c.dataset.throttles) > 0 && Number(c.dataset.writeUnits) > 0));
  await page.getByRole("table", { name: `Throttled keys of ${TABLE}` }).getByText('{"PK":{"S":"HOT"}}').waitFor();
  // The peak second shows the burst that a 60-second average flattens: the hot partition's
  // busiest second is far nearer its cap than its window average, and the admin JSON says so.
  const hotCell = page.locator("li.partition").filter({ has: page.locator("div.peak", { hasText: "throttled" }) }).first();
  await hotCell.waitFor();
  const cell = await hotCell.evaluate((c) => ({ ...c.dataset }));
  assert.ok(Number(cell.peakWriteUnits) > 0, JSON.stringify(cell));
  assert.ok(Number(cell.peakShare) > 10 * Number(cell.share), JSON.stringify(cell));
  const report = await admin(`capacity?table=${TABLE}`);
  const hotPartition = report.Table.Partitions.find((p) => p.Partition === Number(cell.partition));
  assert.equal(hotPartition.PeakSecond.ConsumedWriteCapacityUnits, Number(cell.peakWriteUnits));
  assert.ok(hotPartition.PeakSecond.WriteThrottleEvents > 0);
  assert.ok("CurrentSecond" in hotPartition && "StartMicros" in hotPartition.PeakSecond);
  await shot(page, "heatmap-hot-key");

  // The audit: the console's own Scan and the hot key are findings.
  await page.getByRole("link", { name: "Audit" }).click();
  await page.locator('li.finding[data-kind="scan"]').waitFor();
  await page.locator('li.finding[data-kind="hot-key"]', { hasText: '{"PK":{"S":"HOT"}}' }).waitFor();
  const hot = await page.locator('li.finding[data-kind="hot-key"]').textContent();
  assert.match(hot, /PutItem Employees/);  // the shape behind it
  assert.match(hot, /Fix: .*shard/i);
  await shot(page, "audit-findings");

  // Every form control has a label; nothing came from another origin; no script error.
  await page.goto(`${server.endpoint}/_ddblocal/console/#/items?table=${TABLE}`);
  await page.getByRole("heading", { name: "Query and scan builder" }).waitFor();
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll("input, select, textarea")]
    .filter((c) => c.labels.length === 0 && !c.getAttribute("aria-label")).map((c) => c.name));
  assert.deepEqual(unlabelled, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("console: usable with the keyboard alone", async () => {
  const { page, errors } = await openConsole("#/tables");
  await page.getByRole("heading", { name: "Tables" }).waitFor();
  const focused = () => page.evaluate(() => {
    const e = document.activeElement;
    return `${e.tagName.toLowerCase()}|${e.id}|${(e.textContent || "").trim()}|${e.name || ""}`;
  });
  // The first Tab reaches the skip link; Enter moves focus into <main>.
  await page.keyboard.press("Tab");
  assert.match(await focused(), /^a\|\|Skip to content/);
  await page.keyboard.press("Enter");
  assert.match(await focused(), /^main\|main\|/);

  // Tab to a section link and follow it (at most 40 presses: the page must be traversable).
  async function tabTo(pattern) {
    for (let i = 0; i < 40; ++i) {
      await page.keyboard.press("Tab");
      if (pattern.test(await focused())) return;
    }
    assert.fail(`no focusable element matching ${pattern}`);
  }
  await page.keyboard.press("Shift+Tab");  // back from main into the page's chrome
  await page.evaluate(() => document.querySelector("a.skip").focus());
  await tabTo(/^a\|\|Items\|/);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Query and scan builder" }).waitFor();
  assert.match(await focused(), /^main\|main\|/);  // focus moves to the new content

  // Fill the key condition and submit the form with Enter.
  await tabTo(/\|pkValue$/);
  await page.keyboard.type("ORG#1");
  await page.keyboard.press("Enter");
  await page.locator("#result-counts", { hasText: "Count 2," }).waitFor();

  // The heat map's partitions are focusable and described.
  await page.evaluate(() => document.querySelector("a.skip").focus());
  await tabTo(/^a\|\|Partition heat map\|/);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: `Table ${TABLE}` }).waitFor();
  await tabTo(/^li\|\|P0/);
  const label = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  assert.match(label, /^Partition 0: peak second \d+% of its cap \(.*\), this second \d+%; window: .* WCU, \d+% of its cap, \d+ throttled/);
  await shot(page, "keyboard-heatmap");
  assert.deepEqual(errors, []);
  await page.close();
});
