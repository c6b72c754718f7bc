import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Cheaper upkeep of the tables in play (live-tables.ts):
 * - a lease per process, not per table: renewing one row every few seconds instead of
 *   every table's (2,000 row versions each time, which PGlite, without autovacuum, kept
 *   as dead rows for minutes);
 * - a move's row no longer checks its table's row: the foreign key's lookup was the larger
 *   part of appending a move. A table's moves are deleted with it in the same statement,
 *   and moves are read only through their table's row.
 */
export const migration: Migration = {
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
