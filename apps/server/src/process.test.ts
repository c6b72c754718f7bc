import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ColyseusSDK } from "@colyseus/sdk";
import type { ChildProcess } from "node:child_process";
import { MAIN_JS, freePort, startRedis, startServerProcess, stop } from "./test-kit/processes.js";

const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => stop(c)));
});

describe("the server process (node dist/main.js)", () => {
  it("is built", () => {
    expect(existsSync(MAIN_JS), "run the build first (npm test does, through turbo)").toBe(true);
  });

  it("reads PORT, prints 'listening on', and exits cleanly on SIGTERM with a table open", async () => {
    const { child, port } = await startServerProcess({ PORT: "0", AI_DELAY_MS: "5", CLIENT_DIST: "/nonexistent" });
    children.push(child);
    const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);
    const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
    const room = await sdk.joinOrCreate("table", { mode: "computer" });
    const left = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
    room.reconnection.enabled = false;
    expect(await stop(child)).toBe(0);
    expect(await left).toBeGreaterThanOrEqual(4000); // the server closed the table for the client
  });

  it("refuses a bad environment with a message", async () => {
    await expect(startServerProcess({ PORT: "not-a-port" })).rejects.toThrow(/PORT must be a number/);
  });

  it("with REDIS_URL, quick-match clients of two processes meet at one table", async () => {
    const redis = await startRedis();
    children.push(redis.child);
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(
      ports.map((p) => startServerProcess({ PORT: String(p), REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${p}`, FILL_AFTER_SECONDS: "60" })),
    );
    servers.forEach((s) => children.push(s.child));
    const a = await new ColyseusSDK(`ws://127.0.0.1:${ports[0]}`).joinOrCreate("table", { mode: "quick", name: "via one" });
    const b = await new ColyseusSDK(`ws://127.0.0.1:${ports[1]}`).joinOrCreate("table", { mode: "quick", name: "via two" });
    expect(b.roomId).toBe(a.roomId);
    await new Promise<void>((resolve) => {
      const check = (): void => {
        const s = (a.state as { toJSON(): { phase: string; seats: { name: string }[] } }).toJSON();
        if (s.phase === "choosing" && s.seats.map((x) => x.name).join() === "via one,via two") resolve();
      };
      a.onStateChange(check);
      check();
    });
    // a private table made on one process is found by its code from the other
    const p = await new ColyseusSDK(`ws://127.0.0.1:${ports[1]}`).create("table", { mode: "private" });
    await new Promise((r) => setTimeout(r, 100));
    const code = (p.state as { code: string }).code;
    const q = await new ColyseusSDK(`ws://127.0.0.1:${ports[0]}`).join("table", { mode: "private", code });
    expect(q.roomId).toBe(p.roomId);
    for (const r of [a, b, p, q]) {
      r.reconnection.enabled = false;
      await r.leave();
    }
    for (const s of servers) expect(await stop(s.child)).toBe(0);
  });
});
