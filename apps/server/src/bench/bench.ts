/**
 * `npm run bench`: loopback load against the game server. Each scenario runs the
 * server in one process and the SDK clients in a second one, then prints moves/s,
 * move → patch latency p50/p99 (measured at the clients), the server's event-loop
 * delay p99 and resident memory per table. `--json` prints one JSON line per scenario.
 *
 *   node dist/bench/bench.js [--json] [--duels 200] [--computer 100] [--level hard]
 *                            [--seconds 20] [--warmup 3] [--ai-delay-ms 700] [--think-ms 0]
 *                            [--only pglite|postgres]
 *
 * `--think-ms` paces the bots (a uniform pause of 0 … 2× that before each move);
 * 0 answers at once, which saturates the server and measures its ceiling.
 *
 * Every hand is recorded, as in production. PGlite runs on the server's own thread, so
 * the duels run twice: on PGlite in a new DATA_DIR, and on a PostgreSQL this program
 * starts (fsync on); `--only` keeps one (the computer tables run on the first). After
 * each scenario the bots stop, the tables settle and the clients leave; the database
 * must then hold every hand the clients saw finish, and the hands still in play as
 * abandoned (with some dealt as the clients left: a leaver's computer agrees to the
 * rematch the other person asked for, and that hand is abandoned before a move).
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPostgres, type PostgresServer } from "../storage/postgres-process.js";
import { quantile, round } from "./stats.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function arg(name: string, fallback: number): number;
function arg(name: string, fallback: string): string;
function arg(name: string, fallback: number | string): number | string {
  const i = args.indexOf(`--${name}`);
  if (i < 0 || args[i + 1] === undefined) return fallback;
  return typeof fallback === "number" ? Number(args[i + 1]) : args[i + 1]!;
}
const json = args.includes("--json");
const seconds = arg("seconds", 20);
const warmup = arg("warmup", 3);
const aiDelayMs = arg("ai-delay-ms", 700);
const thinkMs = arg("think-ms", 0);
const only = arg("only", "");
const DATABASES = ["pglite", "postgres"] as const;
// Its clients all come from loopback and open more computer tables than production allows: this measures the tables, not the limits.
const UNLIMITED_TABLES = { MAX_COMPUTER_TABLES: "100000", COMPUTER_TABLES_PER_ADDRESS: "100000" };
type DatabaseKind = (typeof DATABASES)[number];

interface LoadReport {
  latenciesMs: number[];
  moves: number;
  ownMoves: number;
  hands: number;
  handsAll: number; // finished over the whole run
  handsInPlay: number; // tables whose hand was in play when the clients left
  seconds: number;
  clients: number;
  clientEventLoopP99Ms: number;
  refused: number; // moves the server answered with an error (a client's decoded state was wrong)
}
interface ServerReport {
  eventLoopP50Ms: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  baselineRss: number;
  peakRss: number;
  handlingP50Ms: number;
  handlingP99Ms: number;
  cpuMs: number; // the server process's CPU time (all threads) while measuring
  gcMs: number; // garbage-collection pauses of its main thread, summed
  gcMaxMs: number; // the longest of them
  peakQueued: number; // hand records waiting for the database, at most (sampled every 250 ms)
}

function next<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>): void => {
      if (!(key in m)) return;
      child.off("message", onMessage);
      resolve(m as T);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`${key}: child exited with ${code}`)));
  });
}

interface RecordsReport {
  recordsByReason: Record<string, number>; // hands on record, by result reason
  recordsWithoutMoves: number; // of them, hands dealt and called off before a move
  recordsUnwritten: number; // still queued after the flush
}

let postgres: PostgresServer | undefined;
let databases = 0;

/** The environment that gives the server process a new, empty database of `kind`, and how to remove it. */
async function database(kind: DatabaseKind): Promise<{ env: Record<string, string>; remove: () => void }> {
  if (kind === "postgres") {
    postgres ??= await startPostgres({ durable: true });
    return { env: { DATABASE_URL: await postgres.createDatabase(`load_${++databases}`) }, remove: () => {} };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-load-bench-"));
  return { env: { DATA_DIR: dir }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

async function scenario(name: string, env: Record<string, string>, tables: number, kind: DatabaseKind): Promise<Record<string, number | string>> {
  const db = await database(kind);
  const server = fork(path.join(here, "server-proc.js"), [], { execArgv: ["--expose-gc", ...(process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean)], env: { ...process.env, ...db.env, AI_DELAY_MS: String(aiDelayMs), ...UNLIMITED_TABLES }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  try {
    const { port } = await next<{ port: number }>(server, "port");
    server.send({ cmd: "baseline" });
    const { baselineRss } = await next<{ baselineRss: number }>(server, "baselineRss");
    const load = fork(path.join(here, "load.js"), [], { execArgv: (process.env.LOAD_NODE_ARGS ?? "").split(" ").filter(Boolean), env: { ...process.env, ...env, PORT: String(port), TABLES: String(tables), MEASURE_SECONDS: String(seconds), THINK_MS: String(thinkMs) }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    const seated = await next<{ seated: number; seatSeconds: number }>(load, "seated");
    await new Promise((r) => setTimeout(r, warmup * 1000));
    server.send({ cmd: "measure" });
    load.send({ cmd: "measure" });
    const l = await next<LoadReport>(load, "latenciesMs");
    server.send({ cmd: "report" });
    const s = await next<ServerReport>(server, "eventLoopP99Ms");
    load.send({ cmd: "leave" });
    await exited(load);
    server.send({ cmd: "records" });
    const r = await next<RecordsReport>(server, "recordsByReason");
    const { abandoned = 0, ...ended } = r.recordsByReason;
    const recordsEnded = Object.values(ended).reduce((a, b) => a + b, 0);
    return {
      scenario: name,
      database: kind,
      thinkMs,
      tables,
      clients: seated.seated,
      seconds: round(l.seconds, 1),
      movesPerSecond: round(l.moves / l.seconds, 0),
      clientMovesPerSecond: round(l.ownMoves / l.seconds, 0),
      handsFinished: l.hands,
      moveToPatchP50Ms: round(quantile(l.latenciesMs, 0.5), 2),
      moveToPatchP99Ms: round(quantile(l.latenciesMs, 0.99), 2),
      serverCpuPercent: round((100 * s.cpuMs) / 1000 / l.seconds, 0),
      serverCpuUsPerMove: round((1000 * s.cpuMs) / Math.max(1, l.moves), 0),
      serverGcPercent: round((100 * s.gcMs) / 1000 / l.seconds, 1),
      serverGcMaxMs: round(s.gcMaxMs, 1),
      refusedMoves: l.refused,
      serverHandlingP50Ms: round(s.handlingP50Ms, 3),
      serverHandlingP99Ms: round(s.handlingP99Ms, 3),
      eventLoopDelayP99Ms: round(s.eventLoopP99Ms, 2),
      eventLoopDelayMaxMs: round(s.eventLoopMaxMs, 2),
      clientProcessEventLoopDelayP99Ms: round(l.clientEventLoopP99Ms, 2),
      rssBaselineMB: round(baselineRss / 2 ** 20, 1),
      rssPeakMB: round(s.peakRss / 2 ** 20, 1),
      rssPerTableKB: round((s.peakRss - baselineRss) / 1024 / tables, 0),
      seatSeconds: round(seated.seatSeconds, 1),
      handsFinishedInRun: l.handsAll,
      recordsEnded,
      recordsAbandoned: abandoned,
      handsInPlayAtLeave: l.handsInPlay,
      recordsWithoutMoves: r.recordsWithoutMoves,
      recordsUnwritten: r.recordsUnwritten,
      recordsQueuedPeak: s.peakQueued,
      recordsMatch: recordsEnded === l.handsAll && abandoned >= l.handsInPlay && r.recordsUnwritten === 0 ? "yes" : "NO",
    };
  } finally {
    server.send({ cmd: "stop" });
    await exited(server);
    db.remove();
  }
}

function print(r: Record<string, number | string>): void {
  if (json) {
    console.log(JSON.stringify(r));
    return;
  }
  console.log(`\n${r.scenario}, records in ${r.database === "pglite" ? "PGlite (on the server's thread)" : "PostgreSQL (fsync on)"}: ${r.tables} tables, ${r.clients} SDK clients in a second process, ${r.seconds} s measured, bots think ${r.thinkMs} ms on average`);
  console.log(`  moves/s (all seats)      ${r.movesPerSecond}   (clients' own: ${r.clientMovesPerSecond}/s, hands finished: ${r.handsFinished}, refused: ${r.refusedMoves})`);
  console.log(`  server CPU               ${r.serverCpuPercent}% of one core = ${r.serverCpuUsPerMove} µs per move (all threads); GC pauses ${r.serverGcPercent}% of the time, longest ${r.serverGcMaxMs} ms`);
  console.log(`  move → patch p50 / p99   ${r.moveToPatchP50Ms} ms / ${r.moveToPatchP99Ms} ms   (target p99 < 50 ms)`);
  console.log(`  server handling p50 / p99 ${r.serverHandlingP50Ms} ms / ${r.serverHandlingP99Ms} ms   (message in → patch sent, inside the server)`);
  console.log(`  event-loop delay p99     ${r.eventLoopDelayP99Ms} ms (max ${r.eventLoopDelayMaxMs} ms)   (target < 20 ms; the clients' process: ${r.clientProcessEventLoopDelayP99Ms} ms)`);
  console.log(`  resident memory          ${r.rssBaselineMB} MB idle → ${r.rssPeakMB} MB peak = ${r.rssPerTableKB} KB per table`);
  console.log(`  hands on record          ${r.recordsEnded} ended (the clients saw ${r.handsFinishedInRun} end over the run) + ${r.recordsAbandoned} abandoned (${r.handsInPlayAtLeave} in play when the clients left; ${r.recordsWithoutMoves} without a move), ${r.recordsUnwritten} unwritten: ${r.recordsMatch === "yes" ? "every hand" : "MISMATCH"}; at most ${r.recordsQueuedPeak} queued at once`);
}

const duels = arg("duels", 200);
const computer = arg("computer", 100);
const level = arg("level", "hard");
if (!json) console.log(`Your Trumps server benchmark (Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, loopback, AI_DELAY_MS=${aiDelayMs})`);
const kinds = DATABASES.filter((kind) => only === "" || only === kind);
try {
  for (const kind of kinds) if (duels > 0) print(await scenario(`${duels} duels, two SDK clients each`, { SCENARIO: "duel" }, duels, kind));
  if (computer > 0 && kinds[0] !== undefined) print(await scenario(`${computer} human-vs-computer tables at ${level}`, { SCENARIO: "computer", LEVEL: level }, computer, kinds[0]));
} finally {
  await postgres?.destroy();
}
