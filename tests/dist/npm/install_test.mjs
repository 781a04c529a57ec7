// dist.npm: the npm packages as a user meets them (tools/dist/README.md).
//
// Into an empty project in a temporary directory, npm installs $DDBEMU_DIST/npm's ddb-local,
// ddb-local-js and this machine's @ddb-local/linux-<arch>-gnu tarballs with nothing of this
// machine's npm setup, offline and with a registry that does not exist (so it cannot reach one;
// ddb-local's optional package for the other CPU is then skipped, as npm skips it anywhere).
// Then, with no DDB_LOCAL_BIN and no ddb-local on PATH:
//   - the platform package's binary is the tarball's, and ddb-local's binaryPath() (CommonJS
//     and ESM) and ddb-local-js's findBinary() name it;
//   - `npx ddb-local -port 0 -inMemory` serves DynamoDB (ListTables over node's http, and with
//     the AWS SDK for JavaScript v3 when --sdk names a directory that has it: this test loads it
//     from there itself, nothing of the project does);
//   - the launcher passes SIGTERM and SIGINT on, exits with ddb-local's status, and dies of the
//     signal that killed ddb-local;
//   - without the platform package, and on platforms with none, the messages say what to do;
//   - ddb-local-js's example test (examples/put-get.test.mjs) passes under node --test.
// A missing tarball is a failure. Every wait is bounded.
//
//   node install_test.mjs --version V [--sdk DIR]        (DDBEMU_DIST names the dist directory)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: { version: { type: "string" }, sdk: { type: "string" } } });
const V = options.version;
const DIST = process.env.DDBEMU_DIST;
const ARCH = { x64: "x64", arm64: "arm64" }[process.arch];
const PLATFORM_PACKAGE = `@ddb-local/linux-${ARCH}-gnu`;

let tmp;
let project;       // ddb-local, ddb-local-js and the platform package
let bare;          // ddb-local and ddb-local-js only
let env;           // a user's environment: nothing of ours
const started = new Set();  // process groups this test started

// Runs a command to its end: { code, signal, stdout, stderr }; a timeout kills its group and
// fails.
function run(command, args, { cwd, timeoutMs = 60_000, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, detached: true,
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    started.add(child.pid);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => { stdout += d; });
    child.stderr.on("data", (d) => { stderr += d; });
    if (input !== undefined) child.stdin.end(input);
    const timer = setTimeout(() => {
      killGroup(child.pid);
      reject(new Error(`${command} ${args.join(" ")} did not finish within ${timeoutMs} ms:\n` +
        `${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on("error", (e) => { clearTimeout(timer); reject(e); });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

function mustSucceed(result, what) {
  assert.equal(result.code, 0, `${what} failed (${result.code ?? result.signal}):\n` +
    `${result.stdout}\n${result.stderr}`);
  return result;
}

function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch { /* gone */ }
}

// Starts a server command in its own process group; resolves once it printed "Port:\t<n>".
function startServer(command, args, cwd) {
  const child = spawn(command, args,
    { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  started.add(child.pid);
  let log = "";
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  const port = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no "Port:" line within 30 s:\n${log}`));
    }, 30_000);
    const onData = (d) => {
      log += d;
      const m = /^Port:\t(\d+)$/m.exec(log);
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (d) => { log += d; });
    child.on("error", (e) => { clearTimeout(timer); reject(e); });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code ?? signal}) before listening:\n${log}`));
    });
  });
  return { child, port, exited, log: () => log };
}

// Resolves with what `exited` resolves to, or rejects after ms.
function within(ms, promise, what) {
  let timer;
  return Promise.race([promise.finally(() => clearTimeout(timer)), new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  })]);
}

const PROBE_AUTH = "AWS4-HMAC-SHA256 " +
  "Credential=AKIDDISTNPM/20260101/us-east-1/dynamodb/aws4_request, " +
  "SignedHeaders=host, Signature=0";

function listTables(port) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/", timeout: 10_000,
      headers: { "X-Amz-Target": "DynamoDB_20120810.ListTables", Authorization: PROBE_AUTH,
        "Content-Type": "application/x-amz-json-1.0" } }, (res) => {
      let body = "";
      res.on("data", (d) => { body += d; });
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    req.on("timeout", () => req.destroy(new Error("ListTables timed out")));
    req.on("error", reject);
    req.end("{}");
  });
}

// The live (not zombie) processes whose /proc stat field `field` (1: ppid, 2: pgrp) is `value`.
function processesWith(field, value) {
  return fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").replace(/^.*\) /s, "").split(" ");
      return fields[0] !== "Z" && fields[field] === String(value);
    } catch {
      return false;
    }
  }).map(Number);
}

// Resolves once no live process of group `pgid` is left, checked every 50 ms; rejects after ms.
async function groupEnded(pgid, ms) {
  const deadline = Date.now() + ms;
  while (processesWith(2, pgid).length > 0) {
    if (Date.now() > deadline) {
      throw new Error(`processes of group ${pgid} still run after ${ms} ms`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sha256 = (data) => crypto.createHash("sha256").update(data).digest("hex");

// The bytes of the tarball's bin/ddb-local.
async function tarballBinary() {
  const tarball = path.join(DIST, `ddb-local-${V}-linux-${ARCH}.tar.gz`);
  const out = path.join(tmp, "tarball-ddb-local");
  mustSucceed(await run("sh", ["-c", 'tar -xzOf "$0" "$1" > "$2"', tarball,
    `ddb-local-${V}-linux-${ARCH}/bin/ddb-local`, out]), `reading bin/ddb-local from ${tarball}`);
  return fs.readFileSync(out);
}

function userEnv() {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) =>
    !/^(npm_|NPM_|DDB_LOCAL|NODE_PATH$|NODE_OPTIONS$|AWS_)/i.test(k)));
  const PATH = (clean.PATH ?? "/usr/bin:/bin").split(path.delimiter)
    .filter((d) => d && !fs.existsSync(path.join(d, "ddb-local"))).join(path.delimiter);
  const home = path.join(tmp, "home");
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(home, ".npmrc"), "");
  return { ...clean, PATH, HOME: home,
    npm_config_userconfig: path.join(home, ".npmrc"),
    npm_config_globalconfig: path.join(home, "global-npmrc"),
    npm_config_cache: path.join(tmp, "npm-cache"),
    npm_config_offline: "true",
    npm_config_registry: "http://127.0.0.1:9/",  // nothing listens there
    npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false",
    npm_config_loglevel: "warn" };
}

async function makeProject(name, tarballs) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "package.json"),
    JSON.stringify({ name: `dist-npm-${name}`, private: true, type: "module" }, null, 2));
  mustSucceed(await run("npm", ["install", ...tarballs], { cwd: dir, timeoutMs: 180_000 }),
    `npm install in ${name}`);
  return dir;
}

before(async () => {
  assert.ok(V, "--version is needed");
  assert.ok(DIST, "DDBEMU_DIST is not set");
  assert.ok(ARCH, `no package for ${process.arch}`);
  const npmDir = path.join(DIST, "npm");
  const tgz = {
    main: path.join(npmDir, `ddb-local-${V}.tgz`),
    js: path.join(npmDir, `ddb-local-js-${V}.tgz`),
    platform: path.join(npmDir, `ddb-local-linux-${ARCH}-gnu-${V}.tgz`),
  };
  for (const f of [...Object.values(tgz), path.join(DIST, `ddb-local-${V}-linux-${ARCH}.tar.gz`)]) {
    assert.ok(fs.existsSync(f), `${f} is missing (tools/dev package writes it)`);
  }
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ddbemu-dist-npm-")));
  env = userEnv();
  project = await makeProject("project", [tgz.main, tgz.js, tgz.platform]);
  bare = await makeProject("bare", [tgz.main, tgz.js]);
});

after(() => {
  for (const pid of started) killGroup(pid);
  if (tmp) {
    // Any process still running an executable from under tmp (a ddb-local left by a failure).
    for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/exe`).startsWith(tmp + path.sep)) {
          process.kill(Number(pid), "SIGKILL");
        }
      } catch { /* not ours, or gone */ }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test("the platform package's binary is the tarball's, and every lookup names it", async () => {
  const installed = path.join(project, "node_modules", PLATFORM_PACKAGE, "bin", "ddb-local");
  fs.accessSync(installed, fs.constants.X_OK);
  assert.equal(sha256(fs.readFileSync(installed)), sha256(await tarballBinary()));
  fs.writeFileSync(path.join(project, "lookups.mjs"), `
    import { createRequire } from "node:module";
    const require = createRequire(import.meta.url);
    const { findBinary } = await import("ddb-local-js");
    console.log(JSON.stringify({ cjs: require("ddb-local").binaryPath(),
      esm: (await import("ddb-local")).binaryPath(), helper: findBinary() }));
  `);
  const r = mustSucceed(await run("node", ["lookups.mjs"], { cwd: project }), "lookups.mjs");
  assert.deepEqual(JSON.parse(r.stdout), { cjs: installed, esm: installed, helper: installed });
});

test("npx ddb-local -port 0 -inMemory serves DynamoDB", { timeout: 120_000 }, async () => {
  const server = startServer("npx", ["ddb-local", "-port", "0", "-inMemory"], project);
  try {
    const port = await server.port;
    const listed = await listTables(port);
    assert.equal(listed.status, 200, listed.body);
    assert.deepEqual(JSON.parse(listed.body), { TableNames: [] });
    if (options.sdk) await sdkRoundTrip(port);
    // npm passes SIGTERM to the shell it runs the launcher in, which (dash) dies of it; the
    // launcher then sees its parent gone and stops ddb-local. The whole group must end.
    process.kill(server.child.pid, "SIGTERM");
    await within(20_000, server.exited, "npx's exit after SIGTERM");
    await groupEnded(server.child.pid, 20_000);
    await assert.rejects(listTables(port), /ECONNREFUSED/);
  } finally {
    killGroup(server.child.pid);
  }
});

// CreateTable, PutItem and GetItem through the AWS SDK for JavaScript v3, loaded from --sdk.
async function sdkRoundTrip(port) {
  const fromSdkDir = createRequire(path.join(path.resolve(options.sdk), "package.json"));
  const sdk = fromSdkDir("@aws-sdk/client-dynamodb");
  const client = new sdk.DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: "us-east-1",
    credentials: { accessKeyId: "AKIDDISTNPM", secretAccessKey: "secret" }, maxAttempts: 1 });
  try {
    await client.send(new sdk.CreateTableCommand({
      TableName: "orders", BillingMode: "PAY_PER_REQUEST",
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }] }));
    const item = { pk: { S: "order#1" }, total: { N: "42.5" }, paid: { BOOL: true } };
    await client.send(new sdk.PutItemCommand({ TableName: "orders", Item: item }));
    const got = await client.send(new sdk.GetItemCommand({ TableName: "orders",
      Key: { pk: { S: "order#1" } }, ConsistentRead: true }));
    assert.deepEqual(got.Item, item);
  } finally {
    client.destroy();
  }
}

test("the launcher passes SIGTERM and SIGINT on and exits with ddb-local's status",
  { timeout: 120_000 }, async () => {
  const launcher = path.join(project, "node_modules", ".bin", "ddb-local");
  for (const signal of ["SIGTERM", "SIGINT"]) {
    const server = startServer(launcher, ["-port", "0", "-inMemory"], project);
    try {
      const port = await server.port;
      process.kill(server.child.pid, signal);  // the launcher alone, not its group
      const { code } = await within(20_000, server.exited, `the launcher's exit after ${signal}`);
      assert.equal(code, 0, `after ${signal}:\n${server.log()}`);  // ddb-local's drained exit
      await assert.rejects(listTables(port), /ECONNREFUSED/);
    } finally {
      killGroup(server.child.pid);
    }
  }
  const binary = path.join(project, "node_modules", PLATFORM_PACKAGE, "bin", "ddb-local");
  const direct = await run(binary, ["--no-such-flag"], { cwd: project });
  const launched = await run(launcher, ["--no-such-flag"], { cwd: project });
  assert.notEqual(direct.code, 0, "ddb-local accepted --no-such-flag");
  assert.deepEqual([launched.code, launched.stderr], [direct.code, direct.stderr]);
});

test("a ddb-local killed by a signal kills its launcher with the same signal",
  { timeout: 60_000 }, async () => {
  const launcher = path.join(project, "node_modules", ".bin", "ddb-local");
  const server = startServer(launcher, ["-port", "0", "-inMemory"], project);
  try {
    await server.port;
    const children = processesWith(1, server.child.pid);
    assert.equal(children.length, 1, `the launcher's children: ${children}`);
    process.kill(children[0], "SIGKILL");
    const { signal } = await within(20_000, server.exited, "the launcher's exit");
    assert.equal(signal, "SIGKILL");
  } finally {
    killGroup(server.child.pid);
  }
});

test("without its platform package, ddb-local and ddb-local-js say what to do", async () => {
  const r = await run(path.join(bare, "node_modules", ".bin", "ddb-local"),
    ["-port", "0", "-inMemory"], { cwd: bare, timeoutMs: 30_000 });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const missing = `${PLATFORM_PACKAGE}@${V.replaceAll(".", "\\.")} is not installed`;
  assert.match(r.stderr, new RegExp(missing));
  assert.match(r.stderr, /npm install/);
  fs.writeFileSync(path.join(bare, "find.mjs"), `
    import { findBinary } from "ddb-local-js";
    try { findBinary(); } catch (e) { console.log(e.message); process.exit(3); }
  `);
  const found = await run("node", ["find.mjs"], { cwd: bare });
  assert.equal(found.code, 3, found.stdout + found.stderr);
  assert.match(found.stdout, /ddb-local not found.*is not installed/s);
});

test("on platforms without a package, ddb-local says what is supported and what to do instead",
  async () => {
  fs.writeFileSync(path.join(project, "platforms.cjs"), `
    const { platformPackage } = require("ddb-local");
    const show = (p) => (p instanceof Error ? "Error: " + p.message : p);
    console.log(JSON.stringify([["linux", "${ARCH}", "glibc"], ["linux", "x64", "musl"],
      ["linux", "arm64", "glibc", "2.31"], ["darwin", "arm64", null], ["win32", "x64", null],
      ["linux", "ia32", "glibc"]]
      .map((a) => show(platformPackage(...a)))));
  `);
  const r = mustSucceed(await run("node", ["platforms.cjs"], { cwd: project }), "platforms.cjs");
  const [own, ...others] = JSON.parse(r.stdout);
  assert.equal(own, PLATFORM_PACKAGE);
  const which = /^Error: no ddb-local binary for ([^.]+(?:\.\d+)?)\. /;
  assert.deepEqual(others.map((m) => which.exec(m)?.[1]),
    ["Linux x64 with musl", "glibc 2.31", "macOS arm64", "Windows x64", "Linux ia32 with glibc"]);
  for (const message of others) {
    assert.match(message, /glibc 2\.34 or later on x64 and arm64\..*container image.*from source/);
  }
});

test("ddb-local-js's example test passes", { timeout: 180_000 }, async () => {
  const r = await run("node", ["--test", "--test-reporter=tap",
    path.join("node_modules", "ddb-local-js", "examples", "put-get.test.mjs")],
  { cwd: project, timeoutMs: 150_000 });
  mustSucceed(r, "node --test examples/put-get.test.mjs");
  assert.match(r.stdout, /^# pass 2$/m, r.stdout);
  assert.match(r.stdout, /^# fail 0$/m, r.stdout);
});
