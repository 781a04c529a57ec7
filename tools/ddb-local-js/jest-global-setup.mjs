// jest globalSetup: one in-memory ddb-local per worker (globalConfig.maxWorkers), stopped by
// jest-global-teardown.mjs. The preset (jest-preset.json) wires both with jest-setup.cjs:
//   { "preset": "ddb-local-js" }
// DDB_LOCAL_WORKERS overrides the number of servers; DDB_LOCAL_ARGS adds ddb-local flags.
import { startWorkerServers } from "./index.mjs";

export default async function globalSetup(globalConfig) {
  const args = (process.env.DDB_LOCAL_ARGS ?? "").split(/\s+/).filter(Boolean);
  // jest documents that globalTeardown can read what globalSetup put on globalThis.
  globalThis.__DDB_LOCAL_SERVERS__ = await startWorkerServers(globalConfig?.maxWorkers, { args });
}
