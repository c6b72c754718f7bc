/**
 * @yourtrumps/ai — computer players for Your Trumps: the levels offered to people
 * (easy, medium, hard), the measurement baselines (random, greedy), analysis for hints
 * and reviews, and a worker-thread pool for servers. Input is only a PlayerView (R18).
 */
import type { Move, PlayerView } from "@yourtrumps/engine";
import { analyseSync } from "./analyse.js";
import type { AnalyseOptions } from "./analyse.js";
import { chooseMoveSync } from "./levels.js";
import type { Analysis, ChooseOptions } from "./types.js";

export type { Analysis, Baseline, ChooseOptions, HardSettings, Level, MoveStat, PlayerKind } from "./types.js";
export { LEVELS } from "./types.js";
export type { AnalyseOptions } from "./analyse.js";
export { chooseBaseline, greedyMove, randomMove } from "./baselines.js";
export { easyMove } from "./easy.js";
export { chooseMoveSync, DEFAULT_ITERATIONS, HARD_SETTINGS, HARD_TIME_MS } from "./levels.js";
export { analyseSync } from "./analyse.js";
export { solveView, SOLVE_CARDS, SOLVE_STATES } from "./solve-view.js";
export { judgeMove, REVIEW_ITERATIONS, REVIEW_SOLVE_STATES } from "./review.js";
export { exactValueOfMove } from "./solve-view.js";
export type { JudgeOptions, MoveJudgement } from "./review.js";
export type { Solved } from "./solve-view.js";
export { DuelSolver } from "./search/proof.js";
export type { DuelSolution } from "./search/proof.js";
export { sampleHands, unseenCards } from "./sample.js";
export {
  MISS_LOOKS,
  PUZZLE_GOALS,
  PUZZLE_THEMES,
  PuzzleFormatError,
  parsePuzzleLine,
  puzzleLine,
} from "./puzzles/format.js";
export type { Puzzle, PuzzleGoal, PuzzleMove, PuzzlePosition, PuzzleStep, PuzzleTheme } from "./puzzles/format.js";
export { puzzleAt, puzzleId } from "./puzzles/generate.js";
export { mistakePuzzles } from "./puzzles/mistakes.js";
export { firstSolution, mainLine, positionOf, puzzleHand, toEngineMove, toPuzzleMove } from "./puzzles/line.js";
export { PuzzleWalk, checkAttempt } from "./puzzles/walk.js";
export type { AttemptCheck, WalkVerdict } from "./puzzles/walk.js";
export {
  NEAREST_CHOICES,
  UNRATED_AIM,
  dailyPuzzle,
  nearestUnseen,
  nearestUnseenOf,
  utcDate,
} from "./puzzles/choice.js";
export type { NextAsk } from "./puzzles/choice.js";
export { REFUTATION_PLIES, refutationLine } from "./puzzles/refutation.js";
// The shipped set itself is `@yourtrumps/ai/puzzles/shipped`: a page loads it only when it shows a puzzle.
export { AiCancelled, AiPool, MIN_SEARCH_MS } from "./pool.js";
export type { JobOptions, MistakeOptions, PoolLoad, SeatMistake } from "./pool.js";

/**
 * Chooses a move for the seat of `view` (it must be that seat's turn). Deterministic
 * for a given seed and iteration budget; `timeMs` thinks for about that long instead.
 * Runs on the calling thread — servers should use AiPool.
 */
export function chooseMove(view: PlayerView, o: ChooseOptions): Move {
  return chooseMoveSync(view, o);
}

/** Analysis for hints and post-game review: the best move, its value (-1 … 1) and every move's statistics. */
export function analyse(view: PlayerView, o: AnalyseOptions = {}): Promise<Analysis> {
  try {
    return Promise.resolve(analyseSync(view, o));
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
}
