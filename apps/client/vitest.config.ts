import { defineConfig } from "vitest/config";

// `npm test` runs this suite beside the server's (scripts/test.mjs). Here the unit tests (no
// server, no browser) run two files at a time first; then the browser tests one file at a time,
// each with its server and Chromium: software WebGL keeps a core busy, so two at once gained nothing.
export default defineConfig({
  define: { __TEST_HOOK__: "false" },
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts"], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: "browser", include: ["e2e/**/*.test.ts"], fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
