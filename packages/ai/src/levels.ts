/**
 * The levels and their budgets. `medium` is a short search; `hard` a long one plus the
 * exact endgame solver in the duel. Budgets are iterations (reproducible) unless a time
 * is asked for.
 */
import type { Move, PlayerView } from "@yourtrumps/engine";
import { fromCoreMove, toCoreMove } from "./coding.js";
import { easyMove } from "./easy.js";
import { SOLVE_CARDS, SOLVE_STATES, probeView, solveDeadline } from "./solve-view.js";
import type { Probe } from "./solve-view.js";
import { committedEvaluation } from "./eval/model.js";
import { think } from "./think.js";
import type { ThinkOptions } from "./think.js";
import type { ChooseOptions, HardSettings, Level } from "./types.js";

/**
 * The product's setting for `hard`: it thinks this long a move (the server and the
 * browser pass it as `timeMs`). Tournaments measure it here against the previous `hard`.
 */
export const HARD_TIME_MS = 1000;

/** Default search iterations per level (used when neither iterations nor timeMs is given). */
export const DEFAULT_ITERATIONS: Record<Exclude<Level, "easy">, number> = { medium: 400, hard: 10_000 };

/**
 * The search budget a call asks for: iterations, or a wall-clock deadline; `maxMs` caps
 * either in wall-clock time (a server's guarantee that an answer comes in time, at the
 * cost of a shorter search when the machine is busy).
 */
export function budgetOf(
  o: { iterations?: number; timeMs?: number; maxMs?: number },
  fallback: number,
): { iterations: number; deadline?: number } {
  const cap = o.maxMs === undefined ? Infinity : performance.now() + Math.max(0, o.maxMs);
  const capped = (b: { iterations: number; deadline?: number }): { iterations: number; deadline?: number } => {
    const deadline = Math.min(b.deadline ?? Infinity, cap);
    return deadline === Infinity ? b : { ...b, deadline };
  };
  if (o.iterations !== undefined) return capped({ iterations: Math.max(1, Math.floor(o.iterations)) });
  if (o.timeMs !== undefined)
    return capped({ iterations: Number.MAX_SAFE_INTEGER, deadline: performance.now() + Math.max(1, o.timeMs) });
  return capped({ iterations: fallback });
}

export const HARD_SETTINGS: HardSettings = {
  evaluate: true,
  playoutPlies: 8,
  epsilon: 0.1,
  exploration: 0.15,
  minimax: 0.6,
};

/**
 * The MCTS options of hard's settings at a table of `players` (the analysis for hints and
 * reviews searches so, too). The implicit minimax backups are the duel's: its tree is the
 * real position, while with 3–4 players each tree is one sampled deal, where a minimax
 * over hands the seat cannot see would trust what it does not know.
 */
export function hardSearch(s: HardSettings, players: number): NonNullable<ThinkOptions["mcts"]> {
  const minimax = s.evaluate && players === 2 ? { minimax: s.minimax } : {};
  return {
    playoutPlies: s.playoutPlies,
    epsilon: s.epsilon,
    exploration: s.exploration,
    ...(s.evaluate ? { evaluation: committedEvaluation() } : {}),
    ...minimax,
  };
}

/** Share of hard's solver budget kept for searches below each root move when the root solve stays open. */
export const PROBE_SHARE = 0.25;

/**
 * The root moves the solver leaves to choose from: those keeping the exact value when it
 * was found; else the moves proven to win, if any; else all but those proven to lose
 * (unless every move is). Undefined when the solver settled nothing about the root.
 */
export function provenChoice(view: PlayerView, probe: Probe | null): number[] | undefined {
  if (!probe) return undefined;
  if (probe.solved) return probe.solved.keep;
  if (probe.won.length > 0) return probe.won;
  if (probe.lost.length === 0 || probe.lost.length === view.legal.length) return undefined;
  return view.legal.map(toCoreMove).filter((m) => !probe.lost.includes(m));
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
      const timed = o.iterations === undefined && o.timeMs !== undefined; // a cap alone (maxMs) leaves the position budget as it is
      const solveNodes = o.solveNodes ?? (timed ? Math.min(SOLVE_STATES, o.timeMs! * 1000) : SOLVE_STATES);
      const rootMoves = provenChoice(view, probeView(view, SOLVE_CARDS, solveNodes, deadline, PROBE_SHARE));
      if (rootMoves?.length === 1) return fromCoreMove(rootMoves[0]!);
      const settings = { ...HARD_SETTINGS, ...o.settings };
      const r = think(view, {
        ...budget,
        seed,
        samples: 16,
        mcts: hardSearch(settings, view.players),
        ...(rootMoves ? { rootMoves } : {}),
      });
      return fromCoreMove(r.stats[0]!.move);
    }
    default: {
      const never: never = o.level;
      throw new Error(`unknown level ${String(never)}`);
    }
  }
}
