// An example test with ddb-local-js and node:test alone: one in-memory ddb-local for the file,
// whose address is in DDB_LOCAL_ENDPOINT (with AWS_ENDPOINT_URL_DYNAMODB, AWS_REGION and dummy
// credentials, so that an AWS SDK client made with no options reaches it too). From a project
// that installed ddb-local-js:
//
//   node --test node_modules/ddb-local-js/examples/put-get.test.mjs
//
// It speaks DynamoDB's JSON protocol with fetch so as to need no other package; a real test
// would use the AWS SDK: new DynamoDBClient({}) once server.env() is in process.env, or
// new DynamoDBClient(server.clientConfig()).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { startDdbLocal } from "ddb-local-js";

let server;

before(async () => {
  server = await startDdbLocal();  // bounded: fails after 30 s, never hangs
  Object.assign(process.env, server.env());
  await dynamodb("CreateTable", {
    TableName: "orders",
    BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
  });
});

after(() => server?.stop());

// One DynamoDB call. ddb-local, like DynamoDB Local, wants an Authorization header of SigV4's
// shape (its access key id names the caller's tables) but does not check the signature.
async function dynamodb(operation, input) {
  const { AWS_ACCESS_KEY_ID: key, AWS_REGION: region } = process.env;
  const response = await fetch(process.env.DDB_LOCAL_ENDPOINT, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-amz-json-1.0",
      "X-Amz-Target": `DynamoDB_20120810.${operation}`,
      Authorization: "AWS4-HMAC-SHA256 " +
        `Credential=${key}/20260101/${region}/dynamodb/aws4_request, ` +
        "SignedHeaders=host, Signature=0",
    },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.json();
  if (!response.ok) {
    throw new Error(`${operation}: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body;
}

test("the item put is the item got", async () => {
  const item = {
    pk: { S: "order#1" },
    total: { N: "42.5" },
    paid: { BOOL: true },
    lines: { L: [{ M: { sku: { S: "A-1" }, qty: { N: "2" } } }] },
  };
  await dynamodb("PutItem", { TableName: "orders", Item: item });

  const got = await dynamodb("GetItem", {
    TableName: "orders", Key: { pk: { S: "order#1" } }, ConsistentRead: true });

  assert.deepEqual(got.Item, item);
});

test("an item never put is not there", async () => {
  const got = await dynamodb("GetItem", { TableName: "orders", Key: { pk: { S: "order#2" } } });

  assert.equal(got.Item, undefined);
});
