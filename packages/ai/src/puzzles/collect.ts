/**
 * Puzzles from self-play: `hard` plays seeded duels (a short search, so thousands of hands
 * are affordable) and every endgame position small enough to solve is tried as a puzzle.
 * Deterministic for a seed.
 */
import { legalMoves, newHand, viewFor } from "@yourtrumps/engine";
import type { Hand } from "@yourtrumps/engine";
import { chooseMoveSync } from "../levels.js";
import type { Puzzle } from "./format.js";
import { KEEPING_SHARE, PUZZLE_CARDS, PUZZLE_SOLVE_STATES, puzzleAt } from "./generate.js";
import { played } from "./line.js";

/** Self-play budget of each move: enough for sensible endgames, small enough for thousands of hands. */
const PLAY_ITERATIONS = 300;
const PLAY_SOLVE_STATES = 20_000;
/** Puzzles kept from one hand at most, so the set spans many deals. */
export const PUZZLES_PER_HAND = 4;

/**
 * The puzzles of one seeded self-play duel (at most PUZZLES_PER_HAND): each endgame
 * position of the line played, and each position one move off it (what the mover could
 * have reached instead: real positions too, and several times as many).
 */
export function puzzlesOfSeed(seed: number, keepingShare = KEEPING_SHARE, budget = PUZZLE_SOLVE_STATES): Puzzle[] {
  let h: Hand = newHand({ players: 2, seed: `puzzles-${seed}` });
  const found = new Map<string, Puzzle>();
  while (h.result === null && found.size < PUZZLES_PER_HAND) {
    if (h.hands[0]!.length + h.hands[1]!.length <= PUZZLE_CARDS) {
      for (const candidate of [h, ...legalMoves(h).map((m) => played(h, m))]) {
        const p = found.size < PUZZLES_PER_HAND ? puzzleAt(candidate, budget, keepingShare) : null;
        if (p !== null) found.set(p.id, p);
      }
    }
    h = played(
      h,
      chooseMoveSync(viewFor(h, h.toMove), {
        level: "hard",
        iterations: PLAY_ITERATIONS,
        seed,
        solveNodes: PLAY_SOLVE_STATES,
      }),
    );
  }
  return [...found.values()];
}

/** Puzzles of the seeds `first` … `first + count − 1`, without repeats; `progress` hears after each seed. */
export function collectPuzzles(
  first: number,
  count: number,
  keepingShare = KEEPING_SHARE,
  progress: (seed: number, total: number) => void = () => {},
): Puzzle[] {
  const byId = new Map<string, Puzzle>();
  for (let seed = first; seed < first + count; seed++) {
    for (const p of puzzlesOfSeed(seed, keepingShare)) if (!byId.has(p.id)) byId.set(p.id, p);
    progress(seed, byId.size);
  }
  return [...byId.values()];
}
