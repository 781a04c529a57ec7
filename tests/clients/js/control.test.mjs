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
  DynamoDBClient,
  GetItemCommand,
  ListBackupsCommand,
  ListTagsOfResourceCommand,
  PutItemCommand,
  RestoreTableFromBackupCommand,
  ScanCommand,
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
