/** The exact solver applied to a duel view, for small endgames. */
import type { PlayerView } from "@yourtrumps/engine";
import { coreFromDuelView, isExactView } from "./position.js";
import { DuelSolver } from "./search/solver.js";

/** Duel positions with at most this many cards in both hands are solved exactly. */
export const SOLVE_CARDS = 12;
/** Node budget of one solve (a safety net: endgames of 12 cards need far fewer). */
export const SOLVE_NODES = 300_000;

/** The exact value (1 win, 0 draw, -1 loss for the view's seat) and the moves keeping it. */
export interface Solved {
  value: -1 | 0 | 1;
  keep: number[]; // core move numbers
  nodes: number;
}

/** Solves a small duel view exactly; null when it is not a small duel or the budget ran out. */
export function solveView(view: PlayerView, maxCards = SOLVE_CARDS, budget = SOLVE_NODES): Solved | null {
  if (!isExactView(view) || view.toMove !== view.seat) return null;
  if (view.counts.reduce((a, b) => a + b, 0) + view.pile.length > maxCards) return null; // pile cards come back into hands
  const solver = new DuelSolver(coreFromDuelView(view), budget);
  const value = solver.value();
  if (value === null) return null;
  const keep = solver.keepers(value);
  return keep === null || keep.length === 0 ? null : { value, keep, nodes: solver.nodes };
}
