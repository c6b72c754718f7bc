/**
 * `npm run bench` (after the load benchmark): the storage on both databases. For each it
 * prints records written per second and commit latency p50/p99 (one record at a time, as
 * the RecordWriter writes them, rated duels and hands of four between 200 players), the
 * event-loop delay while writing (PGlite's own work is on its worker thread), the rate with eight
 * writers at once (PostgreSQL: several server processes), and the history query p50/p99 for
 * a player with 10,000 records (the first page, and pages deep in the history by cursor,
 * before and after the vacuum/analyze that PGlite's maintenance runs every 10 minutes).
 * `--json` prints one JSON line per database.
 *
 *   node dist/bench/storage-bench.js [--json] [--records 2000] [--history 10000] [--only pglite|postgres]
 *
 * PostgreSQL is a throwaway server this program starts (fsync on, as in production); PGlite
 * lives in a temporary DATA_DIR. Both are removed at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { Hand } from "@yourtrumps/engine";
import type { HandRecord } from "../storage/hand-record.js";
import { startPostgres } from "../database/postgres-process.js";
import { RecordWriter } from "../records/record-writer.js";
import { computerSeat, person, playedHand, recordOf } from "../storage/sample-hands.js";
import { openStore, type Store } from "../storage/store.js";
import { quantile, round } from "./stats.js";

// Not strict: `npm run bench -- …` hands the load benchmark's options to this program too.
const { values: options } = parseArgs({
  options: {
    json: { type: "boolean" },
    records: { type: "string" },
    history: { type: "string" },
    only: { type: "string" },
  },
  strict: false,
});
const json = options.json === true;
const records = Number(options.records ?? 2000);
const historySize = Number(options.history ?? 10_000);
const only = String(options.only ?? "");

const PLAYERS = 200;
const duels = [0, 1, 2, 3, 4, 5, 6, 7].map((seed) => playedHand(2, seed));
const fours = [0, 1, 2, 3, 4, 5, 6, 7].map((seed) => playedHand(4, seed));
let handIds = 0;

type Figures = Record<string, number | string>;

/** Times `count` records written one after another through a RecordWriter, as a room writes them: enqueue → committed. */
async function sequentialWrites(
  store: Store,
  count: number,
  next: (i: number) => HandRecord,
): Promise<{ perSecond: number; latencies: number[] }> {
  const writer = new RecordWriter((r) => store.recordHand(r));
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const record = next(i);
    const t = performance.now();
    const outcome = await writer.enqueue(record);
    if (!outcome.ok) throw outcome.error;
    latencies.push(performance.now() - t);
  }
  return { perSecond: count / ((performance.now() - started) / 1000), latencies };
}

function ratedRecord(ids: string[], i: number): HandRecord {
  const pick = (k: number): string => ids[(i * 7 + k * 13) % ids.length]!;
  const hand: Hand = i % 4 === 3 ? fours[i % fours.length]! : duels[i % duels.length]!;
  const seats = Array.from({ length: hand.players }, (_, k) => person(pick(k)));
  return recordOf(hand, { id: `bench-${++handIds}`, seats });
}

async function measure(database: "pglite" | "postgres"): Promise<Figures> {
  const opened = performance.now();
  let cleanup: () => Promise<void>;
  let store: Store;
  let databaseUrl = "";
  if (database === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-storage-bench-"));
    store = await openStore({ dataDir: dir });
    cleanup = async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const server = await startPostgres({ durable: true });
    databaseUrl = await server.createDatabase("bench");
    store = await openStore({ databaseUrl });
    cleanup = async () => {
      await store.close();
      await server.destroy();
    };
  }
  const openMs = performance.now() - opened;
  try {
    const ids: string[] = [];
    for (let i = 0; i < PLAYERS; i++) ids.push((await store.createPlayer(`Bench ${i}`)).id);

    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const writes = await sequentialWrites(store, records, (i) => ratedRecord(ids, i));
    loop.disable();

    const concurrent: Figures = {};
    if (database === "postgres") {
      const writers = await Promise.all(Array.from({ length: 8 }, () => openStore({ databaseUrl, poolSize: 1 })));
      const started = performance.now();
      let next = 0;
      await Promise.all(
        writers.map(async (w) => {
          while (next < records) await w.recordHand(ratedRecord(ids, next++));
        }),
      );
      concurrent.concurrentWriters = writers.length;
      concurrent.concurrentRecordsPerSecond = round(records / ((performance.now() - started) / 1000), 0);
      for (const w of writers) await w.close();
    }

    // One player with `historySize` hands (against the computer, unrated), then their history.
    const veteran = await store.createPlayer("Veteran");
    const base = Date.now() - historySize * 60_000;
    const filled = performance.now();
    await sequentialWrites(store, historySize, (i) =>
      recordOf(duels[i % duels.length]!, {
        id: `history-${i}`,
        mode: "computer",
        endedAt: new Date(base + i * 60_000),
        seats: [person(veteran.id), computerSeat()],
      }),
    );
    const fillSeconds = (performance.now() - filled) / 1000;
    const cursors: string[] = [];
    for (
      let page = await store.playerGames(veteran.id, { limit: 100 });
      page.next !== null;
      page = await store.playerGames(veteran.id, { before: page.next, limit: 100 })
    )
      cursors.push(page.next);
    const timed = async (count: number, query: (i: number) => Promise<unknown>): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const t = performance.now();
        await query(i);
        times.push(performance.now() - t);
      }
      return times;
    };
    const deepPages = (): Promise<number[]> =>
      timed(300, (i) => store.playerGames(veteran.id, { before: cursors[(i * 37) % cursors.length]! }));
    // PGlite has no autovacuum: until its maintenance runs (at open, then every 10 minutes) the planner has no statistics for the new rows.
    const deepBeforeMaintenance = await deepPages();
    const maintained = performance.now();
    await store.maintain();
    const maintenanceMs = performance.now() - maintained;
    const firstPage = await timed(300, () => store.playerGames(veteran.id));
    const deepPage = await deepPages();

    return {
      database,
      openMs: round(openMs, 0),
      records,
      recordsPerSecond: round(writes.perSecond, 0),
      commitP50Ms: round(quantile(writes.latencies, 0.5), 2),
      commitP99Ms: round(quantile(writes.latencies, 0.99), 2),
      eventLoopDelayP99Ms: round(loop.percentile(99) / 1e6, 2),
      eventLoopDelayMaxMs: round(loop.max / 1e6, 2),
      ...concurrent,
      historyRecords: historySize,
      historyFillRecordsPerSecond: round(historySize / fillSeconds, 0),
      historyFirstPageP50Ms: round(quantile(firstPage, 0.5), 2),
      historyFirstPageP99Ms: round(quantile(firstPage, 0.99), 2),
      historyDeepPageP50Ms: round(quantile(deepPage, 0.5), 2),
      historyDeepPageP99Ms: round(quantile(deepPage, 0.99), 2),
      historyDeepPageBeforeMaintenanceP50Ms: round(quantile(deepBeforeMaintenance, 0.5), 2),
      historyDeepPageBeforeMaintenanceP99Ms: round(quantile(deepBeforeMaintenance, 0.99), 2),
      maintenanceMs: round(maintenanceMs, 0),
    };
  } finally {
    await cleanup();
  }
}

function print(r: Figures): void {
  if (json) {
    console.log(JSON.stringify(r));
    return;
  }
  const opened =
    r.database === "pglite"
      ? `a new DATA_DIR opened and migrated in ${r.openMs} ms (PGlite's initdb)`
      : `server started, database migrated in ${r.openMs} ms (fsync on)`;
  console.log(`\n${r.database}: ${opened}`);
  console.log(
    `  records/s, one at a time   ${r.recordsPerSecond}   (${r.records} rated hands: duels and hands of four among ${PLAYERS} players)`,
  );
  console.log(`  commit p50 / p99           ${r.commitP50Ms} ms / ${r.commitP99Ms} ms`);
  console.log(`  event-loop delay p99 / max ${r.eventLoopDelayP99Ms} ms / ${r.eventLoopDelayMaxMs} ms while writing`);
  if (r.database === "postgres")
    console.log(
      `  records/s, ${r.concurrentWriters} writers        ${r.concurrentRecordsPerSecond}   (a pool of one connection each, as from separate processes)`,
    );
  console.log(
    `  history of ${r.historyRecords} records  first page p50 / p99 ${r.historyFirstPageP50Ms} / ${r.historyFirstPageP99Ms} ms, deep pages ${r.historyDeepPageP50Ms} / ${r.historyDeepPageP99Ms} ms   (filled at ${r.historyFillRecordsPerSecond} records/s)`,
  );
  console.log(
    `                             deep pages before vacuum/analyze ${r.historyDeepPageBeforeMaintenanceP50Ms} / ${r.historyDeepPageBeforeMaintenanceP99Ms} ms; vacuum/analyze took ${r.maintenanceMs} ms`,
  );
}

if (!json)
  console.log(
    `Your Trumps storage benchmark (Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
for (const database of ["pglite", "postgres"] as const) {
  if (only === "" || only === database) print(await measure(database));
}
