/**
 * `analyse`: the hint and post-game review. A hard-level search (hard's settings, the
 * learned evaluation included) that reports every move's value; small duel endgames get
 * exact values from the solver.
 */
import type { Move, PlayerView } from "@yourtrumps/engine";
import { fromCoreMove, toCoreMove as toCore } from "./coding.js";
import { budgetOf, DEFAULT_ITERATIONS, HARD_SETTINGS, PROBE_SHARE, hardSearch } from "./levels.js";
import { UNPROVEN } from "./search/mcts.js";
import { SOLVE_CARDS, SOLVE_STATES, probeView, solveDeadline } from "./solve-view.js";
import { think } from "./think.js";
import type { Analysis } from "./types.js";

/** Options of `analyse`. */
export interface AnalyseOptions {
  timeMs?: number; // think for about this long
  iterations?: number; // or exactly this many iterations (reproducible); wins over timeMs
  maxMs?: number; // wall-clock cap on top of either budget
  seed?: number;
  solveNodes?: number; // duel: exact-solver budget in positions (default SOLVE_STATES)
}

/** Analyses the position for the view's seat (which must be to move). */
export function analyseSync(view: PlayerView, o: AnalyseOptions = {}): Analysis {
  if (view.legal.length === 0) throw new Error(`seat ${view.seat} has no move to make`);
  const budget = budgetOf(o, DEFAULT_ITERATIONS.hard);
  const probe = probeView(view, SOLVE_CARDS, o.solveNodes ?? SOLVE_STATES, solveDeadline(o), PROBE_SHARE); // timed: half the time at most, as for hard
  const solved = probe?.solved;
  const r = think(view, { ...budget, seed: o.seed ?? 0, samples: 16, mcts: hardSearch(HARD_SETTINGS, view.players) });
  const toValue = (p: number, mean: number): number => 2 * (p !== UNPROVEN ? p : mean) - 1;
  // Moves the solver proved won (1) or lost (-1) while the root stayed open: 0 for the rest.
  const provenValue = (m: Move): number =>
    probe?.won.includes(toCore(m)) ? 1 : probe?.lost.includes(toCore(m)) ? -1 : 0;
  const moves = r.stats.map((s) => {
    const move = fromCoreMove(s.move);
    return { move, visits: s.visits, value: provenValue(move) || toValue(s.proven, s.mean) };
  });
  if (solved) {
    // Exact: moves that keep the value first, and the root value is the solver's.
    const keep = new Set(solved.keep);
    moves.sort((a, b) => Number(keep.has(toCore(b.move))) - Number(keep.has(toCore(a.move))));
    return { move: moves[0]!.move, value: solved.value, exact: true, moves, iterations: r.iterations };
  }
  if (probe && (probe.won.length > 0 || probe.lost.length > 0)) {
    moves.sort((a, b) => provenValue(b.move) - provenValue(a.move)); // proven wins first, proven losses last (stable: by visits within)
    if (probe.won.length > 0) return { move: moves[0]!.move, value: 1, exact: true, moves, iterations: r.iterations };
    if (probe.lost.length === moves.length)
      return { move: moves[0]!.move, value: -1, exact: true, moves, iterations: r.iterations };
  }
  const best = moves[0]!;
  return {
    move: best.move,
    value: r.proven !== UNPROVEN ? 2 * r.proven - 1 : best.value,
    exact: r.proven !== UNPROVEN,
    moves,
    iterations: r.iterations,
  };
}
