import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Moderation (moderation/): roles granted from the command line, players' reports of each
 * other, the moderators' actions on a player — each with its reason, reversible, kept for ever
 * as the audit log the moderators' page shows and the player's notices — and the flags those
 * actions set on the player: muted (no reactions), marked (no rated play, off the leaderboards,
 * past rated results flagged), closed by a moderator (signed out, no sign-in).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("players")
      .addColumn("muted_at", "timestamptz")
      .addColumn("marked_at", "timestamptz")
      .addColumn("mod_closed_at", "timestamptz")
      .execute();
    await db.schema
      .createTable("roles")
      .addColumn("player_id", "uuid", (c) => c.primaryKey().references("players.id").onDelete("cascade"))
      .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('mod', 'admin')`))
      .addColumn("granted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable("reports")
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("reporter_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("reason", "text", (c) =>
        c.notNull().check(sql`reason in ('cheating', 'offensive-name', 'sandbagging', 'other')`),
      )
      .addColumn("note", "text", (c) =>
        c
          .notNull()
          .defaultTo("")
          .check(sql`char_length(note) <= 500`),
      )
      .addColumn("game_id", "uuid")
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("closed_at", "timestamptz")
      .execute();
    await db.schema.createIndex("reports_open").on("reports").columns(["closed_at", "created_at"]).execute();
    await db.schema.createIndex("reports_by_reporter").on("reports").columns(["reporter_id", "created_at"]).execute();
    await db.schema.createIndex("reports_of_player").on("reports").columns(["player_id", "created_at"]).execute();
    await db.schema
      .createTable("mod_actions")
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("moderator_id", "uuid", (c) => c.notNull().references("players.id"))
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull().check(sql`char_length(reason) between 1 and 500`))
      .addColumn("detail", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("mod_actions_of_player")
      .on("mod_actions")
      .columns(["player_id", "created_at"])
      .execute();
  },
};
