// The AWS SDK for JavaScript v3 against ddb-local: the checks of issue 32, point 1, each as the
// service answers it — tagging ARNs (2026), an empty attribute name, index key values over the
// key limits and the backfill that leaves such items out, an empty Expected with a
// ConditionalOperator, a duplicate in AttributesToGet, REMOVE on an item that does not exist,
// UpdateTable naming an index the table has, and a Query start key that lacks or adds key
// attributes. Every refusal leaves the table as it was.
//
// Run by CTest (clients.js_service_checks) with DDB_LOCAL_BIN set; ddb-local only (several of
// these are where DynamoDB Local differs, tests/differential/ACCEPTED_DIFFERENCES.md).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTagsOfResourceCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TagResourceCommand,
  UpdateItemCommand,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, TARGET, startServer, stopServer } from "./ddb_server.mjs";

let server;
let client;
let arn;
const TABLE = "js_checks";

before(async () => {
  assert.equal(TARGET, "ddb-local", "AWS's answers, which DynamoDB Local does not give");
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 1 });
  const created = await client.send(new CreateTableCommand({
    TableName: TABLE, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "g", AttributeType: "S" }],
    GlobalSecondaryIndexes: [{ IndexName: "by_g", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }],
      Projection: { ProjectionType: "ALL" } }],
  }));
  arn = created.TableDescription.TableArn;
});

after(() => {
  client?.destroy();
  stopServer(server);
});

const refused = (promise, name, message) => assert.rejects(promise, (e) => {
  assert.equal(e.name, name);
  if (message instanceof RegExp) assert.match(e.message, message);
  else assert.equal(e.message, message);
  return true;
});
const count = async (extra = {}) =>
  (await client.send(new ScanCommand({ TableName: TABLE, ...extra }))).Items.length;

test("tagging ARNs are judged as AWS judged them in 2026", async () => {
  await refused(client.send(new TagResourceCommand({ ResourceArn: "not-a-valid-arn",
    Tags: [{ Key: "a", Value: "b" }] })), "ValidationException",
  "Invalid TableArn: Invalid ResourceArn provided as input not-a-valid-arn");
  const missing = arn.replace(/table\/.*/, "table/no_such_table");
  await refused(client.send(new ListTagsOfResourceCommand({ ResourceArn: missing })),
    "AccessDeniedException", new RegExp(
      `is not authorized to perform: dynamodb:ListTagsOfResource on resource: ${missing}$`));
});

test("an empty attribute name is refused and nothing is written", async () => {
  await refused(client.send(new PutItemCommand({ TableName: TABLE,
    Item: { pk: { S: "empty" }, "": { S: "x" } } })), "ValidationException",
  "One or more parameter values were invalid: Empty attribute name");
  await refused(client.send(new BatchWriteItemCommand({ RequestItems: { [TABLE]: [
    { PutRequest: { Item: { pk: { S: "empty2" }, "": { N: "1" } } } }] } })),
  "ValidationException", "One or more parameter values were invalid: Empty attribute name");
  assert.equal(await count(), 0);
});

test("index key values over the key limits are refused on write", async () => {
  await client.send(new PutItemCommand({ TableName: TABLE,
    Item: { pk: { S: "at_limit" }, g: { S: "g".repeat(2048) } } }));
  await refused(client.send(new PutItemCommand({ TableName: TABLE,
    Item: { pk: { S: "over" }, g: { S: "g".repeat(2049) } } })), "ValidationException",
  "One or more parameter values were invalid: Size limit exceeded for Index Key g " +
    "Actual Size: 2049 bytes Max Size: 2048 bytes IndexName: by_g");
  assert.equal(await count({ IndexName: "by_g" }), 1);
});

test("a new index's backfill leaves out the items it cannot index", async () => {
  const table = "js_backfill";
  await client.send(new CreateTableCommand({ TableName: table, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] }));
  for (const [pk, h, r] of [["ok", "h", "r"], ["empty", "", "r"], ["long_h", "h".repeat(2049), "r"],
    ["long_r", "h", "r".repeat(1025)]]) {
    await client.send(new PutItemCommand({ TableName: table,
      Item: { pk: { S: pk }, h: { S: h }, r: { S: r } } }));
  }
  await client.send(new UpdateTableCommand({ TableName: table,
    AttributeDefinitions: [{ AttributeName: "h", AttributeType: "S" },
      { AttributeName: "r", AttributeType: "S" }],
    GlobalSecondaryIndexUpdates: [{ Create: { IndexName: "by_h", KeySchema: [
      { AttributeName: "h", KeyType: "HASH" }, { AttributeName: "r", KeyType: "RANGE" }],
    Projection: { ProjectionType: "KEYS_ONLY" } } }] }));
  const { Items } = await client.send(new ScanCommand({ TableName: table, IndexName: "by_h" }));
  assert.deepEqual(Items.map((i) => i.pk.S), ["ok"]);
  await refused(client.send(new UpdateTableCommand({ TableName: table,
    AttributeDefinitions: [{ AttributeName: "h", AttributeType: "S" }],
    GlobalSecondaryIndexUpdates: [{ Create: { IndexName: "by_h",
      KeySchema: [{ AttributeName: "h", KeyType: "HASH" }],
      Projection: { ProjectionType: "ALL" } } }] })), "ValidationException",
  "Attempting to create an index which already exists");
});

test("legacy parameters: an empty Expected, a duplicate in AttributesToGet", async () => {
  const update = { TableName: TABLE, Key: { pk: { S: "legacy" } },
    AttributeUpdates: { v: { Value: { S: "1" }, Action: "PUT" } }, Expected: {} };
  await client.send(new UpdateItemCommand(update));
  await refused(client.send(new UpdateItemCommand({ ...update, ConditionalOperator: "OR" })),
    "ValidationException", "ConditionalOperator cannot be used without Filter or Expected");
  await refused(client.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: "legacy" } },
    AttributesToGet: ["v", "v"] })), "ValidationException",
  "One or more parameter values were invalid: Duplicate value in attribute name: v");
});

test("REMOVE of a nested path on an item that does not exist succeeds and creates nothing",
  async () => {
    await client.send(new UpdateItemCommand({ TableName: TABLE, Key: { pk: { S: "ghost" } },
      UpdateExpression: "REMOVE a.b[1].c" }));
    const { Item } = await client.send(new GetItemCommand({ TableName: TABLE,
      Key: { pk: { S: "ghost" } } }));
    assert.equal(Item, undefined);
  });

test("a Query's ExclusiveStartKey must hold exactly the key attributes", async () => {
  const base = { TableName: TABLE, KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": { S: "a" } } };
  await client.send(new QueryCommand({ ...base, ExclusiveStartKey: { pk: { S: "a" } } }));
  await refused(client.send(new QueryCommand({ ...base,
    ExclusiveStartKey: { pk: { S: "a" }, extra: { S: "x" } } })), "ValidationException",
  "The provided starting key is invalid");
  const index = { TableName: TABLE, IndexName: "by_g", KeyConditionExpression: "g = :g",
    ExpressionAttributeValues: { ":g": { S: "g" } } };
  await client.send(new QueryCommand({ ...index,
    ExclusiveStartKey: { pk: { S: "a" }, g: { S: "g" } } }));
  await refused(client.send(new QueryCommand({ ...index, ExclusiveStartKey: { pk: { S: "a" } } })),
    "ValidationException", "The provided starting key is invalid");
});
