// Pointing one test worker at its ddb-local (CommonJS, so that jest's setup files can require
// it without ESM support; index.mjs re-exports it).
"use strict";

const REGION = "us-east-1";
// Any credentials will do; the access key id selects the namespace of tables (as in DynamoDB
// Local) unless ddb-local runs with -sharedDb.
const CREDENTIALS = Object.freeze({
  accessKeyId: "AKIDDDBLOCALJS",
  secretAccessKey: "ddb-local-secret",
});
// The endpoints of the servers the global setup started, as a JSON array.
const ENDPOINTS_ENV = "DDB_LOCAL_ENDPOINTS";

// Sets DDB_LOCAL_ENDPOINT and AWS_ENDPOINT_URL_DYNAMODB (which the AWS SDKs read) to this
// worker's server, and AWS_REGION and dummy credentials, so that `new DynamoDBClient({})` reaches
// it. `workerNumber` is 1-based (JEST_WORKER_ID, VITEST_POOL_ID); numbers beyond the servers
// started share them round robin. Returns the endpoint.
function useWorkerServer(workerNumber) {
  const endpoints = JSON.parse(process.env[ENDPOINTS_ENV] || "[]");
  if (endpoints.length === 0) {
    throw new Error(`${ENDPOINTS_ENV} is not set: is ddb-local-js's global setup configured?`);
  }
  const index = (Math.max(1, Number(workerNumber) || 1) - 1) % endpoints.length;
  const endpoint = endpoints[index];
  Object.assign(process.env, {
    DDB_LOCAL_ENDPOINT: endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
  return endpoint;
}

module.exports = { REGION, CREDENTIALS, ENDPOINTS_ENV, useWorkerServer };
