import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { bothDatabases, pgliteDataDir } from "../test-kit/postgres.js";
import { openDatabase } from "./open-database.js";
import { openStore } from "../storage/store.js";
import { MIGRATIONS } from "./migrations.js";

const databases = bothDatabases();

databases.describeEach("the schema", (t) => {
  it("has the column types a DBA would choose", async () => {
    const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name in ('players', 'ratings', 'games', 'game_seats')`.execute(
      t.store().db,
    );
    const typeOf = (table: string, column: string): string | undefined =>
      columns.rows.find((c) => c.table_name === table && c.column_name === column)?.data_type;
    expect(typeOf("players", "id")).toBe("uuid");
    expect(typeOf("players", "token_sha256")).toBe("bytea");
    expect(typeOf("players", "created_at")).toBe("timestamp with time zone");
    expect(typeOf("ratings", "rating")).toBe("double precision");
    for (const column of ["setup", "options", "log", "move_times", "result"])
      expect(typeOf("games", column)).toBe("jsonb");
    expect(typeOf("games", "ended_at")).toBe("timestamp with time zone");
    expect(typeOf("game_seats", "player_id")).toBe("uuid");
  });

  it("has the indexes the queries use", async () => {
    const indexes = await sql<{
      indexname: string;
      indexdef: string;
    }>`select indexname, indexdef from pg_indexes where schemaname = 'public'`.execute(t.store().db);
    const def = (name: string): string => indexes.rows.find((i) => i.indexname === name)?.indexdef ?? "";
    expect(def("game_seats_history")).toMatch(
      /\(player_id, ended_at DESC, game_id DESC, seat DESC\) WHERE \(player_id IS NOT NULL\)/,
    );
    expect(def("ratings_leaderboard")).toMatch(/\(kind, rating DESC, player_id\) WHERE \(rd <= /);
    expect(def("players_token_sha256_key")).toMatch(/UNIQUE/);
  });

  it("migrates idempotently: opening an up-to-date database again changes nothing", async () => {
    const again = t.kind === "postgres" ? await t.openAnother() : null; // PGlite: the suite's database is already migrated once
    const db = (again ?? t.store()).db;
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
  });
});

databases.describeOn("postgres", "migrations from several processes at once", (t) => {
  it("serialise: every process starts and the schema is made once", async () => {
    const url = await t.server().createDatabase("migrate_race");
    const stores = await Promise.all([1, 2, 3].map(() => openStore({ databaseUrl: url })));
    const ran = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(stores[0]!.db);
    expect(ran.rows[0]!.n).toBe(Object.keys(MIGRATIONS).length);
    for (const s of stores) await s.close();
  });
});

describe("the embedded database (PGlite)", () => {
  const dirs: string[] = [];
  const freshDir = (): string => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "yourtrumps-data-")), "nested", "data");
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true });
  });

  // A truly new DATA_DIR, as on a server's first start: PGlite's initdb runs (slow, hence one test).
  it("creates DATA_DIR, keeps what was written across a restart, and migrates once", async () => {
    const dir = freshDir();
    const first = await openStore({ dataDir: dir });
    expect(first.kind).toBe("pglite");
    const { id } = await first.createPlayer("Ada");
    await first.close();
    const second = await openStore({ dataDir: dir });
    expect((await second.getPlayer(id))?.name).toBe("Ada");
    const ran = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(second.db);
    expect(ran.rows[0]!.n).toBe(Object.keys(MIGRATIONS).length);
    await second.close();
  });

  it("belongs to one process: a second open of the same DATA_DIR is refused with a clear message until the first closes", async () => {
    const dir = await pgliteDataDir();
    dirs.push(path.join(dir, "x", "y"));
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/DATA_DIR .* is in use by this process.*DATABASE_URL/);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
