// The JavaScript test helper users get (tools/ddb-local-js): start and stop, the virtual clock,
// and the jest glue (global setup, per-worker setup file, global teardown) driven as jest drives
// it. The vitest glue runs for real in vitest/ (CTest clients.js_vitest).

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand }
  from "@aws-sdk/client-dynamodb";

import { ENDPOINTS_ENV, findBinary, startDdbLocal } from "ddb-local-js";
import jestGlobalSetup from "ddb-local-js/jest-global-setup.mjs";
import jestGlobalTeardown from "ddb-local-js/jest-global-teardown.mjs";

const require = createRequire(import.meta.url);

const running = (server) => server.proc.exitCode === null && server.proc.signalCode === null;

test("startDdbLocal serves DynamoDB on a free port until stop()", async () => {
  const server = await startDdbLocal();
  const client = new DynamoDBClient(server.clientConfig({ maxAttempts: 1 }));
  try {
    assert.match(server.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual((await client.send(new ListTablesCommand({}))).TableNames, []);
  } finally {
    client.destroy();
    await server.stop();
  }
  assert.equal(running(server), false);
  await server.stop();  // idempotent
});

test("a --virtual-clock server's time moves only by advanceClock", async () => {
  const server = await startDdbLocal({ args: ["--virtual-clock"] });
  const client = new DynamoDBClient(server.clientConfig({ maxAttempts: 1 }));
  const table = (name) => ({ TableName: name, BillingMode: "PAY_PER_REQUEST",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] });
  const created = async (name) => (await client.send(new DescribeTableCommand({ TableName: name })))
    .Table.CreationDateTime.getTime();
  try {
    await client.send(new CreateTableCommand(table("before")));
    await server.advanceClock(90_000);
    await client.send(new CreateTableCommand(table("after")));
    assert.equal(await created("after") - await created("before"), 90_000);
  } finally {
    client.destroy();
    await server.stop();
  }
});

test("the binary comes from the option, then DDB_LOCAL_BIN; a wrong one is a clear error", () => {
  assert.equal(findBinary(process.env.DDB_LOCAL_BIN), findBinary());
  assert.throws(() => findBinary("/nonexistent/ddb-local"), /ddb-local not found at \/nonexistent/);
});

test("jest glue: one server per worker, each worker's client reaches its own", async () => {
  const saved = { ...process.env };
  try {
    await jestGlobalSetup({ maxWorkers: 2 });
    const servers = globalThis.__DDB_LOCAL_SERVERS__;
    const endpoints = JSON.parse(process.env[ENDPOINTS_ENV]);
    assert.equal(endpoints.length, 2);
    assert.notEqual(endpoints[0], endpoints[1]);
    for (const worker of [1, 2]) {
      process.env.JEST_WORKER_ID = String(worker);  // what jest sets in its worker processes
      delete require.cache[require.resolve("ddb-local-js/jest-setup.cjs")];
      require("ddb-local-js/jest-setup.cjs");
      assert.equal(process.env.AWS_ENDPOINT_URL_DYNAMODB, endpoints[worker - 1]);
      const client = new DynamoDBClient({ maxAttempts: 1 });  // configured by the environment
      try {
        await client.send(new CreateTableCommand({ TableName: "shared_name",
          BillingMode: "PAY_PER_REQUEST", KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
          AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] }));  // twice: 2 servers
      } finally {
        client.destroy();
      }
    }
    await jestGlobalTeardown();
    assert.deepEqual(servers.map(running), [false, false]);
  } finally {
    await jestGlobalTeardown();
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  }
});
