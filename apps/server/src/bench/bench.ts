/**
 * `npm run bench`: loopback load against the game server. Each scenario runs the
 * server in one process and the SDK clients in a second one, then prints moves/s,
 * move → patch latency p50/p99 (measured at the clients), the server's event-loop
 * delay p99 and resident memory per table. `--json` prints one JSON line per scenario.
 *
 *   node dist/bench/bench.js [--json] [--duels 200] [--computer 100] [--level hard]
 *                            [--seconds 20] [--warmup 3] [--ai-delay-ms 700] [--think-ms 0]
 *                            [--only pglite|postgres] [--processes 2]
 *
 * `--think-ms` paces the bots (a uniform pause of 0 … 2× that before each move);
 * 0 answers at once, which saturates the server and measures its ceiling.
 *
 * Every hand is recorded, as in production. PGlite runs in the server's process (on a
 * worker thread of its own) and PostgreSQL in processes of its own, so the duels run twice: on PGlite in a new DATA_DIR, and on a PostgreSQL this program
 * starts (fsync on); `--only` keeps one (the computer tables run on the first). After
 * each scenario the bots stop, the tables settle and the clients leave; the database
 * must then hold every hand the clients saw finish, and the hands still in play as
 * abandoned (with some dealt as the clients left: a leaver's computer agrees to the
 * rematch the other person asked for, and that hand is abandoned before a move).
 *
 * `--processes 2` runs the duels on two server processes sharing matchmaking through a
 * real redis-server (Colyseus' RedisPresence and RedisDriver, each process with its own
 * PUBLIC_ADDRESS) and one PostgreSQL; each duel's two clients matchmake through different
 * processes. It prints each process's figures, and checks that the tables and the
 * finished hands the two processes report add up to what the clients saw: none lost,
 * none played twice.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../processes/child-output.js";
import { startRedis } from "../processes/redis-server.js";
import { SERVER_NODE_FLAGS } from "../node-flags.js";
import { startPostgres, type PostgresServer } from "../database/postgres-process.js";
import { nextMessage } from "./child-ipc.js";
import { perTable, type LoadReport, type MemoryReport, type RecordsReport, type ServerReport } from "./load-reports.js";
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
const processes = Math.max(1, Math.floor(arg("processes", 1)));
const DATABASES = ["pglite", "postgres"] as const;
// Its clients all come from loopback and open more computer tables than production allows: this measures the tables, not the limits.
const UNLIMITED_TABLES = { MAX_COMPUTER_TABLES: "100000", COMPUTER_TABLES_PER_ADDRESS: "100000" };
type DatabaseKind = (typeof DATABASES)[number];

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
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/** One server process of a scenario: forked, its port known, its idle memory measured. */
async function serverProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; baselineRss: number }> {
  const child = fork(path.join(here, "server-proc.js"), [], {
    execArgv: ["--expose-gc", ...SERVER_NODE_FLAGS, ...(process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean)],
    env: { ...process.env, ...env, AI_DELAY_MS: String(aiDelayMs), ...UNLIMITED_TABLES },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { port } = await nextMessage<{ port: number }>(child, "port");
  child.send({ cmd: "baseline" });
  const { baselineRss } = await nextMessage<{ baselineRss: number }>(child, "baselineRss");
  return { child, port, baselineRss };
}

/** `count` server processes on one database; more than one share matchmaking through a redis-server started here. */
async function serverProcesses(
  count: number,
  dbEnv: Record<string, string>,
): Promise<{ servers: Awaited<ReturnType<typeof serverProcess>>[]; stopRedis: () => void }> {
  if (count === 1) return { servers: [await serverProcess(dbEnv)], stopRedis: () => {} };
  const redis = await startRedis();
  try {
    const servers = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      servers.push(
        await serverProcess({
          ...dbEnv,
          PORT: String(port),
          REDIS_URL: redis.url,
          PUBLIC_ADDRESS: `127.0.0.1:${port}`,
        }),
      );
    }
    return { servers, stopRedis: () => void redis.child.kill() };
  } catch (e) {
    redis.child.kill();
    throw e;
  }
}

async function scenario(
  name: string,
  env: Record<string, string>,
  tables: number,
  kind: DatabaseKind,
  count = 1,
): Promise<Record<string, number | string>> {
  const db = await database(kind);
  let started: Awaited<ReturnType<typeof serverProcesses>> | undefined;
  try {
    started = await serverProcesses(count, db.env);
    const servers = started.servers;
    const load = fork(path.join(here, "load.js"), [], {
      execArgv: (process.env.LOAD_NODE_ARGS ?? "").split(" ").filter(Boolean),
      env: {
        ...process.env,
        ...env,
        PORTS: servers.map((x) => x.port).join(","),
        TABLES: String(tables),
        MEASURE_SECONDS: String(seconds),
        THINK_MS: String(thinkMs),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const seated = await nextMessage<{ seated: number; seatSeconds: number }>(load, "seated");
    await new Promise((r) => setTimeout(r, warmup * 1000));
    for (const x of servers) x.child.send({ cmd: "measure" });
    load.send({ cmd: "measure" });
    // A rolling restart: halfway through, the first process is stopped (SIGTERM's path); its tables must move to the others with their players.
    let moved = { tables: 0, stoppedAfterSeconds: 0 };
    const stopping = count > 1 ? rollingStop(servers[0]!, seconds / 2).then((m) => (moved = m)) : Promise.resolve();
    const l = await nextMessage<LoadReport>(load, "latenciesMs");
    await stopping;
    const live = count > 1 ? servers.slice(1) : servers;
    const reports: ServerReport[] = [];
    for (const x of live) {
      x.child.send({ cmd: "report" });
      reports.push(await nextMessage<ServerReport>(x.child, "eventLoopP99Ms"));
    }
    const settled: MemoryReport[] = [];
    for (const x of live) {
      x.child.send({ cmd: "memory" });
      settled.push(await nextMessage<MemoryReport>(x.child, "settled"));
    }
    load.send({ cmd: "leave" });
    await exited(load);
    const held: RecordsReport[] = [];
    for (const x of live) {
      x.child.send({ cmd: "records" });
      held.push(await nextMessage<RecordsReport>(x.child, "recordsByReason"));
    }
    const r = held[0]!; // the database all processes share
    const { abandoned = 0, ...ended } = r.recordsByReason;
    const recordsEnded = Object.values(ended).reduce((a, b) => a + b, 0);
    const endedHere = held.map((x) =>
      Object.entries(x.recordedHere).reduce((sum, [reason, n]) => sum + (reason === "abandoned" ? 0 : n), 0),
    );
    const allHere = held.map((x) => Object.values(x.recordedHere).reduce((a, b) => a + b, 0));
    const recordsAll = Object.values(r.recordsByReason).reduce((a, b) => a + b, 0);
    const s = reports[0]!;
    const perProcess = reports.map((x, i) => ({
      tables: x.localTables,
      clients: x.localClients,
      cpuPercent: round((100 * x.cpuMs) / 1000 / l.seconds, 1),
      eventLoopDelayP99Ms: round(x.eventLoopP99Ms, 2),
      rssPerTableKB: perTable(settled[i]!).rssKB,
      heapPerTableKB: perTable(settled[i]!).heapKB,
      handsEnded: endedHere[i]!,
    }));
    return {
      scenario: name,
      database: kind,
      processes: count,
      thinkMs,
      tables,
      clients: seated.seated,
      seconds: round(l.seconds, 1),
      movesPerSecond: round(l.moves / l.seconds, 0),
      clientMovesPerSecond: round(l.ownMoves / l.seconds, 0),
      handsFinished: l.hands,
      moveToPatchP50Ms: round(quantile(l.latenciesMs, 0.5), 2),
      moveToPatchP99Ms: round(quantile(l.latenciesMs, 0.99), 2),
      serverCpuPercent: round((100 * s.cpuMs) / 1000 / l.seconds, 1),
      serverCpuSystemPercent: round((100 * s.cpuSystemMs) / 1000 / l.seconds, 1),
      serverCpuUsPerMove: round((1000 * reports.reduce((a, x) => a + x.cpuMs, 0)) / Math.max(1, l.moves), 0),
      serverGcPercent: round((100 * s.gcMs) / 1000 / l.seconds, 1),
      serverGcMaxMs: round(s.gcMaxMs, 1),
      refusedMoves: l.refused,
      serverHandlingP50Ms: round(s.handlingP50Ms, 3),
      serverHandlingP99Ms: round(s.handlingP99Ms, 3),
      eventLoopDelayP99Ms: round(s.eventLoopP99Ms, 2),
      eventLoopDelayMaxMs: round(s.eventLoopMaxMs, 2),
      clientProcessEventLoopDelayP99Ms: round(l.clientEventLoopP99Ms, 2),
      rssBaselineMB: round(servers[0]!.baselineRss / 2 ** 20, 1),
      rssPeakMB: round(s.peakRss / 2 ** 20, 1),
      rssPerTableKB: perTable(settled[0]!).rssKB,
      heapPerTableKB: perTable(settled[0]!).heapKB,
      arrayBuffersPerTableKB: perTable(settled[0]!).arrayBuffersKB,
      otherPerTableKB: perTable(settled[0]!).otherKB,
      youngGenerationGrowthMB: perTable(settled[0]!).youngGrowthMB,
      heapFreePerTableKB: perTable(settled[0]!).heapFreeKB,
      peakRssPerTableKB: round((s.peakRss - servers[0]!.baselineRss) / 1024 / Math.max(1, s.localTables), 0),
      turnsInHandMean: round(l.turnsInHandMean, 0),
      rssSettledMB: round(settled[0]!.settled.rss / 2 ** 20, 1),
      seatSeconds: round(seated.seatSeconds, 1),
      handsFinishedInRun: l.handsAll,
      recordsEnded,
      recordsAbandoned: abandoned,
      handsInPlayAtLeave: l.handsInPlay,
      recordsWithoutMoves: r.recordsWithoutMoves,
      recordsUnwritten: held.reduce((a, x) => a + x.recordsUnwritten, 0),
      recordsQueuedPeak: Math.max(...reports.map((x) => x.peakQueued)),
      recordsMatch:
        recordsEnded === l.handsAll && abandoned >= l.handsInPlay && held.every((x) => x.recordsUnwritten === 0)
          ? "yes"
          : "NO",
      perProcess: JSON.stringify(perProcess),
      tablesMoved: moved.tables,
      stoppedAfterSeconds: round(moved.stoppedAfterSeconds, 1),
      clientsCameBack: l.cameBack,
      // After the rolling restart every table is on the processes still running, and every client of a moved table came back.
      tablesMatch:
        perProcess.reduce((a, x) => a + x.tables, 0) === tables && (count === 1 || l.cameBack === 2 * moved.tables)
          ? "yes"
          : "NO",
      handsMatch:
        count > 1
          ? "n/a"
          : allHere.reduce((a, b) => a + b, 0) === recordsAll && endedHere.reduce((a, b) => a + b, 0) === recordsEnded
            ? "yes"
            : "NO",
    };
  } finally {
    for (const x of started?.servers ?? []) {
      if (x.child.exitCode !== null || x.child.signalCode !== null) continue;
      x.child.send({ cmd: "stop" });
      await exited(x.child);
    }
    started?.stopRedis();
    db.remove();
  }
}

/** Stops `server` after `afterSeconds` as a deploy would (its shutdown keeps its tables and tells their players to come back), and says how many tables it had. */
async function rollingStop(
  server: { port: number; child: ChildProcess },
  afterSeconds: number,
): Promise<{ tables: number; stoppedAfterSeconds: number }> {
  await new Promise((resolve) => setTimeout(resolve, afterSeconds * 1000));
  const health = (await (await fetch(`http://127.0.0.1:${server.port}/health`)).json()) as { rooms: number };
  server.child.send({ cmd: "stop" });
  await exited(server.child);
  return { tables: health.rooms, stoppedAfterSeconds: afterSeconds };
}

function print(r: Record<string, number | string>): void {
  if (json) {
    console.log(JSON.stringify(r));
    return;
  }
  console.log(
    `\n${r.scenario}, records in ${r.database === "pglite" ? "PGlite (in the server's process, on a thread of its own)" : "PostgreSQL (fsync on)"}: ${r.tables} tables, ${r.clients} SDK clients in a second process, ${r.seconds} s measured, bots think ${r.thinkMs} ms on average`,
  );
  console.log(
    `  moves/s (all seats)      ${r.movesPerSecond}   (clients' own: ${r.clientMovesPerSecond}/s, hands finished: ${r.handsFinished}, refused: ${r.refusedMoves})`,
  );
  console.log(
    `  server CPU               ${r.serverCpuPercent}% of one core (${r.serverCpuSystemPercent}% in the kernel) = ${r.serverCpuUsPerMove} µs per move (all threads); GC pauses ${r.serverGcPercent}% of the time, longest ${r.serverGcMaxMs} ms`,
  );
  console.log(`  move → patch p50 / p99   ${r.moveToPatchP50Ms} ms / ${r.moveToPatchP99Ms} ms   (target p99 < 50 ms)`);
  console.log(
    `  server handling p50 / p99 ${r.serverHandlingP50Ms} ms / ${r.serverHandlingP99Ms} ms   (message in → patch sent, inside the server)`,
  );
  console.log(
    `  event-loop delay p99     ${r.eventLoopDelayP99Ms} ms (max ${r.eventLoopDelayMaxMs} ms)   (target < 20 ms; the clients' process: ${r.clientProcessEventLoopDelayP99Ms} ms)`,
  );
  console.log(
    `  memory a table           ${r.rssPerTableKB} KB resident (target ≤ 64 KB): the server's resident size after a full GC, tables seated, over the idle server's (${r.rssBaselineMB} → ${r.rssSettledMB} MB), by tables; their hands in play ${r.turnsInHandMean} turns in on average`,
  );
  console.log(
    `                           of which ${r.heapPerTableKB} KB live V8 heap, ${r.heapFreePerTableKB} KB free in its old generation's pages, ${r.arrayBuffersPerTableKB} KB array buffers, ${r.otherPerTableKB} KB native (outside V8's heap); and the young generation's pages grew ${r.youngGenerationGrowthMB} MB for the whole process`,
  );
  console.log(
    `                           ${r.peakRssPerTableKB} KB a table at the resident peak while measuring (${r.rssPeakMB} MB, garbage included)`,
  );
  if (Number(r.processes) > 1) {
    const each = JSON.parse(String(r.perProcess)) as {
      tables: number;
      clients: number;
      cpuPercent: number;
      eventLoopDelayP99Ms: number;
      rssPerTableKB: number;
      heapPerTableKB: number;
      handsEnded: number;
    }[];
    each.forEach((x, i) =>
      console.log(
        `  process ${i + 2} (still up)     ${x.tables} tables, ${x.clients} clients; CPU ${x.cpuPercent}% of a core; event-loop delay p99 ${x.eventLoopDelayP99Ms} ms; ${x.rssPerTableKB} KB resident, ${x.heapPerTableKB} KB heap per table; ${x.handsEnded} hands ended here`,
      ),
    );
    console.log(
      `  rolling restart          process 1 stopped (SIGTERM's shutdown) ${r.stoppedAfterSeconds} s into the measurement with ${r.tablesMoved} tables: ${r.clientsCameBack} clients came back on the other process`,
    );
    console.log(
      `  across processes         every table is on the process still running and every client of a moved table came back: ${r.tablesMatch}`,
    );
  }
  console.log(
    `  hands on record          ${r.recordsEnded} ended (the clients saw ${r.handsFinishedInRun} end over the run) + ${r.recordsAbandoned} abandoned (${r.handsInPlayAtLeave} in play when the clients left; ${r.recordsWithoutMoves} without a move), ${r.recordsUnwritten} unwritten: ${r.recordsMatch === "yes" ? "every hand" : "MISMATCH"}; at most ${r.recordsQueuedPeak} queued at once`,
  );
}

const duels = arg("duels", 200);
const computer = arg("computer", 100);
const level = arg("level", "hard");
if (!json)
  console.log(
    `Your Trumps server benchmark (Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, loopback, AI_DELAY_MS=${aiDelayMs})`,
  );
const kinds = DATABASES.filter((kind) => only === "" || only === kind);
try {
  if (processes > 1) {
    if (duels > 0)
      print(
        await scenario(
          `${duels} duels on ${processes} processes sharing Redis, two SDK clients each through different processes`,
          { SCENARIO: "duel" },
          duels,
          "postgres",
          processes,
        ),
      );
  } else
    for (const kind of kinds)
      if (duels > 0) print(await scenario(`${duels} duels, two SDK clients each`, { SCENARIO: "duel" }, duels, kind));
  if (processes === 1 && computer > 0 && kinds[0] !== undefined)
    print(
      await scenario(
        `${computer} human-vs-computer tables at ${level}`,
        { SCENARIO: "computer", LEVEL: level },
        computer,
        kinds[0],
      ),
    );
} finally {
  await postgres?.destroy();
}
