/**
 * npm run tournament -- --a hard --b greedy --players 2 --pairs 500 [--json]
 *   [--workers 1] [--iters-a N] [--iters-b N] [--time-a MS] [--time-b MS] [--solve-nodes N] [--seed 1]
 * Plays a duplicate tournament and prints games, wins/draws/losses, A's score with its
 * 95% Wilson interval and the Elo difference; with 3–4 players each side's loss rate.
 * Searching levels use iteration budgets (reproducible), printed with the figures.
 */
import { parseArgs } from "node:util";
import { DEFAULT_ITERATIONS } from "../levels.js";
import { SOLVE_STATES } from "../solve-view.js";
import type { PlayerKind } from "../types.js";
import type { Entrant } from "./game.js";
import { runTournament } from "./run.js";
import type { TournamentReport } from "./run.js";
import { wilson } from "./stats.js";

const KINDS: readonly PlayerKind[] = ["random", "greedy", "easy", "medium", "hard"];

function entrant(kind: string | undefined, iters: string | undefined, time: string | undefined, solve: string | undefined, flag: string): Entrant {
  if (!KINDS.includes(kind as PlayerKind)) throw new Error(`--${flag} must be one of ${KINDS.join(", ")}`);
  const k = kind as PlayerKind;
  if (k !== "medium" && k !== "hard") return { kind: k };
  // A time per move (the product's setting) or, by default, a reproducible iteration budget.
  const budget = time !== undefined && iters === undefined ? { timeMs: Number(time) } : { iterations: iters !== undefined ? Number(iters) : DEFAULT_ITERATIONS[k] };
  if (k === "medium") return { kind: k, ...budget };
  return { kind: k, ...budget, ...(solve !== undefined || budget.iterations !== undefined ? { solveNodes: solve !== undefined ? Number(solve) : SOLVE_STATES } : {}) };
}

function name(e: Entrant): string {
  const parts = [e.iterations !== undefined ? `${e.iterations} iterations/move` : "", e.timeMs !== undefined ? `${e.timeMs} ms/move` : "", e.solveNodes !== undefined ? `solver ${e.solveNodes} positions` : ""].filter(Boolean);
  return parts.length > 0 ? `${e.kind} (${parts.join(", ")})` : e.kind;
}
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const elo = (x: number): string => (Number.isFinite(x) ? `${x >= 0 ? "+" : ""}${Math.round(x)}` : x > 0 ? "+inf" : "-inf");

function print(r: TournamentReport, workers: number): void {
  console.log(`${name(r.a)} vs ${name(r.b)}: ${r.players} players, ${r.pairs} duplicate deals, ${r.games} games, ${workers} worker(s), ${r.seconds.toFixed(0)} s, ${r.moves.toFixed(0)} moves/game`);
  console.log(`  A (${r.a.kind}) wins ${r.wins}, draws ${r.draws}, losses ${r.losses}`);
  if (r.players === 2) {
    console.log(`  score ${r.score.toFixed(3)}  95% CI [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]  Elo ${elo(r.elo)} [${elo(r.eloLow)}, ${elo(r.eloHigh)}]`);
    const points = (k: number): string => `${Math.floor(k / 2)}${k % 2 ? "½" : ""}`;
    console.log(`  deals by A's points of 2: ${r.byDeal.map((n, k) => `${points(k)}: ${n}`).reverse().join(", ")}`);
  } else {
    const la = wilson(r.lossRateA, r.games);
    console.log(`  loss rate: A (${r.a.kind}) ${pct(r.lossRateA)} [${pct(la.low)}, ${pct(la.high)}], each B seat (${r.b.kind}) ${pct(r.lossRateB)}; par ${pct(1 / r.players)}`);
    console.log(`  A's score (not losing = 1, draw = ½) ${r.score.toFixed(3)}  95% CI [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: "string" },
      b: { type: "string" },
      players: { type: "string", default: "2" },
      pairs: { type: "string", default: "100" },
      workers: { type: "string", default: "1" },
      "iters-a": { type: "string" },
      "iters-b": { type: "string" },
      "time-a": { type: "string" },
      "time-b": { type: "string" },
      "solve-nodes": { type: "string" },
      seed: { type: "string", default: "1" },
      json: { type: "boolean", default: false },
    },
  });
  const players = Number(values.players);
  if (players !== 2 && players !== 3 && players !== 4) throw new Error("--players must be 2, 3 or 4");
  const workers = Math.max(1, Number(values.workers));
  const r = await runTournament({
    a: entrant(values.a, values["iters-a"], values["time-a"], values["solve-nodes"], "a"),
    b: entrant(values.b, values["iters-b"], values["time-b"], values["solve-nodes"], "b"),
    players: players,
    pairs: Math.max(1, Number(values.pairs)),
    workers,
    firstSeed: Number(values.seed),
    onProgress: values.json ? undefined : (done, total) => {
      if (done % 50 === 0 || done === total) process.stderr.write(`  ${done}/${total} games\r`);
    },
  });
  if (values.json) console.log(JSON.stringify(r));
  else print(r, workers);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
