import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDataDir } from "../test-kit/postgres.js";
import { isPermanentError } from "../storage/errors.js";
import { openDatabase, PGLITE_SUBDIR, type StorageDatabase } from "./open-database.js";
import { PgliteThread } from "./pglite-thread.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const dataDir = async (): Promise<string> => {
  const dir = await pgliteDataDir();
  dirs.push(dir);
  return dir;
};

describe("PGlite on its own thread", () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.start({ dataDir: path.join(await dataDir(), PGLITE_SUBDIR) });
  });
  afterAll(() => thread.close());

  it("answers with the values PGlite reads: jsonb, timestamptz, int8, bytea, null", async () => {
    const at = new Date("2026-12-04T10:11:12.345Z");
    const result = await thread.query<{ j: unknown; t: Date; b: bigint; y: Uint8Array; n: string | null; i: number }>(
      "select $1::jsonb as j, $2::timestamptz as t, $3::int8 as b, $4::bytea as y, null::text as n, 7::int4 as i",
      [
        JSON.stringify({ seats: [1, { name: "Ann" }], none: null }),
        at,
        9_007_199_254_740_993n,
        new Uint8Array([0xde, 0xad, 0x00]),
      ],
    );
    const row = result.rows[0]!;
    expect(row.j).toEqual({ seats: [1, { name: "Ann" }], none: null });
    expect(row.t).toBeInstanceOf(Date);
    expect(row.t.getTime()).toBe(at.getTime());
    expect(row.b).toBe(9_007_199_254_740_993n);
    expect(row.y).toBeInstanceOf(Uint8Array);
    expect([...row.y]).toEqual([0xde, 0xad, 0x00]);
    expect(row.n).toBeNull();
    expect(row.i).toBe(7);
  });

  it("counts the rows a statement changed", async () => {
    await thread.query("create table counted (x int)");
    const inserted = await thread.query("insert into counted select generate_series(1, 3)");
    expect(inserted.affectedRows).toBe(3);
  });

  it("hands an SQL error over with PostgreSQL's fields, as errors.ts reads them", async () => {
    const error: unknown = await thread.query("select * from no_such_table").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: "42P01",
      severity: "ERROR",
      message: 'relation "no_such_table" does not exist',
    });
    expect(isPermanentError(error)).toBe(true);
    await expect(thread.query("select 1 as one")).resolves.toMatchObject({ rows: [{ one: 1 }] }); // and goes on answering
  });

  it("refuses a parameter that cannot cross, and goes on answering", async () => {
    await expect(thread.query("select $1::text", [() => 1])).rejects.toThrow(/could not be cloned/);
    await expect(thread.query("select 2 as two")).resolves.toMatchObject({ rows: [{ two: 2 }] });
  });
});

describe("the database through Kysely, on the thread", () => {
  let database: StorageDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: await dataDir() });
  });
  afterAll(() => database.close());

  it("runs a transaction and reports a unique violation by its code", async () => {
    await sql`create table once (id int primary key)`.execute(database.db);
    const error: unknown = await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into once values (1)`.execute(trx);
        await sql`insert into once values (1)`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "once_pkey" });
    const left = await sql<{ n: number }>`select count(*)::int as n from once`.execute(database.db);
    expect(left.rows[0]!.n).toBe(0); // rolled back
    const updated = await sql`insert into once values (1), (2)`.execute(database.db);
    expect(updated.numAffectedRows).toBe(2n);
  });
});

describe("a thread that dies", () => {
  // Stand-ins for pglite-worker.js: each says it is ready, then misbehaves on its first query.
  const fake = (body: string): URL => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-fake-pglite-"));
    dirs.push(dir);
    const file = path.join(dir, "worker.mjs");
    writeFileSync(
      file,
      `import { parentPort } from "node:worker_threads";\nparentPort.postMessage({ kind: "ready" });\n${body}\n`,
    );
    return new URL(`file://${file}`);
  };

  it("fails every query waiting on it, and every later one, when it exits", async () => {
    const thread = await PgliteThread.start({
      dataDir: undefined,
      workerUrl: fake(`parentPort.on("message", (m) => { if (m.sql === "exit") process.exit(7); });`),
    });
    const waiting = thread.query("never answered");
    const exiting = thread.query("exit");
    await expect(waiting).rejects.toThrow(/thread exited \(code 7\)/);
    await expect(exiting).rejects.toThrow(/thread exited \(code 7\)/);
    await expect(thread.query("select 1")).rejects.toThrow(/thread exited \(code 7\)/);
    await thread.close();
  });

  it("fails them when it throws", async () => {
    const thread = await PgliteThread.start({
      dataDir: undefined,
      workerUrl: fake(`parentPort.on("message", () => { throw new Error("wasm abort"); });`),
    });
    await expect(thread.query("select 1")).rejects.toThrow(/thread failed: wasm abort/);
    await thread.close();
  });

  it("refuses to start when PGlite does not open", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-fake-pglite-"));
    dirs.push(dir);
    const file = path.join(dir, "worker.mjs");
    writeFileSync(
      file,
      `import { parentPort } from "node:worker_threads";\nparentPort.postMessage({ kind: "failed", error: { name: "Error", message: "no cluster here", stack: undefined, fields: { code: "XX000" } } });\n`,
    );
    await expect(
      PgliteThread.start({ dataDir: undefined, workerUrl: new URL(`file://${file}`) }),
    ).rejects.toMatchObject({ message: "no cluster here", code: "XX000" });
  });
});

describe("a process with the embedded database", () => {
  it("exits once it has closed the database, and its writes are on disk", async () => {
    const dir = await dataDir();
    const openDatabaseJs = new URL("../../dist/database/open-database.js", import.meta.url).href;
    // Nothing but the database's queries keeps this process alive: a query in flight must, an open idle thread must not.
    const script = path.join(mkdtempSync(path.join(os.tmpdir(), "yourtrumps-close-")), "close.mjs");
    dirs.push(path.dirname(script));
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(openDatabaseJs)};
      const database = await openDatabase({ dataDir: ${JSON.stringify(dir)} });
      await database.db.schema.createTable("kept").addColumn("note", "text").execute();
      await database.db.insertInto("kept").values({ note: "written before the close" }).execute();
      await database.close();
      console.log("closed");`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, [script]);
    expect(stdout.trim()).toBe("closed");
    // The same from a one-off `node --input-type=module -e` (as a test seeds its database): the thread does not inherit how that entry is read.
    const { stdout: inline } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "-e",
      readFileSync(script, "utf8").replaceAll(`"kept"`, `"kept_inline"`),
    ]);
    expect(inline.trim()).toBe("closed");
    // And from a process with V8 options (the benchmark's server runs with --expose-gc), which a thread refuses.
    const withGc = script.replace(/close\.mjs$/, "close-gc.mjs");
    writeFileSync(withGc, readFileSync(script, "utf8").replaceAll(`"kept"`, `"kept_gc"`));
    const { stdout: gc } = await promisify(execFile)(process.execPath, [
      "--expose-gc",
      "--max-old-space-size=512",
      withGc,
    ]);
    expect(gc.trim()).toBe("closed");
    const again = await openDatabase({ dataDir: dir });
    try {
      const kept = await sql<{ note: string }>`select note from kept`.execute(again.db);
      expect(kept.rows).toEqual([{ note: "written before the close" }]);
    } finally {
      await again.close();
    }
  });
});
