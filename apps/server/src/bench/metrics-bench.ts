/**
 * What the metrics cost at 2,000 people-paced duels scraped every 15 s, measured piece by piece in
 * this process (no game runs: the figures are the metrics' own CPU, which a whole-server run could
 * not separate from its noise):
 * - a scrape: `registry.metrics()` with 2,000 tables (4,000 clients) in the census, the process's
 *   default metrics and every series the game makes, timed as CPU over many scrapes;
 * - the instrumentation of one move: what a move does to the metrics (moves, move → patch, its
 *   share of a group commit and of the queries), timed over many.
 * The share of a core = scrape CPU / 15 s + per-move CPU × moves a second, a duel's people moving
 * every `THINK_MS` (default 3 s, as the people-paced benches) on average.
 *
 *   node dist/bench/metrics-bench.js            # DUELS=2000 THINK_MS=3000 SCRAPE_SECONDS=15
 */
import type { RegisteredHandler } from "@colyseus/core";
import { EventEmitter } from "node:events";
import { countRooms } from "../metrics/census.js";
import {
  handsRecorded,
  httpDuration,
  httpRequests,
  journalCommit,
  moveToPatch,
  moves,
  queryDuration,
  refusals,
  registry,
} from "../metrics/metrics.js";

const DUELS = Number(process.env.DUELS ?? 2000);
const THINK_MS = Number(process.env.THINK_MS ?? 3000);
const SCRAPE_SECONDS = Number(process.env.SCRAPE_SECONDS ?? 15);
const PHASES = ["waiting", "choosing", "playing", "over"] as const;

/** CPU microseconds `work` takes, run `times` times. */
async function cpuMicros(times: number, work: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / times;
}

// 2,000 duels' tables as the census sees them, made through the same handler events Colyseus emits.
const handler = new EventEmitter() as unknown as RegisteredHandler;
countRooms(handler);
for (let i = 0; i < DUELS; i++) {
  const room = {
    roomName: "table",
    roomId: `r${i}`,
    clients: { length: 2 },
    metadata: { mode: "quick", open: false, seated: [], players: 2 },
    census: () => ({ mode: "quick", phase: PHASES[i % PHASES.length]!, spectators: i % 7 === 0 ? 1 : 0 }),
  };
  (handler as unknown as EventEmitter).emit("create", room);
}
// Every series a running server has: refusals by code, hands by result, HTTP by route.
for (const code of ["not-your-turn", "wrong-phase", "rate-limited", "does-not-beat"]) refusals.inc({ code });
for (const result of ["won", "draw", "abandoned"]) handsRecorded.inc({ mode: "quick", result });
for (const route of ["/api/players/:id", "/api/live", "/matchmake/joinOrCreate", "static"]) {
  httpRequests.inc({ method: "GET", route, status: "200" });
  httpDuration.observe({ route }, 0.004);
}

const move = (): void => {
  moves.inc({ by: "person" });
  moveToPatch.observe(0.012);
  journalCommit.observe({ outcome: "ok" }, 0.004); // at most one a move: a group commit holds many
  queryDuration.observe({ outcome: "ok" }, 0.002);
};

await cpuMicros(20, () => registry.metrics()); // warm up
await cpuMicros(100_000, move);
const scrapeMicros = await cpuMicros(50, () => registry.metrics());
const moveMicros = await cpuMicros(1_000_000, move);
const scrapeBytes = (await registry.metrics()).length;
const movesPerSecond = (DUELS * 1000) / THINK_MS;
const share = scrapeMicros / (SCRAPE_SECONDS * 1e6) + (moveMicros * movesPerSecond) / 1e6;
console.log(
  JSON.stringify({
    duels: DUELS,
    thinkMs: THINK_MS,
    scrapeSeconds: SCRAPE_SECONDS,
    scrapeCpuMs: Math.round(scrapeMicros) / 1000,
    scrapeBytes,
    moveCpuMicros: Math.round(moveMicros * 1000) / 1000,
    movesPerSecond: Math.round(movesPerSecond),
    shareOfACorePercent: Math.round(share * 100_000) / 1000,
  }),
);
