// Starting and stopping the server a node:test suite talks to: ddb-local ($DDB_LOCAL_BIN), or
// Amazon DynamoDB Local ($DYNAMODB_LOCAL_DIR) when CLIENT_TARGET=dynamodb-local, in memory on a
// free port. Ready when it answers ListTables; always stopped (SIGTERM, then SIGKILL) with its
// process group. ddb-local is started by the helper users get (tools/ddb-local-js,
// docs/testing.md).

import { spawn } from "node:child_process";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";

import { startDdbLocal } from "../../../tools/ddb-local-js/index.mjs";

export const TARGET = process.env.CLIENT_TARGET ?? "ddb-local";
export const REGION = "us-east-1";
export const CREDENTIALS = { accessKeyId: "AKIDJSTEST", secretAccessKey: "dummy-secret" };
// No config files or metadata service: nothing of the machine's AWS set-up leaks in.
process.env.AWS_CONFIG_FILE = "/dev/null";
process.env.AWS_SHARED_CREDENTIALS_FILE = "/dev/null";
process.env.AWS_EC2_METADATA_DISABLED = "true";

function freePort() {
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

function serverCommand(port, extraArgs) {
  if (TARGET === "dynamodb-local") {
    const dir = process.env.DYNAMODB_LOCAL_DIR;
    if (!dir) throw new Error("DYNAMODB_LOCAL_DIR is not set");
    return {
      cmd: "java",
      args: ["-Djava.library.path=DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar", "-inMemory",
        "-port", String(port)],
      cwd: dir,
    };
  }
  const bin = process.env.DDB_LOCAL_BIN;
  if (!bin) throw new Error("DDB_LOCAL_BIN is not set (CTest sets it to the ddb-local binary)");
  return { cmd: bin, args: ["-port", String(port), "-inMemory", ...extraArgs], cwd: undefined };
}

export function stopServer(server) {
  if (server?.stop) {
    server.stop();  // ddb-local-js: SIGTERM now, SIGKILL after 5 s
    return;
  }
  const proc = server?.proc;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    process.kill(-proc.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
  const timer = setTimeout(() => {
    try { process.kill(-proc.pid, "SIGKILL"); } catch { /* already gone */ }
  }, 5000);
  timer.unref();
}

// { proc, endpoint } of a server that answers; throws (with its log) when it cannot start.
// `extraArgs` go to ddb-local only (e.g. ["--virtual-clock"]); `credentials`, when given, are
// the keys the readiness probe signs with (a server verifying signatures needs its own).
export async function startServer(extraArgs = [], credentials = undefined) {
  if (TARGET !== "dynamodb-local" && credentials === undefined) {
    return startDdbLocal({ args: extraArgs });
  }
  credentials ??= CREDENTIALS;
  const port = await freePort();
  const { cmd, args, cwd } = serverCommand(port, extraArgs);
  let log = "";
  const proc = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"], detached: true });
  proc.stdout.on("data", (d) => { log += d; });
  proc.stderr.on("data", (d) => { log += d; });
  let exited = null;
  proc.on("exit", (code, signal) => { exited = code ?? signal; });
  proc.on("error", (e) => { exited = e.message; });
  const server = { proc, endpoint: `http://127.0.0.1:${port}` };
  process.on("exit", () => stopServer(server));
  const probe = new DynamoDBClient({ endpoint: server.endpoint, region: REGION,
    credentials, maxAttempts: 1 });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (exited !== null) throw new Error(`${cmd} exited (${exited}) before answering:\n${log}`);
      try {
        await probe.send(new ListTablesCommand({}));
        return server;
      } catch (e) {
        if (Date.now() > deadline) {
          stopServer(server);
          throw new Error(`${cmd} did not answer on port ${port} within 60 s:\n${log}`);
        }
        await sleep(100);
      }
    }
  } finally {
    probe.destroy();
  }
}
