// The AWS SDK for JavaScript v3 against ddb-local's realism switches and point-in-time
// recovery: the SDK's table waiters over statuses that take time (--transient-status-ms, real
// clock), eventually consistent reads that lag a write while consistent ones do not, and
// RestoreTableToPointInTime (virtual clock, so both are exact).
//
// Run by CTest (clients.js_realism) with DDB_LOCAL_BIN set.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  UpdateContinuousBackupsCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, TARGET, startServer, stopServer } from "./ddb_server.mjs";

let slow;     // --transient-status-ms 2000, real clock (the SDK waiters sleep for real)
let virtual;  // --virtual-clock --eventual-consistency-ms 1000

const client = (server) => new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
  credentials: CREDENTIALS, maxAttempts: 1 });

async function advance(server, ms) {
  const r = await fetch(`${server.endpoint}/_ddblocal/clock/advance?ms=${ms}`, { method: "POST" });
  assert.equal(r.status, 200);
}

const table = (name) => ({
  TableName: name, BillingMode: "PAY_PER_REQUEST",
  KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
});

before(async () => {
  assert.equal(TARGET, "ddb-local", "the realism switches are ddb-local's");
  slow = await startServer(["--transient-status-ms", "2000"]);
  virtual = await startServer(["--virtual-clock", "--eventual-consistency-ms", "1000"]);
});

after(() => {
  stopServer(slow);
  stopServer(virtual);
});

test("waitUntilTableExists and waitUntilTableNotExists ride out CREATING and DELETING", async () => {
  const ddb = client(slow);
  await ddb.send(new CreateTableCommand(table("waited")));
  const { Table } = await ddb.send(new DescribeTableCommand({ TableName: "waited" }));
  assert.equal(Table.TableStatus, "CREATING");
  await assert.rejects(
    ddb.send(new PutItemCommand({ TableName: "waited", Item: { pk: { S: "a" } } })),
    { name: "ResourceNotFoundException", message: "Requested resource not found" });
  const exists = await waitUntilTableExists({ client: ddb, maxWaitTime: 20, minDelay: 1,
    maxDelay: 1 }, { TableName: "waited" });
  assert.equal(exists.state, "SUCCESS");
  await ddb.send(new PutItemCommand({ TableName: "waited", Item: { pk: { S: "a" } } }));
  await ddb.send(new DeleteTableCommand({ TableName: "waited" }));
  const gone = await waitUntilTableNotExists({ client: ddb, maxWaitTime: 20, minDelay: 1,
    maxDelay: 1 }, { TableName: "waited" });
  assert.equal(gone.state, "SUCCESS");
});

test("an eventually consistent read lags a write by the window; a consistent one does not",
  async () => {
    const ddb = client(virtual);
    await ddb.send(new CreateTableCommand(table("lagging")));
    await ddb.send(new PutItemCommand({ TableName: "lagging",
      Item: { pk: { S: "a" }, v: { N: "1" } } }));
    await advance(virtual, 1000);
    await ddb.send(new PutItemCommand({ TableName: "lagging",
      Item: { pk: { S: "a" }, v: { N: "2" } } }));
    const key = { pk: { S: "a" } };
    const query = { TableName: "lagging", KeyConditionExpression: "pk = :p",
      ExpressionAttributeValues: { ":p": { S: "a" } } };
    assert.equal((await ddb.send(new GetItemCommand({ TableName: "lagging", Key: key })))
      .Item.v.N, "1");
    assert.equal((await ddb.send(new QueryCommand(query))).Items[0].v.N, "1");
    assert.equal((await ddb.send(new ScanCommand({ TableName: "lagging" }))).Items[0].v.N, "1");
    assert.equal((await ddb.send(new GetItemCommand({ TableName: "lagging", Key: key,
      ConsistentRead: true }))).Item.v.N, "2");
    assert.equal((await ddb.send(new QueryCommand({ ...query, ConsistentRead: true })))
      .Items[0].v.N, "2");
    await advance(virtual, 1000);
    assert.equal((await ddb.send(new QueryCommand(query))).Items[0].v.N, "2");
  });

test("RestoreTableToPointInTime gives the table as it was", async () => {
  const ddb = client(virtual);
  await ddb.send(new CreateTableCommand(table("pitr_src")));
  await ddb.send(new UpdateContinuousBackupsCommand({ TableName: "pitr_src",
    PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
  await ddb.send(new PutItemCommand({ TableName: "pitr_src",
    Item: { pk: { S: "a" }, v: { N: "1" } } }));
  await advance(virtual, 600_000);
  await advance(virtual, 1000);
  await ddb.send(new PutItemCommand({ TableName: "pitr_src",
    Item: { pk: { S: "a" }, v: { N: "2" } } }));
  await advance(virtual, 600_000);
  // The latest restorable time is five minutes ago: after the second write.
  const latest = await ddb.send(new RestoreTableToPointInTimeCommand({
    SourceTableName: "pitr_src", TargetTableName: "pitr_latest", UseLatestRestorableTime: true }));
  assert.equal(latest.TableDescription.TableStatus, "CREATING");
  assert.ok(latest.TableDescription.RestoreSummary.RestoreDateTime instanceof Date);
  const item = await ddb.send(new GetItemCommand({ TableName: "pitr_latest",
    Key: { pk: { S: "a" } }, ConsistentRead: true }));
  assert.equal(item.Item.v.N, "2");
  // Eleven minutes before that: the first write only.
  const earlier = new Date(latest.TableDescription.RestoreSummary.RestoreDateTime.getTime() -
    (5 * 60_000 + 1000));
  await ddb.send(new RestoreTableToPointInTimeCommand({
    SourceTableName: "pitr_src", TargetTableName: "pitr_then", RestoreDateTime: earlier }));
  const old = await ddb.send(new GetItemCommand({ TableName: "pitr_then",
    Key: { pk: { S: "a" } }, ConsistentRead: true }));
  assert.equal(old.Item.v.N, "1");
  await assert.rejects(ddb.send(new RestoreTableToPointInTimeCommand({
    SourceTableName: "pitr_src", TargetTableName: "pitr_then", UseLatestRestorableTime: true })),
  { name: "TableAlreadyExistsException" });
});
