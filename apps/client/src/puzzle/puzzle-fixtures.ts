/** Moves through a puzzle's tree, for the tests of the puzzle page's model and table. */
import type { Puzzle, PuzzleMove, PuzzleStep } from "@yourtrumps/ai";
import { legalMoves } from "@yourtrumps/engine";
import { PuzzleRun } from "./puzzle-run.js";

/** The player's moves along the tree, the first (or last) accepted move at each step. */
export function keyMoves(p: Puzzle, pick: "first" | "last" = "first"): PuzzleMove[] {
  const moves: PuzzleMove[] = [];
  let s: PuzzleStep | null = p.solution;
  while (s !== null) {
    if ("reply" in s) {
      s = s.next;
      continue;
    }
    const keys = Object.entries(s.accept) as [PuzzleMove, PuzzleStep | null][];
    const [move, child] = keys[pick === "first" ? 0 : keys.length - 1]!;
    moves.push(move);
    s = child;
  }
  return moves;
}

/** A legal first move outside the tree. */
export function wrongMove(p: Puzzle): PuzzleMove {
  const run = new PuzzleRun(p);
  const keys = "accept" in p.solution ? Object.keys(p.solution.accept) : [];
  return legalMoves(run.start())
    .map((m) => (m.type === "pickup" ? "pickup" : m.card))
    .find((m) => !keys.includes(m))!;
}
