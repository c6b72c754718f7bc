import { defineConfig } from "vitest/config";

export default defineConfig({
  define: { __TEST_HOOK__: "false" },
  test: {
    include: ["src/**/*.test.ts", "e2e/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false, // browser tests share 2 cores with everyone else
  },
});
