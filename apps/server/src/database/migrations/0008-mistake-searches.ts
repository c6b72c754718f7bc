import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The mistake search's queue (mistake-searches.ts): a recorded duel with a person in it
 * waits here from the transaction that records it to the one that stores its mistakes, so
 * a crash or a restart loses none and no burst is ever too big for it. `seq` is the order
 * they are searched in; a claim (process, lease) keeps two processes off the same hand.
 * Hands recorded before this migration are not queued: they were searched, or lost, then.
 */
export const migration: Migration = {
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
