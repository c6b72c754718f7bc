/**
 * `npm run bench` (second program): what a person waits for a computer's move when the
 * search workers are shared. The server runs in a child process (bench/server-proc.ts,
 * one search worker, records in a new PGlite), the SDK clients in this one; every wait is
 * timed at the client, from sending a move to the patch with the computer's answer.
 *
 * 1. Abuse: honest players at `hard` tables (a move every 2–4 s) alone, then again while
 *    one client floods hints as fast as the message limit lets it and another creates
 *    `hard` tables as fast as it is allowed (at its limit it keeps asking) and plays them
 *    instantly. Each client names its own address (the server trusts X-Forwarded-For here, as
 *    behind a proxy), and the production limits apply.
 * 2. Capacity: N `hard` tables, people-paced, limits lifted: the p99 wait for each N, and
 *    the largest N whose p99 stays under AI_DELAY_MS + 1.5 s with the search intact (at
 *    most MAX_CUT_SHARE of the searches cut short by their time cap: the cap keeps the
 *    wait bounded far beyond, by playing weaker, which is no way to serve more tables).
 *    That N is the advertised number of computer tables per search worker,
 *    COMPUTER_TABLES_PER_WORKER.
 *
 *   node dist/bench/computer-bench.js [--json] [--honest 8] [--capacity 10,20,30,40]
 *                                     [--measure 45] [--warmup 8] [--ai-delay-ms 700]
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ColyseusSDK, type Room } from "@colyseus/sdk";
import { joinRefusal } from "@yourtrumps/protocol";
import type { ComputerLoad } from "../table/computer.js";
import { HintFlooder, PacedPlayer, type FloodCounters } from "./paced-player.js";
import { nextMessage } from "./child-ipc.js";
import { SERVER_NODE_FLAGS } from "../node-flags.js";
import { quantile, round } from "./stats.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i < 0 || args[i + 1] === undefined ? fallback : args[i + 1]!;
}
const json = args.includes("--json");
const honestPlayers = Number(arg("honest", "8"));
const capacity = arg("capacity", "10,20,30,40")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const measureSeconds = Number(arg("measure", "45"));
const warmupSeconds = Number(arg("warmup", "8"));
const aiDelayMs = Number(arg("ai-delay-ms", "700"));
const targetMs = aiDelayMs + 1500;
const PEOPLE_PACE = { min: 2000, max: 4000 }; // a move every 3 s on average
const MAX_CUT_SHARE = 0.05;
const UNLIMITED = {
  MAX_COMPUTER_TABLES: "100000",
  COMPUTER_TABLES_PER_ADDRESS: "100000",
  COMPUTER_TABLES_PER_PLAYER: "100000",
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  port: number;
  pool(): Promise<ComputerLoad>;
  stop(): Promise<void>;
}

async function startServerProcess(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "yourtrumps-computer-bench-"));
  const child = fork(path.join(here, "server-proc.js"), [], {
    execArgv: [...SERVER_NODE_FLAGS],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      AI_DELAY_MS: String(aiDelayMs),
      AI_WORKERS: "1",
      TRUST_PROXY: "1",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const { port } = await nextMessage<{ port: number }>(child, "port");
  return {
    port,
    pool: async () => {
      child.send({ cmd: "pool" });
      return (await nextMessage<{ pool: ComputerLoad }>(child, "pool")).pool;
    },
    stop: async () => {
      child.send({ cmd: "stop" });
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client whose requests come "from" `address` (X-Forwarded-For; the server trusts one proxy in this benchmark). */
function client(port: number, address: string): ColyseusSDK {
  return new ColyseusSDK(`ws://127.0.0.1:${port}`, { headers: { "X-Forwarded-For": address } });
}

async function hardTable(sdk: ColyseusSDK, name: string): Promise<Room> {
  return sdk.create("table", { mode: "computer", level: "hard", name });
}

interface Waits {
  waits: number[];
  p50: number;
  p99: number;
  max: number;
}
function summary(waits: number[]): Waits {
  return {
    waits,
    p50: round(quantile(waits, 0.5), 0),
    p99: round(quantile(waits, 0.99), 0),
    max: round(Math.max(0, ...waits), 0),
  };
}

interface Measured {
  honest: Waits;
  pool: { done: number; capped: number };
}

/** Seats `players` people-paced hard tables, runs `extra` alongside, and measures their waits. */
async function measure(server: Server, players: number, extra: () => () => void = () => () => {}): Promise<Measured> {
  const waits: number[] = [];
  let measuring = false;
  const clients: PacedPlayer[] = [];
  for (let i = 0; i < players; i++) {
    const room = await hardTable(client(server.port, `10.1.${i >> 8}.${i & 255}`), `honest ${i}`);
    clients.push(new PacedPlayer(room, i + 1, PEOPLE_PACE, waits, () => measuring));
    await sleep(PEOPLE_PACE.max / players); // spread the tables' turns over a pause
  }
  const stopExtra = extra();
  await sleep(warmupSeconds * 1000);
  const before = await server.pool();
  measuring = true;
  await sleep(measureSeconds * 1000);
  measuring = false;
  const after = await server.pool();
  stopExtra();
  for (const c of clients) c.stop();
  await Promise.all(clients.map((c) => c.room.leave(true).catch(() => 0)));
  return { honest: summary(waits), pool: { done: after.done - before.done, capped: after.capped - before.capped } };
}

/** One client (one address) creating hard tables as fast as it is allowed, playing each instantly. */
function creator(port: number, counters: { created: number; refused: Record<string, number> }): () => void {
  let running = true;
  const rooms: PacedPlayer[] = [];
  const sdk = client(port, "10.2.0.1");
  void (async () => {
    for (let n = 0; running; n++) {
      try {
        const room = await hardTable(sdk, `creator ${n}`);
        if (!running) {
          void room.leave(true);
          break;
        }
        counters.created++;
        rooms.push(new PacedPlayer(room, 1000 + n, { min: 0, max: 0 }, [], () => false));
      } catch (e) {
        const why = joinRefusal(e) ?? "other";
        counters.refused[why] = (counters.refused[why] ?? 0) + 1;
        await sleep(20); // at its limit it keeps asking, 50 times a second
      }
    }
  })();
  return () => {
    running = false;
    for (const r of rooms) {
      r.stop();
      void r.room.leave(true).catch(() => 0);
    }
  };
}

function flooder(port: number, counters: FloodCounters): () => void {
  let stop = (): void => {};
  void hardTable(client(port, "10.3.0.1"), "flooder").then((room) => {
    const f = new HintFlooder(room, 77, 20, counters);
    stop = () => {
      f.stop();
      void room.leave(true).catch(() => 0);
    };
  });
  return () => stop();
}

function print(line: Record<string, unknown>, text: string): void {
  console.log(json ? JSON.stringify(line) : text);
}

if (!json)
  console.log(
    `\nYour Trumps computer-player benchmark (Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, one search worker, AI_DELAY_MS=${aiDelayMs}, target p99 < ${targetMs} ms, ${measureSeconds} s measured per row)`,
  );

// 1. Abuse, production limits.
{
  const server = await startServerProcess({ MESSAGES_PER_SECOND: "20" });
  try {
    const alone = await measure(server, honestPlayers);
    print(
      {
        scenario: "honest alone",
        players: honestPlayers,
        ...alone,
        honest: { ...alone.honest, waits: alone.honest.waits.length },
      },
      `  ${honestPlayers} honest hard tables alone:            wait p50 ${alone.honest.p50} ms, p99 ${alone.honest.p99} ms, max ${alone.honest.max} ms (${alone.honest.waits.length} waits; ${alone.pool.done} searches, ${alone.pool.capped} cut short by their cap)`,
    );
    const flood: FloodCounters = { asked: 0, answered: 0, refused: 0, dropped: 0 };
    const made = { created: 0, refused: {} as Record<string, number> };
    const attacked = await measure(server, honestPlayers, () => {
      const stopFlood = flooder(server.port, flood);
      const stopCreator = creator(server.port, made);
      return () => {
        stopFlood();
        stopCreator();
      };
    });
    print(
      {
        scenario: "honest under attack",
        players: honestPlayers,
        ...attacked,
        honest: { ...attacked.honest, waits: attacked.honest.waits.length },
        flood,
        creator: made,
      },
      [
        `  ${honestPlayers} honest hard tables, under attack: wait p50 ${attacked.honest.p50} ms, p99 ${attacked.honest.p99} ms, max ${attacked.honest.max} ms (${attacked.honest.waits.length} waits; ${attacked.pool.done} searches, ${attacked.pool.capped} cut short by their cap)`,
        `    hint flooder: ${flood.asked} hints asked, ${flood.answered} answered, ${flood.refused} refused (hint-unavailable), ${flood.dropped} dropped by the message limit`,
        `    table creator: ${made.created} hard tables created, refused ${
          Object.entries(made.refused)
            .map(([k, v]) => `${v} × ${k}`)
            .join(", ") || "never"
        }`,
      ].join("\n"),
    );
  } finally {
    await server.stop();
  }
}

// 2. Capacity: one search worker, people-paced hard tables, no limits.
let sustained = 0;
for (const tables of capacity) {
  const server = await startServerProcess(UNLIMITED);
  try {
    const r = await measure(server, tables);
    const cut = r.pool.capped / Math.max(1, r.pool.done);
    const ok = r.honest.p99 < targetMs && cut <= MAX_CUT_SHARE;
    if (ok) sustained = Math.max(sustained, tables);
    print(
      { scenario: "capacity", tables, ...r, honest: { ...r.honest, waits: r.honest.waits.length }, sustained: ok },
      `  ${String(tables).padStart(3)} people-paced hard tables: wait p50 ${r.honest.p50} ms, p99 ${r.honest.p99} ms, max ${r.honest.max} ms (${r.honest.waits.length} waits; ${r.pool.done} searches, ${r.pool.capped} = ${round(100 * cut, 1)}% cut short by their cap): ${ok ? "sustained" : r.honest.p99 < targetMs ? "p99 under the target only by cutting searches short" : "p99 OVER the target"}`,
    );
  } finally {
    await server.stop();
  }
}
print(
  { scenario: "sustained", tables: sustained, targetMs },
  `  one search worker sustains ${sustained} people-paced hard tables: p99 < ${targetMs} ms with at most ${100 * MAX_CUT_SHARE}% of searches cut short (of ${capacity.join(", ")} tried)`,
);
process.exit(0);
