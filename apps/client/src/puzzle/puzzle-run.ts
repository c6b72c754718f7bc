/**
 * One puzzle as the page plays it, headless: the walk through the solution tree
 * (`PuzzleWalk`), the player's moves of the first try (the attempt the server rates), and
 * what the page is doing — solving, solved, failed, or showing the solution.
 */
import { PuzzleWalk, mainLine, puzzleHand, type Puzzle, type PuzzleMove, type WalkVerdict } from "@yourtrumps/ai";
import type { Hand } from "@yourtrumps/engine";

export type RunState =
  | "solving" // the player's move (or the defence's reply to it is on its way)
  | "solved" // every move kept the result to the end of the tree
  | "failed" // a move gave the result away
  | "shown"; // the solution was shown: nothing left to try but again

/** The first try's outcome, the one posted as the attempt. */
export interface FirstTry {
  moves: PuzzleMove[];
  result: "solved" | "failed";
}

export class PuzzleRun {
  private walk: PuzzleWalk;
  private moves: PuzzleMove[] = []; // this try's player moves
  private first: FirstTry | null = null;
  state: RunState = "solving";

  constructor(readonly puzzle: Puzzle) {
    this.walk = new PuzzleWalk(puzzle);
  }

  /** The seat the player plays: the puzzle's side to move. */
  get player(): number {
    return this.puzzle.position.toMove;
  }

  /** The puzzle's start, as the engine sets it up. */
  start(): Hand {
    return puzzleHand(this.puzzle.position);
  }

  /** The first try's moves and outcome, once it has one (a retry never changes it). */
  get firstTry(): FirstTry | null {
    return this.first;
  }

  /** Plays one of the player's moves: its verdict comes from the tree at once. */
  play(move: PuzzleMove): WalkVerdict {
    if (this.state !== "solving") return { kind: "illegal", why: "the puzzle is over" };
    const verdict = this.walk.play(move);
    if (verdict.kind === "illegal") return verdict;
    this.moves.push(move);
    if (verdict.kind === "solved" || verdict.kind === "wrong") {
      this.state = verdict.kind === "solved" ? "solved" : "failed";
      this.first ??= { moves: this.moves.slice(), result: this.state };
    }
    return verdict;
  }

  /** Back to the start for another try. */
  retry(): void {
    this.walk = new PuzzleWalk(this.puzzle);
    this.moves = [];
    this.state = "solving";
  }

  /** The main line from the start (the first accepted move of each step, the defence's replies): what "Show the solution" plays. */
  solution(): PuzzleMove[] {
    this.state = "shown";
    this.first ??= { moves: [], result: "failed" }; // asking for the solution before any result is no solve
    return mainLine(this.puzzle.solution).moves;
  }
}
