/** The exact solver applied to a duel view, for small endgames. */
import { Core, core as fast } from "@yourtrumps/engine";
import type { PlayerView } from "@yourtrumps/engine";
import { handFromView, isExactView } from "./position.js";
import { DuelProver } from "./search/prover.js";
import { solveByGraph } from "./search/retro.js";

/**
 * Duel positions with at most this many cards in play (both hands and the pile: pile
 * cards come back into hands) are solved exactly by `hard` and `analyse`.
 */
export const SOLVE_CARDS = 12;
/**
 * Budget of one solve: positions the prover may search, then (if it gave up) positions
 * the exhaustive graph solver may hold; beyond that the search decides alone.
 */
export const SOLVE_STATES = 300_000;

/** The exact value (1 win, 0 draw, -1 loss for the view's seat) and the moves keeping it. */
export interface Solved {
  value: -1 | 0 | 1;
  keep: number[]; // core move numbers
  nodes: number; // positions searched
}

/** Solves a small duel view exactly; null when it is not a small duel or both solvers ran out of budget. */
export function solveView(view: PlayerView, maxCards = SOLVE_CARDS, budget = SOLVE_STATES): Solved | null {
  if (!isExactView(view) || view.toMove !== view.seat || view.result !== null) return null;
  if (view.counts.reduce((a, b) => a + b, 0) + view.pile.length > maxCards) return null;
  const hand = handFromView(view, view.known.map((k) => k.slice()));
  const load = (): Core => new Core().load({ ...hand, maxTurns: 1000, history: [] }); // the solvers track R16 themselves
  // R16: a position already seen twice is a draw when reached again.
  const blocked = new Set<number>();
  for (const [key, seen] of Object.entries(view.positions ?? {})) {
    if (seen >= 2) {
      const [a, b] = fast.hashOfKey(key);
      blocked.add((a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff));
    }
  }
  const r = new DuelProver(load(), blocked, budget).solve() ?? solveByGraph(load(), blocked, budget);
  return r === null || r.keep.length === 0 ? null : r;
}
