/**
 * Benchmark: the load process. Opens SDK clients against the server on PORT (or the
 * processes on PORTS, comma-separated: a duel's two clients then matchmake through two
 * different processes, which must seat them at one table through Redis):
 * SCENARIO=duel seats TABLES quick-match duels (2 clients each); SCENARIO=computer
 * seats TABLES human-vs-computer tables at LEVEL. Bots play legal moves; after
 * the parent says "measure" they count moves and time move → patch for
 * MEASURE_SECONDS, then stop, report over IPC, and leave when told to.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { ColyseusSDK } from "@colyseus/sdk";
import type { Room } from "@colyseus/sdk";
import { Bot } from "./bot.js";
import type { BotCounters } from "./bot.js";

const ports = (process.env.PORTS ?? process.env.PORT ?? "").split(",").map(Number);
const tables = Number(process.env.TABLES ?? 200);
const scenario = process.env.SCENARIO === "computer" ? "computer" : "duel";
const level = process.env.LEVEL ?? "hard";
const measureSeconds = Number(process.env.MEASURE_SECONDS ?? 20);
const thinkMs = Number(process.env.THINK_MS ?? 0);

const sdks = ports.map((port) => new ColyseusSDK(`ws://127.0.0.1:${port}`));
const counters: BotCounters = {
  latenciesMs: [],
  moves: 0,
  ownMoves: 0,
  hands: 0,
  handsAll: 0,
  refused: 0,
  cameBack: 0,
};
// After measuring, the bots stop and the tables settle this long (longer than a rematch waits for a record) before they leave.
const SETTLE_MS = 4000;
let measuring = false;
const bots: Bot[] = [];

async function join(options: Record<string, unknown>, via = 0): Promise<Room> {
  const room = await sdks[via % sdks.length]!.joinOrCreate("table", options);
  room.onMessage("hint", () => {});
  return room;
}

/** A client told to come back (its process is shutting down) reconnects through whichever process answers, as a load balancer would send it. */
async function comeBack(token: string): Promise<Room> {
  for (let attempt = 0; ; attempt++) {
    try {
      const room = await sdks[(attempt + 1) % sdks.length]!.reconnect(token);
      room.onMessage("hint", () => {});
      return room; // its bot waits for the first state (waitForInitialState is @colyseus/testing's, not the SDK's)
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** Math.min(attempt, 5))));
    }
  }
}

async function seat(): Promise<void> {
  for (let t = 0; t < tables; t++) {
    if (scenario === "duel") {
      const a = await join({ mode: "quick", players: 2, name: `a${t}` }, t);
      const b = await join({ mode: "quick", players: 2, name: `b${t}` }, t + 1);
      if (a.roomId !== b.roomId) throw new Error("quick match did not pair consecutive clients");
      bots.push(
        new Bot(a, counters, true, () => measuring, 2 * t + 1, thinkMs, comeBack),
        new Bot(b, counters, false, () => measuring, 2 * t + 2, thinkMs, comeBack),
      );
    } else {
      const a = await join({ mode: "computer", players: 2, level, name: `h${t}` }, t);
      bots.push(new Bot(a, counters, true, () => measuring, t + 1, thinkMs, comeBack));
    }
  }
}

process.on("message", (m: { cmd: string }) => {
  if (m.cmd === "leave") {
    void Promise.all(bots.map((b) => b.room.leave().catch(() => 0))).finally(() => process.exit(0));
    return;
  }
  if (m.cmd !== "measure") return;
  measuring = true;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  setTimeout(() => {
    measuring = false;
    loop.disable();
    const seconds = (performance.now() - started) / 1000;
    const clientEventLoopP99Ms = Math.max(0, loop.percentile(99) / 1e6 - 1); // the histogram includes its 1 ms resolution
    const turns = bots.map((b) => b.turnsInHand).filter((n) => n !== undefined);
    const turnsInHandMean = turns.reduce((a, b) => a + b, 0) / Math.max(1, turns.length); // the server's memory a table grows with them
    for (const bot of bots) bot.stop();
    // Once the tables are still, every hand a client saw end is one the server recorded as ended; the hands
    // still in play are recorded as abandoned when their clients leave.
    setTimeout(() => {
      const handsInPlay = bots.filter((b) => b.countsHandInPlay).length;
      process.send!({
        ...counters,
        seconds,
        clientEventLoopP99Ms,
        turnsInHandMean,
        handsInPlay,
        clients: bots.length,
        mem: process.memoryUsage().rss,
      }); // then "leave"
    }, SETTLE_MS);
  }, measureSeconds * 1000);
});

const t0 = performance.now();
await seat();
process.send!({ seated: bots.length, seatSeconds: (performance.now() - t0) / 1000 });
