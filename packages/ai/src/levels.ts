/**
 * The levels and their budgets. `medium` is a short search; `hard` a long one plus the
 * exact endgame solver in the duel. Budgets are iterations (reproducible) unless a time
 * is asked for.
 */
import type { Move, PlayerView } from "@yourtrumps/engine";
import { fromCoreMove } from "./coding.js";
import { easyMove } from "./easy.js";
import { SOLVE_CARDS, SOLVE_STATES, solveDeadline, solveView } from "./solve-view.js";
import { think } from "./think.js";
import type { ChooseOptions, Level } from "./types.js";

/** Default search iterations per level (used when neither iterations nor timeMs is given). */
export const DEFAULT_ITERATIONS: Record<Exclude<Level, "easy">, number> = { medium: 400, hard: 10_000 };

/** The search budget a call asks for: iterations, or a wall-clock deadline. */
export function budgetOf(o: { iterations?: number; timeMs?: number }, fallback: number): { iterations: number; deadline?: number } {
  if (o.iterations !== undefined) return { iterations: Math.max(1, Math.floor(o.iterations)) };
  if (o.timeMs !== undefined) return { iterations: Number.MAX_SAFE_INTEGER, deadline: performance.now() + Math.max(1, o.timeMs) };
  return { iterations: fallback };
}

/** Chooses a move for the seat of `view` at the given level (synchronously). */
export function chooseMoveSync(view: PlayerView, o: ChooseOptions): Move {
  if (view.legal.length === 0) throw new Error(`seat ${view.seat} has no move to make`);
  if (view.legal.length === 1) return view.legal[0]!;
  const seed = o.seed ?? 0;
  switch (o.level) {
    case "easy":
      return easyMove(view, seed);
    case "medium": {
      const r = think(view, { ...budgetOf(o, DEFAULT_ITERATIONS.medium), seed, samples: 8 });
      return fromCoreMove(r.stats[0]!.move);
    }
    case "hard": {
      const budget = budgetOf(o, DEFAULT_ITERATIONS.hard);
      const deadline = solveDeadline(o);
      const solveNodes = o.solveNodes ?? (deadline !== Infinity ? Math.min(SOLVE_STATES, o.timeMs! * 1000) : SOLVE_STATES);
      const solved = solveView(view, SOLVE_CARDS, solveNodes, deadline);
      const r = think(view, { ...budget, seed, samples: 16, ...(solved ? { rootMoves: solved.keep } : {}) });
      return fromCoreMove(solved?.keep.length === 1 ? solved.keep[0]! : r.stats[0]!.move);
    }
    default: {
      const never: never = o.level;
      throw new Error(`unknown level ${String(never)}`);
    }
  }
}
