import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteDataDir } from "../test-kit/postgres.js";
import { PGLITE_SUBDIR } from "./open-database.js";
import { RestartingPglite } from "./pglite-restarts.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The real worker (dist/database/pglite-worker.js), which ends its thread at once on the statement `select 'die'` — as a WebAssembly abort would. */
function mortalWorker(): URL {
  const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-mortal-pglite-"));
  dirs.push(dir);
  const file = path.join(dir, "worker.mjs");
  const real = new URL("../../dist/database/pglite-worker.js", import.meta.url).href;
  writeFileSync(
    file,
    `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (m) => { if (m.kind === "query" && m.sql === "select 'die'") process.exit(3); });\nawait import(${JSON.stringify(real)});\n`,
  );
  return new URL(`file://${file}`);
}

async function started(restarts: Error[]): Promise<RestartingPglite> {
  const dir = await pgliteDataDir();
  dirs.push(dir);
  return RestartingPglite.start({
    thread: { dataDir: path.join(dir, PGLITE_SUBDIR), workerUrl: mortalWorker() },
    onRestart: (cause) => restarts.push(cause),
  });
}

describe("the embedded database's thread, started again when it dies", () => {
  it("fails what waited on the dead thread, answers the next query from a new one, and keeps what was committed", async () => {
    const restarts: Error[] = [];
    const db = await started(restarts);
    try {
      await db.query("create table kept (note text)");
      await db.query("insert into kept values ($1)", ["before the death"]);
      await expect(db.query("select 'die'")).rejects.toThrow(/thread exited \(code 3\)/);
      expect(restarts).toEqual([]); // nothing starts until a query asks
      const after = await db.query<{ note: string }>("select note from kept");
      expect(after.rows).toEqual([{ note: "before the death" }]);
      expect(restarts).toHaveLength(1);
      expect(restarts[0]!.message).toMatch(/code 3/);
      await db.query("insert into kept values ($1)", ["after"]);
      await expect(db.query<{ n: number }>("select count(*)::int as n from kept")).resolves.toMatchObject({
        rows: [{ n: 2 }],
      });
    } finally {
      await db.close();
    }
  });

  it("fails a transaction the thread died in as a whole: no statement of it runs on the new thread, its commit fails, its rollback goes through", async () => {
    const restarts: Error[] = [];
    const db = await started(restarts);
    try {
      await db.query("create table once (id int primary key)");
      await db.query("begin");
      await db.query("insert into once values (1)");
      await expect(db.query("select 'die'")).rejects.toThrow(/thread exited/);
      await expect(db.query("insert into once values (2)")).rejects.toThrow(/died inside this transaction/);
      await expect(db.query("commit")).rejects.toThrow(/nothing of it was committed/);
      // The next transaction, and Kysely's rollback after a failure, run normally again.
      await db.query("begin");
      await db.query("insert into once values (3)");
      await expect(db.query("select 'die'")).rejects.toThrow(/thread exited/);
      await expect(db.query("rollback")).resolves.toMatchObject({ rows: [] });
      const left = await db.query<{ id: number }>("select id from once order by id");
      expect(left.rows).toEqual([]); // neither transaction left a row
      expect(restarts).toHaveLength(2);
    } finally {
      await db.close();
    }
  });

  it("refuses every query once closed, and starts no thread for them", async () => {
    const restarts: Error[] = [];
    const db = await started(restarts);
    await expect(db.query("select 'die'")).rejects.toThrow(/thread exited/);
    await db.close();
    await expect(db.query("select 1")).rejects.toThrow(/closed/);
    expect(restarts).toEqual([]);
  });
});
