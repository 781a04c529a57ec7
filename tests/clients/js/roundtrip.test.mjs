// The AWS SDK for JavaScript v3 (client-dynamodb, lib-dynamodb) and ElectroDB against
// ddb-local: table lifecycle, a round trip of every attribute type, error reporting.
//
// Run by CTest (clients.js) with DDB_LOCAL_BIN set; CLIENT_TARGET=dynamodb-local runs the same
// tests against Amazon DynamoDB Local (DYNAMODB_LOCAL_DIR) to check the tests themselves.
// The server is started on a free port before the tests and always stopped after them.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
} from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, NumberValue, PutCommand } from "@aws-sdk/lib-dynamodb";
import { Entity } from "electrodb";

import { CREDENTIALS, REGION, TARGET, startServer, stopServer } from "./ddb_server.mjs";

let server;
let client;
let doc;

before(async () => {
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 1 });
  doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
    unmarshallOptions: { wrapNumbers: true },
  });
});

after(() => {
  client?.destroy();
  stopServer(server);
});

const bytes = (...b) => new Uint8Array(b);
const allBytes = new Uint8Array(256).map((_, i) => i);

// Every attribute type; numbers in canonical form so the item read back is identical.
const ITEM = {
  pk: { S: "every-type" },
  sk: { N: "1" },
  s: { S: 'héllo wörld ✓ "quoted" \\ tab\t' },
  s_empty: { S: "" },
  n_38_digits: { N: "12345678901234567890123456789012345678" },
  n_negative_small: { N: "-0.000000000000000000012345678901234567890123456789012345678" },
  n_neg_exponent: { N: "-0.00000015" },
  b: { B: allBytes },
  bool_true: { BOOL: true },
  bool_false: { BOOL: false },
  null: { NULL: true },
  m: { M: { name: { S: "x" }, n: { N: "-1.5" },
    nested: { M: { l: { L: [{ S: "deep" }, { N: "2" }] } } } } },
  l: { L: [{ S: "a" }, { N: "0.25" }, { B: bytes(0, 255) }, { NULL: true }, { BOOL: false },
    { L: [] }, { M: {} }, { SS: ["in", "list"] }] },
  ss: { SS: ["b", "a", "c", "ü"] },
  ns: { NS: ["3", "-1", "2.5", "12345678901234567890123456789012345678"] },
  bs: { BS: [bytes(1), bytes(2, 3), bytes(0)] },
};
const KEY = { pk: ITEM.pk, sk: ITEM.sk };

// Binaries as base64 and sets sorted, so that two items compare with deepStrictEqual.
function canonical(v) {
  if (v instanceof Uint8Array) return `b64:${Buffer.from(v).toString("base64")}`;
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") {
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = ["SS", "NS", "BS"].includes(k) && Array.isArray(x)
        ? x.map(canonical).sort() : canonical(x);
    }
    return out;
  }
  return v;
}

function keyedTable(name) {
  return {
    TableName: name,
    BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "N" }],
  };
}

test("table lifecycle and a round trip of every attribute type", async () => {
  const name = "js_roundtrip";
  const created = await client.send(new CreateTableCommand(keyedTable(name)));
  assert.equal(created.TableDescription.TableName, name);
  const described = await client.send(new DescribeTableCommand({ TableName: name }));
  assert.equal(described.Table.TableStatus, "ACTIVE");
  assert.equal(described.Table.BillingModeSummary.BillingMode, "PAY_PER_REQUEST");
  assert.ok((await client.send(new ListTablesCommand({}))).TableNames.includes(name));

  const put = await client.send(new PutItemCommand({ TableName: name, Item: ITEM,
    ReturnValues: "ALL_OLD" }));
  assert.equal(put.Attributes, undefined);
  const got = await client.send(new GetItemCommand({ TableName: name, Key: KEY,
    ConsistentRead: true }));
  assert.ok(got.Item.b.B instanceof Uint8Array);
  assert.deepStrictEqual(canonical(got.Item), canonical(ITEM));

  const del = await client.send(new DeleteItemCommand({ TableName: name, Key: KEY,
    ReturnValues: "ALL_OLD" }));
  assert.deepStrictEqual(canonical(del.Attributes), canonical(ITEM));
  const gone = await client.send(new GetItemCommand({ TableName: name, Key: KEY }));
  assert.equal(gone.Item, undefined);

  await client.send(new DeleteTableCommand({ TableName: name }));
  assert.ok(!(await client.send(new ListTablesCommand({}))).TableNames.includes(name));
});

test("lib-dynamodb keeps a 38-digit number exact with NumberValue and wrapNumbers", async () => {
  const name = "js_document";
  await client.send(new CreateTableCommand(keyedTable(name)));
  const big = "12345678901234567890123456789012345678";
  const small = "-0.000000000000000000012345678901234567890123456789012345678";
  await doc.send(new PutCommand({ TableName: name, Item: {
    pk: "doc", sk: 7, big: NumberValue.from(big), small: NumberValue.from(small),
    bin: bytes(9, 8, 7), list: ["a", 1, true, null], map: { nested: { deep: "x" } },
    tags: new Set(["x", "y"]),
  } }));
  const { Item } = await doc.send(new GetCommand({ TableName: name, Key: { pk: "doc", sk: 7 },
    ConsistentRead: true }));
  assert.equal(Item.big.toString(), big);
  assert.equal(Item.small.toString(), small);
  assert.equal(Item.sk.toString(), "7");
  assert.deepStrictEqual(Buffer.from(Item.bin), Buffer.from([9, 8, 7]));
  assert.deepStrictEqual(Item.list.map((x) => (x instanceof NumberValue ? x.toString() : x)),
    ["a", "1", true, null]);
  assert.deepStrictEqual(Item.map, { nested: { deep: "x" } });
  assert.deepStrictEqual([...Item.tags].sort(), ["x", "y"]);
  await client.send(new DeleteTableCommand({ TableName: name }));
});

test("ElectroDB puts and gets an entity", async () => {
  const name = "js_electro";
  await client.send(new CreateTableCommand({
    TableName: name,
    BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "S" }],
  }));
  const employee = new Entity({
    model: { entity: "employee", version: "1", service: "hr" },
    attributes: {
      tenantId: { type: "string", required: true },
      employeeId: { type: "string", required: true },
      name: { type: "string" },
      salary: { type: "number" },
      skills: { type: "set", items: "string" },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["tenantId"] },
        sk: { field: "sk", composite: ["employeeId"] },
      },
    },
  }, { table: name, client: doc });
  const data = { tenantId: "t1", employeeId: "e1", name: "Ada", salary: 123.5,
    skills: ["c++", "lmdb"] };
  await employee.put(data).go();
  const { data: got } = await employee.get({ tenantId: "t1", employeeId: "e1" }).go();
  assert.equal(got.name, "Ada");
  assert.equal(Number(got.salary), 123.5);
  assert.deepStrictEqual([...got.skills].sort(), ["c++", "lmdb"]);
  await employee.delete({ tenantId: "t1", employeeId: "e1" }).go();
  const { data: gone } = await employee.get({ tenantId: "t1", employeeId: "e1" }).go();
  assert.equal(gone, null);
  await client.send(new DeleteTableCommand({ TableName: name }));
});

test("errors carry the service's type and message", async () => {
  await assert.rejects(
    client.send(new GetItemCommand({ TableName: "no_such_table_js", Key: { pk: { S: "x" } } })),
    (e) => {
      assert.equal(e.name, "ResourceNotFoundException");
      assert.equal(e.$metadata.httpStatusCode, 400);
      assert.equal(e.message, TARGET === "dynamodb-local"
        ? "Cannot do operations on a non-existent table" : "Requested resource not found");
      return true;
    });
  const name = "js_errors";
  await client.send(new CreateTableCommand(keyedTable(name)));
  await assert.rejects(
    client.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "only-hash" } } })),
    (e) => {
      assert.equal(e.name, "ValidationException");
      assert.equal(e.message, TARGET === "dynamodb-local"
        ? "One of the required keys was not given a value"
        : "One or more parameter values were invalid: Missing the key sk in the item");
      return true;
    });
  await client.send(new DeleteTableCommand({ TableName: name }));
});
