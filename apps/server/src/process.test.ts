import { existsSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ColyseusSDK } from "@colyseus/sdk";
import type { ChildProcess } from "node:child_process";
import type { HealthAnswer } from "./http/health.js";
import type { NewPlayerAnswer, ProfileAnswer } from "./http/players.js";
import { openStore } from "./storage/index.js";
import { call } from "./test-kit/harness.js";
import { pgliteDataDir } from "./test-kit/postgres.js";
import { useProcesses } from "./test-kit/process-fixture.js";
import { MAIN_JS, exitOf, spawnServerProcess, startServerProcess, stop } from "./test-kit/processes.js";

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

  it("refuses REDIS_URL without DATABASE_URL: exits 1 before listening, saying which variable is missing", async () => {
    const { code, output } = await exitOf(await spawnServerProcess({ PORT: "0", REDIS_URL: "redis://127.0.0.1:1" }));
    expect(code).toBe(1);
    expect(output).toMatch(/REDIS_URL is set.*DATABASE_URL is not/);
    expect(output).not.toMatch(/listening on/);
  });

  it("keeps its records under DATA_DIR: a player made over HTTP is there after SIGTERM", async () => {
    const dataDir = await pgliteDataDir();
    try {
      const { child, port } = await startServerProcess({ PORT: "0", DATA_DIR: dataDir, CLIENT_DIST: "/nonexistent" });
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      expect((await call<HealthAnswer>(base, "GET", "/health")).body).toMatchObject({ ok: true, db: "up", queued: 0 });
      const player = (await call<NewPlayerAnswer>(base, "POST", "/api/players", { body: { name: "Durable" } })).body;
      expect(await stop(child)).toBe(0);
      const store = await openStore({ dataDir }); // the pid file is gone with the process: the directory is free again
      expect((await store.getPlayer(player.id))?.name).toBe("Durable");
      await store.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("two server processes (REDIS_URL and one DATABASE_URL)", () => {
  const processes = useProcesses({ database: "two_processes", env: () => ({ FILL_AFTER_SECONDS: "60" }) });

  it("with REDIS_URL and one DATABASE_URL, quick-match clients of two processes meet at one table and players are known to both", async () => {
    const made = (
      await call<NewPlayerAnswer>(processes.bases[0]!, "POST", "/api/players", {
        body: { name: "Everywhere" },
      })
    ).body;
    const seen = await call<ProfileAnswer>(processes.bases[1]!, "GET", "/api/me", { token: made.token });
    expect(seen.body).toMatchObject({ id: made.id, name: "Everywhere" });
    const a = await processes.sdk(0).joinOrCreate("table", {
      mode: "quick",
      name: "via one",
    });
    const b = await processes.sdk(1).joinOrCreate("table", {
      mode: "quick",
      name: "via two",
    });
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
    const p = await processes.sdk(1).create("table", { mode: "private" });
    // The SDK's create resolves on the join, before the first state is decoded: the code is in that first state.
    await p.waitForInitialState();
    const code = (p.state as { code: string }).code;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const q = await processes.sdk(0).join("table", { mode: "private", code });
    expect(q.roomId).toBe(p.roomId);
    for (const r of [a, b, p, q]) {
      r.reconnection.enabled = false;
      await r.leave();
    }
    for (const child of processes.children) expect(await stop(child)).toBe(0);
  });
});
