// vitest globalSetup: one in-memory ddb-local per worker of the pool, stopped after the run.
// Use with vitest-setup.mjs as a setup file (docs/testing.md):
//   test: { globalSetup: ["ddb-local-js/vitest-global-setup.mjs"],
//           setupFiles: ["ddb-local-js/vitest-setup.mjs"] }
// DDB_LOCAL_WORKERS overrides the number of servers; DDB_LOCAL_ARGS adds ddb-local flags
// (space separated, e.g. "--virtual-clock").
import os from "node:os";

import { startWorkerServers } from "./index.mjs";

function workerCount(config = {}) {
  const pool = config.pool ?? "forks";
  const options = config.poolOptions?.[pool] ?? {};
  const n = config.maxWorkers ?? options.maxForks ?? options.maxThreads;
  if (Number.isInteger(n) && n > 0) return n;
  // vitest's own default for a run: one worker per CPU but one.
  return Math.max(((os.availableParallelism?.() ?? os.cpus().length) || 1) - 1, 1);
}

export default async function setup(project) {
  const args = (process.env.DDB_LOCAL_ARGS ?? "").split(/\s+/).filter(Boolean);
  const servers = await startWorkerServers(workerCount(project?.config), { args });
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
