// The AWS SDK for JavaScript v3 (client-dynamodb, lib-dynamodb) against ddb-local: batches and
// transactions — BatchWrite/BatchGet, TransactWrite/TransactGet with their cancellation reasons
// as the SDK parses them, and ClientRequestToken idempotency.
//
// Run by CTest (clients.js_transactions) with DDB_LOCAL_BIN set; CLIENT_TARGET=dynamodb-local
// runs the same tests against Amazon DynamoDB Local (DYNAMODB_LOCAL_DIR). The server is started
// on a free port before the tests and always stopped after them.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";

import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
} from "@aws-sdk/client-dynamodb";
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  TransactGetCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";

import { CREDENTIALS, REGION, TARGET, startServer, stopServer } from "./ddb_server.mjs";

let server;
let client;
let doc;

const CANCELLED = "Transaction cancelled, please refer cancellation reasons for specific reasons ";

const ACCOUNTS = "js_tx_accounts";
const EVENTS = "js_tx_events";

before(async () => {
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 1 });
  doc = DynamoDBDocumentClient.from(client);
  await client.send(new CreateTableCommand({
    TableName: ACCOUNTS, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
  }));
  await client.send(new CreateTableCommand({
    TableName: EVENTS, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "N" }],
  }));
});

after(() => {
  client?.destroy();
  stopServer(server);
});

function transfer(from, to, amount, extra = {}) {
  return {
    TransactItems: [
      { Update: { TableName: ACCOUNTS, Key: { pk: from }, UpdateExpression: "SET bal = bal - :a",
        ConditionExpression: "bal >= :a", ExpressionAttributeValues: { ":a": amount },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD" } },
      { Update: { TableName: ACCOUNTS, Key: { pk: to }, UpdateExpression: "SET bal = bal + :a",
        ExpressionAttributeValues: { ":a": amount } } },
    ],
    ...extra,
  };
}

async function balances(...names) {
  const { Responses } = await doc.send(new TransactGetCommand({
    TransactItems: names.map((pk) => ({ Get: { TableName: ACCOUNTS, Key: { pk } } })) }));
  return Responses.map((r) => r.Item?.bal);
}

test("BatchWrite and BatchGet across tables with lib-dynamodb", async () => {
  const written = await doc.send(new BatchWriteCommand({ RequestItems: {
    [ACCOUNTS]: [{ PutRequest: { Item: { pk: "b1", bal: 1 } } },
      { PutRequest: { Item: { pk: "b2", bal: 2, tags: new Set(["x"]) } } }],
    [EVENTS]: Array.from({ length: 20 }, (_, i) => ({ PutRequest: { Item: { pk: "ev", sk: i } } })),
  } }));
  assert.deepStrictEqual(written.UnprocessedItems, {});
  const got = await doc.send(new BatchGetCommand({ RequestItems: {
    [ACCOUNTS]: { Keys: [{ pk: "b1" }, { pk: "b2" }, { pk: "none" }], ConsistentRead: true },
    [EVENTS]: { Keys: Array.from({ length: 20 }, (_, i) => ({ pk: "ev", sk: i })),
      ProjectionExpression: "sk" },
  } }));
  assert.deepStrictEqual(got.UnprocessedKeys, {});
  assert.deepStrictEqual(got.Responses[ACCOUNTS].map((i) => i.pk).sort(), ["b1", "b2"]);
  assert.deepStrictEqual(got.Responses[EVENTS].map((i) => i.sk).sort((a, b) => a - b),
    Array.from({ length: 20 }, (_, i) => i));
});

test("batch errors carry the service's type and message", async () => {
  await assert.rejects(
    client.send(new BatchWriteItemCommand({ RequestItems: { [ACCOUNTS]: [
      { PutRequest: { Item: { pk: { S: "d" } } } }, { DeleteRequest: { Key: { pk: { S: "d" } } } }] } })),
    (e) => {
      assert.equal(e.name, "ValidationException");
      assert.equal(e.message, "Provided list of item keys contains duplicates");
      return true;
    });
  await assert.rejects(
    client.send(new BatchGetItemCommand({ RequestItems: { [ACCOUNTS]: {
      Keys: Array.from({ length: 101 }, (_, i) => ({ pk: { S: `k${i}` } })) } } })),
    (e) => { assert.equal(e.name, "ValidationException"); return true; });
});

test("TransactWrite commits every action or none, with the reasons of a cancellation", async () => {
  await doc.send(new TransactWriteCommand({ TransactItems: [
    { Put: { TableName: ACCOUNTS, Item: { pk: "alice", bal: 100 },
      ConditionExpression: "attribute_not_exists(pk)" } },
    { Put: { TableName: ACCOUNTS, Item: { pk: "bob", bal: 0 } } },
    { Put: { TableName: EVENTS, Item: { pk: "opened", sk: 1 } } },
  ] }));
  const out = await doc.send(new TransactWriteCommand(transfer("alice", "bob", 30,
    { ReturnConsumedCapacity: "TOTAL" })));
  assert.deepStrictEqual(out.ConsumedCapacity,
    [{ TableName: ACCOUNTS, CapacityUnits: 4, WriteCapacityUnits: 4 }]);
  assert.deepStrictEqual(await balances("alice", "bob"), [70, 30]);

  await assert.rejects(doc.send(new TransactWriteCommand(transfer("alice", "bob", 500))), (e) => {
    assert.equal(e.name, "TransactionCanceledException");
    assert.equal(e.message, `${CANCELLED}[ConditionalCheckFailed, None]`);
    assert.deepStrictEqual(e.CancellationReasons.map((r) => r.Code),
      ["ConditionalCheckFailed", "None"]);
    assert.equal(e.CancellationReasons[0].Message, "The conditional request failed");
    assert.deepStrictEqual(e.CancellationReasons[0].Item,
      { pk: { S: "alice" }, bal: { N: "70" } });
    return true;
  });
  assert.deepStrictEqual(await balances("alice", "bob"), [70, 30]);

  await assert.rejects(doc.send(new TransactWriteCommand({ TransactItems: [
    { ConditionCheck: { TableName: ACCOUNTS, Key: { pk: "alice" },
      ConditionExpression: "attribute_exists(pk)" } },
    { Delete: { TableName: ACCOUNTS, Key: { pk: "alice" } } },
  ] })), (e) => {
    assert.equal(e.name, "ValidationException");
    assert.equal(e.message, "Transaction request cannot include multiple operations on one item");
    return true;
  });
});

test("TransactGet reads one snapshot with a projection per Get", async () => {
  const { Responses, ConsumedCapacity } = await client.send(new TransactGetItemsCommand({
    TransactItems: [
      { Get: { TableName: ACCOUNTS, Key: { pk: { S: "bob" } }, ProjectionExpression: "bal" } },
      { Get: { TableName: EVENTS, Key: { pk: { S: "opened" }, sk: { N: "1" } } } },
      { Get: { TableName: ACCOUNTS, Key: { pk: { S: "nobody" } } } },
    ],
    ReturnConsumedCapacity: "TOTAL",
  }));
  assert.deepStrictEqual(Responses[0].Item, { bal: { N: "30" } });
  assert.deepStrictEqual(Responses[1].Item, { pk: { S: "opened" }, sk: { N: "1" } });
  assert.equal(Responses[2].Item, undefined);
  const byTable = Object.fromEntries(ConsumedCapacity.map((c) => [c.TableName, c.CapacityUnits]));
  assert.deepStrictEqual(byTable, { [ACCOUNTS]: 4, [EVENTS]: 2 });
});

test("a ClientRequestToken makes TransactWriteItems idempotent", async () => {
  const token = randomUUID();
  const request = transfer("alice", "bob", 5, { ClientRequestToken: token });
  await doc.send(new TransactWriteCommand(request));
  await doc.send(new TransactWriteCommand(request));  // the retry writes nothing
  assert.deepStrictEqual(await balances("alice", "bob"), [65, 35]);
  await assert.rejects(
    client.send(new TransactWriteItemsCommand({ ClientRequestToken: token, TransactItems: [
      { Delete: { TableName: ACCOUNTS, Key: { pk: { S: "bob" } } } }] })),
    (e) => { assert.equal(e.name, "IdempotentParameterMismatchException"); return true; });
  assert.deepStrictEqual(await balances("alice", "bob"), [65, 35]);
});

test("concurrent transfers conserve the total", async () => {
  await doc.send(new TransactWriteCommand({ TransactItems: [
    { Put: { TableName: ACCOUNTS, Item: { pk: "c1", bal: 50 } } },
    { Put: { TableName: ACCOUNTS, Item: { pk: "c2", bal: 50 } } },
  ] }));
  const attempts = Array.from({ length: 40 }, (_, i) => (i % 2
    ? doc.send(new TransactWriteCommand(transfer("c1", "c2", 7)))
    : doc.send(new TransactWriteCommand(transfer("c2", "c1", 9)))).then(() => "ok", (e) => e.name));
  const outcomes = await Promise.all(attempts);
  for (const outcome of outcomes) {
    // The service may also answer TransactionConflict cancellations; ddb-local serializes.
    assert.ok(["ok", "TransactionCanceledException"].includes(outcome), outcome);
  }
  const [c1, c2] = await balances("c1", "c2");
  assert.equal(c1 + c2, 100);
  assert.ok(c1 >= 0 && c2 >= 0);
});
