import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Tables in play, so that a restart or a crash loses no game (live-tables.ts). A row per
 * table with a person at it, owned by the process that plays it under a lease; a row per
 * move of the hand in play, appended as it is played.
 */
export const migration: Migration = {
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
