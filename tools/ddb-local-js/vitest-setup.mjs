// vitest setup file: points this worker at its ddb-local (see vitest-global-setup.mjs).
// VITEST_POOL_ID numbers the pool's workers from 1 and stays the same for a worker's files.
import { useWorkerServer } from "./index.mjs";

useWorkerServer(process.env.VITEST_POOL_ID);
