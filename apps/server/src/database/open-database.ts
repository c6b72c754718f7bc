/**
 * One dialect everywhere: PostgreSQL SQL through Kysely. Without DATABASE_URL the
 * server embeds PGlite (PostgreSQL in WebAssembly, files under DATA_DIR), so a single
 * process needs no database server; with DATABASE_URL it uses a PostgreSQL server through
 * a `pg` pool, which is what several processes (REDIS_URL) must share. The same
 * migrations and the same queries run on both, and the tests run every query on both.
 *
 * PGlite belongs to one process (data-dir-lock.ts refuses a second, and the claim stays on
 * this thread), and runs on a worker thread of its own (pglite-thread.ts): its WebAssembly
 * holds the thread for every statement — the tables' journal's group commits, a record, a
 * vacuum, a slow history page — and on the server's thread that held every table in the
 * process (at 200 saturated duels, the event loop's p99 was the commit's). Kysely's PGlite
 * dialect talks to the thread as it would to PGlite; nothing about the queries changes.
 * The thread costs a round trip a statement, a structured clone each way: a rated hand's
 * record, a transaction of several statements, commits a little later (the storage
 * benchmark prints by how much), a group commit of the tables' journal (one statement) hardly so.
 * A thread that dies is started again by the next query (pglite-restarts.ts).
 *
 * It has no autovacuum either: pglite-maintenance.ts stands in.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { claimDataDir } from "./data-dir-lock.js";
import { migrateToLatest } from "./migrations.js";
import { scheduleMaintenance, vacuumAnalyze } from "./pglite-maintenance.js";
import { RestartingPglite } from "./pglite-restarts.js";
import type { PgliteClient } from "./pglite-thread.js";
import type { Database } from "./schema.js";

export const DEFAULT_DATA_DIR = "./data";
/** PGlite's cluster lives in this folder of DATA_DIR (the pid file beside it). */
export const PGLITE_SUBDIR = "pglite";

export type DatabaseKind = "pglite" | "postgres";

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined; // DATABASE_URL: postgres://…; unset = embedded PGlite
  dataDir?: string | undefined; // DATA_DIR for PGlite, default ./data (created if missing)
  poolSize?: number | undefined; // PostgreSQL connections, default 10
  log?: ((line: string) => void) | undefined; // what the database says of itself (PGlite's thread started again)
}

export interface StorageDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Vacuum and fresh planner statistics now. PGlite also runs this every 10 minutes; a PostgreSQL server's autovacuum does it on its own. */
  maintain(): Promise<void>;
  /** Closes the pool or the embedded database (PGlite writes its files out). */
  close(): Promise<void>;
}

/** Opens the database the options name and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<StorageDatabase> {
  const database = await connectDatabase(options);
  try {
    await prepareDatabase(database);
  } catch (e) {
    await database.close();
    throw e;
  }
  return database;
}

/**
 * The database the options name, not yet migrated. A PostgreSQL pool connects on its
 * first query, so this succeeds with the server down: store-when-up.ts retries
 * prepareDatabase on it until the server answers.
 */
export async function connectDatabase(options: OpenDatabaseOptions = {}): Promise<StorageDatabase> {
  return options.databaseUrl === undefined
    ? await openPglite(options.dataDir ?? DEFAULT_DATA_DIR, options.log)
    : openPostgres(options.databaseUrl, options.poolSize ?? 10);
}

/** Brings the schema up to date; the first query a PostgreSQL database sees. */
export async function prepareDatabase(database: StorageDatabase): Promise<void> {
  await migrateToLatest(database.db);
  if (database.kind === "pglite") await database.maintain(); // its statistics are as old as its last run
}

async function openPglite(dataDir: string, log: ((line: string) => void) | undefined): Promise<StorageDatabase> {
  await mkdir(dataDir, { recursive: true });
  const release = await claimDataDir(dataDir);
  try {
    const client: PgliteClient = await RestartingPglite.start({
      thread: { dataDir: path.join(path.resolve(dataDir), PGLITE_SUBDIR) },
      onRestart: (cause) => log?.(`the embedded database's thread was started again (${cause.message})`),
    });
    // The dialect hands its one connection to one transaction at a time, and of PGlite it
    // calls only query and close, which the thread has (PgliteClient says so to the compiler).
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client as PGlite) });
    const stopMaintenance = scheduleMaintenance(db);
    return {
      db,
      kind: "pglite",
      maintain: () => vacuumAnalyze(db),
      close: async () => {
        stopMaintenance();
        await db.destroy();
        await release();
      },
    };
  } catch (e) {
    await release();
    throw e;
  }
}

function openPostgres(databaseUrl: string, poolSize: number): StorageDatabase {
  // A connection attempt that hangs would stall the record writer; refused ones fail at once.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle connection dropped by the server (a restart, a failover) is reported here;
  // without a listener it would crash the process. The pool replaces it on the next query.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", maintain: () => vacuumAnalyze(db), close: () => db.destroy() };
}
