import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The Streak mode's runs, kept by the server (puzzle-streaks.ts): a player's run now and
 * their best. A puzzle served for a run is held as the run's own until its first try, so
 * only a first-try solve of a puzzle the server chose above the last one counts; a
 * failure ends the run. One row a player: a run is one page's, a new start replaces it.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("puzzle_streaks")
      .addColumn("player_id", "uuid", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
      .addColumn("run", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`run >= 0`),
      )
      .addColumn("floor", "float8")
      .addColumn("puzzle_id", "text", (c) => c.check(sql`char_length(puzzle_id) = 8`))
      .addColumn("puzzle_rating", "float8")
      .addColumn("best", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`best >= run`),
      )
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint("puzzle_streaks_pending", sql`(puzzle_id is null) = (puzzle_rating is null)`)
      .addCheckConstraint("puzzle_streaks_floor", sql`(run = 0) = (floor is null)`)
      .execute();
  },
};
