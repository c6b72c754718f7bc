import { defineConfig } from "vitest/config";

// Integration tests boot real servers on ports of their own (port 0), each file in a process of
// its own (forks). Files run one at a time. Alone, most of a file's time is waiting: three at once
// ran this suite in 8 minutes. But `npm test` runs it beside the browser tests, which keep a core
// busy and are the longer path: there, more files at once slowed them, and three timed restarts out.
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
