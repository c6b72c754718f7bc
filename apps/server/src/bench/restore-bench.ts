/**
 * `npm run bench` (the last program): tables in play surviving the process, on both
 * databases. For each it prints
 * - the restart: `node dist/main.js` is started on a database holding N live duels (two
 *   people each, mid-hand) and timed from spawn to its `listening on` line, beside the
 *   `restored N tables in X ms` it logs; then a sample of the old clients come back with
 *   `client.reconnect(token)` and must find their seat and the move count they last saw;
 * - the bytes a table takes on record: live_tables + live_moves with their indexes (and
 *   TOAST) by tables, the average snapshot (jsonb) and the bytes a move row;
 * - what persisting costs a move: the real TableJournal over the real LiveTables, N tables
 *   each moving every `--pace-ms` on average (uniform 0 … 2×, people's pace), for
 *   `--seconds`: this process's CPU a move and in % of a core, against the same loop with
 *   no journal, and move → committed p50/p99; then as fast as it commits (every table
 *   moves again once its last move is committed), moves/s.
 *
 *   node dist/bench/restore-bench.js [--json] [--tables 2000] [--moves 10] [--seconds 20]
 *                                    [--pace-ms 3000] [--batch-ms N] [--only pglite|postgres]
 *
 * The tables are real ones: a real server process (its snapshots, its journal) with N
 * private duels, each created and joined by code by two SDK clients of this process,
 * trumps picked and `--moves` moves played, `--concurrency` duels at a time; then it is
 * killed with SIGKILL, so what is on record is what a crash leaves. The journal runs on
 * a fresh database with those tables' snapshots. The clocks of the populating server are
 * an hour (TURN_SECONDS=3600), so no table moves by itself while the others are seated.
 *
 * PostgreSQL is a throwaway server this program starts (fsync on, as in production); its
 * CPU (the postmaster and its backends, from /proc) is printed beside this process's, as
 * PostgreSQL does the work PGlite does in this process (on its worker thread, which
 * `process.cpuUsage` counts). PGlite lives in a temporary
 * DATA_DIR. Both are removed at the end.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { sql } from "kysely";
import { freePort } from "../processes/child-output.js";
import type { JsonObject, StorageDatabase } from "../storage/index.js";
import { connectDatabase } from "../database/open-database.js";
import { startPostgres, type PostgresServer } from "../database/postgres-process.js";
import { openStore } from "../storage/store.js";
import { LEASE_MS, journalCost } from "./journal-cost.js";
import { killed, startMain, type ServerDatabase } from "./main-process.js";
import { playDuel, seatOf, until, type Table } from "./restore-duels.js";
import { quantile, round } from "./stats.js";

// Not strict: `npm run bench -- …` hands the other benchmarks' options to this program too.
const { values: options } = parseArgs({
  options: {
    json: { type: "boolean" },
    tables: { type: "string" },
    moves: { type: "string" },
    seconds: { type: "string" },
    "pace-ms": { type: "string" },
    concurrency: { type: "string" },
    only: { type: "string" },
    main: { type: "string" },
    "restart-timeout-s": { type: "string" },
    "batch-ms": { type: "string" },
  },
  strict: false,
});
const json = options.json === true;
const tableCount = Number(options.tables ?? 2000);
const movesEach = Number(options.moves ?? 10);
const seconds = Number(options.seconds ?? 20);
const paceMs = Number(options["pace-ms"] ?? 3000);
const concurrency = Number(options.concurrency ?? 40);
const only = String(options.only ?? "");
const batchMs = options["batch-ms"] === undefined ? undefined : Number(options["batch-ms"]); // the journal's longest wait before a group starts; unset: its default, as the server runs it (JOURNAL_BATCH_MS)
const restartTimeoutMs = 1000 * Number(options["restart-timeout-s"] ?? 60);

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN_JS = typeof options.main === "string" ? path.resolve(options.main) : path.resolve(here, "../main.js"); // another build's, to compare
const RECONNECT_SAMPLE = 20;
type Figures = Record<string, number | string>;

interface Populated {
  seconds: number;
  seqMean: number;
  sample: { token: string; seat: number; seq: number }[]; // clients that come back after the restart
}

/** N duels on a real server, `concurrency` at a time; then the server is killed (SIGKILL), the clients left as they are. */
async function populate(db: ServerDatabase, port: number): Promise<Populated> {
  const server = await startMain(MAIN_JS, db, port, 120_000);
  const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
  const started = performance.now();
  const duels: { rooms: Room[]; seq: number }[] = [];
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < tableCount) {
          duels.push(await playDuel(sdk, next++, movesEach));
        }
      }),
    );
  } finally {
    await killed(server.child);
  }
  const populateSeconds = (performance.now() - started) / 1000;
  const step = Math.max(1, Math.floor(duels.length / RECONNECT_SAMPLE));
  const sample = duels
    .filter((_, i) => i % step === 0)
    .slice(0, RECONNECT_SAMPLE)
    .flatMap((d) => d.rooms.map((r) => ({ token: r.reconnectionToken, seat: seatOf(r), seq: (r.state as Table).seq })));
  return {
    seconds: populateSeconds,
    seqMean: duels.reduce((a, d) => a + d.seq, 0) / Math.max(1, duels.length),
    sample,
  };
}

/** The clients of `sample` come back to the restarted server with their tokens: how many find their seat and the move count they saw. */
async function comeBack(
  port: number,
  sample: Populated["sample"],
): Promise<{ back: number; p50Ms: number; maxMs: number }> {
  const sdk = new ColyseusSDK(`ws://127.0.0.1:${port}`);
  const times: number[] = [];
  const rooms: Room[] = [];
  let back = 0;
  await Promise.all(
    sample.map(async (c) => {
      const t = performance.now();
      try {
        const room = await sdk.reconnect(c.token);
        room.reconnection.enabled = false;
        rooms.push(room);
        await until(room, (s) => s.seats.length > 0, "the state after reconnecting", 10_000);
        times.push(performance.now() - t);
        if (seatOf(room) === c.seat && (room.state as Table).seq === c.seq) back++;
      } catch {
        // not back: counted by `back`
      }
    }),
  );
  await Promise.all(rooms.map((r) => r.leave().catch(() => 0)));
  return { back, p50Ms: quantile(times, 0.5), maxMs: Math.max(0, ...times) };
}

interface OnRecord {
  tables: number;
  moveRows: number;
  liveTablesBytes: number; // with its indexes and TOAST
  liveMovesBytes: number;
  snapshotBytes: number; // average pg_column_size of a snapshot
  snapshots: { roomId: string; snapshot: JsonObject; handId: string | null }[];
}

async function onRecord(database: StorageDatabase): Promise<OnRecord> {
  const db = database.db;
  const r = await sql<{
    tables: string;
    move_rows: string;
    live_tables: string;
    live_moves: string;
    snapshot: string | null;
  }>`
    select (select count(*) from live_tables) as tables, (select count(*) from live_moves) as move_rows,
           pg_total_relation_size('live_tables') as live_tables, pg_total_relation_size('live_moves') as live_moves,
           (select avg(pg_column_size(snapshot)) from live_tables) as snapshot`.execute(db);
  const row = r.rows[0]!;
  const rows = await db.selectFrom("live_tables").select(["room_id", "snapshot", "hand_id"]).execute();
  return {
    tables: Number(row.tables),
    moveRows: Number(row.move_rows),
    liveTablesBytes: Number(row.live_tables),
    liveMovesBytes: Number(row.live_moves),
    snapshotBytes: Number(row.snapshot ?? 0),
    snapshots: rows.map((x) => ({
      roomId: x.room_id,
      snapshot: (typeof x.snapshot === "string" ? JSON.parse(x.snapshot) : x.snapshot) as JsonObject,
      handId: x.hand_id,
    })),
  };
}

async function measure(kind: "pglite" | "postgres", postgres: () => Promise<PostgresServer>): Promise<Figures> {
  const temporary: string[] = [];
  const dir = (): string => {
    const d = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-restore-bench-"));
    temporary.push(d);
    return d;
  };
  try {
    const loadAtStart = os.loadavg()[0]!;
    const pg = kind === "postgres" ? await postgres() : null;
    const db: ServerDatabase = pg
      ? { kind: "postgres", url: await pg.createDatabase("restore"), port: pg.port }
      : { kind: "pglite", dataDir: dir() };
    const port = await freePort();
    const populated = await populate(db, port);

    // On record as the crash left it, before the restart rewrites the snapshots: PGlite's files copied (the copy recovers as the server would), PostgreSQL read as it is.
    const copy = db.kind === "pglite" ? dir() : "";
    if (db.kind === "pglite") cpSync(db.dataDir, copy, { recursive: true });
    const reading = await connectDatabase(db.kind === "pglite" ? { dataDir: copy } : { databaseUrl: db.url });
    const record = await onRecord(reading).finally(() => reading.close());

    const loadAtRestart = os.loadavg()[0]!;
    // A server that never listens is a figure too: its output says how far it got.
    const restarted = await startMain(MAIN_JS, db, port, restartTimeoutMs).catch((e: unknown) => ({
      failed: e instanceof Error ? e.message : String(e),
    }));
    let back = { back: 0, p50Ms: NaN, maxMs: NaN };
    let restoredLine: RegExpMatchArray | null = null;
    if ("child" in restarted) {
      back = await comeBack(port, populated.sample);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the log line and the listening line come on two pipes
      restoredLine = restarted.output().match(/restored (\d+) tables in (\d+) ms/);
      await killed(restarted.child);
    }

    const loadAtJournal = os.loadavg()[0]!;
    const cost = await journalCost(
      async () =>
        db.kind === "pglite"
          ? openStore({ dataDir: dir() })
          : openStore({ databaseUrl: await pg!.createDatabase("journal") }),
      record.snapshots,
      pg ? pg.port : null,
      { paceMs, seconds, batchMs },
    );
    return {
      database: kind,
      tables: tableCount,
      movesEach,
      populateSeconds: round(populated.seconds, 1),
      populateConcurrency: concurrency,
      seqMean: round(populated.seqMean, 1),
      onRecord: record.tables,
      listeningMs: "child" in restarted ? round(restarted.listeningMs, 0) : `not within ${restartTimeoutMs} ms`,
      restored: restoredLine ? Number(restoredLine[1]) : 0,
      restoredInMs: restoredLine ? Number(restoredLine[2]) : NaN,
      reconnected: back.back,
      reconnectSample: populated.sample.length,
      reconnectP50Ms: round(back.p50Ms, 0),
      reconnectMaxMs: round(back.maxMs, 0),
      bytesPerTable: round((record.liveTablesBytes + record.liveMovesBytes) / Math.max(1, record.tables), 0),
      liveTablesKB: round(record.liveTablesBytes / 1024, 0),
      liveMovesKB: round(record.liveMovesBytes / 1024, 0),
      snapshotBytes: round(record.snapshotBytes, 0),
      moveRows: record.moveRows,
      bytesPerMoveRow: round(record.liveMovesBytes / Math.max(1, record.moveRows), 0),
      ...cost,
      paceMs,
      batchMs: batchMs ?? "the journal's default",
      seconds,
      loadAtStart: round(loadAtStart, 2),
      loadAtRestart: round(loadAtRestart, 2),
      loadAtJournal: round(loadAtJournal, 2),
      loadAtEnd: round(os.loadavg()[0]!, 2),
    };
  } finally {
    for (const d of temporary) rmSync(d, { recursive: true, force: true });
  }
}

function print(r: Figures): void {
  if (json) {
    console.log(JSON.stringify(r));
    return;
  }
  const database =
    r.database === "pglite"
      ? "PGlite (in a temporary DATA_DIR, on its thread in this process)"
      : "PostgreSQL (fsync on)";
  console.log(
    `\n${database}: ${r.tables} private duels, two SDK clients each, trumps picked and ${r.movesEach} moves played (${r.populateConcurrency} duels at a time, ${r.populateSeconds} s), then SIGKILL; load average ${r.loadAtStart} → ${r.loadAtEnd}`,
  );
  const restored =
    typeof r.listeningMs === "number"
      ? `the server logged "restored ${r.restored} tables in ${r.restoredInMs} ms"`
      : "RESTORE NOT DONE (no listening line)";
  console.log(
    `  spawn → listening        ${r.listeningMs}${typeof r.listeningMs === "number" ? " ms" : ""} (target ≤ 5,000 ms) with ${r.onRecord} tables on record; ${restored} (load ${r.loadAtRestart})`,
  );
  console.log(
    `  clients back             ${r.reconnected} of ${r.reconnectSample} with client.reconnect(token), on their seat at the move count they saw; reconnect p50 ${r.reconnectP50Ms} ms, max ${r.reconnectMaxMs} ms`,
  );
  console.log(
    `  on record                ${r.bytesPerTable} bytes a table (live_tables ${r.liveTablesKB} KB + live_moves ${r.liveMovesKB} KB, indexes and TOAST included); snapshot ${r.snapshotBytes} bytes (jsonb); ${r.bytesPerMoveRow} bytes a move row (${r.moveRows} rows, ${r.seqMean} moves a table on average)`,
  );
  const database2 =
    r.database === "postgres"
      ? `; the PostgreSQL server: ${r.pacedDatabaseCpuPercent}% of a core, ${r.pacedDatabaseCpuUsPerMove} µs a move`
      : " (the database included: it runs here)";
  console.log(
    `  journal, people's pace   ${r.pacedMovesPerSecond} moves/s (a move every ${r.paceMs} ms a table on average, ${r.seconds} s, load ${r.loadAtJournal}): ${r.pacedCpuPercent}% of a core = ${r.pacedCpuUsPerMove} µs a move${database2}`,
  );
  console.log(
    `  without the journal      ${r.bareMovesPerSecond} moves/s: ${r.bareCpuPercent}% of a core = ${r.bareCpuUsPerMove} µs a move; added by persisting ${r.addedCpuPercent}% of a core (target ≤ 5%), ${r.addedCpuUsPerMove} µs a move`,
  );
  console.log(
    `  move → committed p50/p99 ${r.pacedCommitP50Ms} ms / ${r.pacedCommitP99Ms} ms (a group starts ${typeof r.batchMs === "number" ? `within ${r.batchMs} ms` : "within the journal's default"}, or once it holds 64 writes); lease renewal of every table ${r.renewMeanMs} ms every ${LEASE_MS / 3000} s`,
  );
  console.log(
    `  as fast as it commits    ${r.saturatedMovesPerSecond} moves/s: ${r.saturatedCpuPercent}% of a core, ${r.saturatedCpuUsPerMove} µs a move${r.database === "postgres" ? ` (the PostgreSQL server ${r.saturatedDatabaseCpuPercent}%)` : ""}; move → committed p50/p99 ${r.saturatedCommitP50Ms} / ${r.saturatedCommitP99Ms} ms`,
  );
}

if (!json)
  console.log(
    `Your Trumps restore benchmark (Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()})`,
  );
let postgres: PostgresServer | undefined;
try {
  for (const kind of ["pglite", "postgres"] as const) {
    if (only === "" || only === kind)
      print(await measure(kind, async () => (postgres ??= await startPostgres({ durable: true }))));
  }
} finally {
  await postgres?.destroy();
}
