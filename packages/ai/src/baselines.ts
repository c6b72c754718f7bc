/**
 * The measurement baselines: `random` and `greedy`. They are not levels for
 * people; tournaments measure the levels against them. Greedy's policy is written once,
 * on core move numbers, so the view API, the playouts and the tests share it.
 */
import { PICKUP, SUITS } from "@yourtrumps/engine";
import type { Move, PlayerView } from "@yourtrumps/engine";
import { fromCoreMove, rankOfIndex, suitOfIndex, toCoreMove } from "./coding.js";
import type { Baseline } from "./types.js";
import { XorShift } from "./xorshift.js";

/** Greedy's preference among cards played (lower first): non-trumps before trumps, then by rank, then suit S H D C. */
export function greedyKey(m: number, trump: number): number {
  return (suitOfIndex(m) === trump ? 1000 : 0) + rankOfIndex(m) * 10 + suitOfIndex(m);
}

/**
 * Greedy's choice among legal core moves. When answering a card: the lowest card that
 * beats, non-trumps before trumps, picking up only when nothing beats. When leading or
 * playing a second card: the lowest non-trump (lowest rank, then suit order S H D C),
 * the lowest trump when only trumps remain.
 */
export function greedyPick(moves: ArrayLike<number>, k: number, trump: number): number {
  let best = PICKUP;
  let bestKey = Infinity;
  for (let i = 0; i < k; i++) {
    const m = moves[i]!;
    if (m === PICKUP) continue;
    const key = greedyKey(m, trump);
    if (key < bestKey) {
      bestKey = key;
      best = m;
    }
  }
  return best;
}

/** Greedy's move for the seat to move in `view` (which must be that seat's turn). */
export function greedyMove(view: PlayerView): Move {
  const moves = legalOf(view);
  return fromCoreMove(greedyPick(moves, moves.length, SUITS.indexOf(view.trumps[view.seat]!)));
}

/** A uniformly random legal move, from the seed. */
export function randomMove(view: PlayerView, seed = 0): Move {
  const moves = legalOf(view);
  const rng = new XorShift(seed ^ (view.turns * 0x9e3779b1) ^ (view.log.length << 8));
  return fromCoreMove(moves[rng.int(moves.length)]!);
}

/** A baseline's move: `random` or `greedy`. */
export function chooseBaseline(view: PlayerView, kind: Baseline, seed = 0): Move {
  switch (kind) {
    case "random":
      return randomMove(view, seed);
    case "greedy":
      return greedyMove(view);
    default: {
      const never: never = kind;
      throw new Error(`unknown baseline ${String(never)}`);
    }
  }
}

/** The view's legal moves as core numbers; throws when the seat has none. */
export function legalOf(view: PlayerView): number[] {
  if (view.legal.length === 0) throw new Error(`seat ${view.seat} has no move to make (toMove ${view.toMove})`);
  return view.legal.map(toCoreMove);
}
