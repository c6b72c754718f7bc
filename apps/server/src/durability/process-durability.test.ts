/**
 * The server process (`node dist/main.js`) and its database, on both kinds: PGlite on
 * disk under DATA_DIR, and a real PostgreSQL under DATABASE_URL. A hand on record
 * survives the process being killed outright; a hand in play when the process is told
 * to stop is kept, restored by the next start, and recorded when it ends.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { replay } from "@yourtrumps/engine";
import { openStore, type Store } from "../storage/index.js";
import { pickTrumps, playToEnd, settle, type Seen } from "../test-kit/harness.js";
import { DATABASE_KINDS, pgliteDataDir, startPostgres, type PostgresServer } from "../test-kit/postgres.js";
import { startServerProcess, stop } from "../test-kit/processes.js";
import { playAtLeast, seenRecorded } from "../test-kit/tables.js";

let pg: PostgresServer;
const dirs: string[] = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) await stop(child);
  await pg?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let databases = 0;
/** The environment naming a new, empty database of `kind`, and how to open it once the process is gone. */
async function database(
  kind: (typeof DATABASE_KINDS)[number],
): Promise<{ env: Record<string, string>; open: () => Promise<Store> }> {
  if (kind === "postgres") {
    const url = await pg.createDatabase(`process_${++databases}_${process.pid}`);
    return { env: { DATABASE_URL: url }, open: () => openStore({ databaseUrl: url }) };
  }
  const dir = await pgliteDataDir();
  dirs.push(dir);
  return { env: { DATA_DIR: dir }, open: () => openStore({ dataDir: dir }) };
}

async function serve(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; table: () => Promise<Room> }> {
  const { child, port } = await startServerProcess({
    PORT: "0",
    AI_DELAY_MS: "5",
    MESSAGES_PER_SECOND: "10000",
    CLIENT_DIST: "/nonexistent",
    ...env,
  });
  children.push(child);
  // It prints "listening on" before it installs its signal handlers: a request answered means they are in place.
  expect((await fetch(`http://127.0.0.1:${port}/health`)).ok).toBe(true);
  const table = async (): Promise<Room> => {
    const room = await new ColyseusSDK(`ws://127.0.0.1:${port}`).joinOrCreate("table", { mode: "computer" });
    room.reconnection.enabled = false;
    await room.waitForInitialState();
    return room;
  };
  return { child, port, table };
}

/**
 * /health once no record waits to be written. A restored table whose hand had ended queues
 * that hand's record again (written once: the write is idempotent), and the embedded
 * database writes it on its own thread while the server already answers.
 */
async function healthOnceWritten(port: number): Promise<{ db: string; queued: number }> {
  return vi.waitFor(
    async () => {
      const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { db: string; queued: number };
      if (health.queued !== 0 && health.db === "up") throw new Error(`${health.queued} records still queued`);
      return health;
    },
    { timeout: 60_000, interval: 50 },
  );
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

describe.each(DATABASE_KINDS)("the server process's records (%s)", (kind) => {
  it("a hand the process has written when it is killed (SIGKILL) is in the database after a restart", async () => {
    const db = await database(kind);
    const first = await serve(db.env);
    const room = await first.table();
    await pickTrumps([room]);
    const id = seenRecorded(room).handId;
    const end: Seen = await playToEnd([room]);
    expect(await healthOnceWritten(first.port)).toMatchObject({ db: "up", queued: 0 }); // committed, as far as the process knows
    first.child.kill("SIGKILL");
    await exited(first.child);

    const again = await serve(db.env); // PGlite: takes over the dead process's data directory and recovers it
    expect(await healthOnceWritten(again.port)).toMatchObject({ db: "up", queued: 0 });
    expect(await stop(again.child)).toBe(0);
    const store = await db.open();
    try {
      const game = await store.getGame(id);
      expect(game).not.toBeNull();
      expect(game!.result).toEqual({
        reason: end.result.reason,
        loser: end.result.loser < 0 ? null : end.result.loser,
        places: end.result.places,
      });
      expect(replay(game!.setup, game!.log).result).toEqual(game!.result);
      expect(game!.log).toHaveLength(end.seq);
    } finally {
      await store.close();
    }
  }, 90_000);

  it("a hand in play when the process is told to stop (SIGTERM) is kept, not recorded: the next start restores it and it is recorded once, when it ends", async () => {
    const db = await database(kind);
    const { child, port, table } = await serve(db.env);
    const room = await table();
    await pickTrumps([room]);
    await playAtLeast([room], 4);
    const played = await settle([room]).then(() => seenRecorded(room));
    const token = room.reconnectionToken;
    expect(await stop(child)).toBe(0);
    let store = await db.open();
    try {
      expect(await store.getGame(played.handId)).toBeNull(); // not called off
      expect(await store.live.count()).toEqual({ tables: 1, unowned: 1 }); // kept, and let go for whoever starts next
    } finally {
      await store.close();
    }
    const again = await serve({ ...db.env, PORT: String(port) });
    const back = await new ColyseusSDK(`ws://127.0.0.1:${port}`).reconnect(token);
    back.reconnection.enabled = false;
    await back.waitForInitialState();
    const end = await playToEnd([back]);
    expect(await stop(again.child)).toBe(0);
    store = await db.open();
    try {
      const game = await store.getGame(played.handId);
      expect(game?.result.reason).not.toBe("abandoned");
      expect(game!.log).toHaveLength(end.seq);
      expect(replay(game!.setup, game!.log).result).toEqual(game!.result);
      expect(game!.seats.map((s) => [s.anonymous, s.computer])).toEqual([
        [true, null],
        [false, "medium"],
      ]);
    } finally {
      await store.close();
    }
  }, 90_000);
});
