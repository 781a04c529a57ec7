// ddb-local-js's useFixtures under vitest: the fixtures are loaded once per worker (a snapshot
// of the worker's ddb-local), and every test starts from exactly them, whatever the test before
// it did (each test below changes them).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import {
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
} from "@aws-sdk/client-dynamodb";
import { listSnapshots, restore, useFixtures } from "ddb-local-js";

const client = new DynamoDBClient({});  // the worker's ddb-local, from the environment
let loads = 0;

useFixtures({ beforeAll, beforeEach }, async () => {
  loads += 1;
  await client.send(new CreateTableCommand({
    TableName: "fixture_orders", BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
  }));
  for (let i = 0; i < 200; ++i) {
    await client.send(new PutItemCommand({ TableName: "fixture_orders",
      Item: { id: { S: `o-${i}` } } }));
  }
}, { name: "vitest-fixtures" });
afterAll(() => client.destroy());

async function expectTheFixtures() {
  expect(loads).toBe(1);
  const tables = await client.send(new ListTablesCommand({}));
  expect(tables.TableNames).toContain("fixture_orders");
  const scan = await client.send(new ScanCommand({ TableName: "fixture_orders", Select: "COUNT" }));
  expect(scan.Count).toBe(200);
}

describe("useFixtures", () => {
  test("a test that deletes an item", async () => {
    await expectTheFixtures();
    await client.send(new DeleteItemCommand({ TableName: "fixture_orders", Key: { id: { S: "o-1" } } }));
  });

  test("a test that drops the table", async () => {
    await expectTheFixtures();
    await client.send(new DeleteTableCommand({ TableName: "fixture_orders" }));
  });

  test("a test that checks the snapshot and the errors", async () => {
    await expectTheFixtures();
    expect((await listSnapshots()).map((s) => s.Name)).toContain("vitest-fixtures");
    await expect(restore("no-such-snapshot")).rejects.toThrow(/ResourceNotFoundException/);
    await expect(restore("../x")).rejects.toThrow(/ValidationException/);
  });
});
