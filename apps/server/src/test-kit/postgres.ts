/**
 * Storage tests run every query on both databases the server supports: embedded PGlite
 * in a temporary directory, and a real PostgreSQL server this file starts (one per test
 * file, a fresh database per suite). Nothing is mocked.
 *
 *   const databases = bothDatabases();
 *   databases.describeEach("identity", (t) => { it("…", async () => { await t.store().createPlayer(); }); });
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe } from "vitest";
import type { DatabaseKind } from "../database/open-database.js";
import { startPostgres, type PostgresServer } from "../database/postgres-process.js";
import { openStore, type Store } from "../storage/store.js";
import { pgliteDataDir } from "./pglite-template.js";

export { startPostgres, type PostgresServer } from "../database/postgres-process.js";
export { pgliteDataDir } from "./pglite-template.js";

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
