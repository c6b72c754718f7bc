import { rmSync } from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDataDir, startPostgres, type PostgresServer } from "../test-kit/postgres.js";
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

/** Resolves with whether `promise` settled within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

/** A new database on the test server, then the server stopped, then openStoreWhenUp on that database. */
async function openWithServerDown(name: string): Promise<{ opened: StoreWhenUp; lines: string[]; url: string }> {
  const url = await server.createDatabase(name);
  await server.stop();
  const { log, lines } = capturingLogger();
  const opened = await openStoreWhenUp({ databaseUrl: url }, log);
  return { opened, lines, url };
}

describe("openStoreWhenUp", () => {
  it("opens PGlite at once, as openStore does", async () => {
    const dir = await pgliteDataDir();
    try {
      const opened = await openStoreWhenUp({ dataDir: dir }, silentLogger());
      expect(opened.state()).toBe("up");
      expect(await settlesWithin(opened.ready, 0)).toBe(true);
      expect((await opened.store.createPlayer("Embedded")).name).toBe("Embedded");
      await opened.store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("opens and migrates a PostgreSQL server that answers before it resolves", async () => {
    const { log, lines } = capturingLogger();
    const opened = await openStoreWhenUp({ databaseUrl: await server.createDatabase("answers") }, log);
    expect(opened.state()).toBe("up");
    expect(await settlesWithin(opened.ready, 0)).toBe(true);
    expect((await opened.store.createPlayer("Reached")).name).toBe("Reached");
    expect(lines).toEqual([]);
    await opened.store.close();
  });

  it("resolves with a server that is down; calls fail within a bounded wait; it connects, migrates and serves once the server is back", async () => {
    const { opened, lines } = await openWithServerDown("down_at_start");
    try {
      expect(opened.state()).toBe("connecting");
      expect(opened.store.kind).toBe("postgres");
      expect(lines).toEqual([expect.stringMatching(/^database down \(.*ECONNREFUSED.*\): serving without it/)]);

      const asked = Date.now();
      await expect(opened.store.createPlayer("Early")).rejects.toBeInstanceOf(DatabaseNotReadyError);
      const waited = Date.now() - asked;
      expect(waited).toBeGreaterThanOrEqual(1_900);
      expect(waited).toBeLessThan(3_000);
      await expect(opened.store.live.count()).rejects.toBeInstanceOf(DatabaseNotReadyError); // a member's methods wait too
      expect(() => opened.store.db).toThrow(DatabaseNotReadyError); // Kysely itself would reach the unmigrated database
      expect(await settlesWithin(opened.ready, 0)).toBe(false);

      await server.start();
      expect(await settlesWithin(opened.ready, 10_000)).toBe(true); // backoff is capped at 5 s
      expect(opened.state()).toBe("up");
      const made = await opened.store.createPlayer("Later");
      expect((await opened.store.getPlayer(made.id))?.name).toBe("Later");
      expect(await opened.store.live.count()).toEqual({ tables: 0, unowned: 0 });
      const ran = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(opened.store.db);
      expect(ran.rows[0]!.n).toBeGreaterThan(0);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^database up after \d+ failed tries/);
    } finally {
      await opened.store.close();
    }
  });

  it("stops trying when closed: a server that comes back afterwards is left alone", async () => {
    const { opened, lines, url } = await openWithServerDown("closed_while_down");
    await opened.store.close();
    await server.start();
    expect(await settlesWithin(opened.ready, 6_000)).toBe(false); // longer than the longest backoff
    expect(lines).toHaveLength(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const migrations = await client.query<{ table: string | null }>(
      "select to_regclass('public.kysely_migration')::text as table",
    );
    await client.end();
    expect(migrations.rows[0]!.table).toBeNull(); // nothing was migrated after close()
  });

  it("keeps trying a server that comes back refusing (it may be mended while we serve), saying so once, and stays connecting", async () => {
    await server.stop();
    const { log, lines } = capturingLogger();
    const opened = await openStoreWhenUp({ databaseUrl: server.url().replace("postgres@", "nobody@") }, log);
    try {
      await server.start();
      await expect.poll(() => lines.length, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(2);
      expect(lines).toEqual([
        expect.stringMatching(/^database down/),
        expect.stringMatching(/^database reached but it refuses to open \(role "nobody" does not exist\)/),
      ]);
      // Two more tries, refused by the server as the first (its log says so each time), and no more lines of ours.
      const refusals = (): number => server.log().split('role "nobody" does not exist').length - 1;
      const before = refusals();
      await expect.poll(refusals, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(before + 2);
      expect(lines).toHaveLength(2);
      expect(opened.state()).toBe("connecting");
      await expect(opened.store.getPlayer("00000000-0000-0000-0000-000000000000")).rejects.toThrow(
        /role "nobody" does not exist/,
      );
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
