// The AWS SDK for JavaScript v3 against ddb-local: PartiQL — ExecuteStatement with typed and
// (lib-dynamodb) native Parameters, NextToken paging, the SDK's typed DuplicateItemException,
// BatchExecuteStatement and ExecuteTransaction.
//
// Run by CTest (clients.js_partiql) with DDB_LOCAL_BIN set.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";

import {
  CreateTableCommand,
  DuplicateItemException,
  DynamoDBClient,
  ExecuteStatementCommand,
  TransactionCanceledException,
} from "@aws-sdk/client-dynamodb";
import {
  BatchExecuteStatementCommand,
  DynamoDBDocumentClient,
  ExecuteStatementCommand as DocExecuteStatementCommand,
  ExecuteTransactionCommand,
} from "@aws-sdk/lib-dynamodb";

import { CREDENTIALS, REGION, startServer, stopServer } from "./ddb_server.mjs";

let server;
let client;
let doc;
const TABLE = "js_partiql_music";

before(async () => {
  server = await startServer();
  client = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials: CREDENTIALS, maxAttempts: 1 });
  doc = DynamoDBDocumentClient.from(client);
  await client.send(new CreateTableCommand({
    TableName: TABLE, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "Artist", KeyType: "HASH" },
      { AttributeName: "SongTitle", KeyType: "RANGE" }],
    AttributeDefinitions: [{ AttributeName: "Artist", AttributeType: "S" },
      { AttributeName: "SongTitle", AttributeType: "S" }],
  }));
});

after(async () => {
  client?.destroy();
  await stopServer(server);
});

test("document client inserts with native parameters and selects them back", async () => {
  await doc.send(new DocExecuteStatementCommand({
    Statement: `INSERT INTO "${TABLE}" VALUE {'Artist': ?, 'SongTitle': ?, 'Tags': ?, 'Year': ?}`,
    Parameters: ["Acme Band", "PartiQL Rocks", ["a", "b"], 2020],
  }));
  const got = await doc.send(new DocExecuteStatementCommand({
    Statement: `SELECT Tags, "Year" FROM "${TABLE}" WHERE Artist = ? AND SongTitle = ?`,
    Parameters: ["Acme Band", "PartiQL Rocks"],
  }));
  assert.deepEqual(got.Items, [{ Tags: ["a", "b"], Year: 2020 }]);
});

test("an INSERT of an existing key is the SDK's DuplicateItemException", async () => {
  await assert.rejects(
    client.send(new ExecuteStatementCommand({
      Statement: `INSERT INTO "${TABLE}" VALUE {'Artist': 'Acme Band', 'SongTitle': 'PartiQL Rocks'}`,
    })),
    (e) => e instanceof DuplicateItemException &&
      e.message === "Duplicate primary key exists in table");
});

test("NextToken pages through a partition", async () => {
  for (let i = 0; i < 5; i++) {
    await doc.send(new DocExecuteStatementCommand({
      Statement: `INSERT INTO "${TABLE}" VALUE {'Artist': 'pager', 'SongTitle': ?}`,
      Parameters: [`s${i}`],
    }));
  }
  const seen = [];
  let NextToken;
  do {
    const page = await doc.send(new DocExecuteStatementCommand({
      Statement: `SELECT SongTitle FROM "${TABLE}" WHERE Artist = 'pager'`, Limit: 2, NextToken,
    }));
    seen.push(...page.Items.map((i) => i.SongTitle));
    NextToken = page.NextToken;
  } while (NextToken);
  assert.deepEqual(seen, ["s0", "s1", "s2", "s3", "s4"]);
});

test("batch results carry per-statement errors; transactions are all or nothing", async () => {
  const batch = await doc.send(new BatchExecuteStatementCommand({
    Statements: [
      { Statement: `UPDATE "${TABLE}" SET n = 1 WHERE Artist = 'pager' AND SongTitle = 's0'` },
      { Statement: `INSERT INTO "${TABLE}" VALUE {'Artist': 'pager', 'SongTitle': 's1'}` },
    ],
  }));
  assert.equal(batch.Responses[0].Error, undefined);
  assert.equal(batch.Responses[1].Error.Code, "DuplicateItem");
  await assert.rejects(
    doc.send(new ExecuteTransactionCommand({
      TransactStatements: [
        { Statement: `UPDATE "${TABLE}" SET n = 2 WHERE Artist = 'pager' AND SongTitle = 's0'` },
        { Statement: `UPDATE "${TABLE}" SET n = 2 WHERE Artist = 'pager' AND SongTitle = 'none'` },
      ],
    })),
    (e) => e instanceof TransactionCanceledException &&
      e.CancellationReasons.map((r) => r.Code).join() === "None,ConditionalCheckFailed");
  const got = await doc.send(new DocExecuteStatementCommand({
    Statement: `SELECT n FROM "${TABLE}" WHERE Artist = 'pager' AND SongTitle = 's0'`,
  }));
  assert.deepEqual(got.Items, [{ n: 1 }]);
});
