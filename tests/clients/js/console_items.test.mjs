// The console's Items page in headless Chromium (playwright-core): opening a table shows its
// first page at once as a table of items (keys first, typed values), paging forward and back
// over LastEvaluatedKey, a Query when a partition key is given, a JSON view per row, create,
// edit and delete (confirmed) through the item editor, and the PartiQL editor with NextToken
// paging and DynamoDB's errors. Items are written and checked with the AWS SDK. Screenshots go
// to $CONSOLE_ARTIFACTS_DIR. Waits for what the page shows, never sleeps.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";

import { BatchWriteItemCommand, CreateTableCommand, DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { ARTIFACTS, launchChromium, openConsolePage, shot, unlabelled } from "./console_browser.mjs";

import { startDdbLocal } from "ddb-local-js";

const TABLE = "Books";
const BOOKS = 23;  // with a page of 10: three pages

let server;
let browser;
let client;


before(async () => {
  server = await startDdbLocal({ args: ["--console"] });
  browser = await launchChromium();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: "us-east-1",
    credentials: { accessKeyId: "console", secretAccessKey: "x" } });
  await client.send(new CreateTableCommand({ TableName: TABLE, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "shelf", AttributeType: "S" }, { AttributeName: "isbn", AttributeType: "N" }],
    KeySchema: [{ AttributeName: "shelf", KeyType: "HASH" }, { AttributeName: "isbn", KeyType: "RANGE" }] }));
  const items = Array.from({ length: BOOKS }, (_, i) => ({ PutRequest: { Item: {
    shelf: { S: i < 12 ? "fiction" : "science" }, isbn: { N: String(1000 + i) }, title: { S: `Book ${i}` },
    ...(i % 2 ? { tags: { SS: ["new", "paper"] } } : { pages: { N: String(100 + i) } }) } } }));
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25);
    while (pending.length) {
      const answer = await client.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: pending } }));
      pending = answer.UnprocessedItems?.[TABLE] ?? [];
    }
  }
});

after(async () => {
  client?.destroy();
  await browser?.close();
  await server?.stop();
});

// Not opened yet: each test goes to its own address.
const openPage = () => openConsolePage(browser, server.endpoint, null, { consoleErrors: false });
const rowKeys = (page) => page.locator("table.items tbody tr.item-row").evaluateAll(
  (rows) => rows.map((r) => `${r.cells[0].textContent}/${r.cells[1].textContent}`));
const getBook = async (shelf, isbn) => (await client.send(new GetItemCommand({ TableName: TABLE,
  Key: { shelf: { S: shelf }, isbn: { N: String(isbn) } }, ConsistentRead: true }))).Item;

test("items: the first page at once, paging, Query, JSON view", async () => {
  const { page, errors } = await openPage();
  await page.goto(`${server.endpoint}/_ddblocal/console/#/items?table=${TABLE}&limit=10`);
  await page.locator("#result-counts", { hasText: "Count 10, ScannedCount 10" }).waitFor();
  // Keys first, then the union of the page's attributes; each value with its type.
  const headers = await page.locator("table.items thead th").allTextContents();
  assert.deepEqual(headers.slice(0, 2), ["shelf", "isbn"]);
  assert.ok(["title", "tags", "pages"].every((a) => headers.includes(a)), headers.join(","));
  const types = await page.locator("table.items tbody tr.item-row").evaluateAll((rows, headers) =>
    rows.flatMap((r) => [...r.cells].slice(0, headers.length - 1).map((c, i) => `${headers[i]}:${c.dataset.type || ""}`)), headers);
  assert.ok(types.includes("shelf:S") && types.includes("isbn:N") && types.includes("tags:SS") &&
    types.includes("pages:N") && types.includes("title:S"), types.join(","));
  const first = await rowKeys(page);
  assert.equal(first.length, 10);
  await shot(page, "items-table");

  // Three pages of 10, 10 and 3; back to the second gives the same items.
  await page.getByRole("button", { name: "Next page" }).click();
  await page.locator("#page-number", { hasText: "Page 2" }).waitFor();
  const second = await rowKeys(page);
  assert.equal(second.length, 10);
  assert.equal(second.filter((k) => first.includes(k)).length, 0);
  await page.getByRole("button", { name: "Next page" }).click();
  await page.locator("#page-number", { hasText: "Page 3" }).waitFor();
  const third = await rowKeys(page);
  assert.equal(third.length, BOOKS - 20);
  assert.equal(new Set([...first, ...second, ...third]).size, BOOKS);
  await page.getByRole("button", { name: "Previous page" }).click();
  await page.locator("#page-number", { hasText: "Page 2" }).waitFor();
  assert.deepEqual(await rowKeys(page), second);
  await page.getByRole("button", { name: "Previous page" }).click();
  await page.locator("#page-number", { hasText: "Page 1" }).waitFor();
  assert.deepEqual(await rowKeys(page), first);

  // A partition key value makes it a Query.
  await page.getByLabel("shelf =").fill("science");
  assert.equal(await page.getByLabel("Operation").inputValue(), "Query");
  await page.getByRole("button", { name: "Run" }).click();
  // The Scan's first page also says "Count 10,": wait for the Query's rows to replace its own.
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll("table.items tbody tr.item-row")];
    return rows.length > 0 && rows.every((r) => r.cells[0].textContent === "science");
  });
  await page.locator("#result-counts", { hasText: `Count ${Math.min(10, BOOKS - 12)},` }).waitFor();
  assert.ok((await rowKeys(page)).every((k) => k.startsWith("science/")));

  // The JSON view of one row: the item in DynamoDB JSON.
  const json = page.getByRole("button", { name: "JSON of item science 1012" });
  await json.click();
  const pre = page.getByLabel("Item science 1012 as JSON");
  await pre.waitFor();
  assert.deepEqual(JSON.parse(await pre.textContent()), await getBook("science", 1012));
  await shot(page, "items-json");
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("items: create, edit and delete through the editor", async () => {
  const { page, errors } = await openPage();
  await page.goto(`${server.endpoint}/_ddblocal/console/#/items?table=${TABLE}`);
  await page.locator("#result-counts", { hasText: `Count ${BOOKS},` }).waitFor();

  // Create.
  await page.getByRole("button", { name: "New item" }).click();
  await page.getByRole("heading", { name: "New item (DynamoDB JSON)" }).waitFor();
  await page.getByLabel("Item JSON").fill(JSON.stringify({ shelf: { S: "poetry" }, isbn: { N: "7" },
    title: { S: "Odes" }, price: { N: "9.5" } }));
  await page.getByRole("button", { name: "Save item" }).click();
  await page.locator("#result-counts", { hasText: `Count ${BOOKS + 1},` }).waitFor();
  assert.deepEqual(await getBook("poetry", 7), { shelf: { S: "poetry" }, isbn: { N: "7" },
    title: { S: "Odes" }, price: { N: "9.5" } });

  // Edit: the editor holds the item; the change is written with PutItem.
  await page.getByRole("button", { name: "Edit item poetry 7" }).click();
  const item = JSON.parse(await page.getByLabel("Item JSON").inputValue());
  assert.equal(item.title.S, "Odes");
  item.title = { S: "Odes, revised" };
  await page.getByLabel("Item JSON").fill(JSON.stringify(item));
  await page.getByRole("button", { name: "Save item" }).click();
  await page.locator("tr.item-row td", { hasText: "Odes, revised" }).waitFor();
  assert.equal((await getBook("poetry", 7)).title.S, "Odes, revised");
  await shot(page, "items-edited");

  // Bad JSON is refused and writes nothing.
  await page.getByRole("button", { name: "Edit item poetry 7" }).click();
  await page.getByLabel("Item JSON").fill("{ not json");
  await page.getByRole("button", { name: "Save item" }).click();
  await page.locator("#status.error", { hasText: "Not JSON" }).waitFor();
  await page.getByRole("button", { name: "Cancel" }).click();

  // Delete: dismissing the confirmation keeps the item, accepting it deletes.
  page.once("dialog", (d) => d.dismiss());
  await page.getByRole("button", { name: "Delete item poetry 7" }).click();
  assert.ok(await getBook("poetry", 7));
  page.once("dialog", (d) => {
    assert.match(d.message(), /Delete item \{"shelf":\{"S":"poetry"\},"isbn":\{"N":"7"\}\}/);
    d.accept();
  });
  await page.getByRole("button", { name: "Delete item poetry 7" }).click();
  await page.locator("#result-counts", { hasText: `Count ${BOOKS},` }).waitFor();
  assert.equal(await getBook("poetry", 7), undefined);
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("items: the PartiQL editor, its paging and its errors", async () => {
  const { page, errors } = await openPage();
  await page.goto(`${server.endpoint}/_ddblocal/console/#/items?table=${TABLE}`);
  await page.getByRole("heading", { name: "PartiQL" }).waitFor();
  await page.getByLabel("Statement").fill(`SELECT isbn, title FROM "${TABLE}" WHERE shelf = ?`);
  await page.getByLabel("Parameters (JSON list)").fill('[{"S": "fiction"}]');
  await page.getByLabel("Limit (PartiQL)").fill("5");
  await page.getByRole("button", { name: "Execute" }).click();
  await page.locator("#partiql-counts", { hasText: "5 item(s), page 1" }).waitFor();
  const titles = async () => page.locator("#partiql-results tr.item-row").evaluateAll(
    (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent).join("|")));
  const pageOne = await titles();
  assert.equal(pageOne.length, 5);
  assert.ok(pageOne.every((row) => /^100\d|101\d/.test(row) && row.includes("Book")), pageOne.join(";"));
  await shot(page, "items-partiql");
  const seen = new Set(pageOne);
  for (let n = 2; n <= 3; ++n) {
    await page.getByRole("button", { name: "Next results" }).click();
    await page.locator("#partiql-counts", { hasText: `page ${n}` }).waitFor();
    for (const row of await titles()) seen.add(row);
  }
  assert.equal(seen.size, 12, "the fiction shelf, over three pages");
  await page.getByRole("button", { name: "Previous results" }).click();
  await page.locator("#partiql-counts", { hasText: "page 2" }).waitFor();

  // An error is shown as DynamoDB reports it.
  await page.getByLabel("Parameters (JSON list)").fill("");
  await page.getByLabel("Statement").fill(`SELECT * FROM "NoSuchTable"`);
  await page.getByRole("button", { name: "Execute" }).click();
  const error = page.locator("#partiql-error");
  await error.waitFor();
  assert.match(await error.textContent(), /^ResourceNotFoundException: .+/);
  await shot(page, "items-partiql-error");
  assert.deepEqual(await unlabelled(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});
