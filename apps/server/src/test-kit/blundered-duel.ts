/**
 * A real duel with a known blunder, for the mistake-puzzle tests: deal "blunder-118" and
 * play greedy's moves, but at move 31 play the third legal move instead, which reaches a
 * position where seat 1 holds a proven draw most moves lose (a puzzle by the generator's
 * test). Seat 1 then plays a legal move outside the solution, and greedy plays the hand
 * out. Found once by searching seeds with `puzzleAt`; deterministic, as the engine is.
 */
import { greedyMove, puzzleAt, toPuzzleMove, type Puzzle } from "@yourtrumps/ai";
import { applyMove, legalMoves, newHand, viewFor, type Hand, type Move } from "@yourtrumps/engine";

const SEED = "blunder-118";
const TURN_AT = 30; // moves of greedy's before the move off its line
const TURN_MOVE = 2; // the index of the legal move played there instead

export interface BlunderedDuel {
  hand: Hand; // finished
  seat: number; // the seat that blundered
  moveIndex: number; // its blunder, 0-based in hand.log
  puzzle: Puzzle; // the position before the blunder, as a puzzle
}

function play(h: Hand, m: Move): Hand {
  const r = applyMove(h, m);
  if (!r.ok) throw new Error(r.error.message);
  return r.hand;
}

export function blunderedDuel(): BlunderedDuel {
  let h = newHand({ players: 2, seed: SEED });
  while (h.log.length < TURN_AT) h = play(h, greedyMove(viewFor(h, h.toMove)));
  h = play(h, legalMoves(h)[TURN_MOVE]!);
  const puzzle = puzzleAt(h);
  if (puzzle === null || !("accept" in puzzle.solution))
    throw new Error(`${SEED}: no puzzle at move ${h.log.length + 1} (has the engine or the generator changed?)`);
  const accept = puzzle.solution.accept;
  const blunder = legalMoves(h).find((m) => !(toPuzzleMove(m) in accept))!;
  const seat = h.toMove;
  const moveIndex = h.log.length;
  h = play(h, blunder);
  while (h.result === null) h = play(h, greedyMove(viewFor(h, h.toMove)));
  return { hand: h, seat, moveIndex, puzzle };
}
