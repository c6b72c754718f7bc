/** The exact solver applied to a duel view, for small endgames. */
import { Core, applyMove, core as fast, viewFor } from "@yourtrumps/engine";
import type { Hand, Move, PlayerView } from "@yourtrumps/engine";
import { toCoreMove } from "./coding.js";
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
  depth: number; // plies of the fastest forced win (value ±1); 0 for a draw
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
 * view's seat to move. The root solve gets the whole budget (and, with `probeShare` > 0,
 * the rest of the time to the deadline but that share). When it stays open and
 * `probeShare` > 0: a search below every root move, deepening them together, with that
 * share of the budget more (and the rest of the time); then each root move still
 * unproven gets a solve of its own with the whole budget, as a fresh look at that move
 * would (while the deadline allows). So whatever a solve of `budget` positions settles
 * about the root or about one of its moves, the probe settles too.
 */
export function probeView(
  view: PlayerView,
  maxCards = SOLVE_CARDS,
  budget = SOLVE_STATES,
  deadline = Infinity,
  probeShare = 0,
): Probe | null {
  if (!isExactView(view) || view.toMove !== view.seat || view.result !== null) return null;
  if (view.counts.reduce((a, b) => a + b, 0) > maxCards) return null;
  const hand = handFromView(
    view,
    view.known.map((k) => k.slice()),
  );
  const core = new Core().load({ ...hand, maxTurns: 1000, history: [] }); // the solver tracks R16 itself
  const solver = new DuelSolver(core, blockedKeys(view), Math.ceil(budget * (1 + probeShare)), deadline);
  const now = performance.now();
  const r = solver.solve(budget, deadline === Infinity ? Infinity : now + (deadline - now) * (1 - probeShare));
  if (r !== null && r.keep.length > 0) return { solved: r, ...solver.rootProofs() };
  if (probeShare === 0) return { solved: null, ...solver.rootProofs() };
  solver.probeRoot();
  const proofs = solver.rootProofs();
  if (proofs.won.length > 0) return { solved: null, ...proofs };
  const won: number[] = [];
  const lost = proofs.lost.slice();
  for (const m of budget > 0 ? view.legal : []) {
    const move = toCoreMove(m);
    if (lost.includes(move)) continue;
    if (deadline !== Infinity && performance.now() >= deadline) break;
    const value = exactValueOfMove(hand, m, budget, deadline);
    if (value === 1) won.push(move);
    else if (value === -1) lost.push(move);
  }
  return { solved: null, won, lost };
}

/** Keys of the positions a duel view has seen twice (R16: a draw when reached again). */
function blockedKeys(view: PlayerView): Set<number> {
  const blocked = new Set<number>();
  for (const [key, seen] of Object.entries(view.positions ?? {})) {
    if (seen >= 2) {
      const [a, b] = fast.hashOfKey(key);
      blocked.add(keyOfHalves(a, b));
    }
  }
  return blocked;
}

/**
 * The exact value of a duel move for the seat making it (1 win, 0 draw, -1 loss): the
 * end it reaches, or a fresh solve (`budget` positions, by `deadline`) of the position
 * after it; null when that solve stays open (or the hand is not a duel).
 */
export function exactValueOfMove(h: Hand, m: Move, budget: number, deadline = Infinity): number | null {
  const after = played(h, m);
  if (after.result !== null || h.players !== 2) return endOf(h, after);
  const s = solveView(viewFor(after, after.toMove), 36, budget, deadline);
  return s === null ? null : after.toMove === h.toMove ? s.value : -s.value || 0;
}

/** The mover's value of the end `m` reaches (1 out or not losing, 0 draw, −1 loser); null when the hand goes on. */
export function endValue(h: Hand, m: Move): number | null {
  return endOf(h, played(h, m));
}

function endOf(h: Hand, after: Hand): number | null {
  if (after.result === null) return null;
  return after.result.loser === null ? 0 : after.result.loser === h.toMove ? -1 : 1;
}

function played(h: Hand, m: Move): Hand {
  const r = applyMove(h, m);
  if (!r.ok) throw new Error(`illegal move ${JSON.stringify(m)}: ${r.error.message}`);
  return r.hand;
}

/** Solves a small duel view exactly; null when it is not a small duel or the solver ran out of budget (or time: `deadline`, a performance.now() time). */
export function solveView(
  view: PlayerView,
  maxCards = SOLVE_CARDS,
  budget = SOLVE_STATES,
  deadline = Infinity,
): Solved | null {
  return probeView(view, maxCards, budget, deadline)?.solved ?? null;
}
