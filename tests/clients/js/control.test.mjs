// The AWS SDK for JavaScript v3 against ddb-local: the control-plane operations of issue 13 —
// tags (CreateTable's included), DescribeLimits, DescribeEndpoints, point-in-time recovery,
// Contributor Insights and backups with restore — and set members returned in set order.
//
// Run by CTest (clients.js_control) with DDB_LOCAL_BIN set. DynamoDB Local lacks most of these
// operations, so the file runs against ddb-local only. The server is started on a free port
// before the tests and always stopped after them.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  CreateBackupCommand,
  CreateTableCommand,
  DeleteBackupCommand,
  DeleteTableCommand,
  DescribeContinuousBackupsCommand,
  DescribeContributorInsightsCommand,
  DescribeLimitsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListBackupsCommand,
  ListTagsOfResourceCommand,
  PutItemCommand,
  RestoreTableFromBackupCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  SearchVectorsCommand,
  TagResourceCommand,
  UntagResourceCommand,
  UpdateContinuousBackupsCommand,
  UpdateContributorInsightsCommand,
} from "@aws-sdk/client-dynamodb";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";

let server;
let client;
let arn;
const TABLE = "js_control";

before(async () => {
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 1 });
  const created = await client.send(new CreateTableCommand({
    TableName: TABLE, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    Tags: [{ Key: "team", Value: "hr" }],
  }));
  arn = created.TableDescription.TableArn;
});

after(() => {
  client?.destroy();
  stopServer(server);
});

test("tags: CreateTable's, added, replaced, removed", async () => {
  let tags = (await client.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags;
  assert.deepEqual(tags, [{ Key: "team", Value: "hr" }]);
  await client.send(new TagResourceCommand({ ResourceArn: arn,
    Tags: [{ Key: "env", Value: "dev" }, { Key: "team", Value: "it" }] }));
  tags = (await client.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags;
  assert.deepEqual(tags, [{ Key: "team", Value: "it" }, { Key: "env", Value: "dev" }]);
  await client.send(new UntagResourceCommand({ ResourceArn: arn, TagKeys: ["team"] }));
  tags = (await client.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags;
  assert.deepEqual(tags, [{ Key: "env", Value: "dev" }]);
  await assert.rejects(
    client.send(new TagResourceCommand({ ResourceArn: arn, Tags: [{ Key: "aws:x", Value: "v" }] })),
    { name: "ValidationException", message: "Tag Key cannot be prefixed with aws:, Key: aws:x" });
});

test("DescribeLimits answers the default quotas", async () => {
  const limits = await client.send(new DescribeLimitsCommand({}));
  assert.equal(limits.AccountMaxReadCapacityUnits, 80000);
  assert.equal(limits.TableMaxWriteCapacityUnits, 40000);
});

test("point-in-time recovery and Contributor Insights switches", async () => {
  let d = await client.send(new DescribeContinuousBackupsCommand({ TableName: TABLE }));
  assert.equal(d.ContinuousBackupsDescription.PointInTimeRecoveryDescription
    .PointInTimeRecoveryStatus, "DISABLED");
  d = await client.send(new UpdateContinuousBackupsCommand({ TableName: TABLE,
    PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
  const pitr = d.ContinuousBackupsDescription.PointInTimeRecoveryDescription;
  assert.equal(pitr.PointInTimeRecoveryStatus, "ENABLED");
  assert.ok(pitr.EarliestRestorableDateTime instanceof Date);
  await client.send(new UpdateContributorInsightsCommand({ TableName: TABLE,
    ContributorInsightsAction: "ENABLE" }));
  const ci = await client.send(new DescribeContributorInsightsCommand({ TableName: TABLE }));
  assert.equal(ci.ContributorInsightsStatus, "ENABLED");
  assert.equal(ci.ContributorInsightsRuleList.length, 2);
});

test("a backup restores the table as it was", async () => {
  await client.send(new PutItemCommand({ TableName: TABLE,
    Item: { pk: { S: "kept" }, tags: { SS: ["pear", "apple", "fig"] } } }));
  const backup = (await client.send(new CreateBackupCommand({ TableName: TABLE,
    BackupName: "js_backup" }))).BackupDetails;
  assert.equal(backup.BackupStatus, "AVAILABLE");
  await client.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: "later" } } }));
  const listed = await client.send(new ListBackupsCommand({ TableName: TABLE }));
  assert.deepEqual(listed.BackupSummaries.map((b) => b.BackupArn), [backup.BackupArn]);
  await client.send(new RestoreTableFromBackupCommand({ TargetTableName: "js_restored",
    BackupArn: backup.BackupArn }));
  const scanned = await client.send(new ScanCommand({ TableName: "js_restored" }));
  assert.equal(scanned.Count, 1);
  const got = await client.send(new GetItemCommand({ TableName: "js_restored",
    Key: { pk: { S: "kept" } } }));
  assert.deepEqual(got.Item.tags.SS, ["apple", "fig", "pear"]);  // set order: by bytes
  await client.send(new DeleteTableCommand({ TableName: "js_restored" }));
  await client.send(new DeleteBackupCommand({ BackupArn: backup.BackupArn }));
});

// The overrides of both restores, sent by the SDK as it serialises them: the service's rules
// (recorded against AWS in 2026) — index lists keep the listed indexes, matched by shape, so a
// rename is allowed but a new index is not; throughput overrides must fit the billing mode.
test("restores take the index, vector index and billing overrides", async () => {
  const source = "js_restore_src";
  await client.send(new CreateTableCommand({
    TableName: source, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "g", AttributeType: "S" }],
    GlobalSecondaryIndexes: [{ IndexName: "byG", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }],
      Projection: { ProjectionType: "ALL" } }],
    VectorIndexes: [{ IndexName: "emb", VectorAttribute: { AttributeName: "v" },
      Projection: { ProjectionType: "KEYS_ONLY" }, Dimensions: 2, DistanceFunction: "EUCLIDEAN" }],
  }));
  await client.send(new PutItemCommand({ TableName: source,
    Item: { pk: { S: "a" }, g: { S: "x" }, v: { L: [{ N: "1" }, { N: "2" }] } } }));
  const backup = (await client.send(new CreateBackupCommand({ TableName: source,
    BackupName: "js_overrides" }))).BackupDetails.BackupArn;

  await client.send(new RestoreTableFromBackupCommand({ TargetTableName: "js_restore_bare",
    BackupArn: backup, GlobalSecondaryIndexOverride: [], VectorIndexOverride: [],
    BillingModeOverride: "PROVISIONED",
    ProvisionedThroughputOverride: { ReadCapacityUnits: 4, WriteCapacityUnits: 2 } }));
  const bare = (await client.send(new DescribeTableCommand({ TableName: "js_restore_bare" }))).Table;
  assert.equal(bare.GlobalSecondaryIndexes, undefined);
  assert.equal(bare.VectorIndexes, undefined);
  assert.equal(bare.BillingModeSummary?.BillingMode ?? "PROVISIONED", "PROVISIONED");
  assert.equal(bare.ProvisionedThroughput.ReadCapacityUnits, 4);

  await client.send(new RestoreTableFromBackupCommand({ TargetTableName: "js_restore_kept",
    BackupArn: backup, VectorIndexOverride: [{ IndexName: "emb2", VectorAttribute: { AttributeName: "v" },
      Projection: { ProjectionType: "KEYS_ONLY" }, Dimensions: 2, DistanceFunction: "EUCLIDEAN" }] }));
  const kept = (await client.send(new DescribeTableCommand({ TableName: "js_restore_kept" }))).Table;
  assert.deepEqual(kept.VectorIndexes.map((v) => v.IndexName), ["emb2"]);
  assert.deepEqual(kept.GlobalSecondaryIndexes.map((g) => g.IndexName), ["byG"]);
  const found = await client.send(new SearchVectorsCommand({ TableName: "js_restore_kept",
    IndexName: "emb2", SearchVector: [{ N: "1" }, { N: "2" }], TopK: 1 }));
  assert.deepEqual(found.SearchResults.map((r) => r.Item.pk.S), ["a"]);

  await assert.rejects(
    client.send(new RestoreTableFromBackupCommand({ TargetTableName: "js_restore_new",
      BackupArn: backup, GlobalSecondaryIndexOverride: [{ IndexName: "byPk",
        KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }], Projection: { ProjectionType: "ALL" } }] })),
    { name: "ValidationException", message: "Index byPk does not match a secondary index that " +
      "existed in the source table and cannot be created during the restore operation" });
  await assert.rejects(
    client.send(new RestoreTableFromBackupCommand({ TargetTableName: "js_restore_new",
      BackupArn: backup, ProvisionedThroughputOverride: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } })),
    { name: "ValidationException",
      message: "Cannot override ProvisionedThroughput unless BillingMode is PROVISIONED" });

  await client.send(new UpdateContinuousBackupsCommand({ TableName: source,
    PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
  await assert.rejects(
    client.send(new RestoreTableToPointInTimeCommand({ SourceTableName: source,
      TargetTableName: "js_restore_pitr" })),
    { name: "ValidationException", message: "Invalid Request: Either one of RestoreDateTime or " +
      "UseLatestRestorableTime must be specified, but not both" });
  await client.send(new RestoreTableToPointInTimeCommand({ SourceTableName: source,
    TargetTableName: "js_restore_pitr", UseLatestRestorableTime: true,
    GlobalSecondaryIndexOverride: [] }));
  const pitr = (await client.send(new DescribeTableCommand({ TableName: "js_restore_pitr" }))).Table;
  assert.equal(pitr.GlobalSecondaryIndexes, undefined);
  assert.deepEqual(pitr.VectorIndexes.map((v) => v.IndexName), ["emb"]);
});
