// The AWS SDK for JavaScript v3 against ddb-local: WarmThroughput (docs/capacity.md §8) on
// CreateTable and UpdateTable, for the table and a GSI, sets the partitions the capacity report
// shows and is reported by DescribeTable; lowering it is refused as the service refuses it.
//
// Run by CTest (clients.js_warm_throughput) with DDB_LOCAL_BIN set; ddb-local only (DynamoDB
// Local predates warm throughput).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";

let server;
let client;
const TABLE = "js_warm";

async function partitions(index) {
  const url = `${server.endpoint}/_ddblocal/capacity?table=${TABLE}` +
    `&access_key_id=${CREDENTIALS.accessKeyId}`;
  const report = await (await fetch(url)).json();
  const keyspace = index === undefined ? report.Table : report.GlobalSecondaryIndexes[index];
  return keyspace.Partitions.length;
}

async function warm() {
  const t = (await client.send(new DescribeTableCommand({ TableName: TABLE }))).Table;
  const w = (x) => [x.ReadUnitsPerSecond, x.WriteUnitsPerSecond, x.Status];
  return { table: w(t.WarmThroughput), index: w(t.GlobalSecondaryIndexes[0].WarmThroughput) };
}

before(async () => {
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 1 });
  await client.send(new CreateTableCommand({
    TableName: TABLE, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "gk", AttributeType: "S" }],
    WarmThroughput: { ReadUnitsPerSecond: 30000, WriteUnitsPerSecond: 10000 },
    GlobalSecondaryIndexes: [{ IndexName: "byGk",
      KeySchema: [{ AttributeName: "gk", KeyType: "HASH" }], Projection: { ProjectionType: "ALL" },
      WarmThroughput: { ReadUnitsPerSecond: 15000, WriteUnitsPerSecond: 6000 } }],
  }));
});

after(() => {
  client?.destroy();
  stopServer(server);
});

test("CreateTable's WarmThroughput sets the table's and the GSI's partitions", async () => {
  assert.deepEqual(await warm(),
    { table: [30000, 10000, "ACTIVE"], index: [15000, 6000, "ACTIVE"] });
  assert.equal(await partitions(), 10);
  assert.equal(await partitions(0), 6);
});

test("UpdateTable raises it, and refuses to lower it", async () => {
  await client.send(new UpdateTableCommand({ TableName: TABLE,
    WarmThroughput: { WriteUnitsPerSecond: 16000 } }));
  assert.deepEqual((await warm()).table, [30000, 16000, "ACTIVE"]);
  assert.equal(await partitions(), 16);
  await assert.rejects(client.send(new UpdateTableCommand({ TableName: TABLE,
    WarmThroughput: { ReadUnitsPerSecond: 29999 } })), (e) => {
    assert.equal(e.name, "ValidationException");
    assert.match(e.message,
      /lower than current WarmThroughput, decreasing WarmThroughput is not supported/);
    return true;
  });
  assert.deepEqual((await warm()).table, [30000, 16000, "ACTIVE"]);
});
