/**
 * "Learn from your mistakes": the positions of a played duel where a seat gave a proven
 * result away (the review's won → lost, or a draw let slip), kept when they are puzzles
 * by the generator's own test — so a player's blunders become that player's puzzles.
 */
import type { Hand, Move } from "@yourtrumps/engine";
import type { Puzzle } from "./format.js";
import { PUZZLE_CARDS, PUZZLE_SOLVE_STATES, puzzleAt } from "./generate.js";
import { played, toPuzzleMove } from "./line.js";

/** The puzzles where `seat` (every seat when absent) played a move outside the solution, in the order they came. */
export function mistakePuzzles(start: Hand, log: readonly Move[], seat?: number, budget = PUZZLE_SOLVE_STATES): Puzzle[] {
  const found: Puzzle[] = [];
  let h = start;
  for (const move of log) {
    const small = h.players === 2 && h.hands[0]!.length + h.hands[1]!.length <= PUZZLE_CARDS;
    if (small && (seat === undefined || h.toMove === seat)) {
      const p = puzzleAt(h, budget);
      if (p !== null && "accept" in p.solution && !(toPuzzleMove(move) in p.solution.accept)) found.push(p);
    }
    h = played(h, move);
  }
  return found;
}
