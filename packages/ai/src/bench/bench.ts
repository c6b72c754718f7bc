/**
 * npm run bench [-- --json]: speed figures of the computer players.
 *  - search nodes per second (MCTS: tree and playout moves; exact solver: positions searched)
 *  - the exact solver on endgames reached in play: share solved within the default budget, time
 *  - hard decision time p50/p99 at the opening of full 18-card duels, with the default
 *    iteration budget and with the product's 1 s time setting
 *  - hard decision time p50/p99 in duel endgames reached in play (solver, probe and search)
 *  - easy decision time p50/p99 over positions from whole games
 */
import { newHand, viewFor } from "@yourtrumps/engine";
import type { PlayerView } from "@yourtrumps/engine";
import { chooseMoveSync, DEFAULT_ITERATIONS } from "../levels.js";
import { coreFromDuelView } from "../position.js";
import { mcts } from "../search/mcts.js";
import { SOLVE_STATES, solveView } from "../solve-view.js";
import { midGame, playedDuelPosition } from "../test-helpers.js";

const json = process.argv.includes("--json");
const quick = process.argv.includes("--quick");

function emit(name: string, value: number, unit: string, note: string): void {
  if (json) console.log(JSON.stringify({ bench: name, value: Math.round(value * 100) / 100, unit, note }));
  else console.log(`${name.padEnd(34)} ${value.toFixed(value < 10 ? 2 : 0).padStart(10)} ${unit.padEnd(9)} ${note}`);
}

/** Emits the p50 and p99 of `ms` as "<name> p50<suffix>" and "<name> p99<suffix>". */
function emitTimes(name: string, ms: number[], note: string, suffix = ""): void {
  emit(`${name} p50${suffix}`, quantile(ms, 0.5), "ms", note);
  emit(`${name} p99${suffix}`, quantile(ms, 0.99), "ms", note);
}

/** Milliseconds `f` takes. */
function msOf(f: () => unknown): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

function quantile(xs: number[], q: number): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

function openingView(seed: number): PlayerView {
  const h = newHand({ players: 2, seed: `bench/${seed}` });
  return viewFor(h, h.toMove);
}

// Search nodes per second: MCTS from duel openings.
{
  let nodes = 0;
  let ms = 0;
  for (let i = 0; i < (quick ? 3 : 10); i++) {
    const core = coreFromDuelView(openingView(i));
    const t = performance.now();
    nodes += mcts(core, { iterations: 5000, seed: i }).nodes;
    ms += performance.now() - t;
  }
  emit("mcts nodes/s", (nodes / ms) * 1000, "nodes/s", "duel openings, 5000 iterations each");
}

// Exact solver: positions per second on duel endgames reached in play (2-12 cards in the
// hands, the rest on the pile), and how long a solve takes with hard's default budget.
{
  let nodes = 0;
  let ms = 0;
  const times: number[] = [];
  let solved = 0;
  let tried = 0;
  for (let i = 0; tried < (quick ? 20 : 100); i++) {
    const h = playedDuelPosition(`bench/solver/${i}`, 2 + (i % 11));
    if (!h) continue;
    tried++;
    const t = performance.now();
    const s = solveView(viewFor(h, h.toMove), 36, SOLVE_STATES);
    const dt = performance.now() - t;
    times.push(dt);
    if (s) {
      solved++;
      nodes += s.nodes;
      ms += dt;
    }
  }
  emit("solver nodes/s", (nodes / ms) * 1000, "nodes/s", "duel endgames reached in play, solved ones");
  emit(
    "solver share solved",
    solved / tried,
    "",
    `of ${tried} played endgames (2-12 cards in hands) within ${SOLVE_STATES} positions`,
  );
  emitTimes("solver time", times, "per endgame, solved or not");
}

// hard at the opening of a full 18-card duel.
{
  const samples = quick ? 4 : 20;
  const budget: number[] = [];
  const timed: number[] = [];
  for (let i = 0; i < samples; i++) {
    const v = openingView(100 + i);
    budget.push(msOf(() => chooseMoveSync(v, { level: "hard", seed: i })));
    if (i < (quick ? 2 : 8)) timed.push(msOf(() => chooseMoveSync(v, { level: "hard", seed: i, timeMs: 1000 })));
  }
  const note = `duel openings, default ${DEFAULT_ITERATIONS.hard} iterations, ${samples} samples`;
  emitTimes("hard decision", budget, note);
  emitTimes("hard decision", timed, `${timed.length} samples`, " (timeMs 1000)");
}

// hard in duel endgames reached in play: the solver (and, where its root stays open, the
// probe below each root move) and then the search, with the default budgets and timed.
{
  const samples = quick ? 4 : 20;
  const budget: number[] = [];
  const timed: number[] = [];
  for (let i = 0; budget.length < samples; i++) {
    const h = playedDuelPosition(`bench/hard-endgame/${i}`, 2 + (i % 11));
    if (!h) continue;
    const v = viewFor(h, h.toMove);
    if (v.legal.length < 2) continue;
    budget.push(msOf(() => chooseMoveSync(v, { level: "hard", seed: i })));
    timed.push(msOf(() => chooseMoveSync(v, { level: "hard", seed: i, timeMs: 1000 })));
  }
  const note = `${samples} played endgames (2-12 cards in hands, 2+ legal moves)`;
  emitTimes("hard endgame", budget, `${note}, default budgets`);
  emitTimes("hard endgame", timed, note, " (timeMs 1000)");
}

// easy over positions from whole games.
{
  const times: number[] = [];
  for (let g = 0; g < (quick ? 20 : 200); g++) {
    const players = (2 + (g % 3)) as 2 | 3 | 4;
    const h = midGame(players, g, g % 40);
    if (h.result !== null) continue;
    const v = viewFor(h, h.toMove);
    times.push(msOf(() => chooseMoveSync(v, { level: "easy", seed: g })));
  }
  emitTimes("easy decision", times, `${times.length} positions, 2-4 players`);
}
