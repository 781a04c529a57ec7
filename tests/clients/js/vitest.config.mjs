// vitest runs only vitest/*.test.mjs (the other suites here are node --test's), with the
// ddb-local-js glue users add to their own config: one in-memory ddb-local per pool worker,
// whose endpoint the AWS SDK reads from AWS_ENDPOINT_URL_DYNAMODB (docs/testing.md).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["vitest/**/*.test.mjs"],
    globalSetup: ["ddb-local-js/vitest-global-setup.mjs"],
    setupFiles: ["ddb-local-js/vitest-setup.mjs"],
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
  },
});
