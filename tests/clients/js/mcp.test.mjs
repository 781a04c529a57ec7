// ddb-local's MCP server (docs/ddb-local.md, "MCP server") driven by the official MCP
// TypeScript SDK's Client, over its three ways in: `ddb-local mcp -inMemory` on stdio, `ddb-local
// mcp --endpoint` on stdio attached to a running ddb-local, and the streamable HTTP transport at
// /_ddblocal/mcp of a running ddb-local (also one that verifies signatures and applies tenant
// policies).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { Sha256 } from "@aws-crypto/sha256-js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { HttpRequest } from "@smithy/protocol-http";
import { SignatureV4 } from "@smithy/signature-v4";

import { REGION, startServer, stopServer } from "./ddb_server.mjs";

const BIN = process.env.DDB_LOCAL_BIN;
const TOOLS = ["audit", "capacity_report", "create_snapshot", "create_table", "delete_item",
  "delete_table", "describe_table", "estimate_cost", "execute_partiql", "get_item",
  "list_snapshots", "list_tables", "put_item", "query", "restore_snapshot", "scan"];

async function connect(transport) {
  const client = new Client({ name: "ddbemu-mcp-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

function stdio(args, env = {}) {
  return new StdioClientTransport({ command: BIN, args: ["mcp", ...args], stderr: "pipe",
    env: { PATH: process.env.PATH, ...env } });
}

// A tool's structuredContent; fails the test when the tool answered an error.
async function call(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, false, `${name}: ${result.content?.[0]?.text}`);
  assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent);
  return result.structuredContent;
}

// The error a tool answered, { ErrorType, Message }.
async function callError(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  assert.equal(result.isError, true, `${name} succeeded: ${result.content?.[0]?.text}`);
  return result.structuredContent;
}

const S = (s) => ({ S: s });

// Everything a session can do, on whatever transport `client` uses. `table` is unique to the
// session's database.
async function exercise(client, table) {
  const listed = await client.listTools();
  assert.deepEqual(listed.tools.map((t) => t.name).sort(), TOOLS);
  const getItem = listed.tools.find((t) => t.name === "get_item");
  assert.equal(getItem.inputSchema.type, "object");
  assert.deepEqual(getItem.inputSchema.required, ["TableName", "Key"]);
  assert.equal(getItem.inputSchema.properties.Key.type, "object");
  assert.equal(getItem.inputSchema.additionalProperties, false);
  const hints = Object.fromEntries(listed.tools.map((t) => [t.name, t.annotations]));
  for (const name of ["query", "scan", "capacity_report", "audit", "estimate_cost"]) {
    assert.deepEqual(hints[name], { readOnlyHint: true, destructiveHint: false }, name);
  }
  for (const name of ["put_item", "delete_table", "restore_snapshot"]) {
    assert.deepEqual(hints[name], { readOnlyHint: false, destructiveHint: true }, name);
  }

  const created = await call(client, "create_table", { TableName: table,
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "S" }] });
  assert.equal(created.TableDescription.TableName, table);
  assert.equal(created.TableDescription.BillingModeSummary.BillingMode, "PAY_PER_REQUEST");
  for (let i = 0; i < 5; ++i) {
    await call(client, "put_item", { TableName: table, Item: { pk: S("a"), sk: S(`s${i}`),
      n: { N: String(i) } } });
  }
  const queried = await call(client, "query", { TableName: table,
    KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
    ExpressionAttributeValues: { ":p": S("a"), ":s": S("s") }, ScanIndexForward: false });
  assert.equal(queried.Count, 5);
  assert.deepEqual(queried.Items.map((i) => i.sk.S), ["s4", "s3", "s2", "s1", "s0"]);
  const tables = await call(client, "list_tables");
  assert.ok(tables.TableNames.includes(table));
  const described = await call(client, "describe_table", { TableName: table });
  assert.equal(described.Table.KeySchema[1].AttributeName, "sk");

  // PartiQL: a write, a read, and a transaction.
  await call(client, "execute_partiql", {
    Statement: `INSERT INTO "${table}" VALUE {'pk': 'p', 'sk': 'q', 'via': 'partiql'}` });
  const selected = await call(client, "execute_partiql", {
    Statement: `SELECT * FROM "${table}" WHERE pk = ?`, Parameters: [S("p")] });
  assert.deepEqual(selected.Items, [{ pk: S("p"), sk: S("q"), via: S("partiql") }]);
  await call(client, "execute_partiql", { TransactStatements: [
    { Statement: `UPDATE "${table}" SET via = 'tx' WHERE pk = ? AND sk = ?`,
      Parameters: [S("p"), S("q")] }] });
  const updated = await call(client, "get_item", { TableName: table, Key: { pk: S("p"), sk: S("q") },
    ConsistentRead: true });
  assert.equal(updated.Item.via.S, "tx");

  // A hot key: one partition key read far more than the others tops the capacity report
  // (which counts partition keys: that is what a partition's throughput is shared by).
  for (let i = 0; i < 25; ++i) {
    await call(client, "get_item", { TableName: table, Key: { pk: S("a"), sk: S("s0") } });
  }
  await call(client, "get_item", { TableName: table, Key: { pk: S("p"), sk: S("q") } });
  const report = await call(client, "capacity_report", { TableName: table, Top: 3 });
  assert.equal(report.Table.TableName, table);
  const hottest = report.Table.TopKeysByConsumption[0];
  assert.deepEqual(hottest.Key, { pk: S("a") });
  assert.ok(hottest.Usage.ConsumedReadCapacityUnits >= 12.5,
    JSON.stringify(report.Table.TopKeysByConsumption));
  assert.ok(report.Table.Partitions.length >= 1);

  // A scan whose filter discards most of what it read: the audit names both anti-patterns.
  const scanned = await call(client, "scan", { TableName: table, FilterExpression: "via = :v",
    ExpressionAttributeValues: { ":v": S("tx") } });
  assert.deepEqual([scanned.Count, scanned.ScannedCount], [1, 6]);
  const audit = await call(client, "audit");
  const kinds = audit.Findings.filter((f) => f.Table === table).map((f) => f.Kind);
  assert.ok(kinds.includes("scan"), JSON.stringify(audit.Findings));

  // Snapshot, delete the table, restore: the items are back.
  const snapshot = await call(client, "create_snapshot", { Name: "before-delete" });
  assert.equal(snapshot.Snapshot.Name, "before-delete");
  const snapshots = await call(client, "list_snapshots");
  assert.deepEqual(snapshots.Snapshots.map((s) => s.Name), ["before-delete"]);
  await call(client, "delete_table", { TableName: table });
  const gone = await callError(client, "describe_table", { TableName: table });
  assert.equal(gone.ErrorType, "ResourceNotFoundException");
  await call(client, "restore_snapshot", { Name: "before-delete" });
  const back = await call(client, "query", { TableName: table, KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": S("a") } });
  assert.equal(back.Count, 5);
  await call(client, "delete_item", { TableName: table, Key: { pk: S("a"), sk: S("s4") } });

  // Resources: the audit and every table.
  const resources = await client.listResources();
  const uris = resources.resources.map((r) => r.uri);
  assert.ok(uris.includes("ddb://audit"));
  assert.ok(uris.includes(`ddb://tables/${table}`));
  const read = await client.readResource({ uri: `ddb://tables/${table}` });
  assert.equal(read.contents[0].mimeType, "application/json");
  assert.equal(JSON.parse(read.contents[0].text).Table.TableName, table);
  const templates = await client.listResourceTemplates();
  assert.deepEqual(templates.resourceTemplates.map((t) => t.uriTemplate), ["ddb://tables/{name}"]);
  const auditRead = await client.readResource({ uri: "ddb://audit" });
  assert.ok(Array.isArray(JSON.parse(auditRead.contents[0].text).Findings));
  await assert.rejects(client.readResource({ uri: "ddb://tables/no_such_table" }),
    (e) => e instanceof McpError && e.code === -32002);

  // Errors: an unknown tool is a protocol error; bad arguments and DynamoDB's refusals are
  // tool errors carrying the service's type and message.
  await assert.rejects(client.callTool({ name: "no_such_tool", arguments: {} }),
    (e) => e instanceof McpError && e.code === ErrorCode.InvalidParams);
  const missing = await callError(client, "get_item", { TableName: table });
  assert.deepEqual(missing, { ErrorType: "ValidationException", Message: "get_item: Key is required" });
  const wrongType = await callError(client, "get_item", { TableName: table, Key: "a" });
  assert.equal(wrongType.Message, "get_item: Key must be of type object");
  const unknown = await callError(client, "scan", { TableName: table, Bogus: 1 });
  assert.equal(unknown.Message, "scan: unknown argument Bogus");
  const badKey = await callError(client, "get_item", { TableName: table, Key: { pk: S("a") } });
  assert.equal(badKey.ErrorType, "ValidationException");
  assert.equal(badKey.Message, "The provided key element does not match the schema");
  assert.equal(await client.ping().then(() => "pong"), "pong");
}

describe("ddb-local mcp -inMemory (stdio)", () => {
  let client;
  before(async () => { client = await connect(stdio(["-inMemory"])); });
  after(async () => { await client?.close(); });

  test("negotiates the protocol and names itself", () => {
    assert.equal(client.getServerVersion().name, "ddb-local");
    assert.ok(client.getServerCapabilities().tools);
    assert.ok(client.getServerCapabilities().resources);
  });

  test("a whole session: tables, items, PartiQL, capacity, audit, snapshots, resources, errors",
    () => exercise(client, "mcp_stdio"));

  // Capacity by the service's rounding (docs/capacity.md §1).
  test("estimate_cost prices a pattern by the capacity model's rounding", async () => {
    const strong = await call(client, "estimate_cost", { Operation: "GetItem",
      ItemSizeBytes: 6 * 1024, ConsistentRead: true, CallsPerSecond: 10 });
    assert.equal(strong.ReadCapacityUnitsPerCall, 2);  // 6 KB: two 4 KB units
    assert.equal(strong.WriteCapacityUnitsPerCall, 0);
    assert.equal(strong.CallsPerDay, 864000);
    assert.equal(strong.ReadRequestUnitsPerDay, 1728000);
    assert.ok(Math.abs(strong.OnDemandCostPerDayUSD - 1728000 * 0.25 / 1e6) < 1e-9);
    assert.equal(strong.ProvisionedReadCapacityUnits, 20);
    const eventual = await call(client, "estimate_cost", { Operation: "GetItem",
      ItemSizeBytes: 6 * 1024 });
    assert.equal(eventual.ReadCapacityUnitsPerCall, 1);  // half of a strongly consistent read
    // Query sums the sizes and rounds once: 10 x 1,000 B = 3 units of 4 KB, eventually 1.5.
    const query = await call(client, "estimate_cost", { Operation: "Query", ItemSizeBytes: 1000,
      ItemsPerCall: 10, KeyCondition: "pk = :org" });
    assert.equal(query.ReadCapacityUnitsPerCall, 1.5);
    assert.equal(query.KeyCondition, "pk = :org");
    // Writes: one unit per started KB; a transaction doubles it; each index write adds its own.
    const put = await call(client, "estimate_cost", { Operation: "PutItem", ItemSizeBytes: 1500,
      IndexWrites: 1 });
    assert.equal(put.WriteCapacityUnitsPerCall, 4);
    const transact = await call(client, "estimate_cost", { Operation: "TransactWriteItems",
      ItemSizeBytes: 500, ItemsPerCall: 3 });
    assert.equal(transact.WriteCapacityUnitsPerCall, 6);
    assert.ok(Math.abs(transact.OnDemandCostPerDayUSD - 6 * 86400 * 1.25 / 1e6) < 1e-9);
    const bad = await callError(client, "estimate_cost", { Operation: "Frobnicate",
      ItemSizeBytes: 1 });
    assert.equal(bad.ErrorType, "ValidationException");
  });
});

test("ddb-local mcp -dbPath keeps the tables, per --access-key and --region", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ddbemu-mcp-db-"));
  const session = (key) => connect(stdio(["-dbPath", dir, "--access-key", key,
    "--region", "eu-west-1"]));
  try {
    const writer = await session("AKIDWRITER");
    await call(writer, "create_table", { TableName: "kept",
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] });
    await writer.close();
    const again = await session("AKIDWRITER");
    assert.deepEqual((await call(again, "list_tables")).TableNames, ["kept"]);
    await again.close();
    const other = await session("AKIDOTHER");
    assert.deepEqual((await call(other, "list_tables")).TableNames, []);
    await other.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe("ddb-local mcp --endpoint (stdio, attached to a running ddb-local)", () => {
  let server;
  let client;
  let readOnly;
  before(async () => {
    server = await startServer();
    client = await connect(stdio(["--endpoint", server.endpoint]));
  });
  after(async () => {
    await client?.close();
    await readOnly?.close();
    stopServer(server);
  });

  test("a whole session against the server", () => exercise(client, "mcp_remote"));

  test("the server's SDK clients see what the session wrote", async () => {
    const ddb = new DynamoDBClient(server.clientConfig({ credentials: { accessKeyId: "local",
      secretAccessKey: "local" } }));
    const { TableNames } = await ddb.send(new ListTablesCommand({}));
    ddb.destroy();
    assert.ok(TableNames.includes("mcp_remote"));
  });

  test("--read-only refuses put, PartiQL writes and restore, and allows reads", async () => {
    readOnly = await connect(stdio(["--endpoint", server.endpoint, "--read-only"]));
    const put = await callError(readOnly, "put_item", { TableName: "mcp_remote",
      Item: { pk: S("z"), sk: S("z") } });
    assert.equal(put.ErrorType, "AccessDeniedException");
    assert.match(put.Message, /read-only: put_item would change the database/);
    const insert = await callError(readOnly, "execute_partiql", {
      Statement: `  insert INTO "mcp_remote" VALUE {'pk': 'z', 'sk': 'z'}` });
    assert.equal(insert.ErrorType, "AccessDeniedException");
    const transaction = await callError(readOnly, "execute_partiql", { TransactStatements: [
      { Statement: `SELECT * FROM "mcp_remote" WHERE pk = 'a' AND sk = 's0'` },
      { Statement: `DELETE FROM "mcp_remote" WHERE pk = 'a' AND sk = 's0'` }] });
    assert.equal(transaction.ErrorType, "AccessDeniedException");
    const restore = await callError(readOnly, "restore_snapshot", { Name: "before-delete" });
    assert.equal(restore.ErrorType, "AccessDeniedException");
    for (const name of ["create_table", "delete_table", "delete_item"]) {
      const tool = (await readOnly.listTools()).tools.find((t) => t.name === name);
      assert.equal(tool.annotations.destructiveHint, true);
    }
    const refused = await callError(readOnly, "delete_table", { TableName: "mcp_remote" });
    assert.equal(refused.ErrorType, "AccessDeniedException");
    const queried = await call(readOnly, "query", { TableName: "mcp_remote",
      KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": S("a") } });
    assert.equal(queried.Count, 4);  // s0..s3: s4 was deleted, the put above refused
    const selected = await call(readOnly, "execute_partiql", {
      Statement: `SELECT * FROM "mcp_remote" WHERE pk = 'p'` });
    assert.equal(selected.Items.length, 1);
  });
});

describe("POST /_ddblocal/mcp (streamable HTTP)", () => {
  let server;
  let client;
  before(async () => {
    server = await startServer();
    client = await connect(new StreamableHTTPClientTransport(
      new URL(`${server.endpoint}/_ddblocal/mcp`)));
  });
  after(async () => {
    await client?.close();
    stopServer(server);
  });

  test("a whole session over HTTP", () => exercise(client, "mcp_http"));

  test("GET has no SSE stream (405); a notification is accepted (202); bad JSON is 400",
    async () => {
      const url = `${server.endpoint}/_ddblocal/mcp`;
      assert.equal((await fetch(url)).status, 405);
      const headers = { "content-type": "application/json",
        accept: "application/json, text/event-stream" };
      const notified = await fetch(url, { method: "POST", headers,
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
      assert.equal(notified.status, 202);
      const garbled = await fetch(url, { method: "POST", headers, body: "{not json" });
      assert.equal(garbled.status, 400);
      assert.equal((await garbled.json()).error.code, ErrorCode.ParseError);
      const unknown = await fetch(url, { method: "POST", headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/frobnicate" }) });
      assert.deepEqual((await unknown.json()).error,
        { code: ErrorCode.MethodNotFound, message: "Method not found: tools/frobnicate" });
    });
});

// The SDK's HTTP transport with a fetch that signs each request as an AWS SDK would.
function signedFetch(credentials) {
  const signer = new SignatureV4({ credentials, region: REGION, service: "dynamodb",
    sha256: Sha256 });
  return async (url, init) => {
    const u = new URL(url);
    const headers = { host: u.host };
    new Headers(init.headers).forEach((value, name) => { headers[name] = value; });
    const request = new HttpRequest({ method: init.method, protocol: u.protocol,
      hostname: u.hostname, port: Number(u.port), path: u.pathname, headers, body: init.body });
    const signed = await signer.sign(request);
    return fetch(url, { ...init, headers: signed.headers });
  };
}

describe("MCP on a ddb-local that verifies signatures and applies policies", () => {
  const KEYS = { accessKeyId: "AKIDJSMCP", secretAccessKey: "js/mcp+secret" };
  const TENANT = { accessKeyId: "AKIDJSTENANT", secretAccessKey: "tenant+secret" };
  const POLICIES = { Policies: [
    { AccessKeyId: KEYS.accessKeyId, User: "admin", Actions: ["*"], Tables: ["*"] },
    { AccessKeyId: TENANT.accessKeyId, User: "tenant-a", Actions: ["GetItem", "PutItem", "Query"],
      Tables: ["signed_mcp"], LeadingKeys: ["TENANT#a"] }] };
  let server;
  let dir;
  const mcpUrl = () => new URL(`${server.endpoint}/_ddblocal/mcp`);
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ddbemu-mcp-"));
    const file = path.join(dir, "credentials");
    fs.writeFileSync(file, `${KEYS.accessKeyId} ${KEYS.secretAccessKey}\n` +
      `${TENANT.accessKeyId} ${TENANT.secretAccessKey}\n`);
    const policies = path.join(dir, "policies.json");
    fs.writeFileSync(policies, JSON.stringify(POLICIES));
    server = await startServer(["-sharedDb", "--credentials-file", file,
      "--access-policy-file", policies], KEYS);
  });
  after(() => {
    stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("an unsigned MCP request is refused", async () => {
    const response = await fetch(mcpUrl(), { method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.match(body.__type, /MissingAuthenticationTokenException$/);
    const client = new Client({ name: "unsigned", version: "1.0.0" });
    await assert.rejects(client.connect(new StreamableHTTPClientTransport(mcpUrl())));
  });

  test("a signed HTTP session runs as its signer", async () => {
    const client = await connect(new StreamableHTTPClientTransport(mcpUrl(),
      { fetch: signedFetch(KEYS) }));
    try {
      await call(client, "create_table", { TableName: "signed_mcp",
        KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
        AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] });
      for (const pk of ["TENANT#a", "TENANT#b"]) {
        await call(client, "put_item", { TableName: "signed_mcp", Item: { pk: S(pk) } });
      }
    } finally {
      await client.close();
    }
    const ddb = new DynamoDBClient({ endpoint: server.endpoint, region: REGION, credentials: KEYS });
    const { TableNames } = await ddb.send(new ListTablesCommand({}));
    ddb.destroy();
    assert.deepEqual(TableNames, ["signed_mcp"]);
  });

  test("a tenant's session gets its policy: its own keys only", async () => {
    const client = await connect(new StreamableHTTPClientTransport(mcpUrl(),
      { fetch: signedFetch(TENANT) }));
    try {
      const own = await call(client, "get_item", { TableName: "signed_mcp",
        Key: { pk: S("TENANT#a") } });
      assert.deepEqual(own.Item, { pk: S("TENANT#a") });
      const other = await callError(client, "get_item", { TableName: "signed_mcp",
        Key: { pk: S("TENANT#b") } });
      assert.equal(other.ErrorType, "AccessDeniedException");
      assert.match(other.Message, /user\/tenant-a is not authorized to perform: dynamodb:GetItem/);
      const scan = await callError(client, "scan", { TableName: "signed_mcp" });
      assert.equal(scan.ErrorType, "AccessDeniedException");
      const snapshot = await callError(client, "create_snapshot", { Name: "tenant" });
      assert.equal(snapshot.ErrorType, "AccessDeniedException");
    } finally {
      await client.close();
    }
  });

  test("ddb-local mcp --endpoint signs with --access-key and --secret-key", async () => {
    const client = await connect(stdio(["--endpoint", server.endpoint, "--region", REGION,
      "--access-key", KEYS.accessKeyId, "--secret-key", KEYS.secretAccessKey]));
    try {
      const tables = await call(client, "list_tables");
      assert.deepEqual(tables.TableNames, ["signed_mcp"]);
      const snapshot = await call(client, "create_snapshot", { Name: "signed" });
      assert.equal(snapshot.Snapshot.Name, "signed");
    } finally {
      await client.close();
    }
    const wrong = await connect(stdio(["--endpoint", server.endpoint, "--access-key",
      KEYS.accessKeyId, "--secret-key", "wrong"]));
    try {
      const refused = await callError(wrong, "list_tables");
      assert.equal(refused.ErrorType, "InvalidSignatureException");
    } finally {
      await wrong.close();
    }
  });
});
