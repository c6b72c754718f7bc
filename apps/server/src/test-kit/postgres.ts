/**
 * Storage tests run every query on both databases the server supports: embedded PGlite
 * in a temporary directory, and a real PostgreSQL server this file starts (one per test
 * file, a fresh database per suite). Nothing is mocked.
 *
 *   const databases = bothDatabases();
 *   databases.describeEach("identity", (t) => { it("…", async () => { await t.store().createPlayer(); }); });
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe } from "vitest";
import { PGLITE_SUBDIR, type DatabaseKind } from "../database/open-database.js";
import { startPostgres, type PostgresServer } from "../database/postgres-process.js";
import { openStore, type Store } from "../storage/store.js";

export { startPostgres, type PostgresServer } from "../database/postgres-process.js";

export const DATABASE_KINDS: readonly DatabaseKind[] = ["pglite", "postgres"];

export interface SuiteDatabase {
  kind: DatabaseKind;
  /** The suite's store (opened before its tests, closed after). */
  store(): Store;
  /** Another store over the same database (PostgreSQL only: a second process's pool); closed with the suite. */
  openAnother(): Promise<Store>;
  /** The PostgreSQL server behind the suite (PostgreSQL only), e.g. to stop it. */
  server(): PostgresServer;
  /** The suite's DATABASE_URL (PostgreSQL only). */
  databaseUrl(): string;
}

let suites = 0;

/**
 * A fresh PGlite cluster costs its initdb, many seconds; a copy of one costs a small
 * part of that. The first test to need one makes a template beside the other temporary files,
 * keyed by the PGlite version, and every suite starts from a copy (then migrates it).
 */
async function pgliteTemplate(): Promise<string> {
  const require = createRequire(import.meta.url);
  const packageJson = path.join(path.dirname(require.resolve("@electric-sql/pglite")), "..", "package.json");
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  const template = path.join(os.tmpdir(), `yourtrumps-pglite-template-${version}`);
  if (existsSync(path.join(template, "PG_VERSION"))) return template;
  const making = mkdtempSync(`${template}-making-`);
  try {
    const cluster = await PGlite.create({ dataDir: making });
    await cluster.close();
    renameSync(making, template); // atomic; another process may have won the race, which is as good
  } catch (e) {
    if (!existsSync(path.join(template, "PG_VERSION"))) throw e;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/** A new temporary DATA_DIR holding a copy of a fresh, unmigrated PGlite cluster; remove it yourself. */
export async function pgliteDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-pglite-"));
  cpSync(await pgliteTemplate(), path.join(dir, PGLITE_SUBDIR), { recursive: true });
  return dir;
}

/** A PGlite store in a fresh temporary directory, removed when the store closes. */
export async function temporaryPgliteStore(): Promise<Store> {
  const dir = await pgliteDataDir();
  const store = await openStore({ dataDir: dir });
  return {
    ...store,
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Call once at the top of a test file: starts PostgreSQL before the file's tests, stops it after. */
export function bothDatabases(): {
  describeEach(title: string, body: (t: SuiteDatabase) => void): void;
  describeOn(kind: DatabaseKind, title: string, body: (t: SuiteDatabase) => void): void;
} {
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const describeOn = (kind: DatabaseKind, title: string, body: (t: SuiteDatabase) => void): void => {
    describe(`${title} (${kind})`, () => {
      let store: Store | undefined;
      let url: string | undefined;
      const others: Store[] = [];
      beforeAll(async () => {
        if (kind === "pglite") {
          store = await temporaryPgliteStore();
        } else {
          url = await server!.createDatabase(`suite_${++suites}_${process.pid}`);
          store = await openStore({ databaseUrl: url });
        }
      });
      afterAll(async () => {
        for (const other of others) await other.close();
        await store?.close();
      });
      const postgresOnly = <T>(what: string, value: T | undefined): T => {
        if (kind !== "postgres" || value === undefined) throw new Error(`${what} needs the PostgreSQL suite`);
        return value;
      };
      body({
        kind,
        store: () => {
          if (store === undefined) throw new Error("the suite's store opens in beforeAll: call store() inside a test");
          return store;
        },
        openAnother: async () => {
          const other = await openStore({ databaseUrl: postgresOnly("openAnother()", url) });
          others.push(other);
          return other;
        },
        server: () => postgresOnly("server()", server),
        databaseUrl: () => postgresOnly("databaseUrl()", url),
      });
    });
  };

  return {
    describeEach: (title, body) => {
      for (const kind of DATABASE_KINDS) describeOn(kind, title, body);
    },
    describeOn,
  };
}
