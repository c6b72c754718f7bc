import { ColyseusSDK } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ErrorAnswer } from "./http/errors.js";
import type { HealthAnswer } from "./http/health.js";
import type { NewPlayerAnswer, ProfileAnswer } from "./http/players.js";
import { startServer, type RunningServer } from "./server.js";
import { call } from "./test-kit/harness.js";
import { startPostgres, type PostgresServer } from "./test-kit/postgres.js";
import { exitOf, spawnServerProcess, startServerProcess, stop } from "./test-kit/processes.js";

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres.destroy();
});

/** Asks /health every 100 ms until `done` holds for its answer, or fails after `timeoutMs`. */
async function healthUntil(
  base: string,
  done: (answer: HealthAnswer) => boolean,
  timeoutMs: number,
): Promise<HealthAnswer> {
  return vi.waitFor(
    async () => {
      const answer = (await call<HealthAnswer>(base, "GET", "/health")).body;
      if (!done(answer)) throw new Error(`/health still answers ${JSON.stringify(answer)} after ${timeoutMs} ms`);
      return answer;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

describe("a server whose PostgreSQL is down at start", () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it("listens and plays, answers the API 503 with Retry-After, and serves everything within seconds of the database coming up", async () => {
    const databaseUrl = await postgres.createDatabase("down_at_start");
    await postgres.stop();
    const lines: string[] = [];
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      clientDist: null,
      aiDelayMs: 5,
      databaseUrl,
      log: (line) => lines.push(line),
    });
    const base = `http://127.0.0.1:${server.port}`;
    let ready = false;
    void server.storeReady.then(() => (ready = true));

    expect((await call<HealthAnswer>(base, "GET", "/health")).body).toMatchObject({
      ok: true,
      db: "down",
      store: "connecting",
      queued: 0,
    });
    const refused = await call<ErrorAnswer>(base, "POST", "/api/players", { body: { name: "Early" } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.body.error).toMatch(/database/);
    const room = await new ColyseusSDK(`ws://127.0.0.1:${server.port}`).joinOrCreate("table", { mode: "computer" }); // tables do not need the database to play
    room.reconnection.enabled = false;
    await room.leave();
    expect(ready).toBe(false);

    await postgres.start();
    expect(await healthUntil(base, (answer) => answer.store === "up", 10_000)).toMatchObject({ db: "up", store: "up" }); // the retries back off to 5 s at most
    expect(ready).toBe(true);
    const made = await call<NewPlayerAnswer>(base, "POST", "/api/players", { body: { name: "Later" } });
    expect(made.status).toBe(201);
    expect((await call<ProfileAnswer>(base, "GET", "/api/me", { token: made.body.token })).body).toMatchObject({
      id: made.body.id,
      name: "Later",
    });
    expect(lines.filter((line) => line.startsWith("database "))).toEqual([
      expect.stringMatching(/^database down \(/),
      expect.stringMatching(/^database up after/),
    ]);
  });
});

describe("the server process (node dist/main.js) and its database", () => {
  it("listens with its PostgreSQL down, and says the store is up once PostgreSQL is", async () => {
    const databaseUrl = await postgres.createDatabase("process_down_at_start");
    await postgres.stop();
    const { child, port } = await startServerProcess({
      PORT: "0",
      DATABASE_URL: databaseUrl,
      CLIENT_DIST: "/nonexistent",
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await call<HealthAnswer>(base, "GET", "/health")).body).toMatchObject({
        db: "down",
        store: "connecting",
      });
      await postgres.start();
      await healthUntil(base, (answer) => answer.store === "up" && answer.db === "up", 10_000);
      expect((await call<NewPlayerAnswer>(base, "POST", "/api/players", { body: { name: "Process" } })).status).toBe(
        201,
      );
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it("exits 1 before listening for a DATABASE_URL that is not PostgreSQL's", async () => {
    const { code, output } = await exitOf(
      await spawnServerProcess({ PORT: "0", DATABASE_URL: "mysql://root@127.0.0.1:3306/game" }),
    );
    expect(code).toBe(1);
    expect(output).toMatch(/DATABASE_URL must be a PostgreSQL URL/);
    expect(output).not.toMatch(/listening on/);
  });

  it("exits 1 before listening, saying why, for a server that refuses the credentials or has no such database", async () => {
    for (const [databaseUrl, why] of [
      [postgres.url().replace("postgres@", "nobody@"), /role "nobody" does not exist/],
      [postgres.url("no_such_database"), /database "no_such_database" does not exist/],
    ] as const) {
      const { code, output } = await exitOf(await spawnServerProcess({ PORT: "0", DATABASE_URL: databaseUrl }));
      expect(code).toBe(1);
      expect(output).toMatch(/DATABASE_URL: the PostgreSQL server answered but the database could not be opened/);
      expect(output).toMatch(why);
      expect(output).not.toMatch(/listening on/);
    }
  });
});
