import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Accounts (accounts/): a guest's player row gains a handle and credentials, and its
 * bearer token moves to `sessions`, one row per device, so a player can be signed in on
 * several devices and end any of them. Every guest token on record becomes a session, so
 * no guest is signed out by this migration. Handles are kept in `handles` by their
 * case-folded key, for ever once a closed account held them, for a year after a rename.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("players")
      .addColumn("handle", "text", (c) => c.check(sql`char_length(handle) between 3 and 20`))
      .addColumn("handle_changed_at", "timestamptz")
      .addColumn("password_hash", "text")
      .addColumn("totp_secret", "text")
      .addColumn("totp_pending", "text")
      .addColumn("totp_last_step", "bigint")
      .addColumn("recovery_sha256", "bytea", (c) => c.check(sql`octet_length(recovery_sha256) = 32`))
      .addColumn("account_at", "timestamptz")
      .addColumn("closing_at", "timestamptz")
      .addColumn("closed_at", "timestamptz")
      .execute();
    await db.schema
      .createTable("sessions")
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("token_sha256", "bytea", (c) =>
        c
          .notNull()
          .unique()
          .check(sql`octet_length(token_sha256) = 32`),
      )
      .addColumn("browser", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("system", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex("sessions_player").on("sessions").columns(["player_id", "created_at"]).execute();
    await sql`insert into sessions (id, player_id, token_sha256, created_at, last_seen_at)
      select gen_random_uuid(), id, token_sha256, created_at, created_at from players`.execute(db);
    await db.schema.alterTable("players").dropColumn("token_sha256").execute();

    await db.schema
      .createTable("handles")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("handle", "text", (c) => c.notNull())
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("held_until", "timestamptz") // null: held for ever (the current handle, or a closed account's)
      .execute();
    await db.schema.createIndex("handles_player").on("handles").column("player_id").execute();

    await db.schema
      .createTable("passkeys")
      .addColumn("id", "text", (c) => c.primaryKey().check(sql`char_length(id) between 1 and 1400`))
      .addColumn("player_id", "uuid", (c) => c.notNull().references("players.id").onDelete("cascade"))
      .addColumn("public_key", "bytea", (c) => c.notNull())
      .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("transports", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 64`))
      .addColumn("backed_up", "boolean", (c) => c.notNull().defaultTo(false))
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("last_used_at", "timestamptz")
      .execute();
    await db.schema.createIndex("passkeys_player").on("passkeys").column("player_id").execute();

    await db.schema
      .createTable("webauthn_challenges")
      .addColumn("challenge", "text", (c) => c.primaryKey())
      .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('register', 'sign-in')`))
      .addColumn("player_id", "uuid", (c) => c.references("players.id").onDelete("cascade"))
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("webauthn_challenges_expiry").on("webauthn_challenges").column("expires_at").execute();

    await db.schema
      .createTable("device_links")
      .addColumn("code", "text", (c) => c.primaryKey().check(sql`char_length(code) = 8`))
      .addColumn("secret_sha256", "bytea", (c) =>
        c
          .notNull()
          .unique()
          .check(sql`octet_length(secret_sha256) = 32`),
      )
      .addColumn("browser", "text", (c) => c.notNull())
      .addColumn("system", "text", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn("expires_at", "timestamptz", (c) => c.notNull())
      .addColumn("player_id", "uuid", (c) => c.references("players.id").onDelete("cascade")) // set once confirmed
      .execute();

    await db.schema
      .createTable("rate_counters")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("reset_at", "timestamptz", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("rate_counters_reset").on("rate_counters").column("reset_at").execute();
  },
};
