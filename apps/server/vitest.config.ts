import { defineConfig } from "vitest/config";

// Integration tests boot real servers on ports of their own (port 0), in one test process (a fork,
// not isolated: below). Files run one at a time. Alone, most of a file's time is waiting: three at once
// ran this suite in 8 minutes. But `npm test` runs it beside the browser tests, which keep a core
// busy and are the longer path: there, more files at once slowed them, and three timed restarts out.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: "forks",
    // One test process for every file, its modules loaded once: a fresh process a file spent 172 s
    // of the suite loading the same modules again. Files keep what they start to themselves (each
    // stops its servers); what is the process's (the metrics registry) is read as a difference.
    isolate: false,
    globalSetup: ["src/test-kit/log-scan.ts"], // every log line of the run is scanned for secrets at its end
  },
});
