import { defineConfig } from "vite";
import { pwaPlugin } from "./build/pwa-plugin.js";

/**
 * `vite build` makes the production client; `vite build --mode e2e` makes the copy the
 * browser tests drive, the only build in which the test hook (`__TEST_HOOK__`) exists.
 */
export default defineConfig(({ mode }) => ({
  base: "./",
  define: { __TEST_HOOK__: JSON.stringify(mode === "e2e") },
  plugins: [pwaPlugin()], // manifest, icons and the service worker (build/)
  worker: { format: "es" as const }, // the computer players' (local/ai-worker.ts) and the review's (review/) workers are modules, split from the main chunk
  build: {
    outDir: mode === "e2e" ? "dist-e2e" : "dist",
    target: "es2022",
    chunkSizeWarningLimit: 2000, // Phaser alone is over Vite's default limit; it gets its own chunk
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "phaser", test: /node_modules[\\/]phaser[\\/]/ },
            { name: "colyseus", test: /node_modules[\\/]@colyseus[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
}));
