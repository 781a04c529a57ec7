// What a request costs the client, apart from the server: the same GetItem through the AWS SDK
// v3 and through node's own http.request on a keep-alive agent (with a well-formed Authorization
// header whose signature local servers do not check), and the SDK's CreateTable, DescribeTable,
// PutItem and DeleteTable, each timed over many calls against one endpoint. What bounds the
// user CI suite's speed-up (docs/performance.md, "Where a test's time goes").
//
//   node bench/user-ci/sdk_floor.mjs http://127.0.0.1:8000
import http from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(
  fileURLToPath(new URL("../../tests/clients/js/package.json", import.meta.url)));
const {
  DynamoDBClient, CreateTableCommand, DeleteTableCommand, DescribeTableCommand, GetItemCommand,
  PutItemCommand,
} = require("@aws-sdk/client-dynamodb");

const endpoint = new URL(process.argv[2] ?? "http://127.0.0.1:8000");
const client = new DynamoDBClient({
  endpoint: endpoint.href, region: "us-east-1",
  credentials: { accessKeyId: "floor", secretAccessKey: "floor" },
});
const TABLES = 20, CALLS = 200;
const name = (i) => `sdk-floor-${i}`;

async function time(label, n, call) {
  const start = performance.now();
  for (let i = 0; i < n; i++) await call(i);
  console.log(`${label.padEnd(34)} ${((performance.now() - start) / n).toFixed(3)} ms a call (${n})`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function rawGetItem() {
  const body = JSON.stringify({ TableName: name(0), Key: { pk: { S: "k1" } } });
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: endpoint.hostname, port: endpoint.port, method: "POST", path: "/", agent,
      headers: {
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": "DynamoDB_20120810.GetItem",
        "content-length": Buffer.byteLength(body),
        authorization: "AWS4-HMAC-SHA256 Credential=floor/20261207/us-east-1/dynamodb/aws4_request, " +
          "SignedHeaders=host, Signature=0000",
      },
    }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GetItem answered ${res.statusCode}`));
      res.resume();
      res.on("end", resolve);
    });
    req.on("error", reject);
    req.end(body);
  });
}

await time("SDK CreateTable (the first calls)", TABLES, (i) => client.send(new CreateTableCommand({
  TableName: name(i), BillingMode: "PAY_PER_REQUEST",
  KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
})));
await time("SDK DescribeTable", CALLS, (i) => client.send(new DescribeTableCommand({ TableName: name(i % TABLES) })));
await time("SDK PutItem", CALLS, (i) => client.send(new PutItemCommand({ TableName: name(0), Item: { pk: { S: `k${i}` } } })));
await time("SDK GetItem", CALLS, (i) => client.send(new GetItemCommand({ TableName: name(0), Key: { pk: { S: `k${i}` } } })));
await time("http.request GetItem (keep-alive)", CALLS, () => rawGetItem());
await time("SDK DeleteTable", TABLES, (i) => client.send(new DeleteTableCommand({ TableName: name(i) })));
client.destroy();
agent.destroy();
