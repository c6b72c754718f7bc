import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Puzzles (packages/ai's shipped set, identified by their ids): each puzzle's Glicko-2
 * rating once somebody has tried it, each player's puzzle rating and record, the
 * puzzles served to each player (an attempt is taken only on a puzzle served to its
 * maker; "next" picks unseen ones) and each player's rated attempt of each puzzle.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("puzzle_ratings")
      .addColumn("puzzle_id", "text", (c) => c.primaryKey().check(sql`char_length(puzzle_id) = 8`))
      .addColumn("rating", "float8", (c) => c.notNull())
      .addColumn("rd", "float8", (c) => c.notNull().check(sql`rd > 0`))
      .addColumn("volatility", "float8", (c) => c.notNull().check(sql`volatility > 0`))
      .addColumn("attempts", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`attempts >= 0`),
      )
      .addColumn("solved", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`solved >= 0 and solved <= attempts`),
      )
      .execute();

    await db.schema
      .createTable("puzzle_players")
      .addColumn("player_id", "uuid", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
      .addColumn("rating", "float8", (c) => c.notNull())
      .addColumn("rd", "float8", (c) => c.notNull().check(sql`rd > 0`))
      .addColumn("volatility", "float8", (c) => c.notNull().check(sql`volatility > 0`))
      .addColumn("solved", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`solved >= 0`),
      )
      .addColumn("failed", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`failed >= 0`),
      )
      .addColumn("streak", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`streak >= 0`),
      ) // rated solves since the last failure
      .addColumn("best_streak", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`best_streak >= streak`),
      )
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("puzzle_players_leaderboard")
      .on("puzzle_players")
      .columns(["rating desc", "player_id"])
      .where(sql.ref("rd"), "<=", 110)
      .execute();

    await db.schema
      .createTable("puzzle_served")
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("puzzle_id", "text", (c) => c.notNull().check(sql`char_length(puzzle_id) = 8`))
      .addColumn("served_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("puzzle_served_pkey", ["player_id", "puzzle_id"])
      .execute();

    await db.schema
      .createTable("puzzle_attempts")
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("puzzle_id", "text", (c) => c.notNull().check(sql`char_length(puzzle_id) = 8`))
      .addColumn("moves", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(moves) = 'array'`))
      .addColumn("solved", "boolean", (c) => c.notNull())
      .addColumn("rating_before", "float8", (c) => c.notNull())
      .addColumn("rating_after", "float8", (c) => c.notNull())
      .addColumn("puzzle_rating_before", "float8", (c) => c.notNull())
      .addColumn("puzzle_rating_after", "float8", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("puzzle_attempts_pkey", ["player_id", "puzzle_id"]) // the first attempt is the rated one (as lichess)
      .execute();
  },
};
