/** The exact solver applied to a duel view, for small endgames. */
import { Core, core as fast } from "@yourtrumps/engine";
import type { PlayerView } from "@yourtrumps/engine";
import { handFromView, isExactView } from "./position.js";
import { DuelSolver, keyOfHalves } from "./search/proof.js";
import type { RootProofs } from "./search/proof.js";

/**
 * Duel positions with at most this many cards in the two hands (the pile may hold all
 * the rest) are solved exactly by `hard` and `analyse`.
 */
export const SOLVE_CARDS = 12;
/** Budget of one solve in positions searched; beyond that the search decides alone. */
export const SOLVE_STATES = 1_000_000;

/** The exact value (1 win, 0 draw, -1 loss for the view's seat) and the moves keeping it. */
export interface Solved {
  value: -1 | 0 | 1;
  keep: number[]; // core move numbers
  nodes: number; // positions searched
}

/**
 * When a timed decision (`timeMs` without an iteration budget, or any decision capped by
 * `maxMs`) must stop solving: after half its time, leaving the rest to the search.
 * Infinity for reproducible budgets without a cap.
 */
export function solveDeadline(o: { iterations?: number; timeMs?: number; maxMs?: number }): number {
  const timed = o.iterations === undefined && o.timeMs !== undefined ? o.timeMs : Infinity;
  const ms = Math.min(timed, o.maxMs ?? Infinity);
  return ms === Infinity ? Infinity : performance.now() + ms / 2;
}

/**
 * What the solver settled about a small duel view: its exact value and the moves keeping
 * it when the budget sufficed (`solved`), and in any case the root moves proven won or
 * lost on the way (when the root stays open, `hard` still takes a proven win and never
 * plays a proven loss while another move is open).
 */
export interface Probe extends RootProofs {
  solved: Solved | null;
}

/**
 * Probes a small duel view with the solver; null when it is not a small duel with the
 * view's seat to move. With `probeShare` > 0, the root solve gets the rest of the budget
 * (and of the time to the deadline) and, when it stays open, that share goes to searches
 * below each root move.
 */
export function probeView(view: PlayerView, maxCards = SOLVE_CARDS, budget = SOLVE_STATES, deadline = Infinity, probeShare = 0): Probe | null {
  if (!isExactView(view) || view.toMove !== view.seat || view.result !== null) return null;
  if (view.counts.reduce((a, b) => a + b, 0) > maxCards) return null;
  const hand = handFromView(view, view.known.map((k) => k.slice()));
  const core = new Core().load({ ...hand, maxTurns: 1000, history: [] }); // the solver tracks R16 itself
  // R16: a position already seen twice is a draw when reached again.
  const blocked = new Set<number>();
  for (const [key, seen] of Object.entries(view.positions ?? {})) {
    if (seen >= 2) {
      const [a, b] = fast.hashOfKey(key);
      blocked.add(keyOfHalves(a, b));
    }
  }
  const solver = new DuelSolver(core, blocked, budget, deadline);
  const now = performance.now();
  const r = solver.solve(Math.ceil(budget * (1 - probeShare)), deadline === Infinity ? Infinity : now + (deadline - now) * (1 - probeShare));
  if (r === null && probeShare > 0) solver.probeRoot();
  return { solved: r === null || r.keep.length === 0 ? null : r, ...solver.rootProofs() };
}

/** Solves a small duel view exactly; null when it is not a small duel or the solver ran out of budget (or time: `deadline`, a performance.now() time). */
export function solveView(view: PlayerView, maxCards = SOLVE_CARDS, budget = SOLVE_STATES, deadline = Infinity): Solved | null {
  return probeView(view, maxCards, budget, deadline)?.solved ?? null;
}
