// @aws-sdk/client-dynamodb-streams against ddb-local: a table's stream read the way a Lambda
// event source or KCL worker reads it (DescribeStream, shard by shard from TRIM_HORIZON,
// GetRecords until a closed shard ends), records as the SDK parses them, TTL deletions as
// service deletes, and ExpiredIteratorException on the virtual clock.
//
// Run by CTest (clients.js_streams) with DDB_LOCAL_BIN set. ddb-local runs with
// --virtual-clock and --stream-shard-records 4, so shards roll over within the test.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";

import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  ListStreamsCommand,
} from "@aws-sdk/client-dynamodb-streams";

import { CREDENTIALS, REGION, TARGET, startServer, stopServer } from "./ddb_server.mjs";

let server;
let ddb;
let streams;

before(async () => {
  assert.equal(TARGET, "ddb-local", "the virtual clock and TTL sweeps are ddb-local's");
  server = await startServer(["--virtual-clock", "--stream-shard-records", "4"]);
  const config = { endpoint: server.endpoint, region: REGION, credentials: CREDENTIALS,
    maxAttempts: 1 };
  ddb = new DynamoDBClient(config);
  streams = new DynamoDBStreamsClient(config);
});

after(() => {
  ddb?.destroy();
  streams?.destroy();
  stopServer(server);
});

async function admin(path) {
  const r = await fetch(server.endpoint + path, { method: "POST" });
  return r.json();
}

async function createTable(view) {
  const name = "js_streams_" + randomUUID().slice(0, 8);
  const r = await ddb.send(new CreateTableCommand({
    TableName: name, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    StreamSpecification: { StreamEnabled: true, StreamViewType: view },
  }));
  return { name, arn: r.TableDescription.LatestStreamArn };
}

// Every record of the stream, parents' shards before their children's.
async function readAll(arn) {
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
  const records = [];
  for (const shard of StreamDescription.Shards) {
    let it = (await streams.send(new GetShardIteratorCommand({
      StreamArn: arn, ShardId: shard.ShardId, ShardIteratorType: "TRIM_HORIZON",
    }))).ShardIterator;
    const closed = shard.SequenceNumberRange.EndingSequenceNumber !== undefined;
    while (it) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: it, Limit: 2 }));
      records.push(...page.Records);
      it = page.NextShardIterator;
      if (page.Records.length === 0 && !closed) break;
    }
  }
  return { records, shards: StreamDescription.Shards };
}

test("records across rolled-over shards, in order, with the service's shape", async () => {
  const { name, arn } = await createTable("NEW_AND_OLD_IMAGES");
  for (let i = 0; i < 9; i++) {
    await ddb.send(new PutItemCommand({ TableName: name,
      Item: { pk: { S: `k${i % 5}` }, n: { N: String(i) } } }));
  }
  await ddb.send(new DeleteItemCommand({ TableName: name, Key: { pk: { S: "k0" } } }));
  const { records, shards } = await readAll(arn);
  assert.equal(shards.length, 3);  // 10 records, 4 per shard
  assert.equal(shards[1].ParentShardId, shards[0].ShardId);
  assert.deepEqual(records.map((r) => r.eventName),
    ["INSERT", "INSERT", "INSERT", "INSERT", "INSERT", "MODIFY", "MODIFY", "MODIFY", "MODIFY",
      "REMOVE"]);
  const seqs = records.map((r) => BigInt(r.dynamodb.SequenceNumber));
  assert.deepEqual([...seqs].sort((a, b) => (a < b ? -1 : 1)), seqs);
  const modify = records[5];
  assert.equal(modify.eventSource, "aws:dynamodb");
  assert.equal(modify.awsRegion, REGION);
  assert.ok(modify.dynamodb.ApproximateCreationDateTime instanceof Date);
  assert.deepEqual(modify.dynamodb.OldImage, { pk: { S: "k0" }, n: { N: "0" } });
  assert.deepEqual(modify.dynamodb.NewImage, { pk: { S: "k0" }, n: { N: "5" } });
  const listed = await streams.send(new ListStreamsCommand({ TableName: name }));
  assert.deepEqual(listed.Streams.map((s) => s.StreamArn), [arn]);
});

test("TTL deletions arrive as service REMOVEs", async () => {
  const { name, arn } = await createTable("KEYS_ONLY");
  await ddb.send(new UpdateTimeToLiveCommand({ TableName: name,
    TimeToLiveSpecification: { Enabled: true, AttributeName: "exp" } }));
  const now = Math.floor((await (await fetch(server.endpoint + "/_ddblocal/clock")).json())
    .ClockMicros / 1e6);
  await ddb.send(new PutItemCommand({ TableName: name,
    Item: { pk: { S: "x" }, exp: { N: String(now + 10) } } }));
  await admin("/_ddblocal/clock/advance?ms=11000");
  assert.equal((await admin("/_ddblocal/ttl/sweep")).Deleted, 1);
  const { records } = await readAll(arn);
  assert.equal(records.length, 2);
  assert.equal(records[1].eventName, "REMOVE");
  assert.deepEqual(records[1].userIdentity, { PrincipalId: "dynamodb.amazonaws.com",
    Type: "Service" });
  assert.deepEqual(records[1].dynamodb.Keys, { pk: { S: "x" } });
  assert.equal(records[1].dynamodb.OldImage, undefined);
});

test("an iterator expires after 15 minutes", async () => {
  const { name, arn } = await createTable("NEW_IMAGE");
  const desc = await ddb.send(new DescribeTableCommand({ TableName: name }));
  assert.equal(desc.Table.StreamSpecification.StreamViewType, "NEW_IMAGE");
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
  const it = (await streams.send(new GetShardIteratorCommand({ StreamArn: arn,
    ShardId: StreamDescription.Shards[0].ShardId, ShardIteratorType: "LATEST" }))).ShardIterator;
  await admin("/_ddblocal/clock/advance?ms=900001");
  await assert.rejects(streams.send(new GetRecordsCommand({ ShardIterator: it })),
    (e) => e.name === "ExpiredIteratorException");
});

// Issue 32, point 2: the requests the service refuses, refused with its exception types, and
// sequence-number iterators at a number the shard holds (its StartingSequenceNumber, before
// any record).
test("Streams requests are validated as the service validates them", async () => {
  const { name, arn } = await createTable("KEYS_ONLY");
  const refused = async (promise, name, pattern) => {
    await assert.rejects(promise, (e) => e.name === name && pattern.test(e.message));
  };
  const [shard] = (await streams.send(new DescribeStreamCommand({ StreamArn: arn })))
    .StreamDescription.Shards;
  await refused(streams.send(new DescribeStreamCommand({ StreamArn: arn,
    ShardFilter: { Type: "CHILD_SHARDS" } })), "ValidationException",
  /Value null at 'shardFilter\.shardId'/);
  await refused(streams.send(new DescribeStreamCommand({ StreamArn: arn,
    ShardFilter: { Type: "CHILD_SHARDS", ShardId: "shardId-00000000000000000000-00000000" } })),
  "ResourceNotFoundException", /Shard: shardId-00000000000000000000-00000000 in Stream/);
  await refused(streams.send(new ListStreamsCommand({ Limit: 101 })), "ValidationException",
    /Value '101' at 'limit' .* less than or equal to 100$/);
  await refused(streams.send(new ListStreamsCommand({
    ExclusiveStartStreamArn: arn.replace(name, name + "x") })), "ResourceNotFoundException",
  /Requested resource not found: Stream: /);
  const at = (await streams.send(new GetShardIteratorCommand({ StreamArn: arn,
    ShardId: shard.ShardId, ShardIteratorType: "AT_SEQUENCE_NUMBER",
    SequenceNumber: shard.SequenceNumberRange.StartingSequenceNumber }))).ShardIterator;
  await refused(streams.send(new GetRecordsCommand({ ShardIterator: at, Limit: 1001 })),
    "ValidationException", /Value '1001' at 'limit' .* less than or equal to 1000$/);
  await ddb.send(new PutItemCommand({ TableName: name, Item: { pk: { S: "first" } } }));
  const { Records } = await streams.send(new GetRecordsCommand({ ShardIterator: at, Limit: 1000 }));
  assert.deepEqual(Records.map((r) => r.dynamodb.Keys.pk.S), ["first"]);
  assert.equal(Records[0].dynamodb.SequenceNumber, shard.SequenceNumberRange.StartingSequenceNumber);
});
