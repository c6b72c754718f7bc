/** The starting difficulty of a puzzle, before any player has tried it (Glicko-2 scale, 1500 = average). */
import type { PuzzleGoal } from "./format.js";
import { MISS_LOOKS } from "./format.js";

/**
 * Longer solutions, more legal moves to choose from and a key move that `hard`'s search
 * alone misses each make a puzzle harder; saving a draw is a shade harder than winning,
 * since the goal itself must be seen. The weights are a first guess that players'
 * results correct (a solve is a rated game between the player and the puzzle).
 */
export function puzzleRating(p: { goal: PuzzleGoal; legal: number; decisions: number; misses: number }): number {
  const r =
    1000 +
    110 * Math.min(p.decisions, 8) +
    25 * Math.min(p.legal, 12) +
    450 * (p.misses / MISS_LOOKS) +
    (p.goal === "draw" ? 100 : 0);
  return Math.round(Math.min(2600, Math.max(600, r)));
}
