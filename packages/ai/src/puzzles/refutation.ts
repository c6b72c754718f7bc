/**
 * What a wrong move gives away, played out: from the position after it, each side plays
 * the exact solver's best move — the defence the fastest win (or the safest draw), the
 * player the longest resistance — so the page can show why the move was wrong. It solves
 * every move, so it runs in the page's Web Worker, never on its main thread.
 */
import { viewFor } from "@yourtrumps/engine";
import type { Hand, Move } from "@yourtrumps/engine";
import { chooseMoveSync } from "../levels.js";
import type { PuzzleMove, PuzzlePosition } from "./format.js";
import { NotAPuzzle, outcomes } from "./generate.js";
import { played, puzzleHand, toPuzzleMove } from "./line.js";

/** A refutation stops after this many moves: enough to see the point, short enough to watch. */
export const REFUTATION_PLIES = 8;
/** Budget of each move's solve (positions): a refutation must come within a second or two, not a generator's minutes. */
export const REFUTATION_SOLVE_STATES = 60_000;
/** Iterations of `hard` for a move whose solve stays open (a longer endgame after the mistake). */
const FALLBACK_ITERATIONS = 2000;

/**
 * The best play from `position` (the one after the wrong move), at most `plies` moves, up
 * to the hand's end. A move whose solve stays open within `budget` is `hard`'s (seeded, so
 * the same line every time): a long endgame still plays on sensibly.
 */
export function refutationLine(
  position: PuzzlePosition,
  plies = REFUTATION_PLIES,
  budget = REFUTATION_SOLVE_STATES,
): PuzzleMove[] {
  const line: PuzzleMove[] = [];
  let h: Hand = puzzleHand(position);
  while (h.result === null && line.length < plies) {
    const move =
      bestMove(h, budget) ??
      chooseMoveSync(viewFor(h, h.toMove), { level: "hard", iterations: FALLBACK_ITERATIONS, seed: line.length + 1 });
    line.push(toPuzzleMove(move));
    h = played(h, move);
  }
  return line;
}

/** The solver's best move: the best value; among wins the fastest, among losses the longest. Null when a solve stays open. */
function bestMove(h: Hand, budget: number): Move | null {
  try {
    const all = outcomes(h, budget);
    const better = (a: (typeof all)[number], b: (typeof all)[number]): boolean =>
      b.outcome.value > a.outcome.value ||
      (b.outcome.value === a.outcome.value &&
        (b.outcome.value > 0 ? b.outcome.depth < a.outcome.depth : b.outcome.depth > a.outcome.depth));
    return all.reduce((a, b) => (better(a, b) ? b : a)).move;
  } catch (e) {
    if (e instanceof NotAPuzzle) return null;
    throw e;
  }
}
