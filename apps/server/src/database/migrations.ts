/**
 * The schema's history, in code so the build carries it (no migration folder to ship
 * beside dist/). A migration, once released, is never edited: the next change is a new
 * entry. Values such as the 24-character name limit are written out rather than
 * imported, because a migration must keep meaning what it meant when it first ran.
 */
import { sql, type Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import type { Database } from "./schema.js";

const initial: Migration = {
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

/**
 * Tables in play, so that a restart or a crash loses no game (live-tables.ts). A row per
 * table with a person at it, owned by the process that plays it under a lease; a row per
 * move of the hand in play, appended as it is played.
 */
const liveTables: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("live_tables")
      .addColumn("room_id", "text", (c) => c.primaryKey().check(sql`char_length(room_id) between 1 and 100`))
      .addColumn("owner", "text") // the process instance playing it; null once released
      .addColumn("lease_until", "timestamptz", (c) => c.notNull())
      .addColumn("renewed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`)) // the owner's last sign of life
      .addColumn("stopped_at", "timestamptz") // its owner let it go (a graceful shutdown) at this time
      .addColumn("snapshot", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(snapshot) = 'object'`))
      .addColumn("hand_id", "text") // the hand whose moves live_moves holds
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex("live_tables_owner").on("live_tables").columns(["owner", "lease_until"]).execute();

    await db.schema
      .createTable("live_moves")
      .addColumn("room_id", "text", (c) => c.notNull().references("live_tables.room_id").onDelete("cascade"))
      .addColumn("hand_id", "text", (c) => c.notNull())
      .addColumn("ply", "integer", (c) => c.notNull().check(sql`ply >= 0`))
      .addColumn("move", "text", (c) => c.notNull().check(sql`char_length(move) between 1 and 2`)) // "TS", or "P" for a pickup
      .addColumn("at_ms", "integer", (c) => c.notNull().check(sql`at_ms >= 0`)) // after the hand's start
      .addPrimaryKeyConstraint("live_moves_pkey", ["room_id", "hand_id", "ply"])
      .execute();
  },
};

/**
 * Cheaper upkeep of the tables in play (live-tables.ts):
 * - a lease per process, not per table: renewing one row every few seconds instead of
 *   every table's (2,000 row versions each time, which PGlite, without autovacuum, kept
 *   as dead rows for minutes);
 * - a move's row no longer checks its table's row: the foreign key's lookup was the larger
 *   part of appending a move. A table's moves are deleted with it in the same statement,
 *   and moves are read only through their table's row.
 */
const liveUpkeep: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("live_owners")
      .addColumn("owner", "text", (c) => c.primaryKey())
      .addColumn("lease_until", "timestamptz", (c) => c.notNull()) // its tables are anyone's after this
      .addColumn("renewed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`)) // its last sign of life
      .execute();
    await sql`insert into live_owners (owner, lease_until, renewed_at)
              select owner, max(lease_until), max(renewed_at) from live_tables where owner is not null group by owner`.execute(
      db,
    );
    await db.schema.dropIndex("live_tables_owner").execute();
    await db.schema.alterTable("live_tables").dropColumn("lease_until").dropColumn("renewed_at").execute();
    await db.schema.createIndex("live_tables_owner").on("live_tables").column("owner").execute();
    await db.schema.alterTable("live_moves").dropConstraint("live_moves_room_id_fkey").execute();
  },
};

/**
 * Puzzles (packages/ai's shipped set, identified by their ids): each puzzle's Glicko-2
 * rating once somebody has tried it, each player's puzzle rating and record, the
 * puzzles served to each player (an attempt is taken only on a puzzle served to its
 * maker; "next" picks unseen ones) and each player's rated attempt of each puzzle.
 */
const puzzles: Migration = {
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

/**
 * Puzzles from players' own mistakes: the positions of recorded duels where a person gave
 * a proven result away (found off the event loop after the hand is recorded), each stored
 * once by its id in packages/ai's line format, and which player made it in which hand at
 * which move. Every such puzzle also joins the pool "next" picks from.
 */
const mistakePuzzles: Migration = {
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

/**
 * The journal's group commit as one PL/pgSQL function (live-tables.ts): the statement of
 * its body is parsed and planned once a session and kept, where the same statement sent
 * each time was parsed and planned on every group — in PGlite, in the server's process, ten
 * times a second at people's pace. Its arrays have one shape whatever a group holds.
 * Every part sees the tables as they were before the call: the moves of a hand a snapshot
 * replaces are deleted, the group's own moves are not; a table another process claimed is
 * not written, and neither are its moves; `again` (a group written once more after a failed
 * commit, which may have committed) skips moves already on record.
 */
const journalWrite: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`
      create function live_journal_write(
        p_owner text, p_lease_ms integer, p_again boolean,
        s_rooms text[], s_snapshots text[], s_hands text[],
        m_rooms text[], m_hands text[], m_plies integer[], m_moves text[], m_at integer[],
        d_rooms text[]
      ) returns setof text language plpgsql volatile as $body$
      begin
        return query
        with leased as ( -- a new table is under its owner's lease from its first row
               insert into live_owners as o (owner, lease_until, renewed_at)
               select p_owner, now() + make_interval(secs => p_lease_ms / 1000.0), now() where cardinality(s_rooms) > 0
               on conflict (owner) do update set lease_until = excluded.lease_until, renewed_at = excluded.renewed_at),
             saved as (
               insert into live_tables as t (room_id, owner, snapshot, hand_id, updated_at)
               select v.room_id, p_owner, v.snapshot::jsonb, v.hand_id, now() from unnest(s_rooms, s_snapshots, s_hands) as v(room_id, snapshot, hand_id)
               on conflict (room_id) do update set snapshot = excluded.snapshot, hand_id = excluded.hand_id, updated_at = excluded.updated_at
               where t.owner = p_owner
               returning t.room_id, t.hand_id),
             cleared as ( -- a new hand: the last one's moves are of no use to a restore
               delete from live_moves m where m.room_id = any(s_rooms)
                 and exists (select 1 from saved s where s.room_id = m.room_id and (s.hand_id is null or m.hand_id <> s.hand_id))),
             moves as (
               select v.* from unnest(m_rooms, m_hands, m_plies, m_moves, m_at) as v(room_id, hand_id, ply, move, at_ms)
                where v.room_id <> all(s_rooms) or v.room_id in (select s.room_id from saved s)),
             moved as (insert into live_moves (room_id, hand_id, ply, move, at_ms) select * from moves where not p_again),
             moved_again as (insert into live_moves (room_id, hand_id, ply, move, at_ms) select * from moves where p_again on conflict do nothing),
             dropped as (delete from live_tables t where t.room_id = any(d_rooms) and t.owner = p_owner returning t.room_id),
             dropped_moves as (delete from live_moves m where m.room_id = any(d_rooms) and m.room_id in (select d.room_id from dropped d))
        select s.room_id from saved s;
      end
      $body$`.execute(db);
    // Measured at people's pace (2,000 duels, 2026-12-03): a PostgreSQL server spent 4% of a core on the
    // function with the default plan choice and 1.5–2% with one generic plan; PGlite does better with its
    // default (4.3–4.6% of the server's core against 5.0–5.3%, and a quarter more moves a second saturated).
    await sql`
      do $$ begin
        if version() not like '%PGlite%' then
          alter function live_journal_write(text, integer, boolean, text[], text[], text[], text[], text[], integer[], text[], integer[], text[])
            set plan_cache_mode = force_generic_plan;
        end if;
      end $$`.execute(db);
  },
};

/**
 * The Streak mode's runs, kept by the server (puzzle-streaks.ts): a player's run now and
 * their best. A puzzle served for a run is held as the run's own until its first try, so
 * only a first-try solve of a puzzle the server chose above the last one counts; a
 * failure ends the run. One row a player: a run is one page's, a new start replaces it.
 */
const puzzleStreaks: Migration = {
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

/**
 * The mistake search's queue (mistake-searches.ts): a recorded duel with a person in it
 * waits here from the transaction that records it to the one that stores its mistakes, so
 * a crash or a restart loses none and no burst is ever too big for it. `seq` is the order
 * they are searched in; a claim (process, lease) keeps two processes off the same hand.
 * Hands recorded before this migration are not queued: they were searched, or lost, then.
 */
const mistakeSearches: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("mistake_searches")
      .addColumn("game_id", "text", (c) => c.primaryKey().references("games.id").onDelete("cascade"))
      .addColumn("seq", "bigint", (c) => c.notNull().generatedAlwaysAsIdentity())
      .addColumn("claimed_by", "text")
      .addColumn("claimed_until", "timestamptz")
      .addColumn("queued_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint("mistake_searches_claim", sql`(claimed_by is null) = (claimed_until is null)`)
      .execute();
    await db.schema.createIndex("mistake_searches_order").on("mistake_searches").column("seq").execute();
  },
};

/**
 * Arena tournaments (arena/): an arena, the players in it with their running score (kept
 * beside the pairings it is worked out from, so standings read one row a player), and the
 * pairings, each finished once (the result's transaction checks `finished_at is null`). One
 * process directs an arena under a lease (`director`, `lease_until`); a scheduled arena is
 * unique by its `schedule_key`, so every process may try to create it.
 */
const arenas: Migration = {
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

/** Every migration, by name; names sort in the order they run. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-live-tables": liveTables,
  "0003-live-upkeep": liveUpkeep,
  "0004-puzzles": puzzles,
  "0005-mistake-puzzles": mistakePuzzles,
  "0006-journal-write": journalWrite,
  "0007-puzzle-streaks": puzzleStreaks,
  "0008-mistake-searches": mistakeSearches,
  "0009-arenas": arenas,
};

/**
 * Brings the schema up to date; safe to call on every start and from several processes
 * at once (Kysely takes a PostgreSQL advisory lock while it migrates).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error("migration failed", { cause: error });
}
