import { defineConfig } from "vitest/config";

// Integration tests boot real servers on ports of their own (port 0), each file in a process of
// its own (forks: its own matchmaker, presence and timers). Most of a file's time is waiting
// (reconnection windows, restarts, no-show times): one file at a time left the cores two-thirds
// idle, so two run at once (beside the browser tests, which keep a core busy; three at once
// with four packages' tasks overloaded the 2 cores until restarts timed out).
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    pool: "forks",
    globalSetup: ["src/test-kit/log-scan.ts"], // every log line of the run is scanned for secrets at its end
  },
});
