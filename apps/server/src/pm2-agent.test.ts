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
      await new Promise((resolve) => setTimeout(resolve, 200)); // Colyseus' dynamic import of @pm2/io has settled
      const agent = (globalThis as Record<symbol, unknown>)[Symbol.for("@pm2/io")];
      expect(Object.keys(agent as object)).toEqual(["metric"]);
      expect(handlers()).toEqual(before);
    } finally {
      await h.close();
    }
  });
});
