/**
 * The Streak mode's runs (migration 0007-puzzle-streaks), counted by the server rather than
 * taken from the page: a run starts when a puzzle is served for it, the next one is served
 * only once the last was solved and only above that one's rating, and only the first try at
 * the puzzle the run holds moves it on (one solve more) or ends it (a failure). So a run
 * can only grow by solving, in order, puzzles the server itself chose harder each time.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database/schema.js";

/** A run as the API reports it. */
export interface StreakRun {
  count: number; // streak puzzles solved at the first try in a row, in this run
  best: number; // the player's longest run
  over: boolean; // a failure ended it: the next puzzle must start a new one
}

/** What the server holds of a player's run. */
export interface StreakState {
  run: number;
  floor: number | null; // the next puzzle is rated above this (null before the first solve)
  pending: { puzzleId: string; rating: number } | null; // served for the run, not tried yet
  best: number;
}

export async function streakState(db: Kysely<Database>, playerId: string): Promise<StreakState | null> {
  const row = await db.selectFrom("puzzle_streaks").selectAll().where("player_id", "=", playerId).executeTakeFirst();
  if (row === undefined) return null;
  const pending =
    row.puzzle_id === null || row.puzzle_rating === null
      ? null
      : { puzzleId: row.puzzle_id, rating: row.puzzle_rating };
  return { run: row.run, floor: row.floor, pending, best: row.best };
}

/** A new run whose first puzzle is `puzzleId` (served at `rating`); the best is kept. */
export async function startStreak(
  db: Kysely<Database>,
  playerId: string,
  puzzleId: string,
  rating: number,
): Promise<StreakRun> {
  const row = await db
    .insertInto("puzzle_streaks")
    .values({ player_id: playerId, puzzle_id: puzzleId, puzzle_rating: rating })
    .onConflict((c) =>
      c
        .column("player_id")
        .doUpdateSet({ run: 0, floor: null, puzzle_id: puzzleId, puzzle_rating: rating, updated_at: sql<Date>`now()` }),
    )
    .returning(["run", "best"])
    .executeTakeFirstOrThrow();
  return { count: row.run, best: row.best, over: false };
}

/**
 * The run's next puzzle, if the run is still where the caller read it (`run` solved, none
 * pending); null when it moved meanwhile (another page of the player's), nothing written.
 */
export async function continueStreak(
  db: Kysely<Database>,
  playerId: string,
  run: number,
  puzzleId: string,
  rating: number,
): Promise<StreakRun | null> {
  const row = await db
    .updateTable("puzzle_streaks")
    .set({ puzzle_id: puzzleId, puzzle_rating: rating, updated_at: sql<Date>`now()` })
    .where("player_id", "=", playerId)
    .where("run", "=", run)
    .where("run", ">", 0)
    .where("puzzle_id", "is", null)
    .returning(["run", "best"])
    .executeTakeFirst();
  return row === undefined ? null : { count: row.run, best: row.best, over: false };
}

/**
 * A rated first try (inside its transaction): when it is at the puzzle the player's run
 * holds, the run goes on (solved) or ends (failed). Null when the puzzle is not the run's.
 */
export async function streakAfterAttempt(
  db: Kysely<Database>,
  playerId: string,
  puzzleId: string,
  solved: boolean,
): Promise<StreakRun | null> {
  const row = await db
    .selectFrom("puzzle_streaks")
    .selectAll()
    .where("player_id", "=", playerId)
    .where("puzzle_id", "=", puzzleId)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined || row.puzzle_rating === null) return null;
  const run = solved ? row.run + 1 : 0;
  const best = Math.max(row.best, run);
  await db
    .updateTable("puzzle_streaks")
    .set({
      run,
      best,
      floor: solved ? row.puzzle_rating : null,
      puzzle_id: null,
      puzzle_rating: null,
      updated_at: sql<Date>`now()`,
    })
    .where("player_id", "=", playerId)
    .execute();
  return { count: run, best, over: !solved };
}

/** The player's longest run (0 before any). */
export async function bestStreak(db: Kysely<Database>, playerId: string): Promise<number> {
  const row = await db.selectFrom("puzzle_streaks").select("best").where("player_id", "=", playerId).executeTakeFirst();
  return row?.best ?? 0;
}
