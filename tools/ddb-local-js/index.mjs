// ddb-local-js: start and stop in-memory ddb-local servers for JavaScript tests, with nothing
// but Node.js (no dependency): what jest-dynalite does for dynalite, for ddb-local.
//
//   import { startDdbLocal } from "ddb-local-js";
//   const server = await startDdbLocal();          // ddb-local -inMemory on a free port
//   const client = new DynamoDBClient(server.clientConfig());
//   ...
//   await server.stop();
//
// The binary: the `binary` option, else $DDB_LOCAL_BIN, else the one of the `ddb-local` npm
// package (a dependency of the published ddb-local-js), else `ddb-local` on PATH. A server is
// ready when it answers ListTables; a start is bounded in time and retried on a lost port race;
// stop() ends the process group (SIGTERM, then SIGKILL) and also runs if Node.js exits first.
// The glue for vitest and jest (one server per worker) is in the *-setup files; see
// docs/testing.md in the ddbemu repository.

import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import workerEnv from "./worker-env.cjs";

const require = createRequire(import.meta.url);

const { ENDPOINTS_ENV, useWorkerServer } = workerEnv;

export const { REGION, CREDENTIALS } = workerEnv;

// ListTables needs a SigV4-shaped Authorization header; its signature is not checked.
const PROBE_AUTH =
  "AWS4-HMAC-SHA256 Credential=AKIDPROBE/20260101/us-east-1/dynamodb/aws4_request, " +
  "SignedHeaders=host, Signature=0";

// The ddb-local npm package's binary (its platform package, e.g. @ddb-local/linux-x64-gnu): the
// path, null when the package is not installed, or the Error saying why it has no binary here.
function packageBinary() {
  let ddbLocal;
  try {
    ddbLocal = require("ddb-local");
  } catch (e) {
    if (e.code === "MODULE_NOT_FOUND" && e.message.includes("'ddb-local'")) return null;
    return e;
  }
  try {
    return ddbLocal.binaryPath();
  } catch (e) {
    return e;
  }
}

export function findBinary(explicit) {
  for (const [candidate, origin] of [[explicit, "the binary option"],
    [process.env.DDB_LOCAL_BIN, "DDB_LOCAL_BIN"]]) {
    if (!candidate) continue;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return path.resolve(candidate);
    } catch {
      throw new Error(`ddb-local not found at ${candidate} (from ${origin})`);
    }
  }
  const fromPackage = packageBinary();
  if (typeof fromPackage === "string") return fromPackage;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir || ".", "ddb-local");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch { /* next */ }
  }
  const why = fromPackage ? ` The ddb-local package has none: ${fromPackage.message}` : "";
  throw new Error("ddb-local not found: set DDB_LOCAL_BIN, pass { binary }, install the " +
    "ddb-local npm package, or put ddb-local on PATH (it is built as build/tools/ddb-local)." +
    why);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function post(port, pathAndQuery, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: pathAndQuery,
      headers, timeout: 2000 }, (res) => {
      let data = "";
      res.on("data", (d) => { data += d; });
      res.on("end", () => resolve({ status: res.statusCode, body: data }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

async function answers(port) {
  try {
    const r = await post(port, "/", { "X-Amz-Target": "DynamoDB_20120810.ListTables",
      "Content-Type": "application/x-amz-json-1.0", Authorization: PROBE_AUTH }, "{}");
    return r.status === 200;
  } catch {
    return false;
  }
}

class DdbLocal {
  constructor(proc, port) {
    this.proc = proc;
    this.port = port;
    this.endpoint = `http://127.0.0.1:${port}`;
    this.region = REGION;
    this.credentials = CREDENTIALS;
    this.exited = new Promise((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) resolve();
      else proc.once("exit", () => resolve());
    });
  }

  // The options of a DynamoDBClient (AWS SDK for JavaScript v3) that reaches this server.
  clientConfig(extra = {}) {
    return { endpoint: this.endpoint, region: this.region, credentials: { ...this.credentials },
      ...extra };
  }

  // The environment variables that point an unconfigured `new DynamoDBClient({})` here.
  env() {
    return {
      DDB_LOCAL_ENDPOINT: this.endpoint,
      AWS_ENDPOINT_URL_DYNAMODB: this.endpoint,
      AWS_REGION: this.region,
      AWS_ACCESS_KEY_ID: this.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: this.credentials.secretAccessKey,
    };
  }

  // Moves a --virtual-clock server's time forward by `ms` milliseconds.
  async advanceClock(ms) {
    const r = await post(this.port, `/_ddblocal/clock/advance?ms=${Math.trunc(ms)}`, {}, "");
    if (r.status !== 200) throw new Error(`advancing the clock failed: ${r.status} ${r.body}`);
  }

  // Whole-database snapshots (docs/testing.md, "Snapshots"): see the functions below.
  snapshot(name) { return snapshot(name, this.endpoint); }
  restore(name) { return restore(name, this.endpoint); }
  reset() { return reset(this.endpoint); }
  listSnapshots() { return listSnapshots(this.endpoint); }
  deleteSnapshot(name) { return deleteSnapshot(name, this.endpoint); }

  // Stops the server; resolves once the process has exited. Idempotent.
  async stop() {
    const proc = this.proc;
    if (proc.exitCode === null && proc.signalCode === null) {
      signalGroup(proc, "SIGTERM");
      const timer = setTimeout(() => signalGroup(proc, "SIGKILL"), 5000);
      timer.unref();
      await this.exited;
      clearTimeout(timer);
    }
  }
}

function signalGroup(proc, signal) {
  try {
    process.kill(-proc.pid, signal);
  } catch { /* already gone */ }
}

async function startOn(binary, port, args, timeoutMs) {
  let log = "";
  const proc = spawn(binary, ["-port", String(port), "-inMemory", ...args],
    { stdio: ["ignore", "pipe", "pipe"], detached: true });
  proc.stdout.on("data", (d) => { log += d; });
  proc.stderr.on("data", (d) => { log += d; });
  let failed = null;
  proc.on("exit", (code, signal) => { failed ??= `exited (${code ?? signal})`; });
  proc.on("error", (e) => { failed = e.message; });
  const server = new DdbLocal(proc, port);
  process.on("exit", () => {  // never outlive the test run
    if (proc.exitCode === null && proc.signalCode === null) signalGroup(proc, "SIGKILL");
  });
  const deadline = Date.now() + timeoutMs;
  // From 1 ms, doubling to 50: ddb-local answers a few milliseconds after it is spawned, and a
  // flat 50 ms would add most of that wait to every test run's start.
  let pause = 1;
  for (;;) {
    if (failed !== null) throw new Error(`${binary} ${failed} before answering:\n${log}`);
    if (await answers(port)) break;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${binary} did not answer on port ${port} within ${timeoutMs} ms:\n${log}`);
    }
    await sleep(pause);
    pause = Math.min(2 * pause, 50);
  }
  // Keep draining its output so that a chatty server never blocks on a full pipe.
  proc.stdout.resume();
  proc.stderr.resume();
  return server;
}

// Starts ddb-local -inMemory on a free port. Options: binary, args (extra flags such as
// ["--virtual-clock"]), timeoutMs (default 30 s), attempts (default 3).
export async function startDdbLocal({ binary, args = [], timeoutMs = 30_000, attempts = 3 } = {}) {
  const bin = findBinary(binary);
  let error;
  for (let i = 0; i < attempts; ++i) {
    try {
      return await startOn(bin, await freePort(), args, timeoutMs);
    } catch (e) {
      error = e;
    }
  }
  throw error;
}

export async function stopDdbLocal(server) {
  await server?.stop();
}

// --- One server per test worker (used by the vitest and jest setup files) -------------------

// Global setup starts one server per worker and publishes their endpoints in ENDPOINTS_ENV
// (JSON), which the workers inherit; each worker's setup file picks the one of its number.
export async function startWorkerServers(count, options = {}) {
  const n = Math.max(1, Number(process.env.DDB_LOCAL_WORKERS) || count || 1);
  const servers = await Promise.all(Array.from({ length: n }, () => startDdbLocal(options)));
  process.env[ENDPOINTS_ENV] = JSON.stringify(servers.map((s) => s.endpoint));
  return servers;
}

export { ENDPOINTS_ENV, useWorkerServer };

// The DynamoDBClient options for the current worker's server (after its setup file ran).
export function dynamoDBClientConfig(extra = {}) {
  const endpoint = process.env.DDB_LOCAL_ENDPOINT;
  if (!endpoint) throw new Error("DDB_LOCAL_ENDPOINT is not set: is ddb-local-js's setup configured?");
  return { endpoint, region: REGION, credentials: { ...CREDENTIALS }, ...extra };
}

// --- Snapshots: load fixtures once, restore them before each test --------------------------

function currentEndpoint() {
  const endpoint = process.env.DDB_LOCAL_ENDPOINT;
  if (!endpoint) throw new Error("DDB_LOCAL_ENDPOINT is not set: is ddb-local-js's setup configured?");
  return endpoint;
}

// One admin request (/_ddblocal/...) to `endpoint`: its JSON answer, or an Error carrying the
// server's error type and message.
export function admin(method, pathAndQuery, endpoint = currentEndpoint()) {
  const url = new URL(pathAndQuery, endpoint);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method,
      path: url.pathname + url.search, timeout: 60_000 }, (res) => {
      let data = "";
      res.on("data", (d) => { data += d; });
      res.on("end", () => {
        if (res.statusCode !== 200) {
          reject(new Error(`${method} ${pathAndQuery}: HTTP ${res.statusCode}: ${data}`));
          return;
        }
        resolve(data ? JSON.parse(data) : {});
      });
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end();
  });
}

const byName = (name) => `name=${encodeURIComponent(name)}`;

// Snapshots the whole database (every table, item, index, stream and TTL setting) as `name`,
// replacing one of that name: { Name, SizeBytes, CreationDateTime }.
export async function snapshot(name, endpoint) {
  return (await admin("POST", `/_ddblocal/snapshot?${byName(name)}`, endpoint)).Snapshot;
}
// Makes the database what snapshot `name` holds: { Restored, DurationMs }.
export function restore(name, endpoint) {
  return admin("POST", `/_ddblocal/restore?${byName(name)}`, endpoint);
}
// Drops every table (the snapshots stay).
export async function reset(endpoint) {
  await admin("POST", "/_ddblocal/reset", endpoint);
}
export async function listSnapshots(endpoint) {
  return (await admin("GET", "/_ddblocal/snapshots", endpoint)).Snapshots;
}
export async function deleteSnapshot(name, endpoint) {
  await admin("DELETE", `/_ddblocal/snapshot?${byName(name)}`, endpoint);
}

// Fixtures for a suite, with the runner's hooks (vitest's or jest's beforeAll and beforeEach):
// the first suite of a worker that asks for snapshot `name` empties the worker's ddb-local, runs
// `load()` and snapshots the result; every test then starts from that snapshot (a restore: LMDB's
// records copied back, milliseconds), whatever the tests before it did. Later suites of the same
// worker find the snapshot and do not load again.
//
//   import { beforeAll, beforeEach } from "vitest";
//   useFixtures({ beforeAll, beforeEach }, async () => { /* create tables, put items */ });
export function useFixtures({ beforeAll, beforeEach }, load, { name = "fixtures", timeoutMs = 120_000 } = {}) {
  beforeAll(async () => {
    const snapshots = await listSnapshots();
    if (snapshots.some((s) => s.Name === name)) return;
    await reset();
    await load();
    await snapshot(name);
  }, timeoutMs);
  beforeEach(async () => {
    await restore(name);
  });
}
