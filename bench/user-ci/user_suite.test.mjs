// A user's CI suite as JavaScript teams write theirs against a local DynamoDB: node's test
// runner and the AWS SDK v3's document client; every test creates its own table, writes and
// reads a few items, and deletes the table. The same ten scenarios as test_user_suite.py (the
// pytest one), each for five tenants: 50 tests. The endpoint comes from DDB_ENDPOINT
// (run_user_ci.py sets it); USER_CI_CONCURRENCY runs that many tests at once (default 1).
//
//   DDB_ENDPOINT=http://127.0.0.1:8000 node --test bench/user-ci/user_suite.test.mjs
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

// The SDK is the one the client tests install (tests/clients/js/node_modules).
const require = createRequire(
  fileURLToPath(new URL("../../tests/clients/js/package.json", import.meta.url)));
const {
  DynamoDBClient, CreateTableCommand, DeleteTableCommand, waitUntilTableExists,
} = require("@aws-sdk/client-dynamodb");
const {
  DynamoDBDocumentClient, PutCommand, GetCommand, UpdateCommand, DeleteCommand, QueryCommand,
  ScanCommand, BatchWriteCommand, BatchGetCommand, TransactWriteCommand,
} = require("@aws-sdk/lib-dynamodb");

const TENANTS = ["acme", "globex", "initech", "umbrella", "hooli"];
const client = new DynamoDBClient({
  endpoint: process.env.DDB_ENDPOINT,
  region: "us-east-1",
  credentials: { accessKeyId: "usersuite", secretAccessKey: "usersuite" },
});
const doc = DynamoDBDocumentClient.from(client, {
  marshallOptions: { convertEmptyValues: false },
});

const PK = ["pk", "S", "HASH"];
const SK = ["sk", "S", "RANGE"];

// Creates a table of `keys` (and a GSI `[name, keys]`), waits for it, and returns its name;
// `t.after` deletes it, as a test's teardown does.
async function makeTable(t, keys, gsi) {
  const name = "t-" + randomUUID().slice(0, 12);
  const attributes = new Map(keys.map(([k, type]) => [k, type]));
  const input = {
    TableName: name,
    KeySchema: keys.map(([k, , kind]) => ({ AttributeName: k, KeyType: kind })),
    BillingMode: "PAY_PER_REQUEST",
  };
  if (gsi) {
    const [indexName, indexKeys] = gsi;
    for (const [k, type] of indexKeys) attributes.set(k, type);
    input.GlobalSecondaryIndexes = [{
      IndexName: indexName,
      KeySchema: indexKeys.map(([k, , kind]) => ({ AttributeName: k, KeyType: kind })),
      Projection: { ProjectionType: "ALL" },
    }];
  }
  input.AttributeDefinitions =
    [...attributes].map(([k, type]) => ({ AttributeName: k, AttributeType: type }));
  await client.send(new CreateTableCommand(input));
  await waitUntilTableExists({ client, maxWaitTime: 60, minDelay: 1 }, { TableName: name });
  t.after(() => client.send(new DeleteTableCommand({ TableName: name })));
  return name;
}

const scenarios = {
  async profile_crud(t, tenant) {
    const TableName = await makeTable(t, [PK]);
    const Key = { pk: `user#${tenant}` };
    await doc.send(new PutCommand({ TableName, Item: { ...Key, name: "Ada", age: 36 } }));
    assert.equal((await doc.send(new GetCommand({ TableName, Key }))).Item.name, "Ada");
    await doc.send(new UpdateCommand({
      TableName, Key, UpdateExpression: "SET age = age + :one",
      ExpressionAttributeValues: { ":one": 1 },
    }));
    assert.equal((await doc.send(new GetCommand({ TableName, Key }))).Item.age, 37);
    await doc.send(new DeleteCommand({ TableName, Key }));
    assert.equal((await doc.send(new GetCommand({ TableName, Key }))).Item, undefined);
  },

  async orders_by_customer(t, tenant) {
    const TableName = await makeTable(t, [PK, SK]);
    const pad = (i) => String(i).padStart(3, "0");
    for (let i = 0; i < 5; i++) {
      await doc.send(new PutCommand({
        TableName, Item: { pk: `cust#${tenant}`, sk: `order#${pad(i)}`, total: i * 10 },
      }));
    }
    await doc.send(new PutCommand({ TableName, Item: { pk: "cust#other", sk: "order#000", total: 1 } }));
    const got = await doc.send(new QueryCommand({
      TableName, KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `cust#${tenant}` }, ScanIndexForward: false,
    }));
    assert.deepEqual(got.Items.map((i) => i.sk), [4, 3, 2, 1, 0].map((i) => `order#${pad(i)}`));
  },

  async conditional_create_refuses_duplicate(t, tenant) {
    const TableName = await makeTable(t, [PK]);
    const put = (v) => doc.send(new PutCommand({
      TableName, Item: { pk: tenant, v }, ConditionExpression: "attribute_not_exists(pk)",
    }));
    await put(1);
    await assert.rejects(put(2), { name: "ConditionalCheckFailedException" });
    assert.equal((await doc.send(new GetCommand({ TableName, Key: { pk: tenant } }))).Item.v, 1);
  },

  async atomic_counter(t, tenant) {
    const TableName = await makeTable(t, [PK]);
    const Key = { pk: `counter#${tenant}` };
    for (let i = 0; i < 5; i++) {
      await doc.send(new UpdateCommand({
        TableName, Key, UpdateExpression: "ADD hits :one", ExpressionAttributeValues: { ":one": 1 },
      }));
    }
    const got = await doc.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
    assert.equal(got.Item.hits, 5);
  },

  async batch_write_then_scan(t, tenant) {
    const TableName = await makeTable(t, [PK]);
    const puts = Array.from({ length: 10 }, (_, i) => ({ PutRequest: { Item: { pk: `${tenant}#${i}`, n: i } } }));
    const got = await doc.send(new BatchWriteCommand({ RequestItems: { [TableName]: puts } }));
    assert.deepEqual(got.UnprocessedItems ?? {}, {});
    const scanned = await doc.send(new ScanCommand({
      TableName, FilterExpression: "n >= :five", ExpressionAttributeValues: { ":five": 5 },
    }));
    assert.deepEqual(scanned.Items.map((i) => i.n).sort((a, b) => a - b), [5, 6, 7, 8, 9]);
  },

  async lookup_by_email_index(t, tenant) {
    const TableName = await makeTable(t, [PK], ["byEmail", [["email", "S", "HASH"]]]);
    await doc.send(new PutCommand({ TableName, Item: { pk: "u1", email: `ada@${tenant}.example` } }));
    await doc.send(new PutCommand({ TableName, Item: { pk: "u2", email: `bob@${tenant}.example` } }));
    const got = await doc.send(new QueryCommand({
      TableName, IndexName: "byEmail", KeyConditionExpression: "email = :e",
      ExpressionAttributeValues: { ":e": `bob@${tenant}.example` },
    }));
    assert.deepEqual(got.Items.map((i) => i.pk), ["u2"]);
  },

  async cart_transaction(t, tenant) {
    const TableName = await makeTable(t, [PK, SK]);
    const meta = { pk: `cart#${tenant}`, sk: "meta" };
    const addLine = {
      Update: {
        TableName, Key: meta, UpdateExpression: "ADD line_count :one",
        ExpressionAttributeValues: { ":one": 1 },
      },
    };
    await doc.send(new TransactWriteCommand({
      TransactItems: [{ Put: { TableName, Item: { pk: `cart#${tenant}`, sk: "item#1", qty: 2 } } }, addLine],
    }));
    assert.equal((await doc.send(new GetCommand({ TableName, Key: meta }))).Item.line_count, 1);
    await assert.rejects(doc.send(new TransactWriteCommand({
      TransactItems: [{
        Put: {
          TableName, Item: { pk: `cart#${tenant}`, sk: "item#1" },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      }, addLine],
    })), { name: "TransactionCanceledException" });
    assert.equal((await doc.send(new GetCommand({ TableName, Key: meta }))).Item.line_count, 1);
  },

  async paginated_history(t, tenant) {
    const TableName = await makeTable(t, [PK, SK]);
    const pad = (i) => String(i).padStart(2, "0");
    for (let i = 0; i < 12; i++) {
      await doc.send(new PutCommand({ TableName, Item: { pk: tenant, sk: `event#${pad(i)}` } }));
    }
    const seen = [];
    let start;
    do {
      const page = await doc.send(new QueryCommand({
        TableName, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": tenant },
        Limit: 5, ExclusiveStartKey: start,
      }));
      seen.push(...page.Items.map((i) => i.sk));
      start = page.LastEvaluatedKey;
    } while (start);
    assert.deepEqual(seen, Array.from({ length: 12 }, (_, i) => `event#${pad(i)}`));
  },

  async batch_get_sessions(t, tenant) {
    const TableName = await makeTable(t, [PK]);
    for (let i = 0; i < 4; i++) {
      await doc.send(new PutCommand({ TableName, Item: { pk: `session#${tenant}#${i}`, user: `u${i}` } }));
    }
    const got = await doc.send(new BatchGetCommand({
      RequestItems: { [TableName]: { Keys: [0, 1, 2, 3].map((i) => ({ pk: `session#${tenant}#${i}` })) } },
    }));
    assert.deepEqual(got.Responses[TableName].map((i) => i.user).sort(), ["u0", "u1", "u2", "u3"]);
  },

  async update_returns_new_values(t, tenant) {
    const TableName = await makeTable(t, [PK, SK]);
    const Key = { pk: tenant, sk: "settings" };
    await doc.send(new PutCommand({ TableName, Item: { ...Key, theme: "light", tags: new Set(["a"]) } }));
    const got = await doc.send(new UpdateCommand({
      TableName, Key, UpdateExpression: "SET theme = :t REMOVE tags",
      ExpressionAttributeValues: { ":t": "dark" }, ReturnValues: "ALL_NEW",
    }));
    assert.deepEqual(got.Attributes, { ...Key, theme: "dark" });
  },
};

const concurrency = Number(process.env.USER_CI_CONCURRENCY ?? 1);
describe("a user's suite", { concurrency }, () => {
  for (const [name, scenario] of Object.entries(scenarios)) {
    for (const tenant of TENANTS) test(`${name} [${tenant}]`, (t) => scenario(t, tenant));
  }
});
