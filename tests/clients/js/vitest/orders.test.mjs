// A user's suite under vitest with ddb-local-js: the client is built with no endpoint of its
// own, so it proves that the setup files pointed this worker at its own ddb-local.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  ConditionalCheckFailedException,
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
} from "@aws-sdk/client-dynamodb";
import { dynamoDBClientConfig } from "ddb-local-js";

const client = new DynamoDBClient({ maxAttempts: 1 });  // from AWS_ENDPOINT_URL_DYNAMODB & co.

beforeAll(async () => {
  await client.send(new CreateTableCommand({
    TableName: "orders", BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
  }));
});
afterAll(() => client.destroy());

describe("ddb-local-js under vitest", () => {
  test("the worker's endpoint is a ddb-local on loopback", async () => {
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(dynamoDBClientConfig().endpoint).toBe(process.env.AWS_ENDPOINT_URL_DYNAMODB);
  });

  test("a put is read back", async () => {
    await client.send(new PutItemCommand({ TableName: "orders",
      Item: { id: { S: "o-1" }, total: { N: "42.50" } } }));
    const got = await client.send(new GetItemCommand({ TableName: "orders",
      Key: { id: { S: "o-1" } }, ConsistentRead: true }));
    expect(got.Item).toEqual({ id: { S: "o-1" }, total: { N: "42.5" } });
  });

  test("a failed condition is the service's exception", async () => {
    await expect(client.send(new PutItemCommand({ TableName: "orders",
      Item: { id: { S: "o-1" } }, ConditionExpression: "attribute_not_exists(id)" })))
      .rejects.toBeInstanceOf(ConditionalCheckFailedException);
  });

  test("the table list is this file's own", async () => {
    const { TableNames } = await client.send(new ListTablesCommand({}));
    expect(TableNames).toContain("orders");
  });
});
