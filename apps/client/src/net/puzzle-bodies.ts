import type { PuzzleGoal } from "@yourtrumps/ai";
import type { MistakesAnswer, PlayerMistake, PuzzleLeaderboardEntry, PuzzleRecord } from "@yourtrumps/server/api";
import type { LeaderboardRow } from "./api-bodies.js";
import { fields, list, num, oneOf, str } from "./read.js";

/**
 * The puzzle answers the profile and the leaderboard read (`GET /api/players/:id/puzzles`,
 * `/mistakes`, `GET /api/puzzles/leaderboard`), checked as api-bodies.ts checks the rest.
 */

/** A player's puzzle rating and record. */
export interface PuzzleStats {
  rating: number; // rounded for display
  provisional: boolean; // shown as "1500?"
  solved: number;
  failed: number;
  bestStreak: number;
}

/** One of the player's own mistakes, now a puzzle (`?puzzle=<id>`). */
export interface MistakeEntry {
  puzzleId: string;
  rating: number;
  goal: PuzzleGoal;
  gameId: string; // the recorded hand it came from
  moveIndex: number; // 0-based: the move there that gave the result away
}

const GOALS = ["win", "draw"] as const satisfies readonly PuzzleGoal[];

function count(x: unknown): number {
  const n = num(x, 0);
  return n >= 0 ? Math.floor(n) : 0;
}

/** A puzzle record, or null. */
export function readPuzzleStats(raw: unknown): PuzzleStats | null {
  const o = fields<PuzzleRecord>(raw);
  const rating = num(o.rating, NaN);
  if (!Number.isFinite(rating)) return null;
  return {
    rating: Math.round(rating),
    provisional: o.provisional !== false,
    solved: count(o.solved),
    failed: count(o.failed),
    bestStreak: count(o.bestStreak),
  };
}

/** The player's mistakes (entries that cannot be read are left out), or null. */
export function readMistakes(raw: unknown): MistakeEntry[] | null {
  const o = fields<MistakesAnswer>(raw);
  if (!Array.isArray(o.mistakes)) return null;
  return o.mistakes.flatMap((m: unknown) => {
    const e = fields<PlayerMistake>(m);
    const puzzleId = str(e.puzzleId);
    const goal = oneOf(e.goal, GOALS);
    if (!/^[0-9a-z]{8}$/.test(puzzleId) || goal === null) return [];
    return [
      { puzzleId, rating: Math.round(num(e.rating, 1500)), goal, gameId: str(e.gameId), moveIndex: count(e.moveIndex) },
    ];
  });
}

/** The puzzle leaderboard as leaderboard rows (`games` holds the puzzles solved), or null. */
export function readPuzzleLeaderboard(raw: unknown): LeaderboardRow[] | null {
  const o = fields<{ players: PuzzleLeaderboardEntry[] }>(raw);
  if (!Array.isArray(o.players)) return null;
  return list(o.players).flatMap((r, i) => {
    const e = fields<PuzzleLeaderboardEntry>(r);
    const playerId = str(e.playerId);
    const rating = num(e.rating, NaN);
    if (!playerId || !Number.isFinite(rating)) return [];
    return [
      { rank: num(e.rank, i + 1), playerId, name: str(e.name), rating: Math.round(rating), games: count(e.solved) },
    ];
  });
}
