// The AWS SDK for JavaScript v3 (client-dynamodb, lib-dynamodb) and ElectroDB writing with
// expressions: UpdateItem SET / REMOVE / ADD / DELETE with exact values, conditional writes and
// ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD, ReturnValues,
// ProjectionExpression, the service's expression errors, and the update and condition
// expressions that ElectroDB generates (update().set().add().remove(), patch, create).
//
// Run by CTest (clients.js_expressions) with DDB_LOCAL_BIN set; CLIENT_TARGET=dynamodb-local runs
// the same tests against Amazon DynamoDB Local to check the tests themselves (where Local is
// known to differ from AWS, see tests/differential/ACCEPTED_DIFFERENCES.md, they expect Local's
// answer).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  NumberValue,
  PutCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { Entity } from "electrodb";

import { CREDENTIALS, REGION, TARGET, startServer, stopServer } from "./ddb_server.mjs";

const ON_LOCAL = TARGET === "dynamodb-local";
const TABLE = "js_expr";
const ELECTRO_TABLE = "js_expr_electro";
const OVERFLOW =
  "Number overflow. Attempting to store a number with magnitude larger than supported range";
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
  await client.send(new CreateTableCommand({
    TableName: TABLE,
    BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
  }));
  await client.send(new CreateTableCommand({
    TableName: ELECTRO_TABLE,
    BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "S" }],
  }));
});

after(async () => {
  try {
    await client?.send(new DeleteTableCommand({ TableName: TABLE }));
    await client?.send(new DeleteTableCommand({ TableName: ELECTRO_TABLE }));
  } finally {
    client?.destroy();
    stopServer(server);
  }
});

// Rejects with the service's error `name` and `message` (both exact).
async function rejectsWith(promise, name, message) {
  await assert.rejects(promise, (e) => {
    assert.equal(e.name, name, e.message);
    assert.equal(e.message, message);
    assert.equal(e.$metadata.httpStatusCode, 400);
    return true;
  });
}

const num = (v) => (v instanceof NumberValue ? v.value : v);

test("UpdateItem SET / REMOVE / ADD / DELETE with ReturnValues ALL_NEW (client-dynamodb)", async () => {
  const Key = { pk: { S: "update-all" } };
  await client.send(new PutItemCommand({ TableName: TABLE, Item: {
    ...Key, n: { N: "10" }, l: { L: [{ S: "a" }, { S: "b" }, { S: "c" }] },
    tags: { SS: ["x", "y"] }, gone1: { SS: ["x"] }, m: { M: { deep: { M: { v: { N: "1" } } } } },
  } }));
  const { Attributes } = await client.send(new UpdateItemCommand({
    TableName: TABLE, Key,
    UpdateExpression: "SET n = n - :d, m.deep.v = m.deep.v + :one, l[5] = :tail, " +
      "c = if_not_exists(c, :zero) REMOVE l[0] ADD tags :more, hits :one DELETE gone1 :gone",
    ExpressionAttributeValues: { ":d": { N: "0.5" }, ":one": { N: "1" }, ":tail": { S: "z" },
      ":zero": { N: "0" }, ":more": { SS: ["z"] }, ":gone": { SS: ["x"] } },
    ReturnValues: "ALL_NEW",
  }));
  assert.deepStrictEqual({ ...Attributes, tags: { SS: [...Attributes.tags.SS].sort() } }, {
    ...Key, n: { N: "9.5" }, l: { L: [{ S: "b" }, { S: "c" }, { S: "z" }] },
    tags: { SS: ["x", "y", "z"] }, m: { M: { deep: { M: { v: { N: "2" } } } } },
    c: { N: "0" }, hits: { N: "1" },
  });
});

test("lib-dynamodb keeps 38-digit arithmetic exact and returns the updated nested parts", async () => {
  const Key = { pk: "doc-numbers" };
  await doc.send(new PutCommand({ TableName: TABLE, Item: {
    ...Key, big: NumberValue.from("12345678901234567890123456789012345677"),
    a: { b: "dog", c: [1, 2, 3] },
  } }));
  const r1 = await doc.send(new UpdateCommand({
    TableName: TABLE, Key, UpdateExpression: "ADD big :one SET a.c[1] = :v",
    ExpressionAttributeValues: { ":one": 1, ":v": 7 }, ReturnValues: "UPDATED_NEW",
  }));
  assert.equal(num(r1.Attributes.big), "12345678901234567890123456789012345678");
  if (ON_LOCAL) {  // LOCAL-UPDATED-WHOLE-ATTRIBUTES
    assert.deepStrictEqual(r1.Attributes.a.c.map(num), ["1", "7", "3"]);
  } else {
    assert.deepStrictEqual(Object.keys(r1.Attributes.a), ["c"]);
    assert.deepStrictEqual(r1.Attributes.a.c.map(num), ["7"]);
  }
  const r2 = await doc.send(new UpdateCommand({
    TableName: TABLE, Key, UpdateExpression: "SET a.b = :v", ExpressionAttributeValues: { ":v": "cat" },
    ReturnValues: "UPDATED_OLD",
  }));
  assert.deepStrictEqual(ON_LOCAL ? r2.Attributes.a.b : r2.Attributes, ON_LOCAL ? "dog" : { a: { b: "dog" } });
  await rejectsWith(doc.send(new UpdateCommand({
    TableName: TABLE, Key, UpdateExpression: "SET big = big + :tenth",
    ExpressionAttributeValues: { ":tenth": NumberValue.from("0.1") },
  })), "ValidationException",
  ON_LOCAL ? "DynamoDB only supports precision up to 38 digits" : OVERFLOW);
});

test("conditional writes: ConditionalCheckFailedException carries the item with ALL_OLD", async () => {
  const Item = { pk: { S: "conditional" }, v: { N: "1" } };
  await client.send(new PutItemCommand({ TableName: TABLE, Item,
    ConditionExpression: "attribute_not_exists(pk)" }));
  await assert.rejects(client.send(new PutItemCommand({
    TableName: TABLE, Item: { ...Item, v: { N: "2" } },
    ConditionExpression: "attribute_not_exists(pk)", ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  })), (e) => {
    assert.equal(e.name, "ConditionalCheckFailedException");
    assert.equal(e.message, "The conditional request failed");
    assert.deepStrictEqual(e.Item, Item);
    return true;
  });
  await assert.rejects(doc.send(new UpdateCommand({
    TableName: TABLE, Key: { pk: "conditional" }, UpdateExpression: "SET v = v + :one",
    ConditionExpression: "v = :expected", ExpressionAttributeValues: { ":one": 1, ":expected": 5 },
  })), (e) => {
    assert.equal(e.name, "ConditionalCheckFailedException");
    assert.equal(e.Item, undefined);  // not asked for
    return true;
  });
  const r = await doc.send(new UpdateCommand({
    TableName: TABLE, Key: { pk: "conditional" }, UpdateExpression: "SET v = v + :one",
    ConditionExpression: "v = :expected AND NOT contains(#n, :x) OR attribute_not_exists(v)",
    ExpressionAttributeNames: { "#n": "name" },
    ExpressionAttributeValues: { ":one": 1, ":expected": 1, ":x": "x" }, ReturnValues: "ALL_OLD",
  }));
  assert.equal(num(r.Attributes.v), "1");
  await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: "conditional" },
    ConditionExpression: "v BETWEEN :lo AND :hi", ExpressionAttributeValues: { ":lo": 2, ":hi": 2 } }));
  const { Item: gone } = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: "conditional" },
    ConsistentRead: true }));
  assert.equal(gone, undefined);
});

test("ProjectionExpression with nested paths and list indexes", async () => {
  await doc.send(new PutCommand({ TableName: TABLE, Item: {
    pk: "projection", a: { b: [0, 1, { c: "deep", d: "x" }] }, l: [["00", "01"], ["10", "11"]],
    status: "on",
  } }));
  const { Item } = await doc.send(new GetCommand({
    TableName: TABLE, Key: { pk: "projection" },
    ProjectionExpression: "a.b[2].c, l[1][1], #s, nope.gone",
    ExpressionAttributeNames: { "#s": "status" },
  }));
  assert.deepStrictEqual(Item, { a: { b: [{ c: "deep" }] }, l: [["11"]], status: "on" });
  await rejectsWith(client.send(new GetItemCommand({
    TableName: TABLE, Key: { pk: { S: "projection" } }, ProjectionExpression: "status",
  })), "ValidationException",
  "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: status");
});

test("the service's expression errors reach the SDK verbatim", async () => {
  const Key = { pk: { S: "errors" } };
  await client.send(new PutItemCommand({ TableName: TABLE, Item: { ...Key, s: { S: "str" } } }));
  const update = (UpdateExpression, values) => client.send(new UpdateItemCommand({
    TableName: TABLE, Key, UpdateExpression,
    ...(values ? { ExpressionAttributeValues: values } : {}),
  }));
  await rejectsWith(update("SET m = :v, m.a = :v", { ":v": { N: "1" } }), "ValidationException",
    "Invalid UpdateExpression: Two document paths overlap with each other; must remove or " +
    "rewrite one of these paths; path one: [m], path two: [m, a]");
  await rejectsWith(update("SET s.x = :v", { ":v": { N: "1" } }), "ValidationException",
    "The document path provided in the update expression is invalid for update");
  await rejectsWith(update("SET pk = :v", { ":v": { S: "x" } }), "ValidationException",
    "One or more parameter values were invalid: Cannot update attribute pk. This attribute is " +
    "part of the key");
  await rejectsWith(update("SET n = s + :v", { ":v": { N: "1" } }), "ValidationException",
    "An operand in the update expression has an incorrect data type");
  await rejectsWith(update("SET n = absent"), "ValidationException",
    "The provided expression refers to an attribute that does not exist in the item");
  await rejectsWith(update("SET n = :v", { ":v": { N: "1" }, ":w": { N: "2" } }),
    "ValidationException",
    "Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}");
  await rejectsWith(client.send(new PutItemCommand({
    TableName: TABLE, Item: Key, ConditionExpression: "n BETWEEN :hi AND :lo",
    ExpressionAttributeValues: { ":lo": { N: "1" }, ":hi": { N: "2" } },
  })), "ValidationException",
  "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than " +
  "or equal to lower bound; lower bound operand: AttributeValue: {N:2}, upper bound operand: " +
  "AttributeValue: {N:1}");
  await rejectsWith(client.send(new PutItemCommand({
    TableName: TABLE, Item: Key, ConditionExpression: "attribute_exists(a)",
    Expected: { a: { Exists: true, Value: { S: "x" } } },
  })), "ValidationException",
  "Can not use both expression and non-expression parameters in the same request: " +
  "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}");
  const { Item } = await client.send(new GetItemCommand({ TableName: TABLE, Key, ConsistentRead: true }));
  assert.deepStrictEqual(Item, { ...Key, s: { S: "str" } });
});

function employeeEntity() {
  return new Entity({
    model: { entity: "employee", version: "1", service: "hr" },
    attributes: {
      tenantId: { type: "string", required: true },
      employeeId: { type: "string", required: true },
      name: { type: "string" },
      salary: { type: "number" },
      visits: { type: "number" },
      skills: { type: "set", items: "string" },
      notes: { type: "list", items: { type: "string" } },
      address: { type: "map", properties: { city: { type: "string" }, zip: { type: "string" } } },
      nickname: { type: "string" },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["tenantId"] },
        sk: { field: "sk", composite: ["employeeId"] },
      },
    },
  }, { table: ELECTRO_TABLE, client: doc });
}

test("ElectroDB create is conditional on absence", async () => {
  const employee = employeeEntity();
  const data = { tenantId: "t1", employeeId: "e1", name: "Ada", salary: 100, visits: 0,
    skills: ["c++"], notes: ["hired"], address: { city: "Paris", zip: "75001" }, nickname: "A" };
  await employee.create(data).go();
  await assert.rejects(employee.create({ ...data, name: "Other" }).go(), (e) => {
    assert.equal(e.cause?.name, "ConditionalCheckFailedException");
    assert.equal(e.cause?.message, "The conditional request failed");
    return true;
  });
  const { data: got } = await employee.get({ tenantId: "t1", employeeId: "e1" }).go();
  assert.equal(got.name, "Ada");
});

test("ElectroDB update().set().add().subtract().append().delete().remove()", async () => {
  const employee = employeeEntity();
  const { data } = await employee.update({ tenantId: "t1", employeeId: "e1" })
    .set({ name: "Ada L." })
    .add({ visits: 2, skills: ["lmdb"] })
    .subtract({ salary: 0.5 })
    .append({ notes: ["promoted"] })
    .remove(["nickname"])
    .go({ response: "all_new" });
  assert.deepStrictEqual([...data.skills].sort(), ["c++", "lmdb"]);
  // ADD and DELETE of one set in one update would overlap: the service refuses that.
  const { data: deleted } = await employee.update({ tenantId: "t1", employeeId: "e1" })
    .delete({ skills: ["c++"] })
    .go({ response: "updated_new" });
  assert.deepStrictEqual([...deleted.skills], ["lmdb"]);
  assert.equal(data.name, "Ada L.");
  assert.equal(num(data.visits), "2");
  assert.equal(num(data.salary), "99.5");
  assert.deepStrictEqual(data.notes, ["hired", "promoted"]);
  assert.equal(data.nickname, undefined);
  // A nested map member through ElectroDB's data() callback (generated #names / :values).
  const { data: nested } = await employee.update({ tenantId: "t1", employeeId: "e1" })
    .data(({ address }, { set }) => set(address.city, "Lyon"))
    .go({ response: "updated_new" });
  if (ON_LOCAL) {  // LOCAL-UPDATED-WHOLE-ATTRIBUTES
    assert.deepStrictEqual(nested.address, { city: "Lyon", zip: "75001" });
  } else {
    assert.deepStrictEqual(nested.address, { city: "Lyon" });
  }
  // The generated expression really is what ran: read the raw item back.
  const { Item } = await client.send(new GetItemCommand({ TableName: ELECTRO_TABLE, ConsistentRead: true,
    Key: { pk: { S: "$hr#tenantid_t1" }, sk: { S: "$employee_1#employeeid_e1" } } }));
  assert.deepStrictEqual(Item.address, { M: { city: { S: "Lyon" }, zip: { S: "75001" } } });
  assert.deepStrictEqual(Item.skills, { SS: ["lmdb"] });
  assert.equal(Item.nickname, undefined);
});

test("ElectroDB patch is conditional on existence and where() adds its own condition", async () => {
  const employee = employeeEntity();
  await assert.rejects(
    employee.patch({ tenantId: "t1", employeeId: "nobody" }).set({ name: "Ghost" }).go(),
    (e) => {
      assert.equal(e.cause?.name, "ConditionalCheckFailedException");
      return true;
    });
  const { data: none } = await employee.get({ tenantId: "t1", employeeId: "nobody" }).go();
  assert.equal(none, null);
  const { data } = await employee.patch({ tenantId: "t1", employeeId: "e1" })
    .add({ visits: 1 })
    .where(({ salary, name }, { gt, begins }) => `${gt(salary, 50)} AND ${begins(name, "Ada")}`)
    .go({ response: "updated_new" });
  assert.equal(num(data.visits), "3");
  await assert.rejects(
    employee.patch({ tenantId: "t1", employeeId: "e1" }).add({ visits: 1 })
      .where(({ salary }, { lt }) => lt(salary, 50)).go(),
    (e) => {
      assert.equal(e.cause?.name, "ConditionalCheckFailedException");
      return true;
    });
  const { data: after } = await employee.get({ tenantId: "t1", employeeId: "e1" }).go();
  assert.equal(num(after.visits), "3");
});
