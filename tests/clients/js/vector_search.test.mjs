// Vector indexes and SearchVectors through the AWS SDK for JavaScript v3 (client-dynamodb
// 3.1169, the first with SearchVectorsCommand) against ddb-local: the cases of
// tests/unit/client_api/client_vector_search_test.cc (but the 16 MB limit), and that the SDK
// sends SearchVectors to the endpoint it is given (on AWS it routes it to the dedicated
// vector-search endpoint).
//
// Run by CTest (clients.js_vector_search) with DDB_LOCAL_BIN set.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  BatchWriteItemCommand,
  CreateBackupCommand,
  CreateTableCommand,
  DescribeBackupCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  SearchVectorsCommand,
  TransactWriteItemsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";

let server;
let client;
const requests = [];  // the host and target of every request the SDK sent

before(async () => {
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 1 });
  client.middlewareStack.add((next) => async (args) => {
    requests.push({ host: `${args.request.hostname}:${args.request.port}`,
      target: args.request.headers["x-amz-target"] });
    return next(args);
  }, { step: "finalizeRequest", name: "recordHost" });
  await client.send(new CreateTableCommand({
    TableName: "docs",
    AttributeDefinitions: [{ AttributeName: "p", AttributeType: "S" },
      { AttributeName: "tenant", AttributeType: "S" }, { AttributeName: "kind", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "p", KeyType: "HASH" }],
    BillingMode: "PAY_PER_REQUEST",
    VectorIndexes: [
      { IndexName: "byCosine", VectorAttribute: { AttributeName: "v" }, Dimensions: 3,
        DistanceFunction: "COSINE", Projection: { ProjectionType: "KEYS_ONLY" } },
      { IndexName: "byEuclid", VectorAttribute: { AttributeName: "v" }, Dimensions: 3,
        DistanceFunction: "EUCLIDEAN", Projection: { ProjectionType: "ALL" } },
      { IndexName: "byTenant", VectorAttribute: { AttributeName: "v" }, Dimensions: 3,
        DistanceFunction: "DOT_PRODUCT",
        Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["title"] },
        SearchSchema: [{ AttributeName: "tenant", SearchSchemaElementType: "HASH" },
          { AttributeName: "kind", SearchSchemaElementType: "INLINE_FILTER" }] },
    ],
  }));
  const put = (p, v, tenant, kind) => client.send(new PutItemCommand({ TableName: "docs",
    Item: { p: { S: p }, v: { L: v.map((n) => ({ N: n })) }, title: { S: "t" },
      ...(tenant ? { tenant: { S: tenant } } : {}), ...(kind ? { kind: { S: kind } } : {}) } }));
  await put("a", ["1", "0", "0"], "t1", "x");
  await put("b", ["1", "0.1", "0"], "t1", "y");
  await put("c", ["0", "2", "0"], "t1", "x");
  await put("d", ["-1", "0", "0"], "t2", "x");
});

after(() => {
  client?.destroy();
  stopServer(server);
});

const QUERY = [{ N: "1" }, { N: "0" }, { N: "0" }];
const search = (input) => client.send(new SearchVectorsCommand({ TableName: "docs",
  SearchVector: QUERY, ...input }));
const keys = (r) => r.SearchResults.map((hit) => hit.Item.p.S);
const f32 = (x) => Math.fround(x);

async function rejects(promise, name, message) {
  await assert.rejects(promise, (err) => {
    assert.equal(err.name, name);
    assert.equal(err.message, message);
    return true;
  });
}

test("DescribeTable reports the vector indexes", async () => {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: "docs" }));
  assert.equal(Table.VectorIndexes.length, 3);
  const tenant = Table.VectorIndexes[2];
  assert.equal(tenant.IndexName, "byTenant");
  assert.equal(tenant.IndexArn, "arn:aws:dynamodb:us-east-1:000000000000:table/docs/index/byTenant");
  assert.deepEqual(tenant.VectorAttribute, { AttributeName: "v" });
  assert.deepEqual(tenant.SearchSchema, [{ AttributeName: "tenant", SearchSchemaElementType: "HASH" },
    { AttributeName: "kind", SearchSchemaElementType: "INLINE_FILTER" }]);
  assert.deepEqual(tenant.Projection, { ProjectionType: "INCLUDE", NonKeyAttributes: ["title"] });
  assert.equal(tenant.Dimensions, 3);
  assert.equal(tenant.DistanceFunction, "DOT_PRODUCT");
  assert.equal(tenant.IndexStatus, "ACTIVE");
  assert.equal(tenant.Backfilling, undefined);
  assert.equal(tenant.ItemCount, 4);
  assert.equal(Table.VectorIndexes[0].SearchSchema, undefined);
});

test("results are ordered and scored per distance function", async () => {
  const cosine = await search({ IndexName: "byCosine", TopK: 4 });
  assert.deepEqual(keys(cosine), ["a", "b", "c", "d"]);
  assert.deepEqual(cosine.SearchResults.map((h) => f32(h.Score)),
    [0, f32(0.0049628615), 1, 2]);
  const euclid = await search({ IndexName: "byEuclid", TopK: 2 });
  assert.deepEqual(keys(euclid), ["a", "b"]);
  assert.deepEqual(euclid.SearchResults.map((h) => f32(h.Score)), [0, f32(0.1)]);
  const dot = await search({ IndexName: "byTenant", TopK: 3, SearchConditionExpression: "tenant = :t",
    ExpressionAttributeValues: { ":t": { S: "t1" } } });
  assert.deepEqual(keys(dot), ["a", "b", "c"]);
  assert.deepEqual(dot.SearchResults.map((h) => h.Score), [1, 1, 0]);
});

test("projections: keys, SearchSchema attributes, and the vector only when asked", async () => {
  const keysOnly = await search({ IndexName: "byCosine", TopK: 1 });
  assert.deepEqual(keysOnly.SearchResults[0].Item, { p: { S: "a" } });
  const include = await search({ IndexName: "byTenant", TopK: 1, SearchConditionExpression: "tenant = :t",
    ExpressionAttributeValues: { ":t": { S: "t1" } } });
  assert.deepEqual(include.SearchResults[0].Item,
    { p: { S: "a" }, tenant: { S: "t1" }, kind: { S: "x" }, title: { S: "t" } });
  const withVector = await search({ IndexName: "byCosine", TopK: 1, ProjectionExpression: "v, #t",
    ExpressionAttributeNames: { "#t": "title" } });
  assert.deepEqual(withVector.SearchResults[0].Item,
    { v: { L: [{ N: "1" }, { N: "0" }, { N: "0" }] } });
});

test("the SearchSchema partitions and filters, with the service's refusals", async () => {
  const filtered = await search({ IndexName: "byTenant", TopK: 10,
    SearchConditionExpression: "tenant = :t AND kind = :k",
    ExpressionAttributeValues: { ":t": { S: "t1" }, ":k": { S: "x" } } });
  assert.deepEqual(keys(filtered), ["a", "c"]);
  await rejects(search({ IndexName: "byTenant", TopK: 1 }), "ValidationException",
    "SearchConditionExpression must be provided when SearchSchema has a HASH key");
  await rejects(search({ IndexName: "byTenant", TopK: 1,
    SearchConditionExpression: "tenant = :t AND kind < :k",
    ExpressionAttributeValues: { ":t": { S: "t1" }, ":k": { S: "x" } } }), "ValidationException",
    "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression");
  await rejects(search({ IndexName: "byTenant", TopK: 1,
    SearchConditionExpression: "tenant = :t OR kind = :k",
    ExpressionAttributeValues: { ":t": { S: "t1" }, ":k": { S: "x" } } }), "ValidationException",
    "Invalid SearchConditionExpression: Invalid operator used in SearchConditionExpression");
  await rejects(search({ IndexName: "byTenant", TopK: 1,
    SearchConditionExpression: "tenant = :t AND p = :p",
    ExpressionAttributeValues: { ":t": { S: "t1" }, ":p": { S: "a" } } }), "ValidationException",
    "SearchConditionExpression must not contain any attributes that is not in SearchSchema. " +
    "Invalid attribute: p");
});

test("writes refuse vectors the index cannot hold", async () => {
  const put = (v) => client.send(new PutItemCommand({ TableName: "docs", Item: { p: { S: "z" }, v } }));
  await rejects(put({ L: [{ N: "1" }, { N: "0" }] }), "ValidationException",
    "One or more parameter values were invalid. Invalid size for parameter v, Expected: 3, " +
    "Actual: 2. IndexName: byCosine");
  await rejects(put({ S: "not a list" }), "ValidationException",
    "One or more parameter values were invalid. Invalid type for parameter v, Expected: 32-bit " +
    "floating point number list IndexName: byCosine");
  const { Item } = await client.send(new GetItemCommand({ TableName: "docs", Key: { p: { S: "z" } } }));
  assert.equal(Item, undefined);
});

test("bad searches are refused; ConsumedCapacity is VectorSearchRequestBytes", async () => {
  await rejects(search({ IndexName: "byCosine", TopK: 101 }), "ValidationException",
    "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive");
  await rejects(search({ IndexName: "nope", TopK: 1 }), "ValidationException",
    "The table does not have the specified index: nope");
  await rejects(client.send(new SearchVectorsCommand({ TableName: "docs", IndexName: "byCosine",
    SearchVector: [{ N: "1" }, { N: "0" }], TopK: 1 })), "ValidationException",
    "Input search vector dimension 2 does not match vector index dimension 3");
  const metered = await search({ IndexName: "byCosine", TopK: 1, ReturnConsumedCapacity: "TOTAL" });
  assert.deepEqual(metered.ConsumedCapacity, { VectorSearchRequestBytes: 1024 });
});

test("writes report VectorWriteRequestBytes per vector index with INDEXES", async () => {
  const item = { p: { S: "w" }, v: { L: [{ N: "0" }, { N: "0" }, { N: "1" }] }, tenant: { S: "t3" } };
  const total = await client.send(new PutItemCommand({ TableName: "docs", Item: item,
    ReturnConsumedCapacity: "TOTAL" }));
  assert.equal(total.ConsumedCapacity.VectorIndexes, undefined);
  item.v = { L: [{ N: "0" }, { N: "1" }, { N: "1" }] };
  const indexes = await client.send(new PutItemCommand({ TableName: "docs", Item: item,
    ReturnConsumedCapacity: "INDEXES" }));
  assert.deepEqual(indexes.ConsumedCapacity.VectorIndexes, {
    byCosine: { VectorWriteRequestBytes: 1024 }, byEuclid: { VectorWriteRequestBytes: 1024 },
    byTenant: { VectorWriteRequestBytes: 1024 } });
});

test("batches and transactions report VectorWriteRequestBytes per table with INDEXES", async () => {
  // Far from [1, 0, 0], so that the searches of the other cases keep their nearest items.
  const vec = (...n) => ({ L: n.map((x) => ({ N: x })) });
  const batch = await client.send(new BatchWriteItemCommand({ ReturnConsumedCapacity: "INDEXES",
    RequestItems: { docs: [
      { PutRequest: { Item: { p: { S: "bw1" }, v: vec("0", "0", "-5"), tenant: { S: "t9" } } } },
      { PutRequest: { Item: { p: { S: "bw2" }, v: vec("0", "-5", "0") } } }] } }));
  assert.deepEqual(batch.ConsumedCapacity[0].VectorIndexes, {
    byCosine: { VectorWriteRequestBytes: 2048 }, byEuclid: { VectorWriteRequestBytes: 2048 },
    byTenant: { VectorWriteRequestBytes: 1024 } });
  const transact = await client.send(new TransactWriteItemsCommand({
    ReturnConsumedCapacity: "INDEXES", TransactItems: [
      { Put: { TableName: "docs", Item: { p: { S: "tx1" }, v: vec("-5", "0", "-5"),
        tenant: { S: "t9" } } } },
      { Delete: { TableName: "docs", Key: { p: { S: "bw1" } } } },
      { ConditionCheck: { TableName: "docs", Key: { p: { S: "zz" } },
        ConditionExpression: "attribute_not_exists(p)" } }] }));
  assert.deepEqual(transact.ConsumedCapacity[0].VectorIndexes, {
    byCosine: { VectorWriteRequestBytes: 2048 }, byEuclid: { VectorWriteRequestBytes: 2048 },
    byTenant: { VectorWriteRequestBytes: 2048 } });
});

test("DescribeBackup lists the vector indexes as VectorIndexInfo", async () => {
  const made = await client.send(new CreateBackupCommand({ TableName: "docs", BackupName: "nightly" }));
  const { BackupDescription } = await client.send(new DescribeBackupCommand({
    BackupArn: made.BackupDetails.BackupArn }));
  const infos = BackupDescription.SourceTableFeatureDetails.VectorIndexes;
  assert.deepEqual(infos.map((i) => i.IndexName), ["byCosine", "byEuclid", "byTenant"]);
  assert.deepEqual(infos[2], { IndexName: "byTenant", VectorAttribute: { AttributeName: "v" },
    SearchSchema: [{ AttributeName: "tenant", SearchSchemaElementType: "HASH" },
      { AttributeName: "kind", SearchSchemaElementType: "INLINE_FILTER" }],
    Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["title"] },
    Dimensions: 3, DistanceFunction: "DOT_PRODUCT" });
});

// The whole SourceTableFeatureDetails of a table with an LSI, a GSI, a stream, TTL and a vector
// index, as the SDK reads it; the stream turned off after the backup is still in it.
test("DescribeBackup reports every SourceTableFeatureDetails member", async () => {
  await client.send(new CreateTableCommand({
    TableName: "catalog",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "N" }, { AttributeName: "price", AttributeType: "N" },
      { AttributeName: "category", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    BillingMode: "PAY_PER_REQUEST",
    LocalSecondaryIndexes: [{ IndexName: "byPrice",
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "price", KeyType: "RANGE" }],
      Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["title"] } }],
    GlobalSecondaryIndexes: [{ IndexName: "byCategory",
      KeySchema: [{ AttributeName: "category", KeyType: "HASH" }],
      Projection: { ProjectionType: "KEYS_ONLY" }, OnDemandThroughput: { MaxReadRequestUnits: 10 } }],
    StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_IMAGE" },
    VectorIndexes: [{ IndexName: "byLook", VectorAttribute: { AttributeName: "look" }, Dimensions: 2,
      DistanceFunction: "EUCLIDEAN", Projection: { ProjectionType: "KEYS_ONLY" } }],
  }));
  await client.send(new UpdateTimeToLiveCommand({ TableName: "catalog",
    TimeToLiveSpecification: { AttributeName: "expires", Enabled: true } }));
  const made = await client.send(new CreateBackupCommand({ TableName: "catalog",
    BackupName: "features" }));
  await client.send(new UpdateTableCommand({ TableName: "catalog",
    StreamSpecification: { StreamEnabled: false } }));
  const { BackupDescription } = await client.send(new DescribeBackupCommand({
    BackupArn: made.BackupDetails.BackupArn }));
  assert.deepEqual(BackupDescription.SourceTableFeatureDetails, {
    LocalSecondaryIndexes: [{ IndexName: "byPrice",
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "price", KeyType: "RANGE" }],
      Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["title"] } }],
    GlobalSecondaryIndexes: [{ IndexName: "byCategory",
      KeySchema: [{ AttributeName: "category", KeyType: "HASH" }],
      Projection: { ProjectionType: "KEYS_ONLY" },
      ProvisionedThroughput: { ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
      OnDemandThroughput: { MaxReadRequestUnits: 10 } }],
    StreamDescription: { StreamEnabled: true, StreamViewType: "NEW_IMAGE" },
    TimeToLiveDescription: { TimeToLiveStatus: "ENABLED", AttributeName: "expires" },
    VectorIndexes: [{ IndexName: "byLook", VectorAttribute: { AttributeName: "look" },
      Projection: { ProjectionType: "KEYS_ONLY" }, Dimensions: 2, DistanceFunction: "EUCLIDEAN" }],
  });
});

test("UpdateTable adds a vector index with its backfill, and deletes it", async () => {
  const updated = await client.send(new UpdateTableCommand({ TableName: "docs",
    VectorIndexUpdates: [{ Create: { IndexName: "later", VectorAttribute: { AttributeName: "v" },
      Dimensions: 3, DistanceFunction: "EUCLIDEAN", Projection: { ProjectionType: "KEYS_ONLY" } } }] }));
  const created = updated.TableDescription.VectorIndexes.find((i) => i.IndexName === "later");
  assert.equal(created.IndexStatus, "CREATING");
  assert.equal(created.Backfilling, false);
  const found = await search({ IndexName: "later", TopK: 2 });
  assert.deepEqual(keys(found), ["a", "b"]);
  const deleted = await client.send(new UpdateTableCommand({ TableName: "docs",
    VectorIndexUpdates: [{ Delete: { IndexName: "later" } }] }));
  assert.equal(deleted.TableDescription.VectorIndexes.find((i) => i.IndexName === "later").IndexStatus,
    "DELETING");
  await rejects(search({ IndexName: "later", TopK: 1 }), "ValidationException",
    "The table does not have the specified index: later");
});

test("the SDK sends SearchVectors to the endpoint it was given", () => {
  const searches = requests.filter((r) => r.target === "DynamoDB_20120810.SearchVectors");
  assert.ok(searches.length > 0);
  const expected = new URL(server.endpoint);
  for (const r of searches) assert.equal(r.host, `${expected.hostname}:${expected.port}`);
});
