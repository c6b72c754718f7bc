import { rmSync } from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDataDir, startPostgres, type PostgresServer } from "../test-kit/postgres.js";
import { ManualTimers, type PendingWait } from "../test-kit/manual-timers.js";
import { DatabaseNotReadyError } from "./errors.js";
import { openStoreWhenUp, type StoreWhenUp } from "./store-when-up.js";
import { capturingLogger } from "../logging/capturing-logger.js";
import { silentLogger } from "../logging/logger.js";

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server.destroy();
});

/**
 * Whether `promise` has settled once the work already queued has run (one turn of the event
 * loop). "Not yet" means "never" only where nothing else can settle it: here, no wait of the
 * store's ManualTimers has been fired.
 */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

/** A new database on the test server, then the server stopped, then openStoreWhenUp on that database. */
async function openWithServerDown(
  name: string,
): Promise<{ opened: StoreWhenUp; lines: string[]; url: string; timers: ManualTimers }> {
  const url = await server.createDatabase(name);
  await server.stop();
  const { log, lines } = capturingLogger();
  const timers = new ManualTimers();
  const opened = await openStoreWhenUp({ databaseUrl: url }, log, timers);
  return { opened, lines, url, timers };
}

/** Fires `wait` (a try at the stopped server) and resolves with the wait for the next try, which it sets on failing. */
async function failedTry(timers: ManualTimers, wait: PendingWait): Promise<PendingWait> {
  const next = timers.nextSet();
  wait.fire();
  return next;
}

/** Whether the database at `url` holds Kysely's table of migrations run. */
async function migrated(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ table: string | null }>(
      "select to_regclass('public.kysely_migration')::text as table",
    );
    return found.rows[0]!.table !== null;
  } finally {
    await client.end();
  }
}

describe("openStoreWhenUp", () => {
  it("opens PGlite at once, as openStore does", async () => {
    const dir = await pgliteDataDir();
    try {
      const timers = new ManualTimers();
      const opened = await openStoreWhenUp({ dataDir: dir }, silentLogger(), timers);
      expect(opened.state()).toBe("up");
      expect(await hasSettled(opened.ready)).toBe(true);
      expect((await opened.store.createPlayer("Embedded")).name).toBe("Embedded");
      expect(timers.pending).toEqual([]); // nothing to retry, nothing to wait for
      await opened.store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("opens and migrates a PostgreSQL server that answers before it resolves", async () => {
    const { log, lines } = capturingLogger();
    const timers = new ManualTimers();
    const opened = await openStoreWhenUp({ databaseUrl: await server.createDatabase("answers") }, log, timers);
    expect(opened.state()).toBe("up");
    expect(await hasSettled(opened.ready)).toBe(true);
    expect((await opened.store.createPlayer("Reached")).name).toBe("Reached");
    expect(lines).toEqual([]);
    expect(timers.pending).toEqual([]);
    await opened.store.close();
  });

  it("resolves with a server that is down; a call is refused when its wait ends and not before; tries back off to at most 5 s; it connects, migrates and serves once the server is back", async () => {
    const { opened, lines, timers } = await openWithServerDown("down_at_start");
    try {
      expect(opened.state()).toBe("connecting");
      expect(opened.store.kind).toBe("postgres");
      expect(lines).toEqual([expect.stringMatching(/^database down \(.*ECONNREFUSED.*\): serving without it/)]);
      const firstTry = timers.only();

      const early = opened.store.createPlayer("Early");
      const earlyWait = timers.pending[1]!;
      expect(timers.pending).toEqual([firstTry, earlyWait]);
      expect(earlyWait.ms).toBe(2_000); // the bounded wait
      expect(await hasSettled(early)).toBe(false); // nothing but its wait ends it
      earlyWait.fire();
      await expect(early).rejects.toBeInstanceOf(DatabaseNotReadyError);

      const counting = opened.store.live.count(); // a member's methods wait too
      const countWait = timers.pending[1]!;
      expect(countWait.ms).toBe(2_000);
      expect(await hasSettled(counting)).toBe(false);
      countWait.fire();
      await expect(counting).rejects.toBeInstanceOf(DatabaseNotReadyError);
      expect(() => opened.store.db).toThrow(DatabaseNotReadyError); // Kysely itself would reach the unmigrated database
      expect(timers.pending).toEqual([firstTry]);

      // Each failed try sets the next: doubling from 250 ms, jittered into the upper half, capped at 5 s.
      let nextTry = firstTry;
      const ceilings = [250, 500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000]; // after 1, 2, … 8 failures
      for (const [i, ceiling] of ceilings.entries()) {
        expect(nextTry.ms).toBeGreaterThanOrEqual(ceiling / 2);
        expect(nextTry.ms).toBeLessThanOrEqual(ceiling);
        if (i < ceilings.length - 1) nextTry = await failedTry(timers, nextTry);
      }
      expect(lines).toHaveLength(1); // down again, and again: said once
      expect(await hasSettled(opened.ready)).toBe(false);

      await server.start();
      const waiting = opened.store.createPlayer("Waiting");
      expect(timers.pending).toHaveLength(2); // the try, the call's wait
      nextTry.fire();
      await opened.ready;
      expect((await waiting).name).toBe("Waiting"); // served when the database came up, before its wait ended
      expect(timers.pending).toEqual([]); // the call's wait cancelled, and no try after the one that reached it
      expect(opened.state()).toBe("up");
      const made = await opened.store.createPlayer("Later");
      expect((await opened.store.getPlayer(made.id))?.name).toBe("Later");
      expect(await opened.store.live.count()).toEqual({ tables: 0, unowned: 0 });
      const ran = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(opened.store.db);
      expect(ran.rows[0]!.n).toBeGreaterThan(0);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe("database up after 8 failed tries: store ready");
    } finally {
      await opened.store.close();
    }
  });

  it("stops trying when closed: no try is left to run, and a server that comes back afterwards is left alone", async () => {
    const { opened, lines, url, timers } = await openWithServerDown("closed_while_down");
    expect(timers.pending).toHaveLength(1); // the next try
    await opened.store.close();
    expect(timers.pending).toEqual([]); // cancelled: tries run only from these waits, so none will
    await server.start();
    expect(lines).toHaveLength(1);
    expect(opened.state()).toBe("connecting");
    expect(await migrated(url)).toBe(false);
    // The database was there to be migrated all along: a store opened now does it at once.
    const again = await openStoreWhenUp({ databaseUrl: url }, silentLogger(), new ManualTimers());
    expect(again.state()).toBe("up");
    await again.store.close();
    expect(await migrated(url)).toBe(true);
  });

  it("a try under way when the store is closed ends without migrating, and sets no next try", async () => {
    const { opened, lines, url, timers } = await openWithServerDown("closed_while_trying");
    await server.start();
    timers.only().fire(); // the try starts connecting to a server that is back…
    await opened.store.close(); // …and close() waits for it to end
    expect(timers.pending).toEqual([]);
    expect(lines).toHaveLength(1); // no "database up"
    expect(opened.state()).toBe("connecting");
    expect(await hasSettled(opened.ready)).toBe(false);
    expect(await migrated(url)).toBe(false);
  });

  it("keeps trying a server that comes back refusing (it may be mended while we serve), saying so once, and stays connecting", async () => {
    await server.stop();
    const { log, lines } = capturingLogger();
    const timers = new ManualTimers();
    const opened = await openStoreWhenUp({ databaseUrl: server.url().replace("postgres@", "nobody@") }, log, timers);
    try {
      await server.start();
      const refusals = (): number => server.log().split('role "nobody" does not exist').length - 1;
      let nextTry = await failedTry(timers, timers.only());
      expect(lines).toEqual([
        expect.stringMatching(/^database down/),
        expect.stringMatching(/^database reached but it refuses to open \(role "nobody" does not exist\)/),
      ]);
      // Two more tries, each refused as the first and followed by another, and no more lines of ours.
      nextTry = await failedTry(timers, nextTry);
      nextTry = await failedTry(timers, nextTry);
      expect(lines).toHaveLength(2);
      await expect.poll(refusals, { timeout: 10_000, interval: 50 }).toBe(3); // the server's log says so each time
      expect(timers.pending).toEqual([nextTry]);
      expect(opened.state()).toBe("connecting");
      const asking = opened.store.getPlayer("00000000-0000-0000-0000-000000000000");
      timers.pending[1]!.fire(); // its wait ends
      await expect(asking).rejects.toThrow(/role "nobody" does not exist/);
    } finally {
      await opened.store.close();
    }
  });

  it("still refuses at once a server that answers and refuses: an unknown role, a missing database", async () => {
    const port = String(server.port);
    await expect(
      openStoreWhenUp({ databaseUrl: `postgres://nobody@127.0.0.1:${port}/postgres` }, silentLogger()),
    ).rejects.toThrow(/DATABASE_URL: the PostgreSQL server answered .*role "nobody" does not exist/);
    await expect(
      openStoreWhenUp({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/no_such_database` }, silentLogger()),
    ).rejects.toThrow(/database "no_such_database" does not exist/);
  });
});
