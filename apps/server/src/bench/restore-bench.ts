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
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { SUITS, movesFor, type Suit } from "@yourtrumps/engine";
import { sql } from "kysely";
import { TableJournal } from "../durability/table-journal.js";
import { createLogger } from "../logging/logger.js";
import { freePort } from "../processes/child-output.js";
import type { JsonObject, StorageDatabase } from "../storage/index.js";
import { connectDatabase } from "../database/open-database.js";
import { startPostgres, type PostgresServer } from "../database/postgres-process.js";
import { openStore, type Store } from "../storage/store.js";
import { sendMove, type Decoded } from "./decoded-table.js";
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
const SATURATION_SECONDS = 10;
const WARMUP_MS = 2000;
// A journal's first seconds cost more than the rest: V8 tiers up PGlite's hot WebAssembly and the
// journal's code, and the first major GC after the populate's clients meets their garbage. A server
// pays that once; the figure is what persisting costs from then on, so the journal loops warm up longer.
const JOURNAL_WARMUP_MS = 10_000;
// Each measured window starts from a collected heap: the populate's 4,000 clients left garbage whose
// major collection, landing in one window or the other, moved "added" by ±1% of a core between runs.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const DEAL_EVERY = 30; // moves between two snapshot saves of a table (a new deal), as in a duel
const LEASE_MS = 15_000; // the server's default lease, renewed every third of it

type Figures = Record<string, number | string>;
type Database = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; port: number };
type Table = Decoded & { code: string };

/** The server as a deploy starts it, with the per-address limits lifted (every client here is 127.0.0.1) and hour-long clocks. */
function serverEnv(db: Database, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    TURN_SECONDS: "3600",
    MATCHMAKE_PER_MINUTE: "1000000",
    API_PER_MINUTE: "1000000",
    CLIENT_DIST: "/nonexistent",
    SEAT_RESERVATION_SECONDS: "60", // 40 duels sitting down at once on a busy machine: a join that waits is not a figure of this benchmark
    ...(db.kind === "pglite" ? { DATA_DIR: db.dataDir } : { DATABASE_URL: db.url }),
  };
}

/** `node dist/main.js`, resolved once it prints `listening on`: how long that took from the spawn, and everything it printed. */
async function startMain(
  db: Database,
  port: number,
  timeoutMs: number,
): Promise<{ child: ChildProcess; listeningMs: number; output: () => string }> {
  const spawned = performance.now();
  const child = spawn(process.execPath, [MAIN_JS], { env: serverEnv(db, port), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const listeningMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const collect = (chunk: Buffer): void => {
      output += chunk.toString();
      if (/listening on \d+/.test(output)) {
        clearTimeout(timer);
        resolve(performance.now() - spawned);
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, listeningMs, output: () => output };
}

function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** Resolves with the decoded state once `test` holds (checked now and on every patch). */
function until(room: Room, test: (s: Table) => boolean, what: string, timeoutMs = 30_000): Promise<Table> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const s = room.state as Table;
      if (s.seats === undefined || !test(s)) return;
      clearTimeout(timer);
      room.onStateChange.remove(check);
      resolve(s);
    };
    const timer = setTimeout(() => {
      room.onStateChange.remove(check);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    room.onStateChange(check);
    check();
  });
}

function seatOf(room: Room): number {
  const s = room.state as Table;
  for (let i = 0; i < s.seats.length; i++) if (s.seats.at(i)?.sessionId === room.sessionId) return i;
  return -1;
}

async function joined(joining: Promise<Room>): Promise<Room> {
  const room = await joining;
  room.reconnection.enabled = false; // the kill must not start 4,000 reconnection loops
  await until(room, (s) => seatOf(room) >= 0 && s.phase !== "", "a seat");
  return room;
}

/** A private duel: Ann creates it, Bob joins by its code, each picks a free trump, then they play `moves` legal moves. */
async function playDuel(sdk: ColyseusSDK, n: number, moves: number): Promise<{ rooms: Room[]; seq: number }> {
  const ann = await joined(sdk.create("table", { mode: "private", name: `Ann ${n}` }));
  const { code } = await until(ann, (s) => s.code !== "", "the code");
  const bob = await joined(sdk.join("table", { mode: "private", code, name: `Bob ${n}` }));
  const rooms = [ann, bob];
  let picked = 0;
  for (const room of rooms) {
    const s = await until(
      room,
      (x) => (x.phase === "choosing" && countTrumps(x) >= picked) || x.phase === "playing",
      "the trump choice",
    );
    if (s.phase !== "choosing") break;
    const taken = new Set<string>(Array.from({ length: s.seats.length }, (_, i) => s.seats.at(i)!.trump));
    room.send("trump", { suit: SUITS.find((x) => !taken.has(x)) });
    await until(room, (x) => x.seats.at(seatOf(room))!.trump !== "" || x.phase !== "choosing", "the trump");
    picked++;
  }
  let s = await until(ann, (x) => x.phase === "playing", "the deal");
  while (s.phase === "playing" && s.seq < moves) {
    const seq = s.seq;
    const mover = rooms.find((r) => seatOf(r) === s.toMove)!;
    const mine = (mover.state as Table).seats.at(s.toMove)!; // only its own client sees a seat's cards
    const legal = movesFor([...(mine.hand ?? [])], [...s.pile], mine.trump as Suit, s.secondDue);
    sendMove(mover, legal[(n + seq) % legal.length]!);
    await Promise.all(rooms.map((r) => until(r, (x) => x.seq > seq || x.phase !== "playing", "the next move")));
    s = ann.state as Table;
  }
  return { rooms, seq: s.seq };
}

function countTrumps(s: Table): number {
  let n = 0;
  for (let i = 0; i < s.seats.length; i++) if (s.seats.at(i)!.trump !== "") n++;
  return n;
}

interface Populated {
  seconds: number;
  seqMean: number;
  sample: { token: string; seat: number; seq: number }[]; // clients that come back after the restart
}

/** N duels on a real server, `concurrency` at a time; then the server is killed (SIGKILL), the clients left as they are. */
async function populate(db: Database, port: number): Promise<Populated> {
  const server = await startMain(db, port, 120_000);
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

/** CPU ms of the PostgreSQL server on `port`: the postmaster, its live backends, and those gone (its children's times). */
function postgresCpuMs(port: number): number {
  const tick = 1000 / 100; // USER_HZ
  const stat = (pid: string): string[] | null => {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, "utf8");
      return text.slice(text.lastIndexOf(")") + 2).split(" "); // from field 3 (state) on
    } catch {
      return null;
    }
  };
  const pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  const postmaster = pids.find((p) => {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0");
      return (
        path.basename(cmd[0] ?? "") === "postgres" && cmd.includes("-p") && cmd[cmd.indexOf("-p") + 1] === String(port)
      );
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return NaN;
  let ticks = 0;
  const own = stat(postmaster);
  if (own) ticks += Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]); // utime stime cutime cstime
  for (const p of pids) {
    const s = stat(p);
    if (s && s[1] === postmaster) ticks += Number(s[11]) + Number(s[12]);
  }
  return ticks * tick;
}

interface LoopFigures {
  moves: number;
  seconds: number;
  cpuMs: number; // this process, user + system
  databaseCpuMs: number; // the PostgreSQL server's (NaN for PGlite: it is in cpuMs)
  commitMs: number[]; // move → committed
  renewMs: number[]; // each lease renewal of every table
}

/** A seeded xorshift32, so runs are repeatable. */
function randomSource(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/**
 * Every table moves after a pause (uniform 0 … 2 × `paceMs`; 0 = again as soon as its last
 * move is committed) for `measureMs` after a warm-up; with a journal each move is written and
 * waited for, as the room's patch waits, and the leases are renewed as the restorer does.
 */
let loops = 0;

async function moveLoop(
  journal: TableJournal | null,
  store: Store,
  tables: OnRecord["snapshots"],
  pace: number,
  measureMs: number,
  postgresPort: number | null,
): Promise<LoopFigures> {
  const random = randomSource(7);
  const first = 1000 + 1_000_000 * loops++; // a loop after another plays on: no move is written twice
  const plies = new Map(tables.map((t) => [t.roomId, first + random(DEAL_EVERY)])); // tables deal at different moves, as they do
  const figures: LoopFigures = { moves: 0, seconds: 0, cpuMs: 0, databaseCpuMs: NaN, commitMs: [], renewMs: [] };
  let measuring = false;
  let running = true;
  const renewals = journal
    ? setInterval(() => {
        const t = performance.now();
        void store.live
          .renew("restore-bench", LEASE_MS)
          .then(() => measuring && figures.renewMs.push(performance.now() - t));
      }, LEASE_MS / 3)
    : undefined;
  const moved = (t: OnRecord["snapshots"][number]): void => {
    if (!running) return;
    const ply = plies.get(t.roomId)!;
    plies.set(t.roomId, ply + 1);
    if (measuring) figures.moves++;
    if (journal === null) {
      schedule(t);
      return;
    }
    const started = performance.now();
    journal.move({
      roomId: t.roomId,
      handId: t.handId ?? "none",
      ply,
      move: ply % 5 === 0 ? "P" : "TS",
      atMs: (ply - first) * 3000,
    });
    if (ply % DEAL_EVERY === 0) journal.save(t.roomId, () => ({ snapshot: t.snapshot, handId: t.handId }));
    void journal.committed().then(() => {
      if (measuring) figures.commitMs.push(performance.now() - started);
      schedule(t);
    });
  };
  const schedule = (t: OnRecord["snapshots"][number]): void => {
    // The next move comes as a message would, in a new turn of the loop: a chain of promises alone would never let the timers run.
    if (pace > 0) setTimeout(() => moved(t), random(2 * pace + 1));
    else setImmediate(() => moved(t));
  };
  for (const t of tables) schedule(t);
  await new Promise((resolve) => setTimeout(resolve, journal ? JOURNAL_WARMUP_MS : WARMUP_MS));
  collectGarbage();
  const cpu = process.cpuUsage();
  const databaseCpu = postgresPort === null ? NaN : postgresCpuMs(postgresPort);
  const started = performance.now();
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, measureMs));
  measuring = false;
  const used = process.cpuUsage(cpu);
  figures.seconds = (performance.now() - started) / 1000;
  figures.cpuMs = (used.user + used.system) / 1000;
  figures.databaseCpuMs = postgresPort === null ? NaN : postgresCpuMs(postgresPort) - databaseCpu;
  running = false;
  clearInterval(renewals);
  await journal?.flush();
  return figures;
}

/** The journal's cost on a fresh database of `kind` holding `tables`: paced, the same loop without it, and saturated. */
async function journalCost(
  open: () => Promise<Store>,
  tables: OnRecord["snapshots"],
  postgresPort: number | null,
): Promise<Figures> {
  const store = await open();
  try {
    const journal = new TableJournal(store.live, "restore-bench", {
      ...(batchMs === undefined ? {} : { batchMs }),
      leaseMs: LEASE_MS,
      log: createLogger(),
      lost: () => {},
    });
    for (const t of tables) journal.save(t.roomId, () => ({ snapshot: t.snapshot, handId: t.handId }));
    await journal.flush();
    const bare = await moveLoop(null, store, tables, paceMs, seconds * 1000, postgresPort);
    const paced = await moveLoop(journal, store, tables, paceMs, seconds * 1000, postgresPort);
    const saturated = await moveLoop(journal, store, tables, 0, SATURATION_SECONDS * 1000, postgresPort);
    const perMoveUs = (x: LoopFigures, cpuMs: number): number => round((1000 * cpuMs) / Math.max(1, x.moves), 1);
    const corePercent = (x: LoopFigures, cpuMs: number): number => round((100 * cpuMs) / 1000 / x.seconds, 2);
    return {
      pacedMovesPerSecond: round(paced.moves / paced.seconds, 0),
      pacedCpuPercent: corePercent(paced, paced.cpuMs),
      pacedCpuUsPerMove: perMoveUs(paced, paced.cpuMs),
      bareMovesPerSecond: round(bare.moves / bare.seconds, 0),
      bareCpuPercent: corePercent(bare, bare.cpuMs),
      bareCpuUsPerMove: perMoveUs(bare, bare.cpuMs),
      addedCpuPercent: round(corePercent(paced, paced.cpuMs) - corePercent(bare, bare.cpuMs), 2),
      addedCpuUsPerMove: round(perMoveUs(paced, paced.cpuMs) - perMoveUs(bare, bare.cpuMs), 1),
      pacedDatabaseCpuPercent: corePercent(paced, paced.databaseCpuMs),
      pacedDatabaseCpuUsPerMove: perMoveUs(paced, paced.databaseCpuMs),
      pacedCommitP50Ms: round(quantile(paced.commitMs, 0.5), 2),
      pacedCommitP99Ms: round(quantile(paced.commitMs, 0.99), 2),
      renewMeanMs: round(paced.renewMs.reduce((a, b) => a + b, 0) / Math.max(1, paced.renewMs.length), 1),
      saturatedMovesPerSecond: round(saturated.moves / saturated.seconds, 0),
      saturatedCpuPercent: corePercent(saturated, saturated.cpuMs),
      saturatedCpuUsPerMove: perMoveUs(saturated, saturated.cpuMs),
      saturatedDatabaseCpuPercent: corePercent(saturated, saturated.databaseCpuMs),
      saturatedCommitP50Ms: round(quantile(saturated.commitMs, 0.5), 1),
      saturatedCommitP99Ms: round(quantile(saturated.commitMs, 0.99), 1),
    };
  } finally {
    await store.close();
  }
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
    const db: Database = pg
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
    const restarted = await startMain(db, port, restartTimeoutMs).catch((e: unknown) => ({
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
