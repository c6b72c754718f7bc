import { defineConfig } from "vitest/config";

// Integration tests boot real servers on their own ports; files run one at a time
// so two suites never fight over the 2 shared cores or the matchmaker singleton.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: "forks",
    globalSetup: ["src/test-kit/log-scan.ts"], // every log line of the run is scanned for secrets at its end
  },
});
