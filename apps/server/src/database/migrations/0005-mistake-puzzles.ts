import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Puzzles from players' own mistakes: the positions of recorded duels where a person gave
 * a proven result away (found off the event loop after the hand is recorded), each stored
 * once by its id in packages/ai's line format, and which player made it in which hand at
 * which move. Every such puzzle also joins the pool "next" picks from.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("mistake_puzzles")
      .addColumn("puzzle_id", "text", (c) => c.primaryKey().check(sql`char_length(puzzle_id) = 8`))
      .addColumn("line", "text", (c) => c.notNull())
      .addColumn("estimate", "float8", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("mistake_puzzles_estimate")
      .on("mistake_puzzles")
      .columns(["estimate", "puzzle_id"])
      .execute();

    await db.schema
      .createTable("player_mistakes")
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("game_id", "text", (c) => c.notNull().references("games.id").onDelete("cascade"))
      .addColumn("move_index", "integer", (c) => c.notNull().check(sql`move_index >= 0`))
      .addColumn("puzzle_id", "text", (c) => c.notNull().references("mistake_puzzles.puzzle_id"))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("player_mistakes_pkey", ["player_id", "game_id", "move_index"])
      .execute();
    // A player's mistakes, newest first.
    await db.schema
      .createIndex("player_mistakes_newest")
      .on("player_mistakes")
      .columns(["player_id", "created_at desc"])
      .execute();
  },
};
