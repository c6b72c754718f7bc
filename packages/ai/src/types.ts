import type { Move } from "@yourtrumps/engine";

/** The levels offered to people, weakest first; the protocol and the lobby use this list. */
export const LEVELS = ["easy", "medium", "hard"] as const;
export type Level = (typeof LEVELS)[number];

/** The measurement baselines (not offered to people). */
export type Baseline = "random" | "greedy";

/** Any computer player: a level or a baseline (tournaments use both). */
export type PlayerKind = Level | Baseline;

/**
 * How `hard` searches. The defaults are what measured best against the previous `hard`
 * (the ablations in docs/benchmarks.md); tournaments override single settings for ablations.
 */
export interface HardSettings {
  evaluate: boolean; // score cut-off playouts with the learned evaluation (eval/) instead of card counts
  playoutPlies: number; // playout length before it is scored
  epsilon: number; // playout: chance of a random move instead of greedy's
  exploration: number; // UCT constant
  minimax: number; // duel: weight of the implicit minimax backups of the evaluation in the tree's selection (0 = none; needs evaluate)
}

/** Options of `chooseMove`. */
export interface ChooseOptions {
  level: Level;
  seed?: number; // default 0: the same view and options give the same move
  timeMs?: number; // think for about this long (wall clock; not reproducible)
  iterations?: number; // search budget in iterations (reproducible); wins over timeMs
  maxMs?: number; // wall-clock cap on top of either budget (a server's answer-in-time guarantee; not reproducible when it bites)
  settings?: Partial<HardSettings>; // hard: override single search settings (measurement and ablations)
  solveNodes?: number; // hard, duel: exact-solver budget in positions (default SOLVE_STATES; with timeMs at most timeMs × 1000 and half the time)
}

/** One root move as the search saw it. */
export interface MoveStat {
  move: Move;
  visits: number; // search iterations through this move
  value: number; // -1 … 1 for the seat that moves (1 = sure win / not losing)
}

/** Result of `analyse`. */
export interface Analysis {
  move: Move; // the best move found
  value: number; // -1 … 1 for the analysed seat: 1 win (or not losing with 3–4 players), 0 draw, -1 loss
  exact: boolean; // value proven by the exact solver (duel endgames)
  moves: MoveStat[]; // every legal move, best first
  iterations: number; // search iterations spent
}
