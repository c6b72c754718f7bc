import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("players")
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("token_sha256", "bytea", (c) =>
        c
          .notNull()
          .unique()
          .check(sql`octet_length(token_sha256) = 32`),
      )
      .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 24`))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable("ratings")
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('duel', 'multi')`))
      .addColumn("rating", "float8", (c) => c.notNull())
      .addColumn("rd", "float8", (c) => c.notNull().check(sql`rd > 0`))
      .addColumn("volatility", "float8", (c) => c.notNull().check(sql`volatility > 0`))
      .addColumn("games", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`games >= 0`),
      )
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint("ratings_pkey", ["player_id", "kind"])
      .execute();
    // The leaderboard: established ratings only (rd ≤ 110 is "not provisional"), best first.
    await db.schema
      .createIndex("ratings_leaderboard")
      .on("ratings")
      .columns(["kind", "rating desc", "player_id"])
      .where(sql.ref("rd"), "<=", 110)
      .execute();

    await db.schema
      .createTable("games")
      .addColumn("id", "text", (c) => c.primaryKey().check(sql`char_length(id) between 1 and 100`))
      .addColumn("table_id", "text", (c) => c.notNull())
      .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('quick', 'private', 'computer')`))
      .addColumn("players", "smallint", (c) => c.notNull().check(sql`players between 2 and 4`))
      .addColumn("setup", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(setup) = 'object'`))
      .addColumn("options", "jsonb", (c) =>
        c
          .notNull()
          .defaultTo(sql`'{}'::jsonb`)
          .check(sql`jsonb_typeof(options) = 'object'`),
      )
      .addColumn("log", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(log) = 'array'`))
      .addColumn("move_times", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(move_times) = 'array'`))
      .addColumn("result", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(result) = 'object'`))
      .addColumn("started_at", "timestamptz", (c) => c.notNull())
      .addColumn("ended_at", "timestamptz", (c) => c.notNull())
      .addColumn("rated", "boolean", (c) => c.notNull())
      .addColumn("recorded_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint(
        "games_times",
        sql`ended_at >= started_at and jsonb_array_length(move_times) = jsonb_array_length(log)`,
      )
      .execute();

    await db.schema
      .createTable("game_seats")
      .addColumn("game_id", "text", (c) => c.notNull().references("games.id").onDelete("cascade"))
      .addColumn("seat", "smallint", (c) => c.notNull().check(sql`seat between 0 and 3`))
      .addColumn("player_id", "uuid", (c) => c.references("players.id").onDelete("set null"))
      .addColumn("computer", "text", (c) => c.check(sql`computer in ('easy', 'medium', 'hard')`))
      .addColumn("anonymous", "boolean", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("place", "smallint", (c) => c.notNull().check(sql`place between 1 and 4`))
      .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome in ('won', 'drawn', 'lost')`))
      .addColumn("rating_before", "float8")
      .addColumn("rating_after", "float8")
      .addColumn("ended_at", "timestamptz", (c) => c.notNull())
      .addPrimaryKeyConstraint("game_seats_pkey", ["game_id", "seat"])
      .addCheckConstraint("game_seats_holder", sql`not (anonymous and player_id is not null)`)
      .addCheckConstraint("game_seats_rating", sql`(rating_before is null) = (rating_after is null)`)
      .execute();
    // A player's history, newest first, paged by (ended_at, game_id, seat): one index range per page.
    await db.schema
      .createIndex("game_seats_history")
      .on("game_seats")
      .columns(["player_id", "ended_at desc", "game_id desc", "seat desc"])
      .where(sql.ref("player_id"), "is not", null)
      .execute();
  },
};
