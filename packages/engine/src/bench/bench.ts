/**
 * Engine benchmark: prints readable figures, or JSON lines with --json.
 *   npm run bench -w @yourtrumps/engine [-- --json] [--seconds 2]
 * Figures: fast-core moves/s in random playouts (make + unmake), whole random hands/s
 * (fast core, and public API), public-API moves/s (legalMoves + applyMove); the server's
 * LiveHand: moves/s, toHand() at a long hand, and the memory a hand in play holds after
 * 50, 190 and 630 moves (2,000 hands, after a full GC).
 */
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { LiveHand } from "../live-hand.js";
import { Core, R_NONE } from "../core/core.js";
import { randomPlayout } from "../core/playout.js";
import { Rng } from "../rng.js";
import { applyMove, legalMoves } from "../rules.js";
import { newHand } from "../setup.js";
import type { PlayerCount } from "../types.js";

const json = process.argv.includes("--json");
const secondsArg = process.argv.indexOf("--seconds");
const SECONDS = secondsArg >= 0 ? Number(process.argv[secondsArg + 1]) : 2;

function report(metric: string, value: number, unit: string, extra: Record<string, unknown> = {}): void {
  if (json) console.log(JSON.stringify({ bench: "engine", metric, value: Math.round(value), unit, ...extra }));
  else
    console.log(
      `${metric.padEnd(44)} ${Math.round(value).toLocaleString("en-US").padStart(12)} ${unit}${Object.keys(extra).length ? `  ${JSON.stringify(extra)}` : ""}`,
    );
}

/** Runs `step` (which returns work units done) until SECONDS pass; returns units per second. */
function rate(step: () => number): number {
  for (let i = 0; i < 50; i++) step(); // warm-up for the JIT
  let units = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < SECONDS * 1000) {
    for (let i = 0; i < 20; i++) units += step();
    t = performance.now();
  }
  return units / ((t - t0) / 1000);
}

if (!json) console.log(`Your Trumps engine benchmark — Node ${process.version}, one thread, ${SECONDS}s per figure\n`);

for (const players of [2, 3, 4] as PlayerCount[]) {
  // Fast core: random playouts from a fixed deal, unmade back to the start each time.
  const core = new Core().load(newHand({ players, seed: `bench/${players}` }));
  const buf = new Uint8Array(37);
  let seed = 1;
  const moveRate = rate(() => {
    const n = randomPlayout(core, seed++, buf);
    for (let i = 0; i < n; i++) core.unmake();
    return n;
  });
  report(`core.playout.movesPerSecond.p${players}`, moveRate, "moves/s", { players });

  // Fast core: whole hands from fresh seeded deals (deal + load + play to the end).
  let deal = 0;
  const handRate = rate(() => {
    core.load(newHand({ players, seed: deal++ }));
    let x = deal;
    while (core.result === R_NONE) {
      const k = core.legalMoves(buf);
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      core.make(buf[x % k]!);
    }
    return 1;
  });
  report(`core.wholeHandsPerSecond.p${players}`, handRate, "hands/s", { players });
}

for (const players of [2, 3, 4] as PlayerCount[]) {
  // Public API: legalMoves + applyMove on immutable hands with exact R16 keys, whole
  // hands of the default 1000-turn limit; hands/s and moves/s come from the same run.
  let deal = 0;
  let moves = 0;
  const t0 = performance.now();
  const handRate = rate(() => {
    let h = newHand({ players, seed: `api/${deal++}` });
    const rng = new Rng(deal);
    while (h.result === null) {
      const ms = legalMoves(h);
      const r = applyMove(h, ms[rng.int(ms.length)]!);
      if (!r.ok) throw new Error(r.error.message);
      h = r.hand;
      moves++;
    }
    return 1;
  });
  const elapsed = (performance.now() - t0) / 1000;
  report(`api.wholeHandsPerSecond.p${players}`, handRate, "hands/s", { players });
  report(`api.movesPerSecond.p${players}`, moves / elapsed, "moves/s", { players });
}

// LiveHand (the server's hand in play): moves/s over whole random hands, like the API's.
{
  let deal = 0;
  let moves = 0;
  const t0 = performance.now();
  const handRate = rate(() => {
    const live = new LiveHand(newHand({ players: 2, seed: `live/${deal++}` }));
    const rng = new Rng(deal);
    while (live.position.result === null) {
      const ms = legalMoves(live.position);
      if (live.play(ms[rng.int(ms.length)]!) !== null) throw new Error("refused");
      moves++;
    }
    return 1;
  });
  report("live.movesPerSecond.p2", moves / ((performance.now() - t0) / 1000), "moves/s", {
    players: 2,
    hands: Math.round(handRate * SECONDS),
  });
}

/** 2,000 duels played `plies` random moves each (or to their end); the memory they hold, a hand, after a full GC (V8's heap and typed arrays' contents). */
function liveHeap(plies: number): { bytes: number; moves: number } {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  const held = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = held();
  const hands: LiveHand[] = [];
  let moves = 0;
  for (let i = 0; i < 2000; i++) {
    const live = new LiveHand(newHand({ players: 2, seed: `heap/${i}` }));
    const rng = new Rng(i);
    for (let p = 0; p < plies && live.position.result === null; p++) {
      const ms = legalMoves(live.position);
      live.play(ms[rng.int(ms.length)]!);
    }
    moves += live.moves;
    hands.push(live);
  }
  gc();
  const bytes = (held() - before) / hands.length;
  if (hands.length !== 2000) throw new Error("hands lost");
  return { bytes, moves: moves / hands.length };
}
for (const plies of [50, 190, 630]) {
  const { bytes, moves } = liveHeap(plies);
  report(`live.bytesPerHand.after${plies}`, bytes, "B", { movesPlayed: Math.round(moves) });
}

// toHand() of a long hand (the server calls it for each computer move and hint).
{
  const live = new LiveHand(newHand({ players: 2, seed: "long" }));
  const rng = new Rng(5);
  while (live.moves < 500 && live.position.result === null) {
    const ms = legalMoves(live.position);
    live.play(ms[rng.int(ms.length)]!);
  }
  const perSecond = rate(() => (live.toHand(), 1));
  report("live.toHandMicroseconds", 1e6 / perSecond, "µs", { moves: live.moves });
}
