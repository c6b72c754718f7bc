/**
 * Puzzles from players' own mistakes (migration 0005-mistake-puzzles). The puzzle itself
 * is kept once, by its id, as the line packages/ai's format writes: the format's one check
 * (`parsePuzzleLine`) reads it back, so a stored puzzle is served exactly as a shipped one.
 * Who made the mistake, in which hand and at which move, is a row of its own: two players
 * can reach the same position, and one hand can hold several of a player's mistakes.
 * Storing a hand's mistakes takes it off the search queue (mistake-searches.ts) in the same
 * transaction: searched and stored are one fact.
 */
import { parsePuzzleLine, puzzleLine, type Puzzle, type PuzzleGoal, type PuzzleTheme } from "@yourtrumps/ai";
import { sql, type Kysely } from "kysely";
import { claimSearches, type ClaimedSearches } from "./mistake-searches.js";
import type { Database } from "../database/schema.js";

/** A player's mistakes listed at most (the newest). */
export const MISTAKES_LISTED = 100;

/** One mistake as found in a recorded hand. */
export interface FoundMistake {
  playerId: string;
  moveIndex: number; // 0-based, into the hand's log
  puzzle: Puzzle;
}

/** One of a player's mistakes, as `GET /api/players/:id/mistakes` lists it. */
export interface PlayerMistake {
  puzzleId: string;
  rating: number; // the puzzle's rating now (its estimate until somebody tried it)
  goal: PuzzleGoal;
  themes: PuzzleTheme[];
  gameId: string; // the recorded hand it came from
  moveIndex: number; // the move there that gave the result away (0-based)
  at: string; // ISO time it was found
}

/** A stored puzzle near a rating, with its rating now. */
export interface RatedPuzzle {
  puzzle: Puzzle;
  rating: number;
}

export interface NearestQuery {
  rating: number;
  above: number; // only puzzles rated above this (-Infinity: any)
  seenBy: string | null; // a player: skip the puzzles served to them
  exclude: readonly string[]; // without a player: ids the page has seen
  limit: number;
}

export interface MistakeStore {
  /** Stores a recorded hand's mistakes (none, too) and marks it searched; a second call with the same ones changes nothing. */
  add(gameId: string, found: readonly FoundMistake[]): Promise<void>;
  /** Claims the oldest hands waiting for their search, at most `limit`, for `leaseMs` (mistake-searches.ts). */
  claim(owner: string, limit: number, leaseMs: number): Promise<ClaimedSearches>;
  /** The player's mistakes, newest first (at most MISTAKES_LISTED). */
  ofPlayer(playerId: string): Promise<PlayerMistake[]>;
  /** A stored puzzle by id, or null. */
  puzzle(id: string): Promise<Puzzle | null>;
  /** The stored puzzles nearest `rating` (their rating now), unseen, at most `limit`. */
  nearest(q: NearestQuery): Promise<RatedPuzzle[]>;
}

export function mistakeStore(db: Kysely<Database>): MistakeStore {
  return {
    async add(gameId, found) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom("mistake_searches").where("game_id", "=", gameId).execute();
        if (found.length === 0) return;
        const puzzles = [...new Map(found.map((m) => [m.puzzle.id, m.puzzle])).values()];
        await tx
          .insertInto("mistake_puzzles")
          .values(puzzles.map((p) => ({ puzzle_id: p.id, line: puzzleLine(p), estimate: p.rating })))
          .onConflict((c) => c.column("puzzle_id").doNothing())
          .execute();
        await tx
          .insertInto("player_mistakes")
          .values(
            found.map((m) => ({
              player_id: m.playerId,
              game_id: gameId,
              move_index: m.moveIndex,
              puzzle_id: m.puzzle.id,
            })),
          )
          .onConflict((c) => c.columns(["player_id", "game_id", "move_index"]).doNothing())
          .execute();
      });
    },
    claim: (owner, limit, leaseMs) => claimSearches(db, owner, limit, leaseMs),
    async ofPlayer(playerId) {
      const rows = await db
        .selectFrom("player_mistakes as m")
        .innerJoin("mistake_puzzles as p", "p.puzzle_id", "m.puzzle_id")
        .leftJoin("puzzle_ratings as r", "r.puzzle_id", "m.puzzle_id")
        .select(["m.puzzle_id", "m.game_id", "m.move_index", "m.created_at", "p.line", "p.estimate", "r.rating"])
        .where("m.player_id", "=", playerId)
        .orderBy("m.created_at", "desc")
        .orderBy("m.game_id")
        .orderBy("m.move_index")
        .limit(MISTAKES_LISTED)
        .execute();
      return rows.map((r) => {
        const p = parsePuzzleLine(r.line);
        return {
          puzzleId: r.puzzle_id,
          rating: Math.round(r.rating ?? r.estimate),
          goal: p.goal,
          themes: p.themes,
          gameId: r.game_id,
          moveIndex: r.move_index,
          at: r.created_at.toISOString(),
        };
      });
    },
    async puzzle(id) {
      const row = await db.selectFrom("mistake_puzzles").select("line").where("puzzle_id", "=", id).executeTakeFirst();
      return row === undefined ? null : parsePuzzleLine(row.line);
    },
    async nearest(q) {
      const current = sql<number>`coalesce(r.rating, p.estimate)`;
      let query = db
        .selectFrom("mistake_puzzles as p")
        .leftJoin("puzzle_ratings as r", "r.puzzle_id", "p.puzzle_id")
        .select(["p.line", current.as("current")])
        .orderBy(sql`abs(${current} - ${q.rating})`)
        .orderBy("p.puzzle_id")
        .limit(q.limit);
      if (Number.isFinite(q.above)) query = query.where(current, ">", q.above);
      if (q.seenBy !== null) {
        const seenBy = q.seenBy;
        query = query.where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("puzzle_served as s")
                .select("s.puzzle_id")
                .where("s.player_id", "=", seenBy)
                .whereRef("s.puzzle_id", "=", "p.puzzle_id"),
            ),
          ),
        );
      } else if (q.exclude.length > 0) query = query.where("p.puzzle_id", "not in", q.exclude);
      const rows = await query.execute();
      return rows.map((r) => ({ puzzle: parsePuzzleLine(r.line), rating: r.current }));
    },
  };
}
