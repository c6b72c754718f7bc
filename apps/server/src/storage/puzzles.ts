/**
 * Puzzle ratings and records (migration 0004-puzzles). A rated attempt is a Glicko-2 game
 * between the player and the puzzle, as lichess rates puzzles: the player scores 1 for a
 * solve, 0 for a failure, and the puzzle the opposite; the first attempt of each puzzle
 * is the rated one, and a repeat of it (the same request again) gets the same answer.
 * One transaction per attempt, the rows it changes locked, so two processes rating the
 * same player at once serialise. The Streak mode's runs are puzzle-streaks.ts's; an attempt
 * at a run's puzzle moves the run in the same transaction.
 */
import { sql, type Kysely } from "kysely";
import { LICHESS, PROVISIONAL_RD, isProvisional, updateRating, type Glicko } from "../ratings/index.js";
import { json } from "../database/json.js";
import {
  bestStreak,
  continueStreak,
  startStreak,
  streakAfterAttempt,
  streakState,
  type StreakRun,
  type StreakState,
} from "./puzzle-streaks.js";
import type { Database } from "../database/schema.js";

/** A puzzle's rating before anyone tried it: its estimate, held loosely (players' results settle it). */
export const PUZZLE_START_RD = 250;
/** The most a puzzle's rating moves in one attempt: one player's luck should not reprice it for everyone. */
export const PUZZLE_MAX_CHANGE = 20;
export const PUZZLE_LEADERBOARD_SIZE = 100;

export interface PuzzleRecord {
  rating: number;
  rd: number;
  provisional: boolean; // RD above 110
  solved: number;
  failed: number;
  streak: number; // rated solves in a row now, wherever served
  bestInARow: number; // the longest such run of rated solves
  bestStreak: number; // the Streak mode's longest run, as the server counted it (puzzle-streaks.ts)
}

export interface AttemptOutcome {
  solved: boolean; // as replayed by the server
  repeat: boolean; // an attempt of this puzzle was rated before: this is that one's answer
  player: { before: number; after: number };
  puzzle: { before: number; after: number };
  streak?: StreakRun; // the attempt was at the puzzle of the player's Streak run: the run after it (not on a repeat)
}

export interface PuzzleLeaderboardEntry {
  rank: number;
  playerId: string;
  name: string;
  rating: number;
  rd: number;
  solved: number;
}

export interface PuzzleStore {
  /** Notes that the puzzle was served to the player (an attempt needs it; "next" skips it). */
  markServed(playerId: string, puzzleId: string): Promise<void>;
  wasServed(playerId: string, puzzleId: string): Promise<boolean>;
  /** Ids of every puzzle served to the player. */
  served(playerId: string): Promise<Set<string>>;
  /** The puzzles' current ratings, for those somebody has tried. */
  ratings(puzzleIds: readonly string[]): Promise<Map<string, number>>;
  /** Rates an attempt already checked against the solution; `estimate` is the puzzle's starting rating. */
  rateAttempt(a: {
    playerId: string;
    puzzleId: string;
    estimate: number;
    moves: string[];
    solved: boolean;
  }): Promise<AttemptOutcome>;
  record(playerId: string): Promise<PuzzleRecord>;
  /** The player's Streak run as the server holds it, or null before their first. */
  streak(playerId: string): Promise<StreakState | null>;
  /** A new Streak run, its first puzzle the one just served at `rating`. */
  startStreak(playerId: string, puzzleId: string, rating: number): Promise<StreakRun>;
  /** The run's next puzzle, if the run still stands at `run` solves with none pending; null (nothing written) when not. */
  continueStreak(playerId: string, run: number, puzzleId: string, rating: number): Promise<StreakRun | null>;
  leaderboard(): Promise<PuzzleLeaderboardEntry[]>;
}

const NEW_PLAYER = LICHESS.initial;

function recordOf(
  row: { rating: number; rd: number; solved: number; failed: number; streak: number; best_streak: number } | undefined,
  best: number,
): PuzzleRecord {
  const r = row ?? { rating: NEW_PLAYER.rating, rd: NEW_PLAYER.rd, solved: 0, failed: 0, streak: 0, best_streak: 0 };
  return {
    rating: r.rating,
    rd: r.rd,
    provisional: isProvisional(r.rd),
    solved: r.solved,
    failed: r.failed,
    streak: r.streak,
    bestInARow: r.best_streak,
    bestStreak: best,
  };
}

export function puzzleStore(db: Kysely<Database>): PuzzleStore {
  return {
    async markServed(playerId, puzzleId) {
      await db
        .insertInto("puzzle_served")
        .values({ player_id: playerId, puzzle_id: puzzleId })
        .onConflict((c) => c.doNothing())
        .execute();
    },
    async wasServed(playerId, puzzleId) {
      const row = await db
        .selectFrom("puzzle_served")
        .select("puzzle_id")
        .where("player_id", "=", playerId)
        .where("puzzle_id", "=", puzzleId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async served(playerId) {
      const rows = await db.selectFrom("puzzle_served").select("puzzle_id").where("player_id", "=", playerId).execute();
      return new Set(rows.map((r) => r.puzzle_id));
    },
    async ratings(puzzleIds) {
      if (puzzleIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("puzzle_ratings")
        .select(["puzzle_id", "rating"])
        .where("puzzle_id", "in", puzzleIds)
        .execute();
      return new Map(rows.map((r) => [r.puzzle_id, r.rating]));
    },
    rateAttempt: (a) =>
      db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom("puzzle_attempts")
          .selectAll()
          .where("player_id", "=", a.playerId)
          .where("puzzle_id", "=", a.puzzleId)
          .executeTakeFirst();
        if (before !== undefined) return answerOf(before, true);
        await tx
          .insertInto("puzzle_players")
          .values({
            player_id: a.playerId,
            rating: NEW_PLAYER.rating,
            rd: NEW_PLAYER.rd,
            volatility: NEW_PLAYER.volatility,
          })
          .onConflict((c) => c.doNothing())
          .execute();
        await tx
          .insertInto("puzzle_ratings")
          .values({ puzzle_id: a.puzzleId, rating: a.estimate, rd: PUZZLE_START_RD, volatility: NEW_PLAYER.volatility })
          .onConflict((c) => c.doNothing())
          .execute();
        const player = await tx
          .selectFrom("puzzle_players")
          .selectAll()
          .where("player_id", "=", a.playerId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const puzzle = await tx
          .selectFrom("puzzle_ratings")
          .selectAll()
          .where("puzzle_id", "=", a.puzzleId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const me: Glicko = { rating: player.rating, rd: player.rd, volatility: player.volatility };
        const it: Glicko = { rating: puzzle.rating, rd: puzzle.rd, volatility: puzzle.volatility };
        const meAfter = updateRating(me, [{ opponent: it, score: a.solved ? 1 : 0 }]);
        const itAfter = updateRating(it, [{ opponent: me, score: a.solved ? 0 : 1 }]);
        const itRating = Math.min(
          it.rating + PUZZLE_MAX_CHANGE,
          Math.max(it.rating - PUZZLE_MAX_CHANGE, itAfter.rating),
        );
        const streak = a.solved ? player.streak + 1 : 0;
        await tx
          .updateTable("puzzle_players")
          .set({
            rating: meAfter.rating,
            rd: meAfter.rd,
            volatility: meAfter.volatility,
            solved: player.solved + (a.solved ? 1 : 0),
            failed: player.failed + (a.solved ? 0 : 1),
            streak,
            best_streak: Math.max(player.best_streak, streak),
            updated_at: sql<Date>`now()`,
          })
          .where("player_id", "=", a.playerId)
          .execute();
        await tx
          .updateTable("puzzle_ratings")
          .set({
            rating: itRating,
            rd: itAfter.rd,
            volatility: itAfter.volatility,
            attempts: puzzle.attempts + 1,
            solved: puzzle.solved + (a.solved ? 1 : 0),
          })
          .where("puzzle_id", "=", a.puzzleId)
          .execute();
        const row = {
          player_id: a.playerId,
          puzzle_id: a.puzzleId,
          moves: json(a.moves),
          solved: a.solved,
          rating_before: me.rating,
          rating_after: meAfter.rating,
          puzzle_rating_before: it.rating,
          puzzle_rating_after: itRating,
        };
        await tx.insertInto("puzzle_attempts").values(row).execute();
        const run = await streakAfterAttempt(tx, a.playerId, a.puzzleId, a.solved);
        return { ...answerOf(row, false), ...(run === null ? {} : { streak: run }) };
      }),
    async record(playerId) {
      const row = await db
        .selectFrom("puzzle_players")
        .selectAll()
        .where("player_id", "=", playerId)
        .executeTakeFirst();
      return recordOf(row, await bestStreak(db, playerId));
    },
    streak: (playerId) => streakState(db, playerId),
    startStreak: (playerId, puzzleId, rating) => startStreak(db, playerId, puzzleId, rating),
    continueStreak: (playerId, run, puzzleId, rating) => continueStreak(db, playerId, run, puzzleId, rating),
    async leaderboard() {
      const rows = await db
        .selectFrom("puzzle_players as r")
        .innerJoin("players as p", "p.id", "r.player_id")
        .select(["r.player_id", "p.name", "r.rating", "r.rd", "r.solved"])
        // A literal, so the planner matches the partial index puzzle_players_leaderboard.
        .where("r.rd", "<=", sql.lit(PROVISIONAL_RD))
        .where("p.handle", "is not", null) // account holders only, as the game boards
        .orderBy("r.rating", "desc")
        .orderBy("r.player_id")
        .limit(PUZZLE_LEADERBOARD_SIZE)
        .execute();
      return rows.map((r, i) => ({
        rank: i + 1,
        playerId: r.player_id,
        name: r.name,
        rating: r.rating,
        rd: r.rd,
        solved: r.solved,
      }));
    },
  };
}

function answerOf(
  r: {
    solved: boolean;
    rating_before: number;
    rating_after: number;
    puzzle_rating_before: number;
    puzzle_rating_after: number;
  },
  repeat: boolean,
): AttemptOutcome {
  return {
    solved: r.solved,
    repeat,
    player: { before: r.rating_before, after: r.rating_after },
    puzzle: { before: r.puzzle_rating_before, after: r.puzzle_rating_after },
  };
}
