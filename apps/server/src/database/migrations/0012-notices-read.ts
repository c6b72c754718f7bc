import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * When the player last read their moderation notices (moderation/): a notice shows until it is
 * read, on whichever device, and never again after. Numbered after the arenas' 0011.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("players").addColumn("notices_read_at", "timestamptz").execute();
  },
};
