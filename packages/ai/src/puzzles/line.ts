/** Playing a puzzle's moves in the engine: conversions, its start, its main line. */
import { applyMove, fromPosition } from "@yourtrumps/engine";
import type { Hand, Move } from "@yourtrumps/engine";
import type { PuzzleMove, PuzzlePosition, PuzzleStep } from "./format.js";

export const toPuzzleMove = (m: Move): PuzzleMove => (m.type === "pickup" ? "pickup" : m.card);
export const toEngineMove = (m: PuzzleMove): Move => (m === "pickup" ? { type: "pickup" } : { type: "play", card: m });

/** The hand a puzzle starts from: its position with no past. */
export function puzzleHand(p: PuzzlePosition): Hand {
  return fromPosition({ trumps: p.trumps, hands: p.hands, pile: p.pile, toMove: p.toMove, secondDue: p.secondDue });
}

/** The position of a hand in play, in plain terms. */
export function positionOf(h: Hand): PuzzlePosition {
  return {
    trumps: h.trumps.slice(),
    hands: h.hands.map((c) => c.slice()),
    pile: h.pile.slice(),
    toMove: h.toMove,
    secondDue: h.secondDue,
  };
}

export function played(h: Hand, m: Move): Hand {
  const r = applyMove(h, m);
  if (!r.ok) throw new Error(`illegal move ${JSON.stringify(m)}: ${r.error.message}`);
  return r.hand;
}

/** The number of player steps with a losing alternative on the main line (first accepted move, stubborn replies). */
export function mainLine(solution: PuzzleStep): { moves: PuzzleMove[]; decisions: number } {
  const moves: PuzzleMove[] = [];
  let decisions = 0;
  let s: PuzzleStep | null = solution;
  while (s !== null) {
    if ("reply" in s) {
      moves.push(s.reply);
      s = s.next;
      continue;
    }
    const entries = Object.entries(s.accept) as [PuzzleMove, PuzzleStep | null][];
    const [move, child] = entries[0]!;
    moves.push(move);
    s = child;
    decisions++;
  }
  return { moves, decisions };
}

/** The player's moves along the first accepted path of a solution tree: an attempt that solves it. */
export function firstSolution(s: PuzzleStep | null): PuzzleMove[] {
  if (s === null) return [];
  if ("reply" in s) return firstSolution(s.next);
  const [move, child] = Object.entries(s.accept)[0]! as [PuzzleMove, PuzzleStep | null];
  return [move, ...firstSolution(child)];
}
