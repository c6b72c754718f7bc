/**
 * "Learn from your mistakes": the positions of a played duel where a seat gave a proven
 * result away (the review's won → lost, or a draw let slip), kept when they are puzzles
 * by the generator's own test — so a player's blunders become that player's puzzles.
 */
import type { Hand, Move } from "@yourtrumps/engine";
import type { Puzzle } from "./format.js";
import { PUZZLE_CARDS, PUZZLE_SOLVE_STATES, puzzleAt } from "./generate.js";
import { played, toPuzzleMove } from "./line.js";

/** One mistake: the seat that made it, the index of its move in the hand's log, and the puzzle of the position before it. */
export interface SeatMistake {
  seat: number;
  moveIndex: number; // 0-based, into the hand's log
  puzzle: Puzzle;
}

/** The mistakes of `seats` (every seat when absent): each move outside the solution of a puzzle position, in the order they came. */
export function mistakesOf(
  start: Hand,
  log: readonly Move[],
  seats?: readonly number[],
  budget = PUZZLE_SOLVE_STATES,
): SeatMistake[] {
  const found: SeatMistake[] = [];
  let h = start;
  for (const [moveIndex, move] of log.entries()) {
    const small = h.players === 2 && h.hands[0]!.length + h.hands[1]!.length <= PUZZLE_CARDS;
    if (small && (seats === undefined || seats.includes(h.toMove))) {
      const p = puzzleAt(h, budget);
      if (p !== null && "accept" in p.solution && !(toPuzzleMove(move) in p.solution.accept))
        found.push({ seat: h.toMove, moveIndex, puzzle: p });
    }
    h = played(h, move);
  }
  return found;
}

/** The puzzles where `seat` (every seat when absent) played a move outside the solution, in the order they came. */
export function mistakePuzzles(
  start: Hand,
  log: readonly Move[],
  seat?: number,
  budget = PUZZLE_SOLVE_STATES,
): Puzzle[] {
  return mistakesOf(start, log, seat === undefined ? undefined : [seat], budget).map((m) => m.puzzle);
}
