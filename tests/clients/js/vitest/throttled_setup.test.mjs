// Setup code that throttles here and not against AWS (docs/capacity.md, "Local speed"): a
// client built from ddb-local-js's config keeps the JavaScript SDK's default retries, which
// absorb the throttles of a hot key; a client that turns retries off meets them. Throttling is
// on (ddb-local's default).
import { afterAll, beforeAll, expect, test } from "vitest";

import { CreateTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand }
  from "@aws-sdk/client-dynamodb";
import { dynamoDBClientConfig } from "ddb-local-js";

const TABLE = "hot_setup";
const client = new DynamoDBClient(dynamoDBClientConfig());
const bare = new DynamoDBClient(dynamoDBClientConfig({ maxAttempts: 1 }));

beforeAll(async () => {
  await client.send(new CreateTableCommand({ TableName: TABLE, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] }));
  // A partition that takes 200 WCU a second (a fifth of the service's), so that a loop
  // throttles within a few hundred writes; the debt a write leaves is repaid in 5 ms. The
  // Authorization header names this worker's namespace of tables.
  const r = await fetch(`${process.env.DDB_LOCAL_ENDPOINT}/_ddblocal/capacity/config?table=${TABLE}` +
    "&partition_write_units=200", { method: "POST", headers: { Authorization:
      `AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID}/20250101/` +
      `${process.env.AWS_REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=0` } });
  expect(r.status).toBe(200);
});
afterAll(() => { client.destroy(); bare.destroy(); });

const put = (c, n) => c.send(new PutItemCommand({ TableName: TABLE,
  Item: { pk: { S: "k" }, n: { N: String(n) } } }));

test("a hot setup loop throttles without retries and completes with the SDK's", async () => {
  let throttled = null;
  for (let i = 0; i < 5000 && throttled === null; i++) {
    try {
      await put(bare, i);
    } catch (e) {
      throttled = e.name;
    }
  }
  expect(throttled).toBe("ProvisionedThroughputExceededException");
  // The key is in debt now: writes as fast as the loop goes are throttled again and again, and
  // the SDK's retries (3 attempts, backoff) absorb every one.
  for (let i = 0; i < 300; i++) await put(client, i);
  const { Item } = await client.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: "k" } },
    ConsistentRead: true }));
  expect(Item.n.N).toBe("299");
});
