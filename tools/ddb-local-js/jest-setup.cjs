// jest setup file: points this worker at its ddb-local. JEST_WORKER_ID numbers the workers from
// 1 (and is 1 with --runInBand).
"use strict";

require("./worker-env.cjs").useWorkerServer(process.env.JEST_WORKER_ID);
