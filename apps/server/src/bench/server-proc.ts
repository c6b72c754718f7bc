/**
 * Benchmark: the server process. Boots startServer, recording its hands in PGlite under
 * DATA_DIR or in the PostgreSQL of DATABASE_URL (with REDIS_URL, PUBLIC_ADDRESS and PORT
 * it is one of several processes sharing matchmaking), then answers the parent over IPC:
 * "measure" starts an event-loop delay histogram and samples resident memory, "report"
 * returns the figures, "records" counts what the database holds once every table has
 * closed, "pool" the search workers' load, "stop" shuts down. The computer-table limits,
 * AI_THINK_MS, TRUST_PROXY and MESSAGES_PER_SECOND come from the environment when set
 * (the computer benchmark's scenarios differ in them).
 */
import { writeFileSync } from "node:fs";
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from "node:v8";
import { Session } from "node:inspector/promises";
import { PerformanceObserver, monitorEventLoopDelay } from "node:perf_hooks";
import { Room, matchMaker } from "@colyseus/core";
import { sql } from "kysely";
import { readEnv } from "../config.js";
import { startServer } from "../server.js";
import type { ProcessMemory } from "./child-ipc.js";
import { quantile } from "./stats.js";

type Command =
  | { cmd: "baseline" }
  | { cmd: "measure" }
  | { cmd: "report" }
  | { cmd: "memory" }
  | { cmd: "records" }
  | { cmd: "pool" }
  | { cmd: "stop" };

const aiDelayMs = Number(process.env.AI_DELAY_MS ?? 700);
const env = readEnv(process.env); // the defaults where unset, as in production
const server = await startServer({
  port: Number(process.env.PORT ?? 0),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  ...(process.env.PUBLIC_ADDRESS ? { publicAddress: process.env.PUBLIC_ADDRESS } : {}),
  host: "127.0.0.1",
  clientDist: null,
  fillAfterSeconds: Number(process.env.FILL_AFTER_SECONDS ?? 600), // the load pairs its own clients: no computer fill (the watch benchmark's lone clients get one)
  turnSeconds: 600, // bots answer at once; a clock would only add noise
  aiDelayMs,
  aiWorkers: Number(process.env.AI_WORKERS ?? 1),
  messagesPerSecond: process.env.MESSAGES_PER_SECOND ? env.messagesPerSecond : 10_000, // by default bots move as fast as the server answers
  aiThinkMs: env.aiThinkMs,
  computerTables: {
    total: env.maxComputerTables,
    perAddress: env.computerTablesPerAddress,
    perPlayer: env.computerTablesPerPlayer,
  },
  trustProxy: env.trustProxy, // the computer benchmark's clients name their addresses
  httpLimits: {
    matchmake: { burst: 1e6, perMinute: 1e6 },
    api: { burst: 1e6, perMinute: 1e6 },
    codeMisses: { burst: 1e6, perMinute: 1e6 },
  }, // every bot comes from 127.0.0.1
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR }),
  log: process.env.BENCH_LOG ? (line) => console.error(line) : () => {},
});

/** Once the load has left and every table is closed (its hand in play recorded as abandoned): the hands on record, by how they ended. */
async function recordsHeld(): Promise<{
  recordsByReason: Record<string, number>;
  recordsWithoutMoves: number;
  recordsUnwritten: number;
}> {
  for (let waited = 0; matchMaker.stats.local.roomCount > 0 && waited < 30_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await server.writer.flush(60_000);
  const rows = await sql<{
    reason: string;
    n: number;
    empty: number;
  }>`select result->>'reason' as reason, count(*)::int as n, count(*) filter (where jsonb_array_length(log) = 0)::int as empty from games group by 1`.execute(
    server.store.db,
  );
  return {
    recordsByReason: Object.fromEntries(rows.rows.map((r) => [r.reason, r.n])),
    recordsWithoutMoves: rows.rows.reduce((sum, r) => sum + r.empty, 0),
    recordsUnwritten: server.writer.status().queued,
  };
}

// Node's histogram records the time between its timer's runs, resolution included:
// the delay is what exceeds the resolution.
const RESOLUTION_MS = 1;
// Server-side share of move → patch: a message's handling, which for a move runs
// the engine, projects the state and sends the patch, all synchronously.
const handlingMs: number[] = [];
let timing = false;
const proto = Room.prototype as unknown as { _onMessage: (...a: unknown[]) => unknown };
const original = proto._onMessage;
proto._onMessage = function (this: unknown, ...a: unknown[]) {
  const t = performance.now();
  const r = original.apply(this, a);
  if (timing) handlingMs.push(performance.now() - t);
  return r;
};

// The hands this process recorded (by result reason): with two processes, each side's count, to check that no table was lost or played twice.
const recordedHere: Record<string, number> = {};
const enqueue = server.writer.enqueue.bind(server.writer);
server.writer.enqueue = (record) => {
  const reason = record.result.reason;
  recordedHere[reason] = (recordedHere[reason] ?? 0) + 1;
  return enqueue(record);
};

// Garbage-collection pauses on the main thread while measuring: what the loop waits for besides our code.
const gcPausesMs: number[] = [];
new PerformanceObserver((list) => {
  if (timing) for (const e of list.getEntries()) gcPausesMs.push(e.duration);
}).observe({ entryTypes: ["gc"] });

const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
const delayMs = (ns: number): number => Math.max(0, ns / 1e6 - RESOLUTION_MS);
let baseline: ProcessMemory | undefined;
let peakRss = 0;
let peakQueued = 0; // hand records waiting for the database, at the worst moment sampled
let sampler: NodeJS.Timeout | undefined;
let cpuAtStart = process.cpuUsage();

/** The process's memory once the garbage is collected: resident, and the parts of it V8 knows. */
function memory(): ProcessMemory {
  globalThis.gc?.();
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  const young = getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.physical_space_size ?? 0;
  return { rss, heapUsed, heapPhysical: getHeapStatistics().total_physical_size, arrayBuffers, young };
}

// PROFILE=<file.cpuprofile>: a CPU profile of the measured seconds alone (seating excluded), for Chrome DevTools.
const profileFile = process.env.PROFILE;
const profiler = profileFile ? new Session() : undefined;
profiler?.connect();

process.on("message", (m: Command) => {
  switch (m.cmd) {
    case "baseline":
      baseline = memory();
      process.send!({ baselineRss: baseline.rss, baseline });
      return;
    case "measure":
      histogram.reset();
      histogram.enable();
      timing = true;
      peakRss = process.memoryUsage().rss;
      cpuAtStart = process.cpuUsage();
      peakQueued = 0;
      if (profiler) void profiler.post("Profiler.enable").then(() => profiler.post("Profiler.start"));
      sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss()); // rss() alone: the full memoryUsage() walks the heap, a cost that would show in the figures
        peakQueued = Math.max(peakQueued, server.writer.status().queued);
      }, 250);
      return;
    case "report": {
      histogram.disable();
      timing = false;
      clearInterval(sampler);
      const cpu = process.cpuUsage(cpuAtStart);
      if (profiler)
        void profiler.post("Profiler.stop").then(({ profile }) => writeFileSync(profileFile!, JSON.stringify(profile)));
      process.send!({
        cpuMs: (cpu.user + cpu.system) / 1000,
        cpuSystemMs: cpu.system / 1000, // of it, in the kernel (mostly socket writes and reads)
        gcMs: gcPausesMs.reduce((a, b) => a + b, 0),
        gcMaxMs: Math.max(0, ...gcPausesMs),
        eventLoopP50Ms: delayMs(histogram.percentile(50)),
        eventLoopP99Ms: delayMs(histogram.percentile(99)),
        eventLoopMaxMs: delayMs(histogram.max),
        baselineRss: baseline?.rss ?? 0,
        peakRss,
        peakQueued,
        rss: process.memoryUsage().rss,
        handlingP50Ms: quantile(handlingMs, 0.5),
        handlingP99Ms: quantile(handlingMs, 0.99),
        localTables: matchMaker.stats.local.roomCount,
        localClients: matchMaker.stats.local.ccu,
      });
      return;
    }
    case "memory": {
      // After measuring, with the tables still seated: what they hold once the garbage is collected.
      const settled = memory();
      if (process.env.HEAP_SNAPSHOT) writeHeapSnapshot(process.env.HEAP_SNAPSHOT);
      process.send!({ settled, baseline, tables: matchMaker.stats.local.roomCount });
      return;
    }
    case "records":
      void recordsHeld().then((held) => process.send!({ ...held, recordedHere }));
      return;
    case "pool":
      process.send!({ pool: server.ai.load() });
      return;
    case "stop":
      void server.close().then(() => process.exit(0));
      return;
    default: {
      const never: never = m;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
});
process.send!({ port: server.port });
