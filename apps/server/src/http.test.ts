import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusSDK } from "@colyseus/sdk";
import { startServer } from "./server.js";
import type { RunningServer } from "./server.js";
import { createComputerPlayers } from "./computer-players.js";
import type { HealthAnswer } from "./http/health.js";
import type { Store } from "./storage/index.js";
import { temporaryPgliteStore } from "./test-kit/postgres.js";
import { silentLogger } from "./logging/logger.js";

let store: Store;
let server: RunningServer;
let base: string;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "yt-client-"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Your Trumps</title>");
  writeFileSync(path.join(dist, "app.js"), "console.log('client')");
  store = await temporaryPgliteStore();
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    clientDist: dist,
    corsOrigins: ["https://play.example"],
    ai: createComputerPlayers(1),
    store,
    log: silentLogger(),
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await store.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The HTTP status a bare WebSocket upgrade from a page at `origin` gets (101 = upgraded). */
function upgradeStatus(origin: string): Promise<number> {
  const headers = {
    Connection: "Upgrade",
    Upgrade: "websocket",
    Origin: origin,
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    "Sec-WebSocket-Version": "13",
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path: "/", headers });
    req.on("response", (res) => resolve(res.statusCode ?? 0));
    req.on("upgrade", (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("HTTP", () => {
  it("answers GET /health with JSON, the database's state and the records waiting for it included", async () => {
    const r = await fetch(`${base}/health`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as HealthAnswer;
    expect(body).toMatchObject({ ok: true, db: "up", queued: 0 });
    expect(typeof body.rooms).toBe("number");
    expect(typeof body.clients).toBe("number");
    expect(r.headers.get("x-powered-by")).toBeNull();
  });

  it("allows only the configured origins: a listed one is echoed with credentials, on /api and matchmaking; others get no Allow-Origin", async () => {
    const listed = { Origin: "https://play.example" };
    for (const r of [
      await fetch(`${base}/matchmake/joinOrCreate/table`, { method: "OPTIONS", headers: listed }),
      await fetch(`${base}/matchmake/create/table`, {
        method: "POST",
        headers: { ...listed, "Content-Type": "application/json" },
        body: JSON.stringify({ mode: "private" }),
      }),
      await fetch(`${base}/api/leaderboard`, { headers: listed }),
      await fetch(`${base}/api/me`, { method: "OPTIONS", headers: listed }),
    ]) {
      expect(r.headers.get("access-control-allow-origin")).toBe("https://play.example");
      expect(r.headers.get("access-control-allow-credentials")).toBe("true");
    }
    for (const r of [
      await fetch(`${base}/health`, { headers: { Origin: "https://evil.example" } }),
      await fetch(`${base}/api/leaderboard`, { headers: { Origin: "https://evil.example" } }),
    ]) {
      expect(r.headers.get("access-control-allow-origin")).toBeNull();
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("refuses a WebSocket from a page of another origin; the allowed origin and programs (no Origin) connect", async () => {
    const sdk = (origin?: string): ColyseusSDK =>
      new ColyseusSDK(`ws://127.0.0.1:${server.port}`, origin ? { headers: { Origin: origin } } : undefined);
    // the seat is reserved over HTTP (CORS binds browsers only); the WebSocket upgrade is what is refused
    await expect(sdk("https://evil.example").create("table", { mode: "private" })).rejects.toThrow();
    expect(await upgradeStatus("https://evil.example")).toBe(403);
    expect(await upgradeStatus("https://play.example")).not.toBe(403);
    for (const client of [sdk("https://play.example"), sdk()]) {
      const room = await client.create("table", { mode: "private" });
      expect(room.roomId).toBeTruthy();
      await room.leave();
    }
  });

  it("serves the built client, with index.html for table links and deep paths", async () => {
    for (const url of ["/", "/?table=ABC234", "/play/somewhere"]) {
      const r = await fetch(`${base}${url}`, { headers: { Accept: "text/html" } });
      expect(r.status).toBe(200);
      expect(await r.text()).toContain("Your Trumps");
    }
    const js = await fetch(`${base}/app.js`);
    expect(await js.text()).toContain("client");
  });

  it("matchmaking still works beside the static client", async () => {
    const r = await fetch(`${base}/matchmake/create/table`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "private" }),
    });
    expect(r.status).toBe(200);
    const seat = (await r.json()) as { roomId: string; sessionId: string };
    expect(seat.roomId).toBeTruthy();
  });
});
