// The console against a ddb-local that verifies signatures (--credentials-file), in headless
// Chromium: its DynamoDB requests carry real SigV4 signatures (sigv4.js), so with the right
// secret access key it creates a table, puts and queries an item; without it the service's
// errors are shown. Synchronisation is by waiting for what the page shows.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";

import { ARTIFACTS, launchChromium, openConsolePage, shot, unlabelled } from "./console_browser.mjs";

import { startServer, stopServer } from "./ddb_server.mjs";

const KEYS = { accessKeyId: "AKIDCONSOLE", secretAccessKey: "console/secret+key" };

let server;
let browser;
let dir;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ddbemu-console-auth-"));
  const file = path.join(dir, "credentials");
  fs.writeFileSync(file, `${KEYS.accessKeyId} ${KEYS.secretAccessKey}\n`);
  // The readiness probe signs with the file's keys (ddb_server.mjs).
  server = await startServer(["--console", "--credentials-file", file], KEYS);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  stopServer(server);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function useCaller(page, key, secret) {
  await page.getByLabel("Access key id").fill(key);
  await page.getByLabel("Secret access key").fill(secret);
  await page.getByRole("button", { name: "Use" }).click();
}

test("console: signed requests are served by a ddb-local that verifies signatures", async () => {
  const { page, errors } = await openConsolePage(browser, server.endpoint, "#/tables",
    { consoleErrors: false, offline: true });
  const status = page.locator("#status");

  // The default caller is not in the credentials file; a known key with a wrong secret fails
  // the signature check.
  await status.filter({ hasText: "UnrecognizedClientException" }).waitFor();
  await useCaller(page, KEYS.accessKeyId, "not-the-secret");
  await status.filter({ hasText: "InvalidSignatureException" }).waitFor();

  // The right secret: every request of the session is signed and served.
  await useCaller(page, KEYS.accessKeyId, KEYS.secretAccessKey);
  await page.getByRole("heading", { name: "Create a table" }).waitFor();
  await page.getByLabel("Table name").fill("Signed");
  await page.getByRole("button", { name: "Create table" }).click();
  await page.getByRole("heading", { name: "Query and scan builder" }).waitFor();
  await page.getByRole("button", { name: "New item" }).click();
  await page.getByLabel("Item JSON").fill(JSON.stringify({ PK: { S: "ORG#1" }, SK: { S: "EMP#1" }, name: { S: "Ada" } }));
  await page.getByRole("button", { name: "Save item" }).click();
  await page.locator("#status", { hasText: "Item saved" }).waitFor();
  await page.getByLabel("PK =").fill("ORG#1");
  await page.getByRole("button", { name: "Run" }).click();
  await page.locator("#result-counts", { hasText: "Count 1, ScannedCount 1" }).waitFor();
  await page.screenshot({ path: path.join(ARTIFACTS, "signed-console.png"), fullPage: true });

  // The Authorization header is a real signature, not the unsigned placeholder.
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.headers()["x-amz-target"]?.endsWith(".Query")),
    page.getByRole("button", { name: "Run" }).click(),
  ]);
  const authorization = request.headers().authorization;
  assert.match(authorization, /^AWS4-HMAC-SHA256 Credential=AKIDCONSOLE\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/);

  // Admin requests are signed too (ddb-local verifies the caller they name): a snapshot with a
  // query string is taken and listed.
  await page.evaluate(() => { location.hash = "#/snapshots"; });
  await page.getByRole("heading", { name: "Take a snapshot" }).waitFor();
  await page.getByLabel("Snapshot name").fill("signed-snap.1");
  const [snapshot] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/_ddblocal/snapshot?")),
    page.getByRole("button", { name: "Take snapshot" }).click(),
  ]);
  assert.match(snapshot.headers().authorization, /^AWS4-HMAC-SHA256 Credential=AKIDCONSOLE\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=host;x-amz-date, Signature=[0-9a-f]{64}$/);
  await page.getByRole("cell", { name: "signed-snap.1", exact: true }).waitFor();

  // The same page with a wrong secret: ddb-local refuses the admin request it cannot verify.
  await useCaller(page, KEYS.accessKeyId, "not-the-secret");
  const [refused] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/_ddblocal/snapshots"),
    page.evaluate(() => { location.hash = "#/snapshots?again=1"; }),
  ]);
  assert.equal(refused.status(), 400);
  assert.match(await refused.text(), /InvalidSignatureException/);
  assert.deepEqual(errors, []);
  await page.close();
});
