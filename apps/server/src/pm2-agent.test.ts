import { describe, expect, it } from "vitest";
import { boot } from "./test-kit/harness.js";

describe("PM2's monitoring agent", () => {
  it("stays out: Colyseus gets the inert one, and the boot adds no exception handlers", async () => {
    const handlers = (): number[] => [
      process.listenerCount("uncaughtException"),
      process.listenerCount("unhandledRejection"),
    ];
    const before = handlers();
    const h = await boot();
    try {
      // Colyseus' dynamic import of @pm2/io settles after the start.
      const agent = (): object => (globalThis as Record<symbol, unknown>)[Symbol.for("@pm2/io")] ?? {};
      await expect.poll(() => Object.keys(agent())).toEqual(["metric"]);
      expect(handlers()).toEqual(before);
    } finally {
      await h.close();
    }
  });
});
