/**
 * What persisting costs a move: the real TableJournal over the real LiveTables, every table
 * moving at people's pace (and then as fast as it commits), against the same loop with no
 * journal: this process's CPU a move and in % of a core, move → committed p50/p99.
 */
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { TableJournal } from "../durability/table-journal.js";
import type { JsonObject } from "../storage/index.js";
import type { Store } from "../storage/store.js";
import { postgresCpuMs } from "./postgres-cpu.js";
import { quantile, round } from "./stats.js";

// A journal's first seconds cost more than the rest: V8 tiers up PGlite's hot WebAssembly and the
// journal's code, and the first major GC after the populate's clients meets their garbage. A server
// pays that once; the figure is what persisting costs from then on, so the journal loops warm up longer.
const JOURNAL_WARMUP_MS = 10_000;
// Each measured window starts from a collected heap: the populate's 4,000 clients left garbage whose
// major collection, landing in one window or the other, moved "added" between runs by more than a change measures.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const DEAL_EVERY = 30; // moves between two snapshot saves of a table (a new deal), as in a duel
export const LEASE_MS = 15_000; // the server's default lease, renewed every third of it
const SATURATION_SECONDS = 10;
const WARMUP_MS = 2000;

/** A table as the crash left it on record, to journal moves for. */
export interface KeptTable {
  roomId: string;
  snapshot: JsonObject;
  handId: string | null;
}

/** The load: a move every `paceMs` a table on average, for `seconds`; the journal's group wait (`batchMs`; its default when unset). */
export interface JournalLoad {
  paceMs: number;
  seconds: number;
  batchMs: number | undefined;
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
  tables: KeptTable[],
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
  const moved = (t: KeptTable): void => {
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
  const schedule = (t: KeptTable): void => {
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
export async function journalCost(
  open: () => Promise<Store>,
  tables: KeptTable[],
  postgresPort: number | null,
  { paceMs, seconds, batchMs }: JournalLoad,
): Promise<Record<string, number>> {
  const store = await open();
  try {
    const journal = new TableJournal(store.live, "restore-bench", {
      ...(batchMs === undefined ? {} : { batchMs }),
      leaseMs: LEASE_MS,
      log: (line) => console.error(line),
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
