import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Arena tournaments (arena/): an arena, the players in it with their running score (kept
 * beside the pairings it is worked out from, so standings read one row a player), and the
 * pairings, each finished once (the result's transaction checks `finished_at is null`). One
 * process directs an arena under a lease (`director`, `lease_until`); a scheduled arena is
 * unique by its `schedule_key`, so every process may try to create it.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("arenas")
      .addColumn("id", "text", (c) => c.primaryKey().check(sql`char_length(id) = 8`))
      .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 40`))
      .addColumn("minutes", "integer", (c) => c.notNull().check(sql`minutes between 1 and 720`))
      .addColumn("starts_at", "timestamptz", (c) => c.notNull())
      .addColumn("ends_at", "timestamptz", (c) => c.notNull())
      .addColumn("rated", "boolean", (c) => c.notNull())
      .addColumn("turn_seconds", "integer", (c) => c.notNull().check(sql`turn_seconds between 5 and 600`))
      .addColumn("berserk", "boolean", (c) => c.notNull())
      .addColumn("streaks", "boolean", (c) => c.notNull())
      .addColumn("min_rated_hands", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`min_rated_hands >= 0`),
      )
      .addColumn("max_rating", "integer")
      .addColumn("created_by", "uuid", (c) => c.references("players.id").onDelete("set null"))
      .addColumn("schedule_key", "text", (c) => c.unique())
      .addColumn("director", "text")
      .addColumn("lease_until", "timestamptz")
      .addColumn("podium_at", "timestamptz")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex("arenas_by_start").on("arenas").column("starts_at").execute();
    await db.schema
      .createTable("arena_players")
      .addColumn("arena_id", "text", (c) => c.notNull().references("arenas.id").onDelete("cascade"))
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("rating", "integer", (c) => c.notNull())
      .addColumn("joined_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("paused", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("pauses", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("paused_at", "timestamptz")
      .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("hands", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("wins", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("berserks", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("fire", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("performance_sum", "float8", (c) => c.notNull().defaultTo(0))
      .addColumn("reached_at", "timestamptz")
      .addPrimaryKeyConstraint("arena_players_pkey", ["arena_id", "player_id"])
      .execute();
    await db.schema.createIndex("arena_players_by_player").on("arena_players").column("player_id").execute();
    await db.schema
      .createTable("arena_pairings")
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("arena_id", "text", (c) => c.notNull().references("arenas.id").onDelete("cascade"))
      .addColumn("seq", "bigint", (c) => c.notNull().generatedAlwaysAsIdentity())
      .addColumn("player_a", "uuid", (c) => c.notNull())
      .addColumn("player_b", "uuid", (c) => c.notNull())
      .addColumn("rating_a", "integer", (c) => c.notNull())
      .addColumn("rating_b", "integer", (c) => c.notNull())
      .addColumn("room_id", "text")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("finished_at", "timestamptz")
      .addColumn("result", "text", (c) => c.check(sql`result in ('a', 'b', 'draw', 'void')`))
      .addColumn("quick_draw", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("moves_a", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("moves_b", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("berserk_a", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("berserk_b", "boolean", (c) => c.notNull().defaultTo(false))
      .addCheckConstraint("arena_pairings_two", sql`player_a <> player_b`)
      .addCheckConstraint("arena_pairings_finished", sql`(finished_at is null) = (result is null)`)
      .execute();
    await db.schema.createIndex("arena_pairings_by_arena").on("arena_pairings").columns(["arena_id", "seq"]).execute();
  },
};
