// Signature verification (ddb-local --credentials-file) through the AWS SDK for JavaScript v3:
// the right keys are served; a wrong secret and an unknown key get the service's errors.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
} from "@aws-sdk/client-dynamodb";

import { REGION, startServer, stopServer } from "./ddb_server.mjs";

const KEYS = { accessKeyId: "AKIDJSAUTH", secretAccessKey: "js/auth+secret" };
const MISMATCH = "The request signature we calculated does not match the signature you " +
  "provided. Check your AWS Secret Access Key and signing method. Consult the service " +
  "documentation for details.";

let server;
let dir;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ddbemu-auth-"));
  const file = path.join(dir, "credentials");
  fs.writeFileSync(file, `${KEYS.accessKeyId} ${KEYS.secretAccessKey}\n`);
  server = await startServer(["--credentials-file", file], KEYS);
});

after(() => {
  stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

function client(credentials) {
  return new DynamoDBClient({ endpoint: server.endpoint, region: REGION, credentials,
    maxAttempts: 1 });
}

test("the right keys are served", async () => {
  const ddb = client(KEYS);
  await ddb.send(new CreateTableCommand({
    TableName: "js_auth", BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
  }));
  await ddb.send(new PutItemCommand({ TableName: "js_auth",
    Item: { pk: { S: "k" }, v: { S: "héllo" } } }));
  const got = await ddb.send(new GetItemCommand({ TableName: "js_auth", Key: { pk: { S: "k" } } }));
  assert.equal(got.Item.v.S, "héllo");
  ddb.destroy();
});

test("a wrong secret is InvalidSignatureException", async () => {
  const ddb = client({ ...KEYS, secretAccessKey: "wrong" });
  await assert.rejects(ddb.send(new ListTablesCommand({})),
    (e) => e.name === "InvalidSignatureException" && e.message === MISMATCH);
  ddb.destroy();
});

test("an unknown key is UnrecognizedClientException", async () => {
  const ddb = client({ accessKeyId: "AKIDSTRANGER", secretAccessKey: "x" });
  await assert.rejects(ddb.send(new ListTablesCommand({})),
    (e) => e.name === "UnrecognizedClientException" &&
      e.message === "The security token included in the request is invalid.");
  ddb.destroy();
});
