/**
 * Passkeys (WebAuthn credentials) and the challenges handed out for them. A challenge is
 * kept here, not in the browser, and deleted by its first use (`takeChallenge`), in one
 * statement, so two processes given the same response cannot both accept it.
 */
import { sql, type Kysely } from "kysely";
import { json } from "../database/json.js";
import type { Database } from "../database/schema.js";

export const PASSKEYS_MAX = 20;
export const CHALLENGE_MS = 5 * 60_000;

export type ChallengePurpose = "register" | "sign-in";

export interface StoredPasskey {
  id: string; // credential id, base64url
  playerId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

export interface PasskeyListing {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}

export interface NewPasskey {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  backedUp: boolean;
}

export type AddPasskeyResult = "added" | "too-many" | "taken";

/** Keeps `challenge` for `purpose` (and `playerId`'s registration) for CHALLENGE_MS; drops the expired ones. */
export async function keepChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: ChallengePurpose,
  playerId: string | null,
  now = new Date(),
): Promise<void> {
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<", now).execute();
  await db
    .insertInto("webauthn_challenges")
    .values({ challenge, purpose, player_id: playerId, expires_at: new Date(now.getTime() + CHALLENGE_MS) })
    .execute();
}

/**
 * Uses `challenge` once: true when it was handed out for `purpose` (and `playerId`),
 * has not expired and was not used before. It is gone afterwards either way.
 */
export async function takeChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: ChallengePurpose,
  playerId: string | null,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .deleteFrom("webauthn_challenges")
    .where("challenge", "=", challenge)
    .returning(["purpose", "player_id", "expires_at"])
    .executeTakeFirst();
  return row !== undefined && row.purpose === purpose && row.player_id === playerId && row.expires_at > now;
}

export async function passkeyById(db: Kysely<Database>, id: string): Promise<StoredPasskey | null> {
  const row = await db
    .selectFrom("passkeys as k")
    .innerJoin("players as p", "p.id", "k.player_id")
    .select(["k.id", "k.player_id", "k.public_key", "k.counter", "k.transports"])
    .where("k.id", "=", id)
    .where("p.closed_at", "is", null)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    id: row.id,
    playerId: row.player_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports,
  };
}

/** Adds a passkey to `playerId`, unless it has PASSKEYS_MAX or the credential is on record already. */
export async function addPasskey(db: Kysely<Database>, playerId: string, key: NewPasskey): Promise<AddPasskeyResult> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom("players").select("id").where("id", "=", playerId).forUpdate().execute(); // one add at a time per player
    const { n } = await tx
      .selectFrom("passkeys")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("player_id", "=", playerId)
      .executeTakeFirstOrThrow();
    if (n >= PASSKEYS_MAX) return "too-many";
    const row = await tx
      .insertInto("passkeys")
      .values({
        id: key.id,
        player_id: playerId,
        public_key: key.publicKey,
        counter: key.counter,
        transports: json(key.transports),
        name: key.name,
        backed_up: key.backedUp,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    return row === undefined ? "taken" : "added";
  });
}

/** After a sign-in: the new signature counter and the time. */
export async function passkeyUsed(db: Kysely<Database>, id: string, counter: number, now = new Date()): Promise<void> {
  await db.updateTable("passkeys").set({ counter, last_used_at: now }).where("id", "=", id).execute();
}

export async function listPasskeys(db: Kysely<Database>, playerId: string): Promise<PasskeyListing[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at", "backed_up"])
    .where("player_id", "=", playerId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    backedUp: r.backed_up,
  }));
}

export async function renamePasskey(
  db: Kysely<Database>,
  playerId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const done = await db
    .updateTable("passkeys")
    .set({ name })
    .where("id", "=", id)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export async function removePasskey(db: Kysely<Database>, playerId: string, id: string): Promise<boolean> {
  const done = await db
    .deleteFrom("passkeys")
    .where("id", "=", id)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
  return done.numDeletedRows > 0n;
}

export async function passkeyIds(
  db: Kysely<Database>,
  playerId: string,
): Promise<{ id: string; transports: string[] }[]> {
  return db.selectFrom("passkeys").select(["id", "transports"]).where("player_id", "=", playerId).execute();
}
