/**
 * Finding puzzles: duel endgame positions where the side to move has a proven win (or a
 * proven draw where most moves lose), few moves keep it, and a later step has a losing
 * alternative too. Every value comes from the exact solver, so the tree accepts every
 * result-keeping move and the defence is the solver's most stubborn reply.
 */
import { legalMoves, viewFor } from "@yourtrumps/engine";
import type { Hand, Move } from "@yourtrumps/engine";
import { chooseMoveSync } from "../levels.js";
import { solveView } from "../solve-view.js";
import { MISS_LOOKS } from "./format.js";
import type { Puzzle, PuzzleMove, PuzzlePosition, PuzzleStep } from "./format.js";
import { mainLine, played, positionOf, puzzleHand, toPuzzleMove } from "./line.js";
import { puzzleRating } from "./rating.js";
import { themesOf } from "./themes.js";

/**
 * Budget of each exact solve while generating (positions). Wins are proven fast and
 * losses slowly, so each solve first gets a tenth of it and only an open one the rest.
 */
export const PUZZLE_SOLVE_STATES = 300_000;
/** Cards in the two hands at most: a little past `hard`'s solving limit, for positions with more moves to choose from. */
export const PUZZLE_CARDS = 14;
/** At most this share of the legal moves may keep the result at the first step (a third: the key move must be found, not stumbled on). */
export const KEEPING_SHARE = 1 / 3;
/** A solution tree with more player steps than this is too bushy to be a puzzle. */
const MAX_PLAYER_STEPS = 40;
/** Iterations of the `hard` looks that estimate difficulty without the solver: a quick look, as a player gives a position. */
const LOOK_ITERATIONS = 1000;

/** Raised inside the tree builder when a solve stays open or the tree grows too bushy. */
export class NotAPuzzle extends Error {}

/** A move's exact outcome for `seat`: value (1 win, 0 draw, −1 loss) and plies of the fastest forced win from there. */
export interface Outcome {
  value: number;
  depth: number;
}

function outcomeFor(seat: number, after: Hand, budget: number): Outcome {
  if (after.result !== null)
    return { value: after.result.loser === null ? 0 : after.result.loser === seat ? -1 : 1, depth: 0 };
  const view = viewFor(after, after.toMove);
  const s = solveView(view, 36, Math.ceil(budget / 10)) ?? solveView(view, 36, budget);
  if (s === null) throw new NotAPuzzle();
  return { value: after.toMove === seat ? s.value : -s.value || 0, depth: s.depth };
}

/** Each legal move's outcome for the seat to move; throws NotAPuzzle when a solve stays open within `budget`. */
export function outcomes(h: Hand, budget: number): { move: Move; after: Hand; outcome: Outcome }[] {
  return legalMoves(h).map((move) => {
    const after = played(h, move);
    return { move, after, outcome: outcomeFor(h.toMove, after, budget) };
  });
}

class TreeBuilder {
  playerSteps = 0;
  constructor(
    private readonly player: number,
    private readonly value: number,
    private readonly budget: number,
  ) {}

  /** What follows once `h` is reached on a result-keeping line; null when the rest plays itself. */
  follow(h: Hand): PuzzleStep | null {
    if (h.result !== null) return null;
    return h.toMove === this.player ? this.playerStep(h) : this.reply(h);
  }

  private playerStep(h: Hand, known?: ReturnType<typeof outcomes>): PuzzleStep | null {
    const all = known ?? outcomes(h, this.budget);
    const keeping = all.filter((o) => o.outcome.value === this.value);
    if (keeping.length === all.length) return null; // no way to go wrong from here
    if (keeping.length === 0) throw new Error("a result-keeping line lost its result");
    if (++this.playerSteps > MAX_PLAYER_STEPS) throw new NotAPuzzle();
    const accept: Partial<Record<PuzzleMove, PuzzleStep | null>> = {};
    for (const o of keeping) accept[toPuzzleMove(o.move)] = this.follow(o.after);
    return { accept };
  }

  /** The defence's most stubborn reply: its best value, and for a win against it the longest one. */
  private reply(h: Hand): PuzzleStep {
    const all = outcomes(h, this.budget);
    const best = Math.max(...all.map((o) => o.outcome.value));
    const stubborn = all
      .filter((o) => o.outcome.value === best)
      .reduce((a, b) => (b.outcome.depth > a.outcome.depth ? b : a));
    return { reply: toPuzzleMove(stubborn.move), next: this.follow(stubborn.after) };
  }

  root(h: Hand, all: ReturnType<typeof outcomes>): PuzzleStep | null {
    return this.playerStep(h, all);
  }
}

/**
 * The puzzle at `h` (a duel hand in play), or null when it is not one: the player to move
 * must have at least two legal moves, a proven win (or a proven draw with most moves
 * losing), at most `keepingShare` of the moves keeping it (at least one losing), and a later step with a losing
 * alternative. `h`'s past is dropped: the puzzle starts fresh from its position.
 */
export function puzzleAt(from: Hand, budget = PUZZLE_SOLVE_STATES, keepingShare = KEEPING_SHARE): Puzzle | null {
  if (from.players !== 2 || from.result !== null) return null;
  if (from.hands[0]!.length + from.hands[1]!.length > PUZZLE_CARDS) return null;
  const h = puzzleHand(positionOf(from));
  const position = positionOf(h); // as the engine sets it up (hands sorted), so a re-solve names it alike
  const legal = legalMoves(h);
  if (Math.floor(keepingShare * legal.length) < 1 || legal.length < 2) return null;
  // One cheap solve of the root first: a lost root, or more fastest wins than a third, is no puzzle.
  const root = solveView(viewFor(h, h.toMove), 36, Math.ceil(budget / 10));
  if (root === null || root.value < 0 || (root.value === 1 && root.keep.length > keepingShare * legal.length))
    return null;
  try {
    const all = outcomes(h, budget);
    const value = Math.max(...all.map((o) => o.outcome.value));
    const keeping = all.filter((o) => o.outcome.value === value).length;
    const losing = all.filter((o) => o.outcome.value === -1).length;
    if (value < 0 || keeping > keepingShare * all.length) return null;
    if (value === 0 && losing * 2 < all.length) return null; // "save the draw": a loss must have looked likely
    const tree = new TreeBuilder(h.toMove, value, budget);
    const solution = tree.root(h, all);
    if (solution === null || tree.playerSteps < 2) return null; // no later step with a losing alternative
    const keys = Object.keys((solution as { accept: object }).accept);
    const misses = missesOf(h, keys);
    const goal = value === 1 ? "win" : "draw";
    const { decisions } = mainLine(solution);
    const themes = themesOf(h, solution, goal);
    return {
      id: puzzleId(position),
      goal,
      position,
      solution,
      themes,
      legal: legal.length,
      decisions,
      misses,
      rating: puzzleRating({ goal, legal: legal.length, decisions, misses }),
    };
  } catch (e) {
    if (e instanceof NotAPuzzle) return null;
    throw e;
  }
}

/** How many of MISS_LOOKS looks by `hard` (search only, as if the endgame were too big to solve) miss every key move. */
function missesOf(h: Hand, keys: readonly string[]): number {
  const view = viewFor(h, h.toMove);
  let misses = 0;
  for (let seed = 1; seed <= MISS_LOOKS; seed++) {
    const m = chooseMoveSync(view, { level: "hard", iterations: LOOK_ITERATIONS, seed, solveNodes: 0 });
    if (!keys.includes(toPuzzleMove(m))) misses++;
  }
  return misses;
}

/** A stable 8-character id from the position (FNV-1a; not a secret, only a name). */
export function puzzleId(p: PuzzlePosition): string {
  const text = `${p.trumps.join("")}/${p.hands[0]!.join("")}/${p.hands[1]!.join("")}/${p.pile.join("")}/${p.toMove}/${p.secondDue ? 1 : 0}`;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  }
  return a.toString(36).padStart(7, "0").slice(-4) + b.toString(36).padStart(7, "0").slice(-4);
}
