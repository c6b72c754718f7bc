/**
 * Following a puzzle's solution move by move, in the engine: what the page plays and
 * what the server replays to check an attempt (it never trusts a claimed result).
 */
import { applyMove } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import type { Puzzle, PuzzleMove, PuzzleStep } from "./format.js";
import { puzzleHand, toEngineMove } from "./line.js";

/** What one of the player's moves did. */
export type WalkVerdict =
  | { kind: "kept"; replies: PuzzleMove[] } // a result-keeping move; the defence's replies follow (the player moves next)
  | { kind: "solved"; replies: PuzzleMove[] } // the last step: the puzzle is solved
  | { kind: "wrong" } // legal, but it gives the result away
  | { kind: "illegal"; why: string }; // not a legal move here, or the puzzle is over

export class PuzzleWalk {
  hand: Hand; // the position now
  private step: PuzzleStep | null; // the player's step to make; null once over
  private done = false;

  constructor(readonly puzzle: Puzzle) {
    this.hand = puzzleHand(puzzle.position);
    this.step = puzzle.solution;
  }

  /** Whether the walk has ended (solved, or a wrong move was played). */
  get over(): boolean {
    return this.done;
  }

  /** Plays one of the player's moves; the defence's replies are played with it. */
  play(move: PuzzleMove): WalkVerdict {
    const step = this.step;
    if (this.done || step === null || !("accept" in step)) return { kind: "illegal", why: "the puzzle is over" };
    const r = applyMove(this.hand, toEngineMove(move));
    if (!r.ok) return { kind: "illegal", why: r.error.message };
    this.hand = r.hand;
    if (!(move in step.accept)) {
      this.done = true;
      return { kind: "wrong" };
    }
    let next = step.accept[move] ?? null;
    const replies: PuzzleMove[] = [];
    while (next !== null && "reply" in next) {
      const reply = applyMove(this.hand, toEngineMove(next.reply));
      if (!reply.ok) throw new Error(`puzzle ${this.puzzle.id}: the reply ${next.reply} is illegal`);
      this.hand = reply.hand;
      replies.push(next.reply);
      next = next.next;
    }
    this.step = next;
    if (next === null) {
      this.done = true;
      return { kind: "solved", replies };
    }
    return { kind: "kept", replies };
  }
}

/** An attempt's moves, replayed: solved, failed (its last move wrong), or invalid (why). */
export type AttemptCheck = { result: "solved" } | { result: "failed" } | { result: "invalid"; why: string };

/** Replays the player's moves of an attempt against the solution tree. */
export function checkAttempt(puzzle: Puzzle, moves: readonly PuzzleMove[]): AttemptCheck {
  if (moves.length === 0) return { result: "invalid", why: "an attempt has at least one move" };
  const walk = new PuzzleWalk(puzzle);
  for (const [i, move] of moves.entries()) {
    const v = walk.play(move);
    const last = i === moves.length - 1;
    if (v.kind === "illegal") return { result: "invalid", why: `move ${i + 1} (${move}): ${v.why}` };
    if (v.kind === "kept") continue;
    if (!last) return { result: "invalid", why: `moves after the end of the puzzle (move ${i + 1} ended it)` };
    return { result: v.kind === "solved" ? "solved" : "failed" };
  }
  return { result: "invalid", why: "the moves stop before the puzzle is solved or failed" };
}
